"""The console's import page: a file checked by a dry run shown row by row, then
imported, its progress and rejected rows shown (docs/imports.md, In the console)."""

import io
import re

from models import Channel, Import, Post
from tests.imports.conftest import HEADER, run_worker, send

HIDDEN_FILE = re.compile(r'name="file" value="([^"]*)"')


def test_a_file_is_previewed_as_a_table_then_imported(console, app):
    console.post("/console/channels", {"name": "Launch"})
    channel = Channel.get(Channel.name == "Launch").id
    body = f"{HEADER}\n{channel},Ready to go,2030-01-15T09:00:00Z\n{channel},Bad time,someday\n".encode()
    preview = console.post(
        "/console/imports/preview",
        {"file": (io.BytesIO(body), "posts.csv")},
        content_type="multipart/form-data",
    )
    page = preview.get_data(as_text=True)
    assert preview.status_code == 200, page[:500]
    assert "posts.csv: 1 of 2 rows can be imported" in page
    assert "Ready to go" in page and "scheduledFor: is not a valid ISO 8601 timestamp" in page
    assert Post.select().count() == 0 and Import.get().dry_run

    encoded = HIDDEN_FILE.search(page).group(1)
    started = console.post(
        "/console/imports", {"file": encoded, "format": "csv"}, content_type="multipart/form-data"
    )
    assert started.status_code == 302, started.get_data(as_text=True)[:500]
    assert "Importing: 0 of 2 posts created so far" in console.text(started.headers["Location"])
    run_worker(app)
    shown = console.text(started.headers["Location"])
    assert "Done: 1 of 2 posts created" in shown and "someday" not in shown
    assert "scheduledFor: is not a valid ISO 8601 timestamp" in shown
    assert [post.content for post in Post.select()] == ["Ready to go"]
    assert "1 of 2 rows, 1 rejected" in console.text("/console/imports")


def test_a_file_the_console_cannot_read_shows_the_form_again(console):
    refused = console.post(
        "/console/imports/preview",
        {"file": (io.BytesIO(b"colour\nred\n"), "posts.csv")},
        content_type="multipart/form-data",
    )
    assert refused.status_code == 400
    assert "colour: is not a known column" in refused.get_data(as_text=True)
    empty = console.post("/console/imports/preview", {}, content_type="multipart/form-data")
    assert empty.status_code == 400 and "Choose a CSV or NDJSON file." in empty.get_data(as_text=True)
    assert Import.select().count() == 0


def test_another_accounts_import_is_not_found(console, api, make_key):
    theirs = api.as_key(make_key(account="other"))
    channel = theirs.post("/v1/channels", json={"name": "Theirs"}).get_json()["data"]["id"]
    created = send(theirs, f"channelId,content\n{channel},Theirs\n".encode()).get_json()["data"]
    assert console.get(f"/console/imports/{created['id']}").status_code == 404
    assert console.get("/console/imports/imp_nothing").status_code == 404


def test_the_preview_needs_this_sessions_csrf_token(console):
    for token in (None, "forged"):
        form = {"file": (io.BytesIO(b"channel,content\nLaunch,Hello\n"), "posts.csv")}
        if token is not None:
            form["csrf_token"] = token
        refused = console.post(
            "/console/imports/preview", form, csrf=False, content_type="multipart/form-data"
        )
        assert refused.status_code == 400 and "did not come from this console" in refused.get_data(
            as_text=True
        )
    assert Import.select().count() == 0
