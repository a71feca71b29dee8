"""Evergreen posts on X, through the fake X: a repeat X refuses as a duplicate ends the
run with its reason, and a rotation of versions gives X other text
(docs/scheduling.md, Evergreen posts)."""

import pytest

from models import Post
from postline.repeats import evergreen
from tests.connections.conftest import PUBLISHING, connect, run_worker
from tests.scheduling.conftest import put_schedule
from tests.scheduling.test_queues import ms

# Publishing through the worker's functions, and its claims: each backend.
pytestmark = pytest.mark.storage

START = "2027-01-04T07:00:00Z"


@pytest.fixture
def settings(settings, fake_x):
    settings["x"] = fake_x.settings()
    settings["publishing"] = dict(PUBLISHING)
    return settings


@pytest.fixture
def x_channel(api, clock_at):
    clock_at(ms(START))
    channel = api.post("/v1/channels", json={"name": "On X"}).get_json()["data"]["id"]
    connect(api, channelId=channel)
    put_schedule(api, channel, "tue 09:00")
    return channel


def run_evergreen(app, clock_at, moment):
    """Publish what is due at `moment`, then queue the repeats."""
    clock_at(moment)
    run_worker()
    evergreen.queue_repeats(app.config["POSTLINE"])


def test_a_repeat_x_refuses_as_a_duplicate_ends_the_run_with_its_reason(
    api, app, x_channel, clock_at, fake_x
):
    body = {"channelId": x_channel, "content": "Evergreen words", "evergreen": {"minIntervalDays": 7}}
    original = api.post("/v1/posts", json=body).get_json()["data"]
    run_evergreen(app, clock_at, ms(START))
    [repeat] = Post.select().where(Post.evergreen_of == original["id"])
    run_evergreen(app, clock_at, repeat.scheduled_for)
    shown = api.get(f"/v1/posts/{repeat.id}").get_json()["data"]
    assert (shown["status"], shown["lastError"]["code"]) == ("failed", "DUPLICATE_CONTENT")
    assert shown["evergreen"]["state"] == "ended"
    assert shown["evergreen"]["endedReason"]["code"] == "DUPLICATE_CONTENT"
    assert "duplicate" in shown["evergreen"]["endedReason"]["message"]
    run_evergreen(app, clock_at, repeat.scheduled_for + 30 * 86_400_000)
    assert Post.select().count() == 2  # no repeat of a refused repeat
    assert [tweet["text"] for tweet in fake_x.tweets] == ["Evergreen words"]


def test_a_rotation_gives_x_other_text_on_each_repeat(api, app, x_channel, clock_at, fake_x):
    rotation = [
        {"x": {"content": "Evergreen words, told again"}},
        {"x": {"content": "Evergreen words, a third time"}},
    ]
    body = {
        "channelId": x_channel,
        "content": "Evergreen words",
        "evergreen": {"minIntervalDays": 7, "rotation": rotation},
    }
    api.post("/v1/posts", json=body)
    moment = ms(START)
    for _ in range(3):
        run_evergreen(app, clock_at, moment)
        moment = Post.select(Post.scheduled_for).order_by(Post.scheduled_for.desc()).scalar()
    assert [tweet["text"] for tweet in fake_x.tweets] == [
        "Evergreen words",
        "Evergreen words, told again",
        "Evergreen words, a third time",
    ]
    assert Post.select().where(Post.status == "done").count() == 3
