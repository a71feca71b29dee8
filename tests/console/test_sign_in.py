"""Signing in to the console: passwords, lockout, the session cookie, CSRF, and which
credential opens which surface (docs/console.md)."""

import pytest

from devtools.servers import environment, flask_cli
from models import ConsoleSession, ConsoleUser
from postline import clock
from postline.accounts import users
from postline.errors import Invalid
from tests.support import apps
from tests.support.client import assert_error
from tests.support.console import PASSWORD, Console, make_user

COOKIE = "postline_session"


def cookie_header(response, name):
    return next(value for value in response.headers.getlist("Set-Cookie") if value.startswith(f"{name}="))


def test_signing_in_sets_a_secure_session_cookie_and_opens_the_console(client, console_user):
    console = Console(client)
    assert client.get("/console/keys").headers["Location"] == "/console/sign-in?next=/console/keys"
    response = console.sign_in()
    assert response.status_code == 302 and response.headers["Location"] == "/console/calendar"
    cookie = cookie_header(response, COOKIE)
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie and "Path=/" in cookie
    assert "Secure" not in cookie  # public_url is http here
    token = cookie.split(";")[0].split("=", 1)[1]
    (session,) = ConsoleSession.select()
    assert session.id != token  # only a keyed hash of the token is stored
    assert "ada@example.com" in console.text("/console/calendar")


def test_passwords_are_stored_as_argon2id_hashes_only(console_user):
    (user,) = ConsoleUser.select()
    assert user.password_hash.startswith("$argon2id$") and PASSWORD not in user.password_hash


def test_an_unknown_email_is_checked_against_a_hash_made_as_a_users_would_be():
    """So a wrong email costs what a wrong password does: the stand-in hash is of the
    phrase it names, with the parameters a user's password is hashed with today."""
    assert users.hasher.verify(users.NOBODY, "no user has this password")
    assert not users.hasher.check_needs_rehash(users.NOBODY)


def test_the_cookie_is_secure_when_the_public_url_is_https(settings, console_user):
    from app import create_app

    settings["server"]["public_url"] = "https://postline.example.com"
    console = Console(create_app(settings).test_client())
    assert "; Secure" in cookie_header(console.sign_in(), COOKIE)


@pytest.mark.parametrize(
    "email, password", [("ada@example.com", "wrong password!"), ("nobody@example.com", PASSWORD)]
)
def test_a_wrong_password_or_unknown_email_shows_the_form_again(client, console_user, email, password):
    console = Console(client)
    response = console.sign_in(email, password)
    assert response.status_code == 401
    page = response.get_data(as_text=True)
    assert "Wrong email or password." in page and f'value="{email}"' in page
    assert COOKIE not in response.headers.get("Set-Cookie", "")


@pytest.mark.storage
def test_repeated_failures_lock_the_user_out_then_the_lockout_ends(client, console_user, clock_at):
    now = clock_at(1_800_000_000_000)
    console = Console(client)
    for _ in range(4):
        assert console.sign_in(password="not the password").status_code == 401
    fifth = console.sign_in(password="not the password")
    assert "Wrong email or password." in fifth.get_data(as_text=True)
    locked = console.sign_in()  # the right password, refused while locked, in the same words
    assert locked.status_code == 401
    assert "Wrong email or password." in locked.get_data(as_text=True)
    clock_at(now + 15 * 60_000 + 1)
    assert console.sign_in().status_code == 302
    assert ConsoleUser.get_by_id(console_user.id).failed_sign_ins == 0


@pytest.mark.storage
def test_a_success_resets_the_failure_count(client, console_user):
    console = Console(client)
    for _ in range(4):
        console.sign_in(password="not the password")
    assert console.sign_in().status_code == 302
    assert ConsoleUser.get_by_id(console_user.id).failed_sign_ins == 0


@pytest.mark.storage
def test_signing_out_ends_the_session_everywhere(console, client):
    cookie = client.get_cookie(COOKIE).value
    response = console.post("/console/sign-out")
    assert response.headers["Location"] == "/console/sign-in"
    assert ConsoleSession.select().count() == 0
    client.set_cookie(COOKIE, cookie)  # a copy of the old cookie opens nothing
    assert client.get("/console/keys").status_code == 302
    assert_error(client.get("/api/channels"), 401, "MISSING_SESSION")


@pytest.mark.storage
def test_an_expired_session_signs_nobody_in(console, client, clock_at):
    clock_at(clock.now_ms() + 12 * 3_600_000 + 1)
    assert client.get("/console/keys").status_code == 302


@pytest.mark.parametrize("token", [None, "", "forged"])
def test_a_form_without_its_csrf_token_is_refused(console, token):
    data = {"name": "Launch"} if token is None else {"name": "Launch", "csrf_token": token}
    response = console.post("/console/channels", data, csrf=False)
    assert response.status_code == 400
    assert "did not come from this console" in response.get_data(as_text=True)
    assert "Launch" not in console.text("/console/channels")


