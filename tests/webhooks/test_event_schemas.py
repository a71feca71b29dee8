"""Every webhook event, made by the code that makes it in service, is what its named
schema in the OpenAPI document says (docs/api.md, The OpenAPI document): the body a
receiver gets, `{id, event, data, timestamp}`, validated against `<Type>Event`."""

import json

import pytest
from openapi_schema_validator import OAS30Validator

from devtools.connecting import authorize
from models import Connection, Event
from postline import imports
from postline.connections import tokens
from postline.posts import publishing
from postline.webhooks import delivery, events


@pytest.fixture
def settings(settings, fake_x):
    settings["x"] = fake_x.settings()
    return settings


def validator(spec, event_type):
    reference = spec["x-webhooks"][event_type]["post"]["requestBody"]["content"]["application/json"]["schema"]
    return OAS30Validator(
        {**reference, "components": spec["components"]}, format_checker=OAS30Validator.FORMAT_CHECKER
    )


def test_each_event_a_receiver_gets_matches_its_named_schema(client, api, make_key):
    tester = api.as_key(make_key(mode="test"))
    channel = tester.post("/v1/channels", json={"name": "Events"}).get_json()["data"]["id"]
    webhook = tester.post(
        "/v1/webhooks", json={"url": "https://hooks.example.com/e", "events": ["post.created"]}
    )
    tester.post(f"/v1/webhooks/{webhook.get_json()['data']['id']}/test")
    for content in ("Delivered", "Fails #sandbox:fail", "Blocked #sandbox:block", "Held"):
        status = "draft" if content == "Held" else "queued"
        tester.post("/v1/posts", json={"channelId": channel, "content": content, "status": status})
    # A published post whose first comment the sandbox blocks: post.comment_failed.
    commented = {
        "channelId": channel,
        "content": "Commented",
        "firstComment": {"content": "No #sandbox:block"},
    }
    tester.post("/v1/posts", json=commented)
    # A file of one row, created by the worker's import pool: import.completed.
    imported = f"channelId,content\n{channel},Imported\n"
    assert tester.post("/v1/posts/import", data=imported, content_type="text/csv").status_code == 202
    while claimed := imports.claim_due("events-worker", 60_000):
        imports.create_chunk(claimed, client.application.config["POSTLINE"])
    while batch := publishing.claim_batch("events-worker", 60_000, 10):
        publishing.publish_batch(batch, {"retry_delays": [60], "timeout": 5}, 60_000)
    assert api.client.get(authorize(api)).status_code == 200
    tokens.mark_dead(Connection.get(), "expired", "REFRESH_REFUSED", "X refused the refresh token.")

    spec = client.get("/openapi.json").get_json()
    recorded = list(Event.select().order_by(Event.id))
    assert {event.type for event in recorded} == set(events.TYPES)
    for event in recorded:
        body = json.loads(delivery.payload(event))
        validator(spec, event.type).validate(body)
    # The schemas are strict where they can be: a missing field or a wrong type is refused.
    delivered = next(json.loads(delivery.payload(e)) for e in recorded if e.type == "post.delivered")
    assert not validator(spec, "post.delivered").is_valid({**delivered, "event": "post.failed"})
    del delivered["data"]["targets"][0]["status"]
    assert not validator(spec, "post.delivered").is_valid(delivered)


def test_a_delivered_post_describes_its_parts_as_the_api_does(client, api, make_key):
    tester = api.as_key(make_key(mode="test"))
    channel = tester.post("/v1/channels", json={"name": "Parts"}).get_json()["data"]["id"]
    simulated = tester.post("/v1/connections/sandbox", json={"platform": "x", "channelId": channel})
    assert simulated.status_code == 201, simulated.get_data(as_text=True)
    created = tester.post(
        "/v1/posts",
        json={
            "channelId": channel,
            "content": "One",
            "thread": [{"content": "Two"}],
            "firstComment": {"content": "Later #sandbox:fail-once"},
        },
    )
    post_id = created.get_json()["data"]["id"]
    while batch := publishing.claim_batch("events-worker", 60_000, 10):
        publishing.publish_batch(batch, {"retry_delays": [60], "timeout": 5}, 60_000)
    [event] = Event.select().where(Event.type == "post.delivered")
    body = json.loads(delivery.payload(event))
    spec = client.get("/openapi.json").get_json()
    validator(spec, "post.delivered").validate(body)
    assert set(spec["components"]["schemas"]["EventPart"]["required"]) >= {"content", "error"}
    [target] = body["data"]["targets"]
    [shown] = tester.get(f"/v1/posts/{post_id}").get_json()["data"]["targets"]
    names = {"platformPostId": "platform_post_id"}
    wanted = [
        {names.get(name, name): value for name, value in part.items() if name != "nextAttemptAt"}
        for part in shown["parts"]
    ]
    assert target["parts"] == wanted
    assert [part["content"] for part in target["parts"]] == ["One", "Two", "Later #sandbox:fail-once"]
    assert target["parts"][2]["error"]["code"] == "SANDBOX_FAILURE"  # tried again on its own
