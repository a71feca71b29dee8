"""Lists by cursor (docs/api.md, Lists): `meta.pagination.next_cursor` and `Link:
<...>; rel="next"` lead from page to page, and a row that was there when the first page
was read appears exactly once, whatever is created or deleted between two pages."""

import datetime
import re
from urllib.parse import parse_qs, urlsplit

import pytest

from postline.limits import usage
from postline.web import cursors

# Keyset queries on (sort column, id): each backend's row-value comparison and order.
pytestmark = pytest.mark.storage

HOUR = 3_600_000
NOW = 1_800_000_000_000


def next_link(response):
    """The URL of `Link: <...>; rel="next"`, or None without one."""
    header = response.headers.get("Link")
    if header is None:
        return None
    return re.fullmatch(r'<([^>]+)>; rel="next"', header).group(1)


def walk(api, response):
    """The ids of `response`'s page and of every page after it, by their Link headers;
    each page's `next_cursor` is in its Link, and the last has neither."""
    ids = []
    while True:
        assert response.status_code == 200, response.get_data(as_text=True)
        body = response.get_json()
        ids += [item.get("id") or item.get("date") for item in body["data"]]
        link, cursor = next_link(response), body["meta"]["pagination"]["next_cursor"]
        if link is None:
            assert cursor is None
            return ids
        query = parse_qs(urlsplit(link).query)
        assert query["cursor"] == [cursor] and "page" not in query
        response = api.get(link)


@pytest.fixture
def channel(api, clock_at):
    # One clock for every post: equal `createdAt`s, and `scheduledFor`s tied where asked.
    clock_at(NOW)
    return api.post("/v1/channels", json={"name": "Pages"}).get_json()["data"]["id"]


def create_post(api, channel, hours, status="queued"):
    when = NOW + int(hours * HOUR)
    body = {"channelId": channel, "content": f"in {hours} h", "scheduledFor": when, "status": status}
    created = api.post("/v1/posts", json=body)
    assert created.status_code == 201, created.get_data(as_text=True)
    return created.get_json()["data"]["id"]


@pytest.mark.parametrize("sort", ["scheduledFor", "-scheduledFor", "-createdAt", "status"])
def test_a_post_created_or_deleted_between_two_cursor_pages_is_neither_repeated_nor_skipped(
    api, channel, sort
):
    # Ties in every sort (two posts an hour out, drafts among queued posts): ids break them.
    existing = [
        create_post(api, channel, hours, status)
        for hours, status in [
            (1, "queued"),
            (2, "draft"),
            (2, "queued"),
            (3, "queued"),
            (4, "draft"),
            (5, "queued"),
            (6, "queued"),
        ]
    ]
    first = api.get(f"/v1/posts?sort={sort}&per_page=3")
    page_one = [post["id"] for post in first.get_json()["data"]]
    assert len(page_one) == 3 and first.get_json()["meta"]["pagination"]["next_cursor"]
    unseen = [post_id for post_id in existing if post_id not in page_one]
    # Meanwhile: new posts before, among and after them; the cursor's own row and an
    # unseen one deleted.
    created = [
        create_post(api, channel, hours, status)
        for hours, status in [(0.5, "draft"), (2, "queued"), (9, "queued")]
    ]
    assert api.delete(f"/v1/posts/{page_one[-1]}").status_code == 200
    assert api.delete(f"/v1/posts/{unseen[0]}").status_code == 200

    rest = walk(api, api.get(next_link(first)))
    read = page_one + rest
    assert len(read) == len(set(read))  # nothing twice
    assert set(unseen[1:]) <= set(rest)  # nothing that was there skipped
    assert unseen[0] not in rest and set(rest) <= set(existing + created)


def test_offset_pages_shift_when_a_row_is_added_and_cursor_pages_do_not(api, channel):
    """What docs/api.md says of `page`: a post created at the front pushes the last row of
    page 1 onto page 2, which the cursor of page 1 does not show again."""
    ids = [create_post(api, channel, hours) for hours in range(1, 7)]
    first = api.get("/v1/posts?per_page=3")
    create_post(api, channel, 0)
    by_offset = [post["id"] for post in api.get("/v1/posts?per_page=3&page=2").get_json()["data"]]
    by_cursor = [post["id"] for post in api.get(next_link(first)).get_json()["data"]]
    assert by_offset == ids[2:5] and by_cursor == ids[3:6]


def test_an_offset_page_answers_the_cursor_of_the_page_after_it(api, channel):
    ids = [create_post(api, channel, hours) for hours in range(1, 8)]
    second = api.get("/v1/posts?per_page=3&page=2")
    assert [post["id"] for post in second.get_json()["data"]] == ids[3:6]
    assert walk(api, second) == ids[3:]
    last = api.get("/v1/posts?per_page=3&page=3")
    assert last.get_json()["meta"]["pagination"]["next_cursor"] is None and "Link" not in last.headers
    exact = api.get("/v1/posts?per_page=7")  # one full page and nothing after it
    assert exact.get_json()["meta"]["pagination"]["next_cursor"] is None and "Link" not in exact.headers


