"""Connecting Pinterest through the public API and the fake Pinterest
(docs/platforms/pinterest.md): the OAuth run, continuous refresh tokens stored as a
pair, a refused refresh, the boards a connection lists, verification and removal."""

import base64
from urllib.parse import urlsplit

import pytest
import requests

from devtools.connecting import authorize
from devtools.fakes.pinterest import BOARD_ID, CLIENT_ID, CLIENT_SECRET, GROUP_BOARD, USER, FakePinterest
from models import Connection
from postline.connections import tokens
from postline.platforms.pinterest import oauth
from tests.connections.conftest import connect as connect_x
from tests.connections.conftest import events_of, query_of
from tests.support import fakes
from tests.support.client import assert_error

# Token refreshes and claims on each backend.
pytestmark = pytest.mark.storage

T = 1_800_000_000_000
ACCESS_MS = 30 * 86_400_000


@pytest.fixture
def fake_pinterest():
    fake = fakes.on_steady_port(FakePinterest)
    yield fake
    fakes.close(fake)


@pytest.fixture
def settings(settings, fake_pinterest):
    settings["pinterest"] = fake_pinterest.settings()
    return settings


def connect(api, **params):
    answer = api.client.get(authorize(api, "pinterest", **params))
    assert answer.status_code in (200, 302), answer.get_data(as_text=True)
    [connection] = [c for c in api.get("/v1/connections").get_json()["data"] if c["provider"] == "pinterest"]
    return connection


class TokenRequests:
    """The token endpoint's requests as the fake received them (a spy on its handler)."""

    def __init__(self, fake, monkeypatch):
        self.seen = []
        original = fake.token

        def spy(request):
            self.seen.append((request.headers.get("Authorization"), dict(request.form)))
            return original(request)

        monkeypatch.setattr(fake, "token", spy)


def test_the_run_connects_with_basic_auth_and_asks_for_a_continuous_refresh_token(
    api, fake_pinterest, clock_at, monkeypatch
):
    clock_at(T)
    spy = TokenRequests(fake_pinterest, monkeypatch)
    started = api.get("/v1/connections/pinterest/auth").get_json()["data"]
    assert started["url"].startswith(f"{fake_pinterest.url}/oauth/?")
    query = query_of(started["url"])
    assert query["client_id"] == CLIENT_ID and query["response_type"] == "code"
    assert query["scope"] == "boards:read,pins:read,pins:write,user_accounts:read"
    assert query["redirect_uri"] == "http://127.0.0.1:8000/v1/connections/pinterest/callback"
    assert "code_challenge" not in query
    connection = connect(api)
    assert connection["platform"] == "pinterest" and connection["accountId"] == USER["id"]
    assert connection["username"] == USER["username"] and connection["displayName"] == USER["business_name"]
    assert connection["tokenExpiresAt"] == T + ACCESS_MS
    assert connection["scopes"] == ["boards:read", "pins:read", "pins:write", "user_accounts:read"]
    [(authorization, form)] = spy.seen
    assert authorization == "Basic " + base64.b64encode(f"{CLIENT_ID}:{CLIENT_SECRET}".encode()).decode()
    assert form["grant_type"] == "authorization_code" and form["continuous_refresh"] == "true"
    assert "client_secret" not in form
    row = Connection.get_by_id(connection["id"])
    [refresh_token] = fake_pinterest.refresh_tokens
    assert tokens.decrypt(row.refresh_token) == refresh_token
    assert refresh_token not in api.get("/v1/connections").get_data(as_text=True)


def test_a_declined_run_creates_nothing(api, fake_pinterest):
    fake_pinterest.deny = True
    url = api.get("/v1/connections/pinterest/auth").get_json()["data"]["url"]
    location = urlsplit(requests.get(url, allow_redirects=False, timeout=5).headers["Location"])
    declined = api.client.get(f"{location.path}?{location.query}")
    assert declined.status_code == 400 and "declined" in declined.get_data(as_text=True)
    assert api.get("/v1/connections").get_json()["data"] == []


