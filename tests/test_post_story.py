"""A post's story in the logs (docs/operations.md, Logs): one grep of its id finds its
creation (channel, time, who), each attempt's outcome per target and per part (the
platform's id and url, or the error and the next attempt), and the deliveries of its
events; a connection's lines tell when it was made and removed, and a console change
names its user. The text and JSON formats carry the same fields."""

import json
import logging
import re

import pytest
import requests

from devtools.connecting import authorize
from devtools.servers import ServerProcess, create_key
from models import TEST
from postline import logs
from postline.posts import publishing
from postline.posts.publishing import comments
from postline.webhooks import delivery
from tests.support.client import allow_local_webhooks

# The publishing and delivery lines come from the same writes on each backend.
pytestmark = pytest.mark.storage

T = 1_800_000_000_000
LEASE_MS = 60_000


@pytest.fixture
def settings(settings, fake_x):
    settings["x"] = fake_x.settings()
    return allow_local_webhooks(settings)


@pytest.fixture
def captured(caplog):
    """The log lines of the test as the server writes them, in text."""
    caplog.set_level(logging.INFO)
    caplog.handler.setFormatter(logs.Formatter("text"))
    return caplog


def publish_and_deliver(app):
    """What the worker does with everything due now: publish, then deliver the events."""
    while batch := publishing.claim_batch("story-worker", LEASE_MS, 20):
        publishing.publish_batch(batch, app.config["POSTLINE"]["publishing"], LEASE_MS)
    delivery.deliver_due(app.config["POSTLINE"]["webhooks"], "story-worker", LEASE_MS)


def the_line(lines, *parts):
    """The one line holding every one of `parts`."""
    found = [line for line in lines if all(part in line for part in parts)]
    assert len(found) == 1, (parts, lines)
    return found[0]


def grep(caplog, text):
    return [line for line in caplog.text.splitlines() if text in line]


def test_one_grep_of_a_post_id_tells_its_story(app, api, fake_x, receiver, clock_at, captured):
    clock_at(T)
    inbox = receiver()
    webhook = api.post("/v1/webhooks", json={"url": inbox.url(), "events": ["post.delivered"]})
    webhook_id = webhook.get_json()["data"]["id"]
    channel_id = api.post("/v1/channels", json={"name": "Launches"}).get_json()["data"]["id"]
    api.client.get(authorize(api, "x", channelId=channel_id))
    [connection] = api.get("/v1/connections").get_json()["data"]
    created = api.post(
        "/v1/posts",
        json={
            "channelId": channel_id,
            "content": "Launch day",
            "scheduledFor": T + 60_000,
            "thread": [{"content": "Part two"}],
        },
        headers={"X-Request-Id": "story-create-1"},
    )
    post_id = created.get_json()["data"]["id"]
    clock_at(T + 60_000)
    publish_and_deliver(app)
    [tweet, reply] = fake_x.tweets
    url = f"https://x.com/postline_fake/status/{tweet['id']}"

    story = grep(captured, post_id)
    key_id = api.get("/v1/health").get_json()["data"]["key"]["id"]
    the_line(
        story,
        f"post {post_id} created: queued, scheduled for 2027-01-15T08:01:00.000Z ",
        f"channel_id={channel_id} ",
        "scheduled_for=2027-01-15T08:01:00.000Z ",
        "mode=live ",
        "thread_replies=1 ",
        f"key_id={key_id}",
        "request_id=story-create-1",
    )
    the_line(
        story,
        f"post {post_id} attempt 1 done: x published ",
        "attempt=1 ",
        f"connection_id={connection['id']} ",
        f"platform_post_id={tweet['id']} ",
        f"url={url}",
    )
    the_line(story, "part 0 (post) published", f"platform_post_id={tweet['id']} ")
    the_line(story, "part 1 (reply) published", f"platform_post_id={reply['id']} ")
    the_line(
        story,
        f"to {webhook_id}, attempt 1: delivered",
        "event=post.delivered ",
        f"post_id={post_id} ",
        "status=succeeded ",
    )
    assert len(story) == 5, story
    # The request id leads from the creation line to the request's own line.
    the_line(grep(captured, "request_id=story-create-1"), "POST /v1/posts 201", f"key_id={key_id}")
    made = the_line(grep(captured, connection["id"]), f"connection {connection['id']} made: x @")
    assert f"channel_id={channel_id}" in made and "token" not in made.split("token_expires_at")[0]


