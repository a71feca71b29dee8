"""What makes a whole file unreadable is a 400 naming the line or column, and nothing of
it is imported; a file over `[imports] max_bytes` is a 413 (docs/imports.md, Limits)."""

import pytest

from models import Import, Post
from tests.imports.conftest import HEADER, csv_file, send
from tests.support.client import assert_error

MAX_BYTES = 200_000


@pytest.fixture
def settings(settings):
    settings["imports"] = {"max_bytes": MAX_BYTES}
    return settings


def refused(response, details, imports_before=0):
    error = assert_error(response, 400, "VALIDATION_ERROR", "validation_error")
    assert error["details"] == details
    assert Import.select().count() == imports_before and Post.select().count() == 0


def test_a_file_that_is_not_utf8_names_its_line(api, channel):
    body = f"{HEADER}\n{channel},Fine,\n".encode() + f"{channel},Caf".encode() + b"\xe9,\n"
    message = "line 3 is not UTF-8 (byte 0xe9); save the file as UTF-8"
    refused(send(api, body), [{"field": "line", "message": message}])
    refused(send(api, body, dry_run=True), [{"field": "line", "message": message}])


def test_a_utf8_byte_order_mark_is_fine(api, channel):
    response = send(api, "\ufeff".encode() + csv_file(channel, 1), dry_run=True)
    assert response.status_code == 200 and response.get_json()["data"]["accepted"] == 1


@pytest.mark.parametrize("dry_run", [True, False])
def test_ten_megabytes_of_one_line_names_the_line(api, channel, app, dry_run):
    app.config["POSTLINE"]["imports"]["max_bytes"] = 20 * 1024 * 1024
    try:
        response = send(api, b"x" * (10 * 1024 * 1024), dry_run=dry_run)
    finally:
        app.config["POSTLINE"]["imports"]["max_bytes"] = MAX_BYTES
    message = "line 1 is 10,485,760 bytes long; a line may have at most 65,536"
    refused(response, [{"field": "line", "message": message}])


def test_a_line_of_64_kb_is_read_and_one_byte_more_refused(api, channel):
    padding = "x" * (65536 - len(f"{channel},"))
    assert send(api, f"channelId,content\n{channel},{padding}\n".encode(), dry_run=True).status_code == 200
    message = "line 2 is 65,537 bytes long; a line may have at most 65,536"
    too_long = send(api, f"channelId,content\n{channel},{padding}x\n".encode())
    refused(too_long, [{"field": "line", "message": message}], imports_before=1)


def test_an_unknown_column_is_named(api, channel):
    body = f"channelId,content,colour\n{channel},Hello,red\n".encode()
    refused(send(api, body), [{"field": "colour", "message": "is not a known column"}])
    refused(
        send(api, b"content\nHello\n"),
        [{"field": "channelId", "message": "the header needs a channelId or a channel column"}],
    )


@pytest.mark.parametrize(
    "body, field",
    [
        (b"", "body"),
        (b"\n\n", "body"),
        (b"channelId,content\n", "body"),
        (b'channelId,content\n"ch_1,x\n', "line"),
    ],
)
def test_empty_files_and_broken_csv_are_refused(api, body, field):
    response = send(api, body)
    assert_error(response, 400, "VALIDATION_ERROR")
    assert [d["field"] for d in response.get_json()["error"]["details"]] == [field]


def test_a_file_over_max_bytes_is_413_and_one_of_exactly_it_is_read(api, channel):
    body = csv_file(channel, 1)
    exact = body + b"\n" * (MAX_BYTES - len(body))  # blank lines: no row, no long line
    assert send(api, exact, dry_run=True).status_code == 200
    assert_error(send(api, exact + b"\n"), 413, "PAYLOAD_TOO_LARGE", "invalid_request_error")
    assert Import.select().count() == 1  # the dry run


def test_json_bodies_keep_their_own_limit(api, channel):
    """The import's limit is its route's own: POST /v1/posts still refuses a body over 1 MB."""
    response = api.post("/v1/posts", json={"channelId": channel, "content": "x" * (1024 * 1024 + 1)})
    assert_error(response, 413, "PAYLOAD_TOO_LARGE")


def test_other_body_types_and_charsets_are_refused(api, channel):
    assert_error(api.post("/v1/posts/import", json={"posts": []}), 415, "UNSUPPORTED_MEDIA_TYPE")
    response = send(api, csv_file(channel, 1), "text/csv; charset=latin-1")
    assert_error(response, 400, "VALIDATION_ERROR")
    assert response.get_json()["error"]["details"][0]["field"] == "Content-Type"


def test_row_problems_name_their_columns_and_lines(api, channel):
    rows = [
        "channelId,channel,content,scheduledFor,timezone,media,thread,queue",
        f"{channel},,Local without zone,2030-01-15T09:00:00,,,,",
        f"{channel},Launch,Both channels,,,,,",
        ",,No channel,,,,,",
        f"{channel},,,,,,,",
        f"{channel},,Bad zone,2030-01-15T09:00:00,Mars/Olympus,,,",
        f"{channel},,Bad media,,,med_nothing.png,,",
        f'{channel},,Bad thread,,,,"[1, 2",',
        f"{channel},,Seconds,1800000000,,,,",
        f'{channel},,Good,2030-01-15T09:00:00,Europe/Berlin,,"[""two""]",',
    ]
    data = send(api, ("\n".join(rows) + "\n").encode(), dry_run=True).get_json()["data"]
    found = {row["line"]: [(e["field"], e["message"]) for e in row["errors"]] for row in data["rejected"]}
    assert found == {
        2: [("scheduledFor", "needs a UTC offset or Z (or a timezone field for a local time)")],
        3: [("channelId", "give channelId or channel, not both")],
        4: [("channelId", "is required (or channel, the channel's name)")],
        5: [("content", "is required unless media is given")],
        6: [("timezone", "is not a known IANA time zone")],
        7: [("media[0]", "no such media")],
        8: [("thread", "must be a JSON array of parts")],
        9: [("scheduledFor", "looks like Unix seconds; send milliseconds")],
    }
    assert (data["total"], data["accepted"]) == (9, 1)
