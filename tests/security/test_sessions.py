"""Console sessions end when they should: a new password signs the user's other
browsers out, "sign out everywhere" signs out every one, sign-in is throttled per
client address as well as per user, and a lockout answers like a wrong password
(docs/security.md, Console sessions)."""

import re
import statistics
import time

import pytest

from devtools.servers import flask_cli
from models import ConsoleSession
from tests.support.console import PASSWORD, Console, make_user

# Sessions, their deletion and the throttle's counts are SQL of their own on each backend.
pytestmark = pytest.mark.storage

NEW_PASSWORD = "a brand new passphrase"
WRONG = "Wrong email or password."
ERROR = re.compile(r'id="sign-in-error">([^<]*)<')


def browser(app, address="127.0.0.1"):
    """A browser of its own (cookies), connecting from `address`."""
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = address
    return Console(client)


def signed_in(app, password=PASSWORD):
    console = browser(app)
    assert console.sign_in(password=password).status_code == 302
    return console


def is_signed_in(console):
    return console.get("/console/keys").status_code == 200


def test_a_password_reset_signs_every_browser_out(app, console_user, server_env):
    first, second = signed_in(app), signed_in(app)
    done = flask_cli(
        server_env, "create-user", console_user.email, "--reset-password", stdin=f"{NEW_PASSWORD}\n"
    )
    assert done.returncode == 0, done.stderr
    assert not is_signed_in(first) and not is_signed_in(second)
    assert ConsoleSession.select().count() == 0
    assert browser(app).sign_in(password=NEW_PASSWORD).status_code == 302


def test_changing_the_password_signs_the_other_browsers_out(app, console_user):
    here, elsewhere = signed_in(app), signed_in(app)
    here.get("/console/settings")
    response = here.post(
        "/console/settings/password", {"currentPassword": PASSWORD, "newPassword": NEW_PASSWORD}
    )
    assert response.status_code == 302 and response.headers["Location"] == "/console/settings?password=1"
    assert is_signed_in(here) and not is_signed_in(elsewhere)
    assert browser(app).sign_in().status_code == 401
    assert browser(app).sign_in(password=NEW_PASSWORD).status_code == 302


@pytest.mark.parametrize(
    "form, field, message",
    [
        (
            {"currentPassword": "not my password", "newPassword": NEW_PASSWORD},
            "currentPassword",
            "is not your",
        ),
        ({"currentPassword": PASSWORD, "newPassword": "short"}, "newPassword", "10 to 1024 characters"),
        ({"currentPassword": PASSWORD, "newPassword": PASSWORD}, "newPassword", "must differ"),
    ],
)
def test_a_refused_password_change_changes_nothing(app, console_user, form, field, message):
    here, elsewhere = signed_in(app), signed_in(app)
    here.get("/console/settings")
    response = here.post("/console/settings/password", form)
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert f'id="{field}-error"' in page and message in page.replace(",", "")
    assert is_signed_in(here) and is_signed_in(elsewhere)
    assert browser(app).sign_in().status_code == 302


def test_sign_out_everywhere_ends_every_session_this_one_included(app, console_user):
    here, elsewhere = signed_in(app), signed_in(app)
    other_user = make_user("grace@example.com")
    theirs = browser(app)
    assert theirs.sign_in("grace@example.com").status_code == 302
    here.get("/console/settings")
    # A form without its CSRF token is refused and ends nothing.
    assert here.post("/console/sign-out-everywhere", csrf=False).status_code == 400
    assert is_signed_in(here) and is_signed_in(elsewhere)
    response = here.post("/console/sign-out-everywhere")
    assert response.status_code == 302 and response.headers["Location"] == "/console/sign-in"
    assert not is_signed_in(here) and not is_signed_in(elsewhere)
    assert is_signed_in(theirs)  # another user's sessions are theirs
    assert [session.user_id for session in ConsoleSession.select()] == [other_user.id]


def error_shown(response):
    """The sign-in page's error message."""
    return ERROR.search(response.get_data(as_text=True)).group(1)


