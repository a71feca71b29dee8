"""Channels: CRUD, validation, tenancy and the listing conventions (sections 4 and 5)."""

import re
from datetime import UTC, datetime

import pytest

from tests.support.client import assert_error


def create(api, **body):
    response = api.post("/v1/channels", json={"name": "Launch", **body})
    assert response.status_code == 201, response.get_data(as_text=True)
    return response.get_json()["data"]


@pytest.mark.storage
def test_create_read_update_delete(api, clock_at):
    now = clock_at(1_800_000_000_000)
    channel = create(api, name="Launch", color="#12abEF")
    assert re.fullmatch(r"ch_[0-9a-z]{30}", channel["id"])
    assert channel == {
        "id": channel["id"],
        "name": "Launch",
        "color": "#12abEF",
        "connectionIds": [],
        "createdAt": now,
        "updatedAt": now,
    }
    assert api.get(f"/v1/channels/{channel['id']}").get_json() == {"data": channel}

    clock_at(now + 5)
    response = api.patch(f"/v1/channels/{channel['id']}", json={"name": "Relaunch"})
    assert response.status_code == 200
    assert response.get_json()["data"] == {**channel, "name": "Relaunch", "updatedAt": now + 5}

    response = api.delete(f"/v1/channels/{channel['id']}")
    assert response.status_code == 200
    assert response.get_json() == {"data": {"id": channel["id"], "deleted": True}}
    assert api.get(f"/v1/channels/{channel['id']}").status_code == 404
    assert api.delete(f"/v1/channels/{channel['id']}").status_code == 404


def test_default_color_is_assigned(api):
    assert re.fullmatch(r"#[0-9A-F]{6}", create(api)["color"])


@pytest.mark.parametrize(
    "body, field",
    [
        ({}, "name"),
        ({"name": ""}, "name"),
        ({"name": "   "}, "name"),
        ({"name": "x" * 101}, "name"),
        ({"name": 5}, "name"),
        ({"name": "ok", "color": "red"}, "color"),
        ({"name": "ok", "color": "#12345"}, "color"),
        ({"name": "ok", "id": "ch_mine"}, "id"),
    ],
)
def test_create_validation(api, body, field):
    response = api.post("/v1/channels", json=body)
    assert response.status_code == 400
    error = response.get_json()["error"]
    assert error["type"] == "validation_error" and error["code"] == "VALIDATION_ERROR"
    assert field in [d["field"] for d in error["details"]]
    assert api.get("/v1/channels").get_json()["meta"]["pagination"]["total"] == 0


def test_name_of_100_characters_is_accepted(api):
    assert create(api, name="x" * 100)["name"] == "x" * 100


def test_patch_validation_leaves_the_channel_untouched(api):
    channel = create(api)
    response = api.patch(f"/v1/channels/{channel['id']}", json={"name": "New", "color": "blue"})
    assert response.status_code == 400
    assert api.get(f"/v1/channels/{channel['id']}").get_json()["data"] == channel


def test_other_accounts_and_other_modes_see_404(api, make_key):
    channel = create(api)
    for stranger in (make_key(account="globex"), make_key(mode="test")):
        other = api.as_key(stranger)
        assert other.get(f"/v1/channels/{channel['id']}").status_code == 404
        assert other.patch(f"/v1/channels/{channel['id']}", json={"name": "Mine"}).status_code == 404
        assert other.delete(f"/v1/channels/{channel['id']}").status_code == 404
        assert other.get("/v1/channels").get_json()["data"] == []
    assert api.get(f"/v1/channels/{channel['id']}").get_json()["data"] == channel


# Listing ------------------------------------------------------------------------


@pytest.fixture
def three(api, clock_at):
    """Channels created at t, t+1000 and t+2000 (t = 2027-01-15T08:00:00Z)."""
    t = clock_at(int(datetime(2027, 1, 15, 8, tzinfo=UTC).timestamp() * 1000))
    made = []
    for offset, name in ((0, "beta Launch"), (1000, "Alpha"), (2000, "launch gamma")):
        clock_at(t + offset)
        made.append(create(api, name=name))
    return t, made


def names(response):
    assert response.status_code == 200, response.get_data(as_text=True)
    return [c["name"] for c in response.get_json()["data"]]


@pytest.mark.storage
def test_default_sort_is_created_at_ascending(api, three):
    assert names(api.get("/v1/channels")) == ["beta Launch", "Alpha", "launch gamma"]


@pytest.mark.storage
@pytest.mark.parametrize(
    "sort, expected",
    [
        ("createdAt", ["beta Launch", "Alpha", "launch gamma"]),
        ("-createdAt", ["launch gamma", "Alpha", "beta Launch"]),
        ("name", ["Alpha", "beta Launch", "launch gamma"]),
        ("-name", ["launch gamma", "beta Launch", "Alpha"]),
    ],
)
def test_sort(api, three, sort, expected):
    assert names(api.get(f"/v1/channels?sort={sort}")) == expected


@pytest.mark.parametrize("sort", ["color", "-updatedAt", "created_at", "+name", ""])
def test_unknown_sort_is_400(api, sort):
    response = api.get(f"/v1/channels?sort={sort}")
    assert response.status_code == 400
    assert response.get_json()["error"]["details"][0]["field"] == "sort"