def test_a_failed_attempt_says_its_error_and_when_it_is_tried_again(app, api, make_key, receiver, captured):
    tester = api.as_key(make_key(mode=TEST))
    inbox = receiver()
    tester.post("/v1/webhooks", json={"url": inbox.url(), "events": ["post.failed"]})
    channel_id = tester.post("/v1/channels", json={"name": "Sandbox"}).get_json()["data"]["id"]
    post_id = tester.post("/v1/posts", json={"channelId": channel_id, "content": "Oops #sandbox:fail"})
    post_id = post_id.get_json()["data"]["id"]
    publish_and_deliver(app)
    post = tester.get(f"/v1/posts/{post_id}").get_json()["data"]
    next_attempt_at = logs.instant(post["nextAttemptAt"])
    assert post["status"] == "failed" and next_attempt_at is not None

    story = grep(captured, post_id)
    failed = the_line(
        story,
        f"post {post_id} attempt 1 failed: sandbox failed (SANDBOX_FAILURE), "
        f"tried again at {next_attempt_at}",
        "error_code=SANDBOX_FAILURE ",
        f"error_message={json.dumps(post['lastError']['message'])} ",
        f"next_attempt_at={next_attempt_at}",
    )
    assert failed.split(" ")[1] == "WARNING"
    the_line(story, "event=post.failed ", f"post_id={post_id} ", "status=succeeded ")
    the_line(story, f"post {post_id} created: queued", "mode=test ")


def test_a_first_comment_retried_alone_tells_its_attempts(app, api, make_key, clock_at, captured):
    clock_at(T)
    tester = api.as_key(make_key(mode=TEST))
    channel_id = tester.post("/v1/channels", json={"name": "Sandbox"}).get_json()["data"]["id"]
    body = {
        "channelId": channel_id,
        "content": "Out",
        "firstComment": {"content": "Later #sandbox:fail-once"},
    }
    post_id = tester.post("/v1/posts", json=body).get_json()["data"]["id"]
    publish_and_deliver(app)
    comment = tester.get(f"/v1/posts/{post_id}").get_json()["data"]["targets"][0]["parts"][1]
    retry_at = logs.instant(comment["nextAttemptAt"])
    the_line(
        grep(captured, post_id),
        f"post {post_id} attempt 1: sandbox part 1 (comment) failed",
        "part_kind=comment ",
        "error_code=SANDBOX_FAILURE ",
        f"next_attempt_at={retry_at}",
    )
    clock_at(comment["nextAttemptAt"])
    comments.retry_due(app.config["POSTLINE"]["publishing"], "story-worker", LEASE_MS)
    published = tester.get(f"/v1/posts/{post_id}").get_json()["data"]["targets"][0]["parts"][1]
    the_line(
        grep(captured, post_id),
        f"post {post_id} first comment retried: sandbox part 1 (comment) published",
        "attempt=2 ",
        f"platform_post_id={published['platformPostId']} ",
    )


def test_a_change_made_in_the_console_names_its_user(api, console, console_user, captured):
    renamed = console.post("/console/channels", data={"name": "Console"})
    assert renamed.status_code == 302, renamed.get_data(as_text=True)
    channel_line = the_line(grep(captured, "POST /console/channels 302"), "request_id=")
    assert f"user_id={console_user.id}" in channel_line and "key_id" not in channel_line
    [channel] = api.get("/v1/channels").get_json()["data"]
    saved = console.post(
        "/console/posts/new", data={"channelId": channel["id"], "content": "From the console"}
    )
    assert saved.status_code == 302, saved.get_data(as_text=True)
    post_id = saved.headers["Location"].rsplit("/", 1)[1]
    created = the_line(grep(captured, post_id), f"post {post_id} created")
    assert f"user_id={console_user.id}" in created and "key_id" not in created
    deleted = console.post(f"/console/posts/{post_id}/delete")
    assert deleted.status_code == 302
    the_line(grep(captured, post_id), f"post {post_id} deleted", f"user_id={console_user.id}")


