"""Media URLs in rows are fetched through the SSRF-safe media import, once per chunk;
imports count against an endpoint limit like POST /v1/posts/batch (docs/imports.md)."""

import pytest

from devtools.media import image, upload
from models import Media, Post
from tests.imports.conftest import csv_file, run_worker, send
from tests.media.test_import import FileServer
from tests.support.client import assert_error

PNG = image("PNG", (12, 9))


@pytest.fixture
def settings(settings):
    # A file server on this machine, over http: as for local development.
    settings["media"] = {**settings["media"], "import_allow_http": True, "import_allow_private_targets": True}
    return settings


@pytest.fixture
def files():
    server = FileServer({"/launch.png": (200, {"Content-Length": str(len(PNG))}, PNG, 0)})
    yield server
    server.stop()


@pytest.mark.storage
def test_media_urls_are_imported_once_and_a_failing_one_rejects_its_row(api, channel, app, files):
    good, missing = files.url("/launch.png"), files.url("/nothing.png")
    files.routes["/nothing.png"] = (404, {}, b"", 0)
    body = (
        f"channelId,content,media,x.media\n{channel},One,{good},\n{channel},Two,{good},{good}\n{channel},Three,{missing},\n"
    ).encode()
    checked = send(api, body, dry_run=True).get_json()["data"]
    assert checked["accepted"] == 3 and files.requests == []  # a dry run fetches nothing
    started = send(api, body).get_json()["data"]
    run_worker(app)
    done = api.get(f"/v1/imports/{started['id']}").get_json()["data"]
    assert done["created"] == 2
    assert done["rejected"] == [
        {"line": 4, "errors": [{"field": "media[0]", "message": f"{missing}: answered HTTP 404, not 200"}]}
    ]
    (media,) = Media.select()
    assert files.requests == ["/launch.png", "/nothing.png"]
    assert [post.media for post in Post.select().order_by(Post.content)] == [[media.id], [media.id]]
    assert Post.get(Post.content == "Two").platform_versions == {"x": {"media": [media.id]}}


@pytest.mark.storage
def test_a_media_key_of_the_callers_own_is_attached_and_anothers_is_rejected(api, channel, app, make_key):
    mine = upload(api, PNG, "launch.png").get_json()["data"]["key"]
    stranger = api.as_key(make_key(account="globex"))
    theirs = upload(stranger, PNG, "theirs.png").get_json()["data"]["key"]
    rows = [f"{channel},Mine,{mine},{mine}", f"{channel},Theirs,{theirs},"]
    body = "\n".join(["channelId,content,media,x.media", *rows, ""]).encode()
    checked = send(api, body, dry_run=True).get_json()["data"]
    assert checked["accepted"] == 1
    started = send(api, body).get_json()["data"]
    run_worker(app)
    done = api.get(f"/v1/imports/{started['id']}").get_json()["data"]
    assert done["created"] == 1
    assert done["rejected"] == [{"line": 3, "errors": [{"field": "media[0]", "message": "no such media"}]}]
    [post] = api.get("/v1/posts").get_json()["data"]
    assert (post["content"], post["media"], post["platforms"]["x"]["media"]) == ("Mine", [mine], [mine])
    assert Media.select().count() == 2  # a key is used as it is, not imported again


@pytest.fixture
def limited(settings):
    settings["limits"] = {"enabled": True}
    return settings


def test_imports_have_an_endpoint_limit_of_ten_a_minute(limited, app, api, channel):
    for _ in range(10):
        assert send(api, csv_file(channel, 1), dry_run=True).status_code == 200
    refused = assert_error(send(api, csv_file(channel, 1), dry_run=True), 429, "RATE_LIMIT_EXCEEDED")
    assert "POST /v1/posts/import" in refused["message"]
