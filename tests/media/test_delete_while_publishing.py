"""Deleting media while a post that uses it is being published (docs/media.md: DELETE
answers 409 MEDIA_IN_USE while a post that is not yet done uses it).

A real worker process publishes to a fake X whose image upload is held open; the
delete, sent while X is receiving the bytes, is refused, and once the upload goes on
the post is published with the file's exact bytes. Afterwards the delete succeeds.
"""

import threading
import time

import pytest

from devtools.connecting import authorize
from devtools.fakes.x import FakeX
from devtools.media import image, upload
from tests.support import fakes

# A delete racing a publish: each backend's locking.
pytestmark = pytest.mark.storage

HOLD_SECONDS = 30  # the longest the fake keeps an upload open if the test never lets go


class HeldUploadX(FakeX):
    """The fake X, holding each image upload open until `release` is set: `arrived`
    is set once an upload has reached it (its bytes being sent)."""

    def __init__(self):
        self.arrived = threading.Event()
        self.release = threading.Event()
        super().__init__()

    def upload_image(self, request):
        self.arrived.set()
        self.release.wait(HOLD_SECONDS)
        return super().upload_image(request)


@pytest.fixture
def held_x():
    fake = HeldUploadX()
    yield fake
    fake.release.set()
    fakes.close(fake)


@pytest.fixture
def settings(settings, held_x):
    settings["x"] = held_x.settings()
    return settings


def wait_for(condition, seconds, what):
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"waited {seconds} s for {what}"
        time.sleep(0.1)


def test_media_deleted_while_its_post_is_being_sent_is_409_and_the_post_gets_the_bytes(
    api, held_x, worker_process
):
    channel = api.post("/v1/channels", json={"name": "Launch"}).get_json()["data"]["id"]
    assert api.client.get(authorize(api, channelId=channel)).status_code in (200, 302)
    data = image("PNG", size=(64, 48))
    media_key = upload(api, data, "banner.png").get_json()["data"]["key"]
    created = api.post(
        "/v1/posts", json={"channelId": channel, "content": "With a banner", "media": [media_key]}
    )
    post_id = created.get_json()["data"]["id"]

    worker = worker_process(
        **held_x.env(), POSTLINE_WORKER_POLL_INTERVAL="0.2", POSTLINE_PUBLISHING_TIMEOUT="60"
    )
    assert held_x.arrived.wait(30), worker.output()
    assert api.get(f"/v1/posts/{post_id}").get_json()["data"]["status"] == "publishing"

    refused = api.delete(f"/v1/media/{media_key}")
    assert refused.status_code == 409, refused.get_data(as_text=True)
    error = refused.get_json()["error"]
    assert error["code"] == "MEDIA_IN_USE"
    assert error["details"] == [{"field": "key", "message": f"used by {post_id}"}]
    assert api.get(f"/v1/media/{media_key}").status_code == 200
    assert api.get(f"/v1/media/{media_key}/content").get_data() == data

    held_x.release.set()
    wait_for(lambda: api.get(f"/v1/posts/{post_id}").get_json()["data"]["status"] == "done", 30, "the post")
    assert worker.process.poll() is None, worker.output()
    [tweet] = held_x.tweets
    assert tweet["text"] == "With a banner"
    [sent] = tweet["media_ids"]
    assert bytes(held_x.media[sent]["data"]) == data  # the file's exact bytes reached X
    [target] = api.get(f"/v1/posts/{post_id}").get_json()["data"]["targets"]
    assert target["status"] == "published" and target["platformPostId"] == tweet["id"]

    # The post is done: nothing needs the file any more.
    assert api.delete(f"/v1/media/{media_key}").status_code == 200
    assert api.get(f"/v1/media/{media_key}").status_code == 404