def test_the_deprecated_api_names_the_console_user(legacy, console_user, captured):
    assert legacy("GET", "/api/channels").status_code == 200
    line = the_line(grep(captured, "GET /api/channels 200"), "request_id=")
    assert f"user_id={console_user.id}" in line and "key_id" not in line


def test_a_connection_tells_when_it_was_made_and_removed(api, make_key, captured):
    tester = api.as_key(make_key(mode=TEST))
    channel_id = tester.post("/v1/channels", json={"name": "Sandbox"}).get_json()["data"]["id"]
    made = tester.post("/v1/connections/sandbox", json={"platform": "linkedin", "channelId": channel_id})
    connection_id = made.get_json()["data"]["id"]
    assert tester.delete(f"/v1/connections/{connection_id}").status_code == 200
    story = grep(captured, connection_id)
    the_line(story, f"connection {connection_id} made: simulated linkedin @linkedin_tester", "key_id=key_")
    the_line(story, f"connection {connection_id} removed", "revoked=False", "key_id=key_")


# `name=value` after a text line's message; a value with a space or quote is JSON-quoted.
TEXT_FIELD = re.compile(r' (\w+)=("(?:[^"\\]|\\.)*"|[^ ]+)')


def text_fields(line):
    """{name: value} of a text line's fields, quoted values read back."""
    return {
        name: json.loads(value) if value.startswith('"') else value
        for name, value in TEXT_FIELD.findall(line)
    }


def test_json_lines_carry_the_same_fields_as_text_lines(app, api, make_key, captured):
    """Every line of a post's story, formatted both ways: the JSON object holds each
    `name=value` of the text line, the same value."""
    tester = api.as_key(make_key(mode=TEST))
    channel_id = tester.post("/v1/channels", json={"name": "Sandbox"}).get_json()["data"]["id"]
    created = tester.post("/v1/posts", json={"channelId": channel_id, "content": "Oops #sandbox:fail"})
    post_id = created.get_json()["data"]["id"]
    publish_and_deliver(app)
    text, as_json = logs.Formatter("text"), logs.Formatter("json")
    records = [r for r in captured.records if r.__dict__.get("fields", {}).get("post_id") == post_id]
    assert len(records) == 2  # created, attempt 1 failed
    for record in records:
        text_line, line = text.format(record), json.loads(as_json.format(record))
        assert text_line.startswith(f"{line['time']} {line['level']} {line['logger']}: {line['message']} ")
        said = text_fields(text_line)
        assert list(said) == list(record.fields)
        for name, value in record.fields.items():
            assert line[name] == value, name
            assert said[name] == ("-" if value is None else str(value)), name
    failed = json.loads(as_json.format(records[1]))
    assert failed["error_code"] == "SANDBOX_FAILURE" and failed["next_attempt_at"].endswith("Z")
    assert failed["attempt"] == 1 and failed["level"] == "WARNING"


def test_a_server_writing_json_logs_tells_the_creation_with_the_request_and_key(server_env):
    env = {**server_env, "POSTLINE_SERVER_LOG_FORMAT": "json", "POSTLINE_SERVER_LOG_LEVEL": "INFO"}
    key = create_key(env)
    server = ServerProcess.gunicorn(env, workers=1)
    try:
        session = requests.Session()
        session.headers["Authorization"] = f"Bearer {key}"
        channel = session.post(f"{server.url}/v1/channels", json={"name": "JSON"}, timeout=30)
        channel_id = channel.json()["data"]["id"]
        created = session.post(
            f"{server.url}/v1/posts",
            json={"channelId": channel_id, "content": "In JSON", "scheduledFor": "2030-01-15T09:30:00Z"},
            headers={"X-Request-Id": "json-story-1"},
            timeout=30,
        )
        post_id = created.json()["data"]["id"]
    finally:
        server.stop()
    lines = [json.loads(line) for line in server.output().splitlines() if line.strip()]
    [line] = [line for line in lines if line.get("post_id") == post_id]
    assert line["message"] == f"post {post_id} created: queued, scheduled for 2030-01-15T09:30:00.000Z"
    assert line["channel_id"] == channel_id and line["scheduled_for"] == "2030-01-15T09:30:00.000Z"
    assert line["request_id"] == "json-story-1" and line["key_id"].startswith("key_")
    assert (line["status"], line["mode"], line["logger"]) == ("queued", "live", "postline.posts")
