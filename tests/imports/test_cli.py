"""`flask --app app import-posts FILE`: the same file, columns and checks as the API,
the posts created in chunks by the command itself (docs/imports.md, The CLI)."""

import json
import re

import pytest

from devtools.client import Api
from models import TEST, Import, Post
from postline import imports
from tests.imports.conftest import HEADER, T, csv_file

# The command creates its posts under a lease of its own, in chunked transactions.
pytestmark = pytest.mark.storage


def run(app, *args):
    return app.test_cli_runner().invoke(args=["import-posts", *map(str, args)], catch_exceptions=False)


def test_the_cli_imports_a_csv_and_lists_its_rejected_rows(app, api, channel, tmp_path):
    path = tmp_path / "posts.csv"
    path.write_bytes(csv_file(channel, 3) + f"{channel},Bad time,yesterday\n".encode())
    result = run(app, path, "--account", "acme")
    assert result.exit_code == 0, result.output
    assert "created 3 of 4 rows; 1 rejected" in result.output
    assert "line 5: scheduledFor: is not a valid ISO 8601 timestamp" in result.output
    assert Post.select().count() == 3 and Import.get().status == "done"
    again = run(app, path, "--account", "acme")
    assert "created 3 of 4 rows" in again.output and Post.select().count() == 3


def test_the_cli_shows_its_progress_bar_before_the_summary(app, api, channel, tmp_path):
    """Not on a terminal (a log, a pipe, this runner) rich's bar is written once, when it
    stops: full, after every chunk (two here), then the summary."""
    path = tmp_path / "posts.csv"
    rows = imports.CHUNK_ROWS + 1
    path.write_bytes(csv_file(channel, rows))
    lines = run(app, path, "--account", "acme").output.splitlines()
    assert re.fullmatch(r"Importing ━+ 100% [0-9:-]+", lines[0]), lines[0]
    assert lines[1].endswith(f"created {rows} of {rows} rows; 0 rejected.")
    assert len(lines) == 2


def test_the_cli_dry_run_and_ndjson_in_test_mode(app, make_key, tmp_path, clock_at):
    clock_at(T)
    tester = make_key(mode=TEST)
    channel = (
        Api(app.test_client(), tester).post("/v1/channels", json={"name": "CLI"}).get_json()["data"]["id"]
    )
    path = tmp_path / "posts.ndjson"
    path.write_text("\n".join(json.dumps({"channel": "CLI", "content": f"Row {i}"}) for i in range(2)) + "\n")
    checked = run(app, path, "--account", "acme", "--test", "--dry-run")
    assert "would create 2 of 2 rows; 0 rejected" in checked.output, checked.output
    assert Post.select().count() == 0
    created = run(app, path, "--account", "acme", "--test")
    assert "created 2 of 2 rows" in created.output
    assert {post.channel_id for post in Post.select()} == {channel}
    assert {post.mode for post in Post.select()} == {TEST}


def test_the_cli_names_what_makes_a_file_unreadable(app, api, channel, tmp_path):
    path = tmp_path / "posts.csv"
    path.write_bytes(f"{HEADER},colour\n{channel},Hi,,red\n".encode())
    result = app.test_cli_runner().invoke(args=["import-posts", str(path), "--account", "acme"])
    assert result.exit_code == 1
    assert "colour: is not a known column" in result.output
    unknown = app.test_cli_runner().invoke(args=["import-posts", str(path), "--account", "nobody"])
    assert unknown.exit_code == 2 and "no account named 'nobody'" in unknown.output