def test_a_cursor_page_keeps_the_filters_and_says_it_has_no_page_number(api, channel):
    ids = [create_post(api, channel, hours, "draft" if hours % 2 else "queued") for hours in range(1, 9)]
    drafts = [post_id for post_id, hours in zip(ids, range(1, 9), strict=True) if hours % 2]
    first = api.get("/v1/posts?filter[status][in]=draft&sort=-scheduledFor&per_page=2")
    link = next_link(first)
    assert "filter[status][in]=draft" in link and "sort=-scheduledFor" in link and "per_page=2" in link
    second = api.get(link).get_json()
    assert second["meta"]["pagination"]["page"] is None and second["meta"]["pagination"]["total"] == 4
    assert walk(api, first) == drafts[::-1]


@pytest.mark.parametrize("path", ["/v1/channels", "/v1/webhooks", "/v1/api-keys", "/v1/connections"])
def test_every_list_pages_by_cursor(api, make_key, path):
    if path == "/v1/connections":
        # Simulated connections (test mode) are listed like any other.
        api = api.as_key(make_key(mode="test"))
        channel = api.post("/v1/channels", json={"name": "Simulated"}).get_json()["data"]["id"]
    for number in range(5):
        if path == "/v1/channels":
            made = api.post(path, json={"name": f"c{number}"})
        elif path == "/v1/webhooks":
            made = api.post(
                path, json={"url": f"https://hooks.example.com/{number}", "events": ["post.created"]}
            )
        elif path == "/v1/api-keys":
            made = api.post(path, json={"name": f"k{number}"})
        else:
            simulated = {"platform": "x", "channelId": channel, "username": f"u{number}"}
            made = api.post("/v1/connections/sandbox", json=simulated)
        assert made.status_code == 201, made.get_data(as_text=True)
    everything = [item["id"] for item in api.get(f"{path}?per_page=100").get_json()["data"]]
    assert len(everything) >= 5
    assert walk(api, api.get(f"{path}?per_page=2")) == everything


def test_deliveries_and_usage_days_page_by_cursor(api, clock_at):
    webhook = api.post(
        "/v1/webhooks", json={"url": "https://hooks.example.com/d", "events": ["post.created"]}
    )
    webhook_id = webhook.get_json()["data"]["id"]
    for _ in range(5):
        api.post(f"/v1/webhooks/{webhook_id}/test")
    deliveries = f"/v1/webhooks/{webhook_id}/deliveries"
    everything = [item["id"] for item in api.get(deliveries).get_json()["data"]]
    assert len(everything) == 5
    assert walk(api, api.get(f"{deliveries}?per_page=2&filter[trigger]=test")) == everything

    today = usage.today()
    first = today - datetime.timedelta(days=9)
    days = walk(api, api.get(f"/v1/usage/history?from={first}&per_page=4"))
    assert days == [(first + datetime.timedelta(days=n)).isoformat() for n in range(10)]
    second = api.get(next_link(api.get(f"/v1/usage/history?from={first}&per_page=4")))
    assert second.get_json()["meta"]["pagination"] == {
        "page": None,
        "per_page": 4,
        "total": 10,
        "total_pages": 3,
        "next_cursor": second.get_json()["meta"]["pagination"]["next_cursor"],
    }


def test_a_cursor_that_is_not_this_lists_is_a_400_naming_it(api, channel, make_key):
    for hours in range(1, 4):
        create_post(api, channel, hours)
    cursor = api.get("/v1/posts?per_page=1").get_json()["meta"]["pagination"]["next_cursor"]
    payload, signature = cursor.split(".")
    forged = cursors.encode("0" * 32, [0, "post_0"]).split(".")[0] + "." + signature
    cases = {
        "not a cursor": "/v1/posts?cursor=abc",
        "cut short": f"/v1/posts?cursor={cursor[:-3]}",
        "altered": f"/v1/posts?cursor={forged}",
        "another sort": f"/v1/posts?sort=-scheduledFor&cursor={cursor}",
        "another filter": f"/v1/posts?filter[status]=queued&cursor={cursor}",
        "another list": f"/v1/channels?cursor={cursor}",
    }
    for case, path in cases.items():
        refused = api.get(path)
        assert refused.status_code == 400, case
        assert refused.get_json()["error"]["details"][0]["field"] == "cursor", case
    elsewhere = api.get(f"/v1/posts?sort=-scheduledFor&cursor={cursor}").get_json()["error"]["message"]
    assert "another sort, filter or key" in elsewhere
    other_mode = api.as_key(make_key(mode="test")).get(f"/v1/posts?cursor={cursor}")
    assert other_mode.status_code == 400
    with_page = api.get(f"/v1/posts?page=2&cursor={cursor}")
    assert with_page.status_code == 400 and with_page.get_json()["error"]["details"][0]["field"] == "page"
    assert api.get(f"/v1/posts?per_page=5&cursor={cursor}").status_code == 200  # per_page may change