def test_a_refresh_stores_the_new_pair_and_the_spent_token_is_never_sent_again(api, fake_pinterest, clock_at):
    clock_at(T)
    connection = connect(api)
    [first] = fake_pinterest.refresh_tokens
    clock_at(T + ACCESS_MS - 15 * 60_000)
    assert tokens.refresh_expiring() == 1
    [second] = fake_pinterest.refresh_tokens
    row = Connection.get_by_id(connection["id"])
    assert tokens.decrypt(row.refresh_token) == second != first
    assert fake_pinterest.spent_refresh_tokens == {first}
    assert row.token_expires_at == T + 2 * ACCESS_MS - 15 * 60_000
    refreshed = api.post(f"/v1/connections/{connection['id']}/refresh").get_json()["data"]
    assert refreshed["status"] == "active" and fake_pinterest.spent_refresh_tokens == {first, second}


def test_a_refused_refresh_token_expires_the_connection(api, fake_pinterest, clock_at):
    clock_at(T)
    connection = connect(api)
    fake_pinterest.token_replies = ["invalid_grant"]  # code 283: spent, revoked or past its 60 days
    clock_at(T + ACCESS_MS - 60_000)
    assert tokens.refresh_expiring() == 0
    after = api.get(f"/v1/connections/{connection['id']}").get_json()["data"]
    assert after["status"] == "expired" and after["lastError"]["code"] == "TOKEN_REFUSED"
    [event] = events_of("connection.expired")
    assert event["reason"]["message"] == "pinterest: The authorization grant is invalid"


def test_a_token_endpoint_that_fails_for_now_leaves_the_connection_active(api, fake_pinterest, clock_at):
    clock_at(T)
    connection = connect(api)
    fake_pinterest.token_replies = ["503"]
    assert_error(api.post(f"/v1/connections/{connection['id']}/refresh"), 503, "PLATFORM_UNAVAILABLE")
    after = api.get(f"/v1/connections/{connection['id']}").get_json()["data"]
    assert after["status"] == "active" and after["lastError"]["code"] == "REFRESH_FAILED"


def test_a_connection_lists_the_boards_it_may_pin_to(api, fake_pinterest, monkeypatch):
    connection = connect(api)
    monkeypatch.setattr(oauth, "BOARDS_PAGE", 1)  # a page a board: the bookmark is followed
    answer = api.get(f"/v1/connections/{connection['id']}/boards")
    assert answer.status_code == 200, answer.get_data(as_text=True)
    boards = answer.get_json()["data"]
    assert boards == [
        {"id": BOARD_ID, "name": "Postline ideas", "description": "Launch day", "privacy": "PUBLIC"},
        {key: GROUP_BOARD[key] for key in ("id", "name", "description", "privacy")},
    ]  # the secret board needs boards:read_secret, which Postline does not ask for
    assert fake_pinterest.requests["GET /v5/boards"] == 2
    assert answer.get_json()["meta"]["pagination"]["total"] == 2


def test_boards_page_like_every_list_and_hold_still_while_boards_change(api, fake_pinterest, monkeypatch):
    """Read whole from Pinterest at each request, paged here oldest first (by id): a board
    that was there when the first page was read shows exactly once, whatever is made or
    removed meanwhile."""
    at_pinterest = [board(n) for n in (5, 1, 40, 3, 12)]  # Pinterest's own order
    monkeypatch.setattr(fake_pinterest, "boards_of", lambda grant: list(at_pinterest))
    boards_of = f"/v1/connections/{connect(api)['id']}/boards"
    first = api.get(f"{boards_of}?per_page=2")
    assert first.status_code == 200, first.get_data(as_text=True)
    assert [b["id"] for b in first.get_json()["data"]] == [board(1)["id"], board(3)["id"]]
    pagination = first.get_json()["meta"]["pagination"]
    assert (pagination["total"], pagination["total_pages"]) == (5, 3) and pagination["next_cursor"]
    assert first.headers["Link"].endswith('rel="next"') and "cursor=" in first.headers["Link"]
    second_by_page = api.get(f"{boards_of}?per_page=2&page=2").get_json()["data"]
    assert [b["id"] for b in second_by_page] == [board(5)["id"], board(12)["id"]]
    # Meanwhile: the first page's last board removed, one made before it, one after all.
    at_pinterest[:] = [board(n) for n in (5, 1, 40, 12, 2, 99)]
    rest, link = [], first.headers["Link"][1 : first.headers["Link"].index(">")]
    while link:
        answer = api.get(link)
        assert answer.status_code == 200, answer.get_data(as_text=True)
        rest += [b["id"] for b in answer.get_json()["data"]]
        link = answer.headers.get("Link", "")[1:].split(">")[0]
    assert rest == [board(n)["id"] for n in (5, 12, 40, 99)]
    assert_error(api.get(f"{boards_of}?cursor=nope"), 400, "VALIDATION_ERROR")


