"""The console's pages through the Flask test client: each form does what its /v1
operation does, and bad input shows the form again with the API's message."""

import datetime
import io
import re
import zoneinfo

import pytest

from devtools.client import Api
from devtools.media import image
from models import ApiKey, Channel, Media, Post, WebhookDelivery
from postline.posts import publishing
from postline.statuses import PostStatus
from postline.webhooks import delivery as webhook_delivery
from tests.support.client import allow_local_webhooks
from tests.support.media import ELF
from tests.support.receivers import Reply

PUBLISH_SETTINGS = {"retry_delays": [60], "concurrency": 1, "batch_size": 20}
FULL_KEY = re.compile(r"service_sk_(live|test)_[a-z0-9]{8}_[A-Za-z0-9]{32,}")


def channel_id(console, name="Launch"):
    console.post("/console/channels", {"name": name})
    return Channel.get(Channel.name == name).id


def test_a_key_is_created_with_chosen_permissions_shown_once_and_revoked(console, client):
    response = console.post(
        "/console/keys", {"name": "deploy", "mode": "live", "permissions": ["posts:read", "channels:read"]}
    )
    assert response.status_code == 201
    (full_key,) = {m.group(0) for m in FULL_KEY.finditer(response.get_data(as_text=True))}
    assert response.headers["Cache-Control"] == "no-store"  # the page with the key is never cached
    assert response.headers["X-Frame-Options"] == "DENY"
    assert "frame-ancestors 'none'" in response.headers["Content-Security-Policy"]
    api = Api(client, full_key)
    assert api.get("/v1/channels").status_code == 200
    assert api.get("/v1/webhooks").status_code == 403  # only the chosen permissions
    listing = console.text("/console/keys")
    assert "deploy" in listing and full_key not in listing  # shown once, never again

    key = ApiKey.get(ApiKey.name == "deploy")
    assert console.post(f"/console/keys/{key.id}/revoke").status_code == 302
    assert api.get("/v1/channels").status_code == 401
    assert "deploy" not in console.text("/console/keys")


def test_a_test_mode_key_can_be_made_from_live_mode(console):
    response = console.post(
        "/console/keys", {"name": "sandbox", "mode": "test", "permissions": ["posts:read"]}
    )
    assert response.status_code == 201
    assert FULL_KEY.search(response.get_data(as_text=True)).group(1) == "test"


@pytest.mark.parametrize(
    "form, field_message",
    [
        ({"name": "", "mode": "live"}, "Missing data for required field."),
        ({"name": "x", "mode": "live", "expiresIn": "soon"}, "Not a valid integer."),
        ({"name": "x", "mode": "sideways"}, "Must be one of"),
    ],
)
def test_a_bad_key_form_is_shown_again_with_the_message(console, form, field_message):
    response = console.post("/console/keys", form)
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert field_message in page and 'aria-invalid="true"' in page
    assert ApiKey.select().where(ApiKey.name == "x").count() == 0


def test_channels_are_created_renamed_and_deleted(console):
    ch = channel_id(console)
    assert "Launch" in console.text("/console/channels")
    console.post(f"/console/channels/{ch}", {"name": "Relaunch", "color": "#112233"})
    channel = Channel.get_by_id(ch)
    assert (channel.name, channel.color) == ("Relaunch", "#112233")
    bad = console.post("/console/channels", {"name": "Bad", "color": "red"})
    assert bad.status_code == 400 and "#RRGGBB" in bad.get_data(as_text=True)
    console.post(f"/console/channels/{ch}/delete")
    assert Channel.select().count() == 0


def test_a_post_is_scheduled_in_the_users_time_zone_and_shown_on_the_calendar(console):
    console.post("/console/settings", {"timeZone": "Asia/Tokyo"})
    ch = channel_id(console)
    response = console.post(
        "/console/posts/new", {"channelId": ch, "content": "Launch day", "scheduledFor": "2030-01-15T09:30"}
    )
    assert response.status_code == 302
    post = Post.get()
    tokyo = datetime.datetime(2030, 1, 15, 9, 30, tzinfo=zoneinfo.ZoneInfo("Asia/Tokyo"))
    assert post.scheduled_for == int(tokyo.timestamp() * 1000) and post.timezone == "Asia/Tokyo"
    assert response.headers["Location"] == f"/console/posts/{post.id}"

    week = console.text("/console/calendar?view=week&date=2030-01-15")
    assert "09:30" in week and "Launch day" in week and "status-queued" in week
    month = console.text("/console/calendar?view=month&date=2030-01-01")
    assert "Launch day" in month and "January 2030" in month
    assert "Launch day" not in console.text("/console/calendar?view=week&date=2030-01-22")


