"""Token care: refreshes are serialised, and tokens never leave the service."""

import threading
import time

import pytest

from models import Connection
from postline import db
from postline.connections import tokens
from tests.connections.conftest import connect

# Concurrent refreshes spend a refresh token once: each backend's row locks.
pytestmark = pytest.mark.storage


def test_concurrent_refreshes_spend_the_refresh_token_once(api, fake_x):
    connection = connect(api)
    stale = Connection.get_by_id(connection["id"]).access_token
    fake_x.delay = 0.3  # the first refresh is still in flight when the others want one
    results, errors = [], []

    def refresh():
        try:
            results.append(tokens.decrypt(tokens.refresh(connection["id"], stale).access_token))
        except Exception as error:  # noqa: BLE001 - reported by the assertion below
            errors.append(error)
        finally:
            db.close()

    # Daemons, so a thread that hangs fails this test instead of holding the run open.
    threads = [threading.Thread(target=refresh, daemon=True) for _ in range(3)]
    for thread in threads:
        thread.start()
    deadline = time.monotonic() + 20  # a waiter gives up after 2 claims (2 x 7 s here)
    for thread in threads:
        thread.join(max(0, deadline - time.monotonic()))
    assert [thread.is_alive() for thread in threads] == [False] * 3, "a refresh hung"
    assert errors == []
    assert fake_x.requests["POST /2/oauth2/token"] == 2  # the code exchange and one refresh
    fresh = tokens.decrypt(Connection.get_by_id(connection["id"]).access_token)
    assert fresh != tokens.decrypt(stale) and fresh in fake_x.access_tokens
    assert results == [fresh] * 3  # each thread got the one new token
    assert api.get(f"/v1/connections/{connection['id']}").get_json()["data"]["status"] == "active"


def test_tokens_are_stored_encrypted(api, fake_x):
    connection = connect(api)
    row = Connection.get_by_id(connection["id"])
    [access_token] = fake_x.access_tokens
    [refresh_token] = fake_x.refresh_tokens
    assert access_token not in row.access_token and refresh_token not in row.refresh_token
    assert tokens.decrypt(row.access_token) == access_token
    assert tokens.decrypt(row.refresh_token) == refresh_token
