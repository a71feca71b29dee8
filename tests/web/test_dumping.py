"""The compiled dumper (postline/web/dumping.py) answers exactly what marshmallow would
from the same schemas, for every kind of row the API returns."""

import datetime

import pytest
from marshmallow import Schema
from marshmallow import fields as schema_fields

from models import ApiKey, Channel, Post, PostTarget, Webhook, WebhookDelivery
from postline.jobs import heartbeat
from postline.web.dumping import compile_dump
from postline.web.envelopes import envelope, list_envelope
from schemas import (
    ApiKeySchema,
    ChannelSchema,
    HealthSchema,
    PostSchema,
    UsageDayDetailSchema,
    UsageSummarySchema,
    WebhookDeliverySchema,
    WebhookSchema,
    WebhookWithSecretSchema,
)

# What each backend's driver hands back (dates, JSON, NULLs) must dump alike.
pytestmark = pytest.mark.storage


def both_ways(schema_class, obj):
    schema = schema_class()
    return compile_dump(schema)(obj), Schema.dump(schema, obj)


def test_posts_with_and_without_targets_dump_alike(api, make_key):
    tester = api.as_key(make_key(mode="test"))
    channel = tester.post("/v1/channels", json={"name": "Dump"}).get_json()["data"]["id"]
    for fields in (
        {"content": "plain"},
        {"content": "zoned", "timezone": "Europe/Berlin", "scheduledFor": "2030-01-01T09:00:00"},
        {
            "content": "versioned",
            "scheduledFor": "2030-01-01T09:00:00Z",
            "thread": [{"content": "and then"}],
            "firstComment": {"content": "first"},
            # An input field in the answer's schema (TimestampInput) answers what was stored.
            "platforms": {
                "x": {"content": "on X"},
                "youtube": {"thread": [], "options": {"publishAt": "2030-01-02T00:00:00Z"}},
            },
        },
    ):
        assert tester.post("/v1/posts", json={"channelId": channel, **fields}).status_code == 201
    done = Post.select().first()
    PostTarget.add(done.id, platform="sandbox", status="failed", error_code="E", error_message="broke")
    Post.update(last_error_code="E", last_error_message="broke").where(Post.id == done.id).execute()
    posts = list(Post.select())
    compiled, marshmallow = both_ways(
        list_envelope(PostSchema),
        {
            "data": posts,
            "meta": {
                "request_id": "r",
                "timestamp": 1,
                "pagination": {"page": 1, "per_page": 20, "total": 2, "total_pages": 1},
            },
        },
    )
    assert compiled == marshmallow
    assert any(post["targets"] for post in compiled["data"]) and any(p["lastError"] for p in compiled["data"])
    assert any(post["platforms"].get("youtube") for post in compiled["data"])


def test_every_other_resource_dumps_alike(api):
    api.post("/v1/channels", json={"name": "Dump", "color": "#123456"})
    created = api.post(
        "/v1/webhooks", json={"url": "https://hooks.example.com/x", "events": ["post.created"]}
    )
    webhook = Webhook.get_by_id(created.get_json()["data"]["id"])
    api.post(f"/v1/webhooks/{webhook.id}/test")
    webhook.new_secret = "whsec_shown-once"
    cases = [
        (envelope(ChannelSchema), {"data": Channel.select().first()}),
        (envelope(WebhookSchema), {"data": Webhook.get_by_id(webhook.id)}),
        (envelope(WebhookWithSecretSchema), {"data": webhook}),
        (envelope(WebhookDeliverySchema), {"data": WebhookDelivery.select().first()}),
        (envelope(ApiKeySchema), {"data": ApiKey.select().first()}),
    ]
    for schema_class, obj in cases:
        compiled, marshmallow = both_ways(schema_class, obj)
        assert compiled == marshmallow, schema_class.__name__


def test_dicts_dates_and_missing_values_dump_alike(api):
    heartbeat.write(heartbeat.WorkerIdentity())
    day = {
        "date": datetime.date(2027, 1, 1),
        "requests": 3,
        "posts_created": 1,
        "posts_delivered": 0,
        "posts_failed": 0,
        "webhook_deliveries": 0,
        "media_bytes": 0,
        "endpoints": [{"method": "GET", "path": "/v1/posts", "requests": 3}],
    }
    assert (
        both_ways(envelope(UsageDayDetailSchema), {"data": day})[0]
        == both_ways(envelope(UsageDayDetailSchema), {"data": day})[1]
    )
    summary = {"plan": "free", "mode": "live", "limits": None, "today": day}
    compiled, marshmallow = both_ways(envelope(UsageSummarySchema), {"data": summary})
    assert compiled == marshmallow
    health = {
        "status": "ok",
        "version": "1",
        "time": 5,
        "key": ApiKey.select().first(),
        "database": "ok",
        "worker": {"last_seen_at": None, "lag_ms": None},
    }
    compiled, marshmallow = both_ways(envelope(HealthSchema), {"data": health})
    assert compiled == marshmallow
    assert both_ways(envelope(ChannelSchema), {"data": {"id": "ch_1"}})[0] == {"data": {"id": "ch_1"}}


def test_lists_their_missing_items_and_nested_many_dump_alike():
    class Item(Schema):
        name = schema_fields.String()

    class Holder(Schema):
        tags = schema_fields.List(schema_fields.String())
        entries = schema_fields.List(schema_fields.Nested(Item))
        many = schema_fields.Nested(Item, many=True)

    for holder in (
        {"tags": ["a", None, 3], "entries": [{"name": "x"}, None], "many": [{"name": "y"}, {"name": 4}]},
        {"tags": [], "entries": [], "many": []},
        {"tags": None, "entries": None, "many": None},
        {},
    ):
        compiled, marshmallow = both_ways(Holder, holder)
        assert compiled == marshmallow