def test_a_post_with_an_uploaded_image(console):
    ch = channel_id(console)
    png = image("PNG")
    response = console.post(
        "/console/posts/new",
        {"channelId": ch, "content": "", "file": (io.BytesIO(png), "banner.png"), "altText": "A banner"},
        content_type="multipart/form-data",
    )
    assert response.status_code == 302, response.get_data(as_text=True)
    (media,) = Media.select()
    assert Post.get().media == [media.id] and media.alt_text == "A banner" and media.filename == "banner.png"
    assert "banner.png" in console.text(response.headers["Location"])


@pytest.mark.parametrize("size", [len(ELF), 64 * 1024])  # refused at the end, or as it arrives
def test_a_file_that_is_not_media_shows_the_form_again(console, size):
    ch = channel_id(console)
    response = console.post(
        "/console/posts/new",
        {"channelId": ch, "content": "Hello", "file": (io.BytesIO(ELF.ljust(size, b"\0")), "run.png")},
        content_type="multipart/form-data",
    )
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert 'id="file-error"' in page and "the type is read from the bytes, not the name" in page
    if size == len(ELF):  # refused once the form was read: the text typed is kept
        assert "Hello" in page
    assert Post.select().count() == 0 and Media.select().count() == 0


@pytest.mark.parametrize(
    "form, message",
    [
        ({"content": ""}, "is required unless media is given"),
        ({"content": "x", "scheduledFor": "2001-01-01T00:00"}, "in the past"),
        ({"content": "x", "scheduledFor": "tomorrow"}, ""),
        ({"content": "x" * 10001}, "Length must be between 1 and 10000."),
    ],
)
def test_bad_post_input_shows_the_form_again(console, form, message):
    ch = channel_id(console)
    response = console.post("/console/posts/new", {"channelId": ch, **form})
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert message in page and 'aria-invalid="true"' in page
    assert Post.select().count() == 0


def test_a_foreign_channel_is_refused(console, make_key):
    other = Api(console.client, make_key(account="umbrella"))
    foreign = other.post("/v1/channels", json={"name": "Theirs"}).get_json()["data"]["id"]
    response = console.post("/console/posts/new", {"channelId": foreign, "content": "x"})
    assert response.status_code == 400 and Post.select().count() == 0


def test_a_failed_post_shows_its_error_and_retry_queues_it_again(console):
    console.post("/console/settings", {"timeZone": "Asia/Tokyo"})
    console.post("/console/mode", {"mode": "test", "next": "/console/calendar"})
    ch = channel_id(console)
    console.post("/console/posts/new", {"channelId": ch, "content": "Boom #sandbox:fail"})
    post = Post.get()
    publishing.publish_batch(publishing.claim_batch("console-test", 60_000, 10), PUBLISH_SETTINGS, 60_000)
    assert Post.get_by_id(post.id).status == PostStatus.FAILED

    calendar = console.text("/console/calendar")
    assert "Needs attention" in calendar and "SANDBOX_FAILURE" in calendar and ">Retry<" in calendar
    page = console.text(f"/console/posts/{post.id}")
    assert 'id="post-error"' in page
    # Still `failed`, as the API says, and when the worker tries it again, in the user's zone.
    failed = Post.get_by_id(post.id)
    zone = zoneinfo.ZoneInfo("Asia/Tokyo")
    retry_at = datetime.datetime.fromtimestamp(failed.next_attempt_at / 1000, zone).strftime("%Y-%m-%d %H:%M")
    status = 'id="post-status">failed</span> <span class="retry-note" id="post-retry">'
    assert f"{status}will be retried at {retry_at} (Asia/Tokyo)" in page
    assert f"will be retried at {retry_at}" in calendar
    Post.update(next_attempt_at=None).where(Post.id == post.id).execute()  # out of attempts
    assert "will not be retried on its own" in console.text(f"/console/posts/{post.id}")
    console.post(f"/console/posts/{post.id}/retry", {"next": "/console/calendar"})
    retried = Post.get_by_id(post.id)
    assert retried.status == PostStatus.QUEUED and retried.last_error_code is None