def board(n):
    """A board at the fake Pinterest whose id is the account's n-th."""
    board_id = str(1_089_308_447_600_000_000 + n)
    return {
        "id": board_id,
        "name": f"Board {n}",
        "description": None,
        "privacy": "PUBLIC",
        "owner": USER["username"],
    }


def test_boards_of_a_refused_token_are_read_after_a_refresh(api, fake_pinterest):
    connection = connect(api)
    fake_pinterest.expire_access_tokens()
    boards = api.get(f"/v1/connections/{connection['id']}/boards").get_json()["data"]
    assert [board["id"] for board in boards] == [BOARD_ID, GROUP_BOARD["id"]]
    assert len(fake_pinterest.spent_refresh_tokens) == 1


def test_boards_of_other_connections_are_refused(api, fake_pinterest, make_key):
    x = connect_x(api)
    error = assert_error(api.get(f"/v1/connections/{x['id']}/boards"), 400, "VALIDATION_ERROR")
    assert error["details"][0]["field"] == "id" and "only Pinterest" in error["details"][0]["message"]
    assert api.get("/v1/connections/conn_nope/boards").status_code == 404
    pinterest = connect(api)
    fake_pinterest.token_replies = ["invalid_grant"]
    fake_pinterest.expire_access_tokens()
    dead = assert_error(api.get(f"/v1/connections/{pinterest['id']}/boards"), 400, "VALIDATION_ERROR")
    assert dead["details"][0]["field"] == "id"
    reader = api.as_key(make_key(permissions=["connections:read"]))
    assert reader.get(f"/v1/connections/{pinterest['id']}/boards").status_code == 400  # read is enough


def test_a_simulated_connection_lists_a_sandbox_board(api, make_key):
    tester = api.as_key(make_key(mode="test"))
    channel_id = tester.post("/v1/channels", json={"name": "Pins"}).get_json()["data"]["id"]
    made = tester.post("/v1/connections/sandbox", json={"platform": "pinterest", "channelId": channel_id})
    assert made.status_code == 201, made.get_data(as_text=True)
    [board] = tester.get(f"/v1/connections/{made.get_json()['data']['id']}/boards").get_json()["data"]
    options = {"boardId": board["id"]}
    post = tester.post(
        "/v1/posts",
        json={
            "channelId": channel_id,
            "content": "A pin",
            "media": [],
            "platforms": {"pinterest": {"options": options}},
        },
    )
    assert post.status_code == 400  # a pin needs media, even in test mode


def test_verify_reads_the_profile_and_delete_forgets_the_tokens(api, fake_pinterest, clock_at):
    clock_at(T)
    connection = connect(api)
    verified = api.post(f"/v1/connections/{connection['id']}/verify").get_json()["data"]
    assert verified["status"] == "active" and verified["lastVerifiedAt"] == T
    assert fake_pinterest.requests["GET /v5/user_account"] == 2
    assert api.delete(f"/v1/connections/{connection['id']}").status_code == 200
    assert api.get(f"/v1/connections/{connection['id']}").status_code == 404
    assert [key for key in fake_pinterest.requests if "revoke" in key] == []