def test_the_sign_in_form_needs_its_own_csrf_token(client, console_user):
    response = client.post("/console/sign-in", data={"email": "ada@example.com", "password": PASSWORD})
    assert response.status_code == 400
    assert COOKIE not in response.headers.get("Set-Cookie", "")


def test_an_api_key_never_opens_the_console(client, make_key, console_user):
    key = make_key()
    response = client.get("/console/keys", headers={"Authorization": f"Bearer {key}"})
    assert response.status_code == 302 and response.headers["Location"].startswith("/console/sign-in")


def test_the_session_cookie_never_authenticates_v1(console, client):
    response = client.get("/v1/channels")
    assert response.status_code == 401 and response.get_json()["error"]["code"] == "MISSING_API_KEY"
    csrf = {"X-CSRF-Token": console.csrf}
    assert client.post("/v1/channels", json={"name": "x"}, headers=csrf).status_code == 401


@pytest.mark.parametrize(
    "target", ["https://evil.example/", "//evil.example/", "/v1/channels", "/console\\evil"]
)
def test_sign_in_goes_back_only_to_console_pages(client, console_user, target):
    console = Console(client)
    console.get("/console/sign-in")
    response = console.post(
        f"/console/sign-in?next={target}", {"email": "ada@example.com", "password": PASSWORD}
    )
    assert response.headers["Location"] == "/console/calendar"


def test_the_mode_switch_shows_the_other_modes_resources(console, api, make_key):
    from devtools.client import Api

    api.post("/v1/channels", json={"name": "Live channel"})
    Api(api.client, make_key(mode="test")).post("/v1/channels", json={"name": "Sandbox channel"})
    live = console.text("/console/channels")
    assert "Live channel" in live and "Sandbox channel" not in live
    console.post("/console/mode", {"mode": "test", "next": "/console/channels"})
    test = console.text("/console/channels")
    assert "Sandbox channel" in test and "Live channel" not in test and "test mode" in test


def test_create_user_reads_the_password_from_stdin_and_the_user_signs_in(app, server_env, client):
    done = flask_cli(
        server_env, "create-user", "Grace@Example.com", "--account", "acme", stdin=f"{PASSWORD}\n"
    )
    assert done.returncode == 0, done.stderr
    assert "Created user grace@example.com of account acme" in done.stdout
    assert Console(client).sign_in("grace@example.com").status_code == 302
    again = flask_cli(server_env, "create-user", "grace@example.com", stdin=f"{PASSWORD}\n")
    assert again.returncode != 0 and "already has a user" in again.stderr
    short = flask_cli(server_env, "create-user", "linus@example.com", stdin="short\n")
    assert short.returncode != 0 and "10 to 1024 characters" in short.stderr


def test_reset_password_replaces_the_password_and_lifts_a_lockout(app, server_env, client, console_user):
    console = Console(client)
    for _ in range(5):
        console.sign_in(password="not the password")
    done = flask_cli(
        server_env, "create-user", "ada@example.com", "--reset-password", stdin="a brand new password\n"
    )
    assert done.returncode == 0, done.stderr
    assert console.sign_in(password="a brand new password").status_code == 302


@pytest.mark.storage
def test_init_on_an_empty_database_says_how_to_sign_in(empty_database_url, server_env):
    env = environment(empty_database_url, server_env["POSTLINE_SERVER_DATA_DIR"], server_env["SECRET_KEY"])
    done = flask_cli(env, "init", stdin="")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.strip().splitlines()
    assert any("/console" in line and "create-user" in line for line in lines)
    assert lines[-1].startswith("service_sk_live_")


@pytest.mark.parametrize(
    "server, console_url",
    [
        ({"bind": "127.0.0.1:8010"}, "http://127.0.0.1:8010/console"),
        ({"bind": "0.0.0.0:9000"}, "http://127.0.0.1:9000/console"),
        ({"bind": "[::1]:9001"}, "http://[::1]:9001/console"),
        ({}, "http://127.0.0.1:8000/console"),
        (
            {"bind": "127.0.0.1:8010", "public_url": "https://postline.example.com"},
            "https://postline.example.com/console",
        ),
    ],
)
def test_init_names_the_console_where_the_server_listens(settings, server, console_url):
    """With [server] public_url left at its default, the console is where `bind` listens
    (on this machine, for an address that listens on every interface); set, it is there."""
    settings["server"].update(server)
    done = apps.app_for(settings).test_cli_runner().invoke(args=["init"])
    assert done.exit_code == 0, done.output
    assert f"Web console: {console_url}; make its first user" in done.output


@pytest.mark.storage
def test_user_emails_are_unique_whatever_their_case(app):
    make_user("ada@example.com")
    with pytest.raises(Invalid, match="already has a user"):
        make_user("ADA@example.com")