def test_an_unconfirmed_post_offers_a_resend(console):
    ch = channel_id(console)
    console.post("/console/posts/new", {"channelId": ch, "content": "Maybe sent"})
    Post.update(
        status=PostStatus.BLOCKED, last_error_code="DELIVERY_UNCONFIRMED", last_error_message="unknown"
    ).execute()
    page = console.text(f"/console/posts/{Post.get().id}")
    assert ">Resend<" in page and "Check the platform first" in page


def test_editing_a_post_requeues_it_and_a_done_post_cannot_be_edited(console):
    console.post("/console/mode", {"mode": "test", "next": "/console/calendar"})
    ch = channel_id(console)
    console.post("/console/posts/new", {"channelId": ch, "content": "Draft", "draft": "1"})
    post = Post.get()
    assert post.status == PostStatus.DRAFT
    console.post(f"/console/posts/{post.id}", {"channelId": ch, "content": "Now queued"})
    assert (Post.get_by_id(post.id).content, Post.get_by_id(post.id).status) == (
        "Now queued",
        PostStatus.QUEUED,
    )
    publishing.publish_batch(publishing.claim_batch("console-test", 60_000, 10), PUBLISH_SETTINGS, 60_000)
    page = console.text(f"/console/posts/{post.id}")
    assert "status-done" in page and "sandbox" in page and "Save and queue" not in page
    refused = console.post(f"/console/posts/{post.id}", {"channelId": ch, "content": "Too late"})
    assert refused.status_code == 400 and "is done and cannot be changed now" in refused.get_data(
        as_text=True
    )
    assert Post.get_by_id(post.id).content == "Now queued"


def test_another_accounts_post_is_not_found(console, make_key):
    other = Api(console.client, make_key(account="umbrella"))
    ch = other.post("/v1/channels", json={"name": "Theirs"}).get_json()["data"]["id"]
    post = other.post("/v1/posts", json={"channelId": ch, "content": "secret"}).get_json()["data"]["id"]
    response = console.get(f"/console/posts/{post}")
    assert response.status_code == 404 and "secret" not in response.get_data(as_text=True)


def test_a_bad_time_zone_is_refused(console):
    response = console.post("/console/settings", {"timeZone": "Mars/Olympus"})
    assert response.status_code == 400 and "IANA" in response.get_data(as_text=True)


@pytest.fixture
def local_webhooks(settings):
    allow_local_webhooks(settings)


def test_a_webhook_is_created_with_its_secret_shown_once_tested_and_retried(
    local_webhooks, console, receiver, hook_settings
):
    hook = receiver()
    hook.script(Reply(status=500, body=b"down for now"))
    response = console.post("/console/webhooks", {"url": hook.url(), "events": ["post.failed"]})
    assert response.status_code == 201
    secret = re.search(r"whsec_[A-Za-z0-9+/=_-]{40,}", response.get_data(as_text=True)).group(0)
    webhook_page = console.text("/console/webhooks")
    assert hook.url() in webhook_page and secret not in webhook_page

    webhook_id = re.search(r"/console/webhooks/(wh_[a-z0-9]+)", webhook_page).group(1)
    console.post(f"/console/webhooks/{webhook_id}/test")
    webhook_delivery.deliver_due(hook_settings, "console-test", 60_000)
    history = console.text(f"/console/webhooks/{webhook_id}")
    assert "webhook.test" in history and "HTTP 500" in history and "down for now" in history

    (first,) = WebhookDelivery.select()
    console.post(f"/console/webhooks/{webhook_id}/deliveries/{first.id}/retry")
    assert [d.trigger for d in WebhookDelivery.select().order_by(WebhookDelivery.created_at)] == [
        "test",
        "manual",
    ]


def test_a_bad_webhook_url_shows_the_form_again(console):
    response = console.post("/console/webhooks", {"url": "http://127.0.0.1/hook", "events": ["post.failed"]})
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert 'id="url-error"' in page and "http://127.0.0.1/hook" in page


def test_usage_draws_requests_and_posts_per_day(console, api):
    api.get("/v1/channels")
    api.post("/v1/channels", json={"name": "Launch"})
    page = console.text("/console/usage")
    assert '<svg class="chart"' in page and "Plan: <strong>free</strong>" in page
    assert f"{datetime.datetime.now(datetime.UTC).date().isoformat()}: 2 requests" in page


def test_the_post_form_counts_against_each_platforms_limit_from_its_adapter(console):
    page = console.text("/console/posts/new")
    assert '<li data-platform="x" data-limit="280">' in page
    assert 'data-platform="sandbox"' not in page  # test mode's sandbox has no limit of its own
    assert "X counts weighted characters" in page and 'aria-describedby="content-limits x-weighting"' in page
