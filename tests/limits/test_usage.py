"""Usage per account, mode and UTC day, and the /v1/usage endpoints (docs/api.md, Usage)."""

import datetime
import time

import pytest
import requests

from models import LIVE, TEST, Account, UsageDay, UsageEndpointDay
from postline.jobs import maintenance
from postline.limits import usage

# Usage tallies are upserts folded by a background thread: each backend's own SQL.
pytestmark = pytest.mark.storage

# 2027-01-15 00:00 UTC.
T0 = 1_800_000_000_000 // 86_400_000 * 86_400_000
TODAY = datetime.date(2027, 1, 15)
DAY_MS = 86_400_000
ZERO = {
    "requests": 0,
    "postsCreated": 0,
    "postsDelivered": 0,
    "postsFailed": 0,
    "webhookDeliveries": 0,
    "mediaBytes": 0,
}


@pytest.fixture
def settings(settings):
    return {
        **settings,
        "limits": {"enabled": True},
        "plans": {"tight": {"per_minute": 2, "per_hour": 100, "per_day": 100}},
    }


def day(offset=0):
    return (TODAY + datetime.timedelta(days=offset)).isoformat()


def account_id(name="acme"):
    return Account.get(Account.name == name).id


def test_summary_shows_plan_limits_and_today(api, clock_at):
    clock_at(T0 + 30_000)
    for _ in range(3):
        api.get("/v1/health")
    body = api.get("/v1/usage").get_json()["data"]
    assert body["plan"] == "free" and body["mode"] == "live"
    # Four requests in the current minute, hour and day slots, the usage request included.
    assert body["limits"] == {
        "minute": {"limit": 60, "used": 4, "remaining": 56, "resetAt": T0 + 60_001},
        "hour": {"limit": 1000, "used": 4, "remaining": 996, "resetAt": T0 + 3_600_001},
        "day": {"limit": 10000, "used": 4, "remaining": 9996, "resetAt": T0 + DAY_MS + 1},
    }
    assert body["today"] == {**ZERO, "requests": 4}


def test_test_keys_show_their_one_window_and_their_own_usage(api, make_key, clock_at):
    clock_at(T0)
    api.get("/v1/health")
    tester = api.as_key(make_key(mode=TEST))
    body = tester.get("/v1/usage").get_json()["data"]
    assert body["mode"] == "test"
    assert body["limits"]["minute"]["limit"] == 1000 and body["limits"]["minute"]["used"] == 1
    assert body["limits"]["hour"] is None and body["limits"]["day"] is None
    assert body["today"]["requests"] == 1
    assert api.get("/v1/usage").get_json()["data"]["today"]["requests"] == 2


def test_other_accounts_usage_stays_apart(api, make_key, clock_at):
    clock_at(T0)
    other = api.as_key(make_key(account="globex"))
    for _ in range(5):
        other.get("/v1/health")
    assert api.get("/v1/usage").get_json()["data"]["today"]["requests"] == 1
    assert other.get("/v1/usage").get_json()["data"]["today"]["requests"] == 6


def test_count_adds_every_counter_to_today(api, clock_at):
    clock_at(T0 + 1000)
    acct = account_id()
    usage.count(acct, LIVE, posts_created=2, media_bytes=1024)
    usage.count(acct, LIVE, posts_delivered=1, posts_failed=1, webhook_deliveries=3, media_bytes=1)
    usage.count(acct, TEST, posts_created=7)
    today = api.get("/v1/usage").get_json()["data"]["today"]
    assert today == {
        "requests": 1,
        "postsCreated": 2,
        "postsDelivered": 1,
        "postsFailed": 1,
        "webhookDeliveries": 3,
        "mediaBytes": 1025,
    }
    with pytest.raises(ValueError, match="posts_published"):
        usage.count(acct, LIVE, posts_published=1)


