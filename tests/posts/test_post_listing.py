"""GET /v1/posts: every filter of the contract's table, sorts, paging and totals (docs/api.md, Lists)."""

import pytest

from models import Post, PostTallyDelta, PostTarget
from postline import tallies
from tests.support.client import assert_error

# Listing filters, sorts, paging and exact totals: SQL that each backend runs its own way.
pytestmark = pytest.mark.storage

T = 1_800_000_000_000


@pytest.fixture
def posts(api, clock_at):
    """Six posts over two channels, with distinct createdAt, scheduledFor and statuses."""
    clock_at(T)
    a = api.post("/v1/channels", json={"name": "A"}).get_json()["data"]["id"]
    b = api.post("/v1/channels", json={"name": "B"}).get_json()["data"]["id"]
    rows = [
        ("p0", a, "Launch day", 50_000, "queued"),
        ("p1", a, "launch recap", 10_000, "done"),
        ("p2", b, "Quiet update", 30_000, "failed"),
        ("p3", b, "LAUNCH countdown", 20_000, "queued"),
        ("p4", a, "draft idea", 40_000, "draft"),
        ("p5", b, "blocked one", 60_000, "blocked"),
    ]
    made = {}
    for offset, (name, channel, content, due, status) in enumerate(rows):
        clock_at(T + offset * 1000)
        body = {"channelId": channel, "content": content, "scheduledFor": T + due}
        if status == "draft":
            body["status"] = "draft"
        post = api.post("/v1/posts", json=body).get_json()["data"]
        Post.update(status=status).where(Post.id == post["id"]).execute()
        made[name] = post["id"]
    return {"ids": made, "a": a, "b": b}


def names(posts, response):
    assert response.status_code == 200, response.get_data(as_text=True)
    by_id = {v: k for k, v in posts["ids"].items()}
    return [by_id[p["id"]] for p in response.get_json()["data"]]


def test_default_sort_is_scheduled_for_ascending(api, posts):
    assert names(posts, api.get("/v1/posts")) == ["p1", "p3", "p2", "p4", "p0", "p5"]


@pytest.mark.parametrize(
    "sort, expected",
    [
        ("scheduledFor", ["p1", "p3", "p2", "p4", "p0", "p5"]),
        ("-scheduledFor", ["p5", "p0", "p4", "p2", "p3", "p1"]),
        ("createdAt", ["p0", "p1", "p2", "p3", "p4", "p5"]),
        ("-createdAt", ["p5", "p4", "p3", "p2", "p1", "p0"]),
        ("status", ["p5", "p1", "p4", "p2", "p0", "p3"]),
        ("-status", ["p3", "p0", "p2", "p4", "p1", "p5"]),
    ],
)
def test_sorts(api, posts, sort, expected):
    assert names(posts, api.get(f"/v1/posts?sort={sort}")) == expected


