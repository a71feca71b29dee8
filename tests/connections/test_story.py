"""What the logs say of a connection (postline/connections/story.py, docs/operations.md,
Logs): made with its handle, or none when the platform gives none (a LinkedIn member);
a refresh the platform could not answer, and a token it refused, each a warning with
the connection's id and the platform's message. (tests/test_post_story.py follows a
post, and a simulated connection made and removed.)"""

import logging

import pytest

from postline import logs
from tests.connections.conftest import connect

# The refresh's claim and the expiry are writes on each backend.
pytestmark = pytest.mark.storage


@pytest.fixture
def captured(caplog):
    """The test's log lines as the server writes them, in text."""
    caplog.set_level(logging.INFO)
    caplog.handler.setFormatter(logs.Formatter("text"))
    return caplog


def the_line(caplog, *parts):
    """The one line holding every one of `parts`."""
    found = [line for line in caplog.text.splitlines() if all(part in line for part in parts)]
    assert len(found) == 1, (parts, caplog.text)
    return found[0]


def test_a_connection_with_a_handle_names_it(api, captured):
    connection = connect(api, "x")
    the_line(captured, f"connection {connection['id']} made: x @{connection['username']} ")


def test_a_connection_without_a_handle_names_none(api, captured):
    """A LinkedIn member has a name but no handle: the lines say the platform alone."""
    connection = connect(api, "linkedin")
    assert connection["username"] is None
    assert api.delete(f"/v1/connections/{connection['id']}").status_code == 200
    the_line(captured, f"connection {connection['id']} made: linkedin connection_id=")
    the_line(captured, f"connection {connection['id']} removed: linkedin connection_id=")
    assert "@None" not in captured.text


def test_a_refresh_the_platform_could_not_answer_is_a_warning(api, fake_x, captured):
    connection = connect(api, "x")
    fake_x.token_replies = ["500"]
    assert api.post(f"/v1/connections/{connection['id']}/refresh").status_code == 503
    line = the_line(captured, f"connection {connection['id']}: refresh failed, trying again later")
    assert " WARNING " in line and "provider=x " in line and "error_message=" in line


def test_a_token_the_platform_refused_expires_the_connection_with_a_warning(api, fake_x, captured):
    connection = connect(api, "x")
    fake_x.token_replies = ["invalid_grant"]
    api.post(f"/v1/connections/{connection['id']}/refresh")
    assert api.get(f"/v1/connections/{connection['id']}").get_json()["data"]["status"] == "expired"
    line = the_line(captured, f"connection {connection['id']} is expired: ")
    assert " WARNING " in line and "status=expired " in line and "error_code=TOKEN_REFUSED " in line
    assert "token_expires_at" not in line and "access_token" not in line
