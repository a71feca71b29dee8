"""The Python SDK (clients/python) against a live Postline, as a client developer uses
it: create a channel, upload an image, schedule a post on a test key, page through the
posts by cursor, wait for the post to be `done`, read its targets, and verify the
`post.delivered` webhook with the `standardwebhooks` library.

Typed throughout: tests/clients/test_sdks.py checks this module and the SDK with
`mypy --strict`, then runs `run()` against gunicorn and the worker.
"""

from __future__ import annotations

import base64
import io
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import TypeVar

from postline_client import AuthenticatedClient
from postline_client.api.channels import create_channel
from postline_client.api.media import upload_media
from postline_client.api.posts import create_post, get_post, list_posts
from postline_client.api.webhooks import create_webhook
from postline_client.models import (
    ChannelCreate,
    ChannelResponse,
    ListPostsSort,
    MediaResponse,
    MediaUpload,
    Post,
    PostCreate,
    PostCreateStatus,
    PostDeliveredEvent,
    PostListResponse,
    PostResponse,
    PostStatus,
    PostWriteResponse,
    TargetStatus,
    WebhookCreate,
    WebhookWithSecretResponse,
)
from postline_client.types import UNSET, File, Unset
from standardwebhooks import Webhook

# A 1x1 PNG.
PIXEL = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="
)
WAIT_SECONDS = 60.0

Answer = TypeVar("Answer")


def expect(answer: object, kind: type[Answer]) -> Answer:
    """`answer` if the SDK parsed a success of `kind`, else a failure that shows what came."""
    if not isinstance(answer, kind):
        raise AssertionError(f"expected {kind.__name__}, got {answer!r}")
    return answer


def wait_for(what: str, ready: Callable[[], bool]) -> None:
    deadline = time.monotonic() + WAIT_SECONDS
    while not ready():
        if time.monotonic() > deadline:
            raise AssertionError(f"no {what} within {WAIT_SECONDS} s")
        time.sleep(0.2)


@dataclass
class Delivery:
    headers: dict[str, str]
    body: bytes


@dataclass
class Receiver:
    """A webhook endpoint on 127.0.0.1 that keeps every request it is sent."""

    deliveries: list[Delivery] = field(default_factory=list)
    server: ThreadingHTTPServer | None = None

    def start(self) -> str:
        kept = self.deliveries

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                kept.append(Delivery({name.lower(): value for name, value in self.headers.items()}, body))
                self.send_response(200)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, format: str, *args: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        return f"http://127.0.0.1:{self.server.server_address[1]}/postline"

    def stop(self) -> None:
        if self.server is not None:
            self.server.shutdown()
            self.server.server_close()


def page_through(client: AuthenticatedClient) -> list[str]:
    """Every post's id, two per page, following `next_cursor` to the end."""
    seen: list[str] = []
    cursor: str | Unset = UNSET
    while True:
        answer = list_posts.sync(client=client, per_page=2, sort=ListPostsSort.CREATEDAT, cursor=cursor)
        page = expect(answer, PostListResponse)
        seen += [post.id for post in page.data]
        next_cursor = page.meta.pagination.next_cursor
        if next_cursor is None:
            return seen
        cursor = next_cursor


def schedule(client: AuthenticatedClient, channel_id: str, media_key: str) -> tuple[str, list[str]]:
    """A post with the image, due in 2 seconds, and two drafts: their ids."""
    soon = int(time.time() * 1000) + 2000
    post = PostCreate(channel_id=channel_id, content="Hi from Python", media=[media_key], scheduled_for=soon)
    post_id = expect(create_post.sync(client=client, body=post), PostWriteResponse).data.id
    drafts = []
    for n in range(2):
        draft = PostCreate(channel_id=channel_id, content=f"Draft {n}", status=PostCreateStatus.DRAFT)
        drafts.append(expect(create_post.sync(client=client, body=draft), PostWriteResponse).data.id)
    return post_id, drafts


def published(client: AuthenticatedClient, post_id: str) -> Post:
    """The post once publishing has ended."""
    latest: list[Post] = []

    def ended() -> bool:
        latest[:] = [expect(get_post.sync(post_id, client=client), PostResponse).data]
        return latest[0].status not in (PostStatus.QUEUED, PostStatus.PUBLISHING)

    wait_for(f"end of publishing for {post_id}", ended)
    return latest[0]


def run(base_url: str, key: str) -> None:
    """The whole walk with the test-mode `key` against the server at `base_url`."""
    receiver = Receiver()
    try:
        with AuthenticatedClient(base_url=base_url, token=key, raise_on_unexpected_status=True) as client:
            walk(client, receiver)
    finally:
        receiver.stop()


def walk(client: AuthenticatedClient, receiver: Receiver) -> None:
    hook = WebhookCreate(url=receiver.start(), events=["post.delivered"])
    secret = expect(create_webhook.sync(client=client, body=hook), WebhookWithSecretResponse).data.secret
    assert isinstance(secret, str)
    channel = ChannelCreate(name="SDK smoke")
    channel_id = expect(create_channel.sync(client=client, body=channel), ChannelResponse).data.id
    pixel = File(payload=io.BytesIO(PIXEL), file_name="pixel.png", mime_type="image/png")
    media = expect(upload_media.sync(client=client, body=MediaUpload(file=pixel)), MediaResponse).data
    assert (media.content_type, media.width, media.height) == ("image/png", 1, 1)

    post_id, drafts = schedule(client, channel_id, media.key)
    assert page_through(client) == [post_id, *drafts]

    done = published(client, post_id)
    assert done.status == PostStatus.DONE, done.last_error
    assert [(t.platform, t.status) for t in done.targets] == [("sandbox", TargetStatus.PUBLISHED)]
    assert done.targets[0].platform_post_id

    wait_for("post.delivered webhook", lambda: bool(receiver.deliveries))
    delivery = receiver.deliveries[0]
    verified = Webhook(secret).verify(delivery.body, delivery.headers)
    event = PostDeliveredEvent.from_dict(verified)
    assert event.data.post_id == post_id
    assert event.id == delivery.headers["webhook-id"]