@pytest.mark.parametrize(
    "query, expected",
    [
        ("filter[status]=queued", ["p3", "p0"]),
        ("filter[status][eq]=queued", ["p3", "p0"]),
        ("filter[status][ne]=queued", ["p1", "p2", "p4", "p5"]),
        ("filter[status][in]=done,failed", ["p1", "p2"]),
        ("filter[status][in]=,done,,failed,", ["p1", "p2"]),
        ("filter[channelId]={a}", ["p1", "p4", "p0"]),
        ("filter[channelId][eq]={b}", ["p3", "p2", "p5"]),
        ("filter[channelId][ne]={a}", ["p3", "p2", "p5"]),
        ("filter[channelId][in]={a},{b}", ["p1", "p3", "p2", "p4", "p0", "p5"]),
        ("filter[channelId][in]=,{b},", ["p3", "p2", "p5"]),
        ("filter[channelId]=ch_unknown", []),
        ("filter[scheduledFor]={t30}", ["p2"]),
        ("filter[scheduledFor][eq]={t30}", ["p2"]),
        ("filter[scheduledFor][ne]={t30}", ["p1", "p3", "p4", "p0", "p5"]),
        ("filter[scheduledFor][gt]={t30}", ["p4", "p0", "p5"]),
        ("filter[scheduledFor][gte]={t30}", ["p2", "p4", "p0", "p5"]),
        ("filter[scheduledFor][lt]={t30}", ["p1", "p3"]),
        ("filter[scheduledFor][lte]={t30}", ["p1", "p3", "p2"]),
        ("filter[scheduledFor][gte]=2027-01-15T08:00:30Z", ["p2", "p4", "p0", "p5"]),
        ("filter[scheduledFor][lt]=2027-01-15T09:00:30%2B01:00", ["p1", "p3"]),
        ("filter[createdAt]={c2}", ["p2"]),
        ("filter[createdAt][ne]={c2}", ["p1", "p3", "p4", "p0", "p5"]),
        ("filter[createdAt][gt]={c2}", ["p3", "p4", "p5"]),
        ("filter[createdAt][gte]={c2}", ["p3", "p2", "p4", "p5"]),
        ("filter[createdAt][lt]={c2}", ["p1", "p0"]),
        ("filter[createdAt][lte]={c2}", ["p1", "p2", "p0"]),
        ("filter[createdAt][lte]=2027-01-15T08:00:02Z", ["p1", "p2", "p0"]),
        ("filter[content][contains]=aunch", ["p1", "p0"]),
        ("filter[content][contains]=Launch", ["p0"]),
        ("filter[content][contains]=LAUNCH", ["p3"]),
        ("filter[content][contains]=%25", []),
        ("filter[content][contains]=_", []),
        ("filter[status][in]=queued,failed&filter[channelId]={b}&sort=-scheduledFor", ["p2", "p3"]),
        (
            "filter[scheduledFor][gt]={t10}&filter[scheduledFor][lt]={t60}&filter[status][ne]=draft",
            ["p3", "p2", "p0"],
        ),
    ],
)
def test_filters(api, posts, query, expected):
    query = query.format(
        a=posts["a"], b=posts["b"], t10=T + 10_000, t30=T + 30_000, t60=T + 60_000, c2=T + 2000
    )
    assert names(posts, api.get(f"/v1/posts?{query}")) == expected
    assert api.get(f"/v1/posts?{query}").get_json()["meta"]["pagination"]["total"] == len(expected)


@pytest.mark.parametrize(
    "query, field",
    [
        ("filter[status][gt]=queued", "filter[status][gt]"),
        ("filter[status][contains]=que", "filter[status][contains]"),
        ("filter[status]=sent", "filter[status]"),
        ("filter[status][in]=queued,sent", "filter[status][in]"),
        ("filter[status][in]=,,", "filter[status][in]"),
        ("filter[channelId][contains]=ch", "filter[channelId][contains]"),
        ("filter[channelId][gt]=ch", "filter[channelId][gt]"),
        ("filter[scheduledFor][in]=1,2", "filter[scheduledFor][in]"),
        ("filter[scheduledFor][contains]=1", "filter[scheduledFor][contains]"),
        ("filter[scheduledFor]=tomorrow", "filter[scheduledFor]"),
        ("filter[scheduledFor][gt]=2027-01-15T08:00:00", "filter[scheduledFor][gt]"),
        ("filter[createdAt][in]=1", "filter[createdAt][in]"),
        ("filter[content]=Launch", "filter[content]"),
        ("filter[content][eq]=Launch", "filter[content][eq]"),
        ("filter[content][ne]=Launch", "filter[content][ne]"),
        ("filter[media][contains]=x", "filter[media][contains]"),
        ("filter[attempts]=0", "filter[attempts]"),
        ("filter[updatedAt][gt]=0", "filter[updatedAt][gt]"),
        ("sort=content", "sort"),
        ("sort=-updatedAt", "sort"),
        ("per_page=101", "per_page"),
        ("page=0", "page"),
    ],
)
def test_refused_filters(api, posts, query, field):
    response = api.get(f"/v1/posts?{query}")
    error = assert_error(response, 400, "VALIDATION_ERROR")
    assert error["details"][0]["field"] == field