def test_days_are_utc_days(api, clock_at):
    clock_at(T0 - 1)
    api.get("/v1/health")
    clock_at(T0)
    api.get("/v1/health")
    api.get("/v1/health")
    history = api.get(f"/v1/usage/history?from={day(-1)}&to={day()}").get_json()["data"]
    assert [(d["date"], d["requests"]) for d in history] == [(day(-1), 1), (day(), 3)]


def test_history_defaults_to_the_last_30_days_oldest_first(api, clock_at):
    clock_at(T0 - 2 * DAY_MS)
    usage.count(account_id(), LIVE, posts_created=5)
    clock_at(T0)
    body = api.get("/v1/usage/history?per_page=100").get_json()
    assert [d["date"] for d in body["data"]] == [day(n) for n in range(-29, 1)]
    assert body["data"][27] == {"date": day(-2), **ZERO, "postsCreated": 5}
    assert body["data"][29] == {"date": day(), **ZERO, "requests": 1}
    assert all(d == {"date": d["date"], **ZERO} for d in body["data"][:27])
    assert body["meta"]["pagination"] == {
        "page": 1,
        "per_page": 100,
        "total": 30,
        "total_pages": 1,
        "next_cursor": None,
    }


def test_history_pages_through_the_range(api, clock_at):
    clock_at(T0)
    body = api.get(f"/v1/usage/history?from={day(-9)}&to={day()}&per_page=4&page=3").get_json()
    assert [d["date"] for d in body["data"]] == [day(-1), day()]
    assert body["meta"]["pagination"] == {
        "page": 3,
        "per_page": 4,
        "total": 10,
        "total_pages": 3,
        "next_cursor": None,
    }
    past_the_end = api.get(f"/v1/usage/history?from={day(-9)}&to={day()}&per_page=4&page=4").get_json()
    assert past_the_end["data"] == [] and past_the_end["meta"]["pagination"]["total"] == 10


def test_history_takes_at_most_366_days(api, clock_at):
    clock_at(T0)
    assert (
        len(api.get(f"/v1/usage/history?from={day(-365)}&to={day()}&per_page=100").get_json()["data"]) == 100
    )
    assert api.get(f"/v1/usage/history?from={day(-365)}").status_code == 200
    too_long = api.get(f"/v1/usage/history?from={day(-366)}&to={day()}")
    assert too_long.status_code == 400
    assert too_long.get_json()["error"]["details"] == [
        {"field": "to", "message": "must be within 366 days of `from`"}
    ]
    assert api.get(f"/v1/usage/history?from={day(-366)}").get_json()["error"]["details"][0]["field"] == "from"


@pytest.mark.parametrize(
    "query, field",
    [
        (f"from={day(1)}&to={day()}", "from"),
        ("from=2027-1-5", "from"),
        ("from=20270105", "from"),
        ("to=2027-02-30", "to"),
        ("to=yesterday", "to"),
        ("from=2027-01-05T00:00:00Z", "from"),
        ("per_page=101", "per_page"),
        ("page=0", "page"),
        ("since=2027-01-01", "since"),
    ],
)
def test_history_refuses_bad_queries(api, clock_at, query, field):
    clock_at(T0)
    response = api.get(f"/v1/usage/history?{query}")
    assert response.status_code == 400
    error = response.get_json()["error"]
    assert error["code"] == "VALIDATION_ERROR"
    assert [d["field"] for d in error["details"]] == [field]


def test_one_day_breaks_requests_down_by_endpoint(api, make_key, clock_at):
    clock_at(T0)
    for _ in range(3):
        api.get("/v1/health")
    channel = api.post("/v1/channels", json={"name": "Launch"}).get_json()["data"]
    api.get(f"/v1/channels/{channel['id']}")
    api.get("/v1/channels/ch_missing")  # 404, still a request
    api.as_key(make_key(permissions=[])).get("/v1/channels")  # 403, same account
    api.client.get("/v1/channels")  # 401: no account to count it for
    body = api.get(f"/v1/usage/day?date={day()}").get_json()["data"]
    assert body.pop("endpoints") == [
        {"method": "GET", "path": "/v1/health", "requests": 3},
        {"method": "GET", "path": "/v1/channels/{channel_id}", "requests": 2},
        {"method": "GET", "path": "/v1/channels", "requests": 1},
        {"method": "GET", "path": "/v1/usage/day", "requests": 1},
        {"method": "POST", "path": "/v1/channels", "requests": 1},
    ]
    assert body == {"date": day(), **ZERO, "requests": 8}