def refusal_seconds(app, email, password):
    console = browser(app)
    console.get("/console/sign-in")
    started = time.perf_counter()
    response = console.post("/console/sign-in", {"email": email, "password": password})
    elapsed = time.perf_counter() - started
    assert response.status_code == 401 and WRONG in response.get_data(as_text=True)
    return elapsed


@pytest.mark.quiet  # it times itself
def test_a_locked_out_user_is_answered_like_a_wrong_password_and_as_slowly(app, console_user):
    for _ in range(5):
        browser(app).sign_in(password="not the password")
    locked = browser(app).sign_in()  # the right password, while locked out
    assert locked.status_code == 401
    unknown = browser(app).sign_in("nobody@example.com")
    assert error_shown(locked) == error_shown(unknown)
    assert error_shown(locked).startswith(WRONG)
    # Taken in turns, so the machine's load weighs on both alike.
    pairs = [
        (
            refusal_seconds(app, "ada@example.com", PASSWORD),
            refusal_seconds(app, "nobody@example.com", PASSWORD),
        )
        for _ in range(7)
    ]
    locked_s, unknown_s = (statistics.median(times) for times in zip(*pairs, strict=True))
    print(f"\nsign-in refused: locked out {locked_s * 1000:.0f} ms, unknown email {unknown_s * 1000:.0f} ms")
    assert 0.5 < locked_s / unknown_s < 2


@pytest.fixture
def few_per_address(settings):
    settings.setdefault("console", {})["max_failed_sign_ins_per_address"] = 3
    return settings


def test_failed_sign_ins_are_throttled_per_address_whatever_the_user(few_per_address, app, console_user):
    make_user("grace@example.com")
    for email in ("ada@example.com", "grace@example.com", "nobody@example.com"):
        assert browser(app, "198.51.100.7").sign_in(email, "not the password").status_code == 401
    throttled = browser(app, "198.51.100.7").sign_in("grace@example.com", PASSWORD)
    assert throttled.status_code == 429
    assert "Too many failed sign-ins from your address: try again in" in throttled.get_data(as_text=True)
    # Another address is not held back, and the users are not locked out.
    assert browser(app, "198.51.100.8").sign_in("grace@example.com", PASSWORD).status_code == 302
    assert browser(app, "198.51.100.8").sign_in().status_code == 302


def test_x_forwarded_for_is_ignored_unless_the_peer_is_a_trusted_proxy(few_per_address, app, console_user):
    for n in range(3):
        console = browser(app, "198.51.100.7")
        console.get("/console/sign-in")
        forged = {"X-Forwarded-For": f"203.0.113.{n}"}
        console.post("/console/sign-in", {"email": "ada@example.com", "password": "wrong!"}, headers=forged)
    assert browser(app, "198.51.100.7").sign_in().status_code == 429


@pytest.fixture
def behind_a_proxy(few_per_address):
    few_per_address["server"]["trusted_proxies"] = ["10.0.0.0/8"]
    return few_per_address


@pytest.mark.parametrize(
    "forwarded, counted_as",
    [
        ("203.0.113.5", "203.0.113.5"),
        ("192.0.2.1, 203.0.113.5", "203.0.113.5"),  # the client's own entry is not believed
        ("203.0.113.5, 10.1.2.3", "203.0.113.5"),  # a second trusted proxy is skipped
    ],
)
def test_behind_a_trusted_proxy_each_forwarded_address_is_throttled_alone(
    behind_a_proxy, app, console_user, forwarded, counted_as
):
    for _ in range(3):
        console = browser(app, "10.0.0.2")
        console.get("/console/sign-in")
        headers = {"X-Forwarded-For": forwarded}
        console.post("/console/sign-in", {"email": "ada@example.com", "password": "wrong!"}, headers=headers)
    proxied = browser(app, "10.0.0.2")
    proxied.get("/console/sign-in")
    same = proxied.post(
        "/console/sign-in",
        {"email": "ada@example.com", "password": PASSWORD},
        headers={"X-Forwarded-For": counted_as},
    )
    assert same.status_code == 429
    other = proxied.post(
        "/console/sign-in",
        {"email": "ada@example.com", "password": PASSWORD},
        headers={"X-Forwarded-For": "203.0.113.6"},
    )
    assert other.status_code == 302
