"""POST /v1/connections/:id/verify against the fake X when X refuses the access token:
verify refreshes first, as publishing does, and only a refused refresh expires the
connection (docs/api-notes.md: Connections)."""

import pytest

from models import Connection
from postline.connections import tokens
from tests.connections.conftest import connect, events_of

# A refresh under a claim, and an expiry with its event in one transaction: each backend.
pytestmark = pytest.mark.storage

T = 1_800_000_000_000


def verify(api, connection):
    answer = api.post(f"/v1/connections/{connection['id']}/verify")
    assert answer.status_code == 200, answer.get_data(as_text=True)
    return answer.get_json()["data"]


def test_a_refused_access_token_is_refreshed_and_the_connection_stays_active(api, fake_x, clock_at):
    clock_at(T)
    connection = connect(api)
    [first_token] = fake_x.access_tokens
    fake_x.expire_access_tokens()  # X answers 401 to it from now on
    clock_at(T + 5000)
    verified = verify(api, connection)
    assert verified["status"] == "active" and verified["lastError"] is None
    assert verified["lastVerifiedAt"] == T + 5000
    assert fake_x.requests["POST /2/oauth2/token"] == 2  # the code, then one refresh
    assert fake_x.requests["GET /2/users/me"] == 3  # the callback's, the refused one, the new token's
    fresh = tokens.decrypt(Connection.get_by_id(connection["id"]).access_token)
    assert fresh != first_token and fresh in fake_x.access_tokens
    assert events_of("connection.expired") == []


def test_a_refused_refresh_expires_the_connection_once(api, fake_x):
    connection = connect(api)
    fake_x.expire_access_tokens()
    fake_x.token_replies.append("invalid_grant")
    verified = verify(api, connection)
    assert fake_x.token_replies == [] and fake_x.requests["POST /2/oauth2/token"] == 2
    assert verified["status"] == "expired"
    assert verified["lastError"] == {"code": "TOKEN_REFUSED", "message": "x: The grant was revoked"}
    assert events_of("connection.expired") == [
        {
            "connection_id": connection["id"],
            "provider": "x",
            "platform": "x",
            "status": "expired",
            "reason": {"code": "TOKEN_REFUSED", "message": "x: The grant was revoked"},
        }
    ]
    assert verify(api, connection)["status"] == "expired"  # nothing more to ask, nothing sent again
    assert len(events_of("connection.expired")) == 1


def test_a_refresh_that_fails_for_now_leaves_the_connection_active(api, fake_x):
    connection = connect(api)
    fake_x.expire_access_tokens()
    fake_x.token_replies.append("500")
    verified = verify(api, connection)
    assert fake_x.token_replies == [] and verified["status"] == "active"
    assert verified["lastError"]["code"] == "REFRESH_FAILED"
    assert verified["lastError"]["message"].startswith("x: token endpoint: 500 Server Error")
    assert events_of("connection.expired") == []
    # The refresh token still works: the next verify refreshes and clears the error.
    again = verify(api, connection)
    assert again["status"] == "active" and again["lastError"] is None
    assert fake_x.requests["POST /2/oauth2/token"] == 3