def test_pages_follow_the_sort_without_repeats(api, posts):
    seen = []
    for page in (1, 2, 3, 4):
        body = api.get(f"/v1/posts?sort=-createdAt&per_page=2&page={page}").get_json()
        seen += names(posts, api.get(f"/v1/posts?sort=-createdAt&per_page=2&page={page}"))
        pagination = body["meta"]["pagination"]
        assert (pagination.pop("next_cursor") is not None) == (page < 3)  # docs/api.md, Lists
        assert pagination == {"page": page, "per_page": 2, "total": 6, "total_pages": 3}
    assert seen == ["p5", "p4", "p3", "p2", "p1", "p0"]


def test_ties_break_by_id_in_both_directions(api, clock_at):
    clock_at(T)
    channel = api.post("/v1/channels", json={"name": "A"}).get_json()["data"]["id"]
    body = {"posts": [{"channelId": channel, "content": f"n{i}", "scheduledFor": T} for i in range(5)]}
    ids = [p["id"] for p in api.post("/v1/posts/batch", json=body).get_json()["data"]]
    assert ids == sorted(ids)
    for sort, expected in (("scheduledFor", ids), ("-scheduledFor", ids[::-1]), ("createdAt", ids)):
        got = []
        for page in (1, 2, 3):
            got += [
                p["id"] for p in api.get(f"/v1/posts?sort={sort}&per_page=2&page={page}").get_json()["data"]
            ]
        assert got == expected


def test_totals_stay_exact_through_every_change(api, posts, clock_at):
    """The tallies behind `total` agree with a real count after creates, edits, deletes and folds."""

    def check():
        for status in ("queued", "done", "failed", "draft", "blocked", "publishing"):
            total = api.get(f"/v1/posts?filter[status]={status}").get_json()["meta"]["pagination"]["total"]
            assert total == Post.select().where(Post.status == status).count(), status
        for channel in (posts["a"], posts["b"]):
            query = f"/v1/posts?filter[channelId]={channel}&filter[status][ne]=done"
            total = api.get(query).get_json()["meta"]["pagination"]["total"]
            assert total == Post.select().where((Post.channel == channel) & (Post.status != "done")).count()
        assert api.get("/v1/posts").get_json()["meta"]["pagination"]["total"] == Post.select().count()

    check()
    tallies.fold()
    check()
    api.patch(f"/v1/posts/{posts['ids']['p2']}", json={"channelId": posts["a"]})
    api.patch(f"/v1/posts/{posts['ids']['p4']}", json={"status": "queued"})
    check()
    api.delete(f"/v1/posts/{posts['ids']['p5']}")
    Post.update(status="publishing").where(Post.id == posts["ids"]["p0"]).execute()
    check()
    tallies.fold()
    check()
    api.delete(f"/v1/channels/{posts['b']}")
    check()
    tallies.fold()
    tallies.fold()
    check()


def test_listing_includes_targets(api, posts):
    PostTarget.add(posts["ids"]["p1"], platform="sandbox", status="published", platform_post_id="sb_1")
    data = {p["id"]: p for p in api.get("/v1/posts").get_json()["data"]}
    assert [t["platformPostId"] for t in data[posts["ids"]["p1"]]["targets"]] == ["sb_1"]
    assert data[posts["ids"]["p0"]]["targets"] == []


def test_a_listing_folds_a_long_backlog_when_no_worker_does(api, posts, monkeypatch):
    """With no worker folding, a total folds the deltas itself once they pass
    FOLD_BACKLOG, so it never sums an ever longer backlog; and it stays exact."""
    tallies.fold()
    monkeypatch.setattr(tallies, "FOLD_BACKLOG", 10)
    Post.update(status="done").where(Post.id.in_(list(posts["ids"].values()))).execute()
    Post.update(status="failed").where(Post.id.in_(list(posts["ids"].values()))).execute()
    assert PostTallyDelta.select().count() > 10  # -1 and +1 per change of status
    monkeypatch.setattr(tallies.POSTS, "_next_check", 0.0)  # this process looked a moment ago
    total = api.get("/v1/posts?filter[status]=failed").get_json()["meta"]["pagination"]["total"]
    assert total == 6
    assert PostTallyDelta.select().count() == 0