@pytest.mark.storage
def test_ties_are_broken_by_id_so_pages_never_repeat(api, clock_at):
    clock_at(1_800_000_000_000)
    ids = sorted(create(api, name=f"same {i}")["id"] for i in range(7))
    for sort, expected in (("createdAt", ids), ("-createdAt", ids[::-1])):
        seen = []
        for page in (1, 2, 3):
            seen += [
                c["id"]
                for c in api.get(f"/v1/channels?sort={sort}&per_page=3&page={page}").get_json()["data"]
            ]
        assert seen == expected


@pytest.mark.storage
def test_contains_filter_is_case_sensitive_substring(api, three):
    assert names(api.get("/v1/channels?filter[name][contains]=Launch")) == ["beta Launch"]
    assert names(api.get("/v1/channels?filter[name][contains]=aunch")) == ["beta Launch", "launch gamma"]
    assert names(api.get("/v1/channels?filter[name][contains]=LAUNCH")) == []
    assert names(api.get("/v1/channels?filter[name][contains]=%25")) == []


@pytest.mark.storage
@pytest.mark.parametrize(
    "query, expected",
    [
        ("filter[createdAt]={t1}", ["Alpha"]),
        ("filter[createdAt][eq]={t1}", ["Alpha"]),
        ("filter[createdAt][ne]={t1}", ["beta Launch", "launch gamma"]),
        ("filter[createdAt][gt]={t1}", ["launch gamma"]),
        ("filter[createdAt][gte]={t1}", ["Alpha", "launch gamma"]),
        ("filter[createdAt][lt]={t1}", ["beta Launch"]),
        ("filter[createdAt][lte]={t1}", ["beta Launch", "Alpha"]),
        ("filter[createdAt][gte]=2027-01-15T08:00:01Z", ["Alpha", "launch gamma"]),
        ("filter[createdAt][lt]=2027-01-15T09:00:01%2B01:00", ["beta Launch"]),
        ("filter[createdAt][gt]={t0}&filter[createdAt][lt]={t2}", ["Alpha"]),
        (
            "filter[createdAt][gte]={t0}&filter[name][contains]=aunch&sort=-createdAt",
            ["launch gamma", "beta Launch"],
        ),
    ],
)
def test_created_at_filters(api, three, query, expected):
    t, _ = three
    query = query.format(t0=t, t1=t + 1000, t2=t + 2000)
    assert names(api.get(f"/v1/channels?{query}")) == expected


@pytest.mark.parametrize(
    "query, field",
    [
        ("filter[name]=Alpha", "filter[name]"),
        ("filter[name][eq]=Alpha", "filter[name][eq]"),
        ("filter[color]=x", "filter[color]"),
        ("filter[createdAt][contains]=1", "filter[createdAt][contains]"),
        ("filter[createdAt][in]=1,2", "filter[createdAt][in]"),
        ("filter[createdAt][gt]=2027-01-15T08:00:00", "filter[createdAt][gt]"),
        ("filter[createdAt][gt]=yesterday", "filter[createdAt][gt]"),
        ("filter[createdAt][gt]=-5", "filter[createdAt][gt]"),
        ("page=0", "page"),
        ("page=x", "page"),
        ("per_page=0", "per_page"),
        ("per_page=101", "per_page"),
    ],
)
def test_refused_filters_and_paging(api, query, field):
    response = api.get(f"/v1/channels?{query}")
    error = assert_error(response, 400, "VALIDATION_ERROR")
    assert error["details"][0]["field"] == field


@pytest.mark.storage
def test_pagination_meta(api, clock_at):
    clock_at(1_800_000_000_000)
    for i in range(5):
        create(api, name=f"c{i}")
    body = api.get("/v1/channels?per_page=2&page=2").get_json()
    assert [c["name"] for c in body["data"]] == ["c2", "c3"]
    pagination = body["meta"]["pagination"]
    assert pagination.pop("next_cursor")  # a third page follows (tests/web/test_cursors.py)
    assert pagination == {"page": 2, "per_page": 2, "total": 5, "total_pages": 3}
    assert body["meta"]["timestamp"] == 1_800_000_000_000
    past_end = api.get("/v1/channels?per_page=2&page=9").get_json()
    assert past_end["data"] == []
    assert past_end["meta"]["pagination"] == {
        "page": 9,
        "per_page": 2,
        "total": 5,
        "total_pages": 3,
        "next_cursor": None,
    }
    default = api.get("/v1/channels").get_json()["meta"]["pagination"]
    assert default == {"page": 1, "per_page": 20, "total": 5, "total_pages": 1, "next_cursor": None}
    assert api.get("/v1/channels?per_page=100").status_code == 200


@pytest.mark.storage
def test_empty_listing_has_zero_pages(api):
    body = api.get("/v1/channels").get_json()
    assert body["data"] == []
    assert body["meta"]["pagination"] == {
        "page": 1,
        "per_page": 20,
        "total": 0,
        "total_pages": 0,
        "next_cursor": None,
    }