def test_a_day_without_usage_is_zeros(api, clock_at):
    clock_at(T0)
    assert api.get("/v1/usage/day?date=2001-02-03").get_json()["data"] == {
        "date": "2001-02-03",
        **ZERO,
        "endpoints": [],
    }


@pytest.mark.parametrize("query", ["", "date=", "date=2027-13-01", "date=15.01.2027", "day=2027-01-15"])
def test_one_day_needs_a_valid_date(api, query):
    response = api.get(f"/v1/usage/day?{query}")
    assert response.status_code == 400
    assert response.get_json()["error"]["code"] == "VALIDATION_ERROR"


def test_refused_requests_are_not_usage(api, clock_at):
    Account.update(plan="tight").execute()
    clock_at(T0)
    statuses = [api.get("/v1/health").status_code for _ in range(5)]
    assert statuses == [200, 200, 429, 429, 429]
    clock_at(T0 + 120_000)
    body = api.get(f"/v1/usage/day?date={day()}").get_json()["data"]
    assert body["requests"] == 3
    assert body["endpoints"][0] == {"method": "GET", "path": "/v1/health", "requests": 2}


def test_requests_are_tallied_in_memory_and_written_in_one_upsert_per_row(app, api, clock_at):
    usage.tally.reset(3600)
    clock_at(T0)
    for _ in range(20):
        api.get("/v1/health")
    assert UsageDay.select().count() == 0
    usage.flush()
    assert [(row.day, row.requests) for row in UsageDay.select()] == [(TODAY, 20)]
    api.get("/v1/health")
    usage.flush()
    assert [(row.day, row.requests) for row in UsageDay.select()] == [(TODAY, 21)]


def test_usage_is_kept_400_days(app, api, clock_at):
    for offset in (-401, -400, -1):
        clock_at(T0 + offset * DAY_MS)
        usage.count(account_id(), LIVE, endpoint="GET /v1/health", requests=1)
    usage.flush()
    clock_at(T0)
    maintenance.purge_expired_rows(app.config["POSTLINE"])
    assert sorted(row.day for row in UsageDay.select()) == [
        TODAY - datetime.timedelta(days=n) for n in (400, 1)
    ]
    assert sorted(row.day for row in UsageEndpointDay.select()) == [
        TODAY - datetime.timedelta(days=n) for n in (400, 1)
    ]


def test_gunicorn_workers_write_their_counts_within_the_interval(gunicorn, make_key):
    url = gunicorn(workers=3, POSTLINE_LIMITS_USAGE_FLUSH_INTERVAL="0.2")
    headers = {"Authorization": f"Bearer {make_key()}"}
    for _ in range(30):
        assert requests.get(f"{url}/v1/health", headers=headers, timeout=10).status_code == 200
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        today = requests.get(f"{url}/v1/usage", headers=headers, timeout=10).json()["data"]["today"]
        # The usage requests themselves count too.
        if today["requests"] >= 31:
            break
        time.sleep(0.3)
    date = datetime.datetime.now(datetime.UTC).date().isoformat()
    body = requests.get(f"{url}/v1/usage/day?date={date}", headers=headers, timeout=10).json()["data"]
    assert {"method": "GET", "path": "/v1/health", "requests": 30} in body["endpoints"]


def test_a_counter_of_another_name_is_refused_not_dropped():
    with pytest.raises(ValueError, match="unknown usage counters: posts_sent"):
        usage.count("acct_1", "live", requests=1, posts_sent=1)
