"""Rate limits per API key (docs/api.md, Usage; docs/api-notes.md: Rate limits), with the counters in the
database and in Redis, within one process and across gunicorn workers and servers.
"""

import concurrent.futures
import math
import time

import http_sfv
import pytest
import requests

from app import create_app
from models import TEST, ApiKey, Connection, RateLimitCounter
from postline import clock
from postline.errors import RateLimited
from postline.jobs import maintenance
from postline.limits import limiter as limits
from tests.conftest import BACKENDS
from tests.support import REDIS_URL

# Rate-limit counters: shared memory beside SQLite, an upsert a request on PostgreSQL.
# With Redis's counters the database changes nothing: those runs are SQLite's alone.
pytestmark = [pytest.mark.storage, pytest.mark.sqlite_only_for(store="redis")]

# Aligned to a UTC day, so every window's slot starts here too.
T0 = 1_800_000_000_000 // 86_400_000 * 86_400_000
WINDOW_SECONDS = {"minute": 60, "hour": 3600, "day": 86400}
POSTGRESQL = BACKENDS[1]  # skipped, saying so, when TEST_DATABASE_URL is not set
PLAN_SETTING = {"minute": "per_minute", "hour": "per_hour", "day": "per_day"}


def database_store():
    return {"storage": ""}


@pytest.fixture(params=["database", "redis"])
def store(request):
    """`[limits]` settings for each counter store."""
    if request.param == "database":
        return database_store()
    return {"storage": REDIS_URL, "redis_key_prefix": request.getfixturevalue("redis_prefix")}


@pytest.fixture(autouse=True)
def steady_clock(clock_at):
    """The service's clock stands still unless a test moves it, so no test crosses a
    slot boundary by chance (Redis keeps its own time and is not affected)."""
    clock_at(int(time.time() * 1000))


@pytest.fixture
def plan():
    return {"per_minute": 60, "per_hour": 1000, "per_day": 10000}


@pytest.fixture
def settings(settings, plan, store):
    return {**settings, "plans": {"free": plan}, "limits": store}


def plan_with(window, figure):
    """A plan whose `window` allows `figure` requests and whose other windows are roomy."""
    return {"per_minute": 100, "per_hour": 200, "per_day": 300, PLAN_SETTING[window]: figure}


def limit_headers(response):
    return {
        name: int(response.headers[f"X-RateLimit-{name}"])
        if f"X-RateLimit-{name}" in response.headers
        else None
        for name in ("Limit", "Remaining", "Reset")
    }


def assert_refused(response, limit, max_wait):
    """A 429 in the one error shape, naming `limit`, with Retry-After and retry_after agreeing."""
    assert response.status_code == 429, response.get_data(as_text=True)
    body = response.get_json()
    assert body["error"]["type"] == "rate_limit_error"
    assert body["error"]["code"] == "RATE_LIMIT_EXCEEDED"
    assert body["error"]["request_id"] == response.headers["X-Request-Id"]
    wait = int(response.headers["Retry-After"])
    assert body["retry_after"] == wait and 1 <= wait <= max_wait
    headers = limit_headers(response)
    assert headers["Limit"] == limit and headers["Remaining"] == 0
    return wait


def standing(app, key):
    """The key's own windows as the limiter sees them: {window: used}."""
    with app.app_context():
        record = ApiKey.with_prefix(key.split("_")[3]).first()
        limiter = app.extensions["postline.limiter"]
        return {name: status.used for name, status in limiter.standing(record).items() if status}


@pytest.mark.parametrize(
    "window, plan",
    [(window, plan_with(window, 3)) for window in ("minute", "hour", "day")],
    ids=["minute", "hour", "day"],
)
def test_a_window_trips_at_exactly_its_figure(app, api, window, plan):
    seconds = WINDOW_SECONDS[window]
    now = clock.now_ms() / 1000
    for remaining in (2, 1, 0):
        response = api.get("/v1/health")
        assert response.status_code == 200
        headers = limit_headers(response)
        assert headers["Limit"] == 3 and headers["Remaining"] == remaining
        assert now < headers["Reset"] <= now + seconds + 1
    refused = api.get("/v1/health")
    wait = assert_refused(refused, 3, seconds + 1)
    assert abs(limit_headers(refused)["Reset"] - (now + wait)) <= 1
    assert_refused(api.get("/v1/channels"), 3, seconds + 1)
    # Refused requests count nowhere: the other windows still hold the three admitted.
    assert set(standing(app, api.key).values()) == {3}


@pytest.mark.parametrize("store", [database_store()], ids=["database"])
@pytest.mark.parametrize(
    "window, plan",
    [(window, plan_with(window, 5)) for window in ("minute", "hour", "day")],
    ids=["minute", "hour", "day"],
)
def test_a_full_window_frees_up_exactly_when_retry_after_says(api, clock_at, window, plan, store):
    length = WINDOW_SECONDS[window] * 1000
    clock_at(T0)
    for _ in range(5):
        assert api.get("/v1/health").status_code == 200
    refused = api.get("/v1/health")
    # All five sit in the current slot: the first leaves the window 1 ms after the slot ends.
    assert assert_refused(refused, 5, WINDOW_SECONDS[window] + 1) == WINDOW_SECONDS[window] + 1
    assert limit_headers(refused)["Reset"] == T0 // 1000 + WINDOW_SECONDS[window] + 1
    for _ in range(10):
        assert api.get("/v1/health").status_code == 429
    clock_at(T0 + length)
    assert assert_refused(api.get("/v1/health"), 5, 1) == 1
    clock_at(T0 + length + 1)
    admitted = api.get("/v1/health")
    assert admitted.status_code == 200
    # The ten refused requests were not counted: the window holds 4 (weighted) + 1.
    assert limit_headers(admitted)["Remaining"] == 0
    assert api.get("/v1/health").status_code == 429


@pytest.mark.parametrize("store", [database_store()], ids=["database"])
@pytest.mark.parametrize("plan", [{"per_minute": 10, "per_hour": 1000, "per_day": 10000}])
def test_the_window_slides(api, clock_at, plan, store):
    clock_at(T0 + 30_000)
    for _ in range(10):
        assert api.get("/v1/health").status_code == 200
    assert api.get("/v1/health").status_code == 429
    # Halfway into the next minute half of the last minute's ten still count.
    clock_at(T0 + 90_000)
    for remaining in (4, 3, 2, 1, 0):
        assert limit_headers(api.get("/v1/health"))["Remaining"] == remaining
    assert assert_refused(api.get("/v1/health"), 10, 1) == 1
    # 1 ms on, the weight of the last minute drops below 5 and one more request fits.
    clock_at(T0 + 90_001)
    assert api.get("/v1/health").status_code == 200
    clock_at(T0 + 180_001)
    response = api.get("/v1/health")
    assert limit_headers(response) == {"Limit": 10, "Remaining": 9, "Reset": (T0 + 240_001) // 1000 + 1}


@pytest.mark.parametrize("store", [database_store()], ids=["database"])
@pytest.mark.parametrize("plan", [{"per_minute": 3, "per_hour": 5, "per_day": 100}])
def test_refused_requests_do_not_count_in_the_longer_windows(api, clock_at, plan, store):
    clock_at(T0)
    for _ in range(3):
        api.get("/v1/health")
    for _ in range(20):
        assert limit_headers(api.get("/v1/health"))["Limit"] == 3
    clock_at(T0 + 60_001)
    usage = api.get("/v1/usage").get_json()["data"]["limits"]
    assert usage["hour"]["used"] == 4 and usage["day"]["used"] == 4
    clock_at(T0 + 120_001)
    response = api.get("/v1/health")
    assert response.status_code == 200
    assert limit_headers(response)["Limit"] == 5 and limit_headers(response)["Remaining"] == 0
    assert_refused(api.get("/v1/health"), 5, 3600)


@pytest.mark.parametrize("store", [database_store()], ids=["database"])
@pytest.mark.parametrize("plan", [{"per_minute": 2, "per_hour": 1000, "per_day": 10000}])
def test_a_server_whose_clock_runs_behind_counts_in_the_newer_slot(api, clock_at, plan, store):
    clock_at(T0 + 60_000)  # a server 10 ms ahead starts the next minute's slot
    assert api.get("/v1/health").status_code == 200
    clock_at(T0 + 59_990)  # another server, still in the last minute, must not reset it
    assert limit_headers(api.get("/v1/health"))["Remaining"] == 0
    assert_refused(api.get("/v1/health"), 2, 61)
    clock_at(T0 + 60_010)
    assert_refused(api.get("/v1/health"), 2, 61)


@pytest.mark.parametrize("plan", [{"per_minute": 3, "per_hour": 4, "per_day": 100}])
def test_the_violated_window_is_reported_and_nothing_is_counted(app, api, plan):
    for _ in range(3):
        assert api.get("/v1/health").status_code == 200
    for _ in range(5):
        assert_refused(api.get("/v1/health"), 3, 61)
    assert standing(app, api.key) == {"minute": 3, "hour": 3, "day": 3}


@pytest.mark.parametrize("plan", [{"per_minute": 60, "per_hour": 1000, "per_day": 10000}])
def test_an_endpoint_limit_trips_at_its_figure_apart_from_the_plan(api, make_key, plan):
    for remaining in (4, 3, 2, 1, 0):
        response = api.post("/v1/api-keys", json={"name": f"k{remaining}"})
        assert response.status_code == 201
        assert limit_headers(response)["Limit"] == 5 and limit_headers(response)["Remaining"] == remaining
    refused = api.post("/v1/api-keys", json={"name": "one too many"})
    assert_refused(refused, 5, 61)
    assert "POST /v1/api-keys" in refused.get_json()["error"]["message"]
    # A bad body counts too: the limit is on requests, checked before validation.
    assert api.post("/v1/api-keys", json={"nme": "typo"}).status_code == 429
    # Other endpoints still answer, and the refused POSTs took nothing from the plan.
    health = api.get("/v1/health")
    assert health.status_code == 200
    assert limit_headers(health)["Limit"] == 60 and limit_headers(health)["Remaining"] == 54
    assert api.get("/v1/api-keys").status_code == 200
    # Another key has its own count.
    assert api.as_key(make_key(name="other")).post("/v1/api-keys", json={"name": "x"}).status_code == 201


def test_endpoint_limits_hold_for_test_keys(api, make_key):
    tester = api.as_key(make_key(mode=TEST))
    for _ in range(5):
        assert tester.post("/v1/api-keys", json={"name": "t"}).status_code == 201
    assert_refused(tester.post("/v1/api-keys", json={"name": "t"}), 5, 61)


@pytest.mark.parametrize(
    "method, route, figure",
    [
        ("POST", "/v1/posts", 30),
        ("POST", "/v1/posts/batch", 10),
        ("POST", "/v1/webhooks", 10),
        ("POST", "/v1/api-keys", 5),
        ("GET", "/v1/posts", None),
        ("PATCH", "/v1/posts/batch", None),
        ("POST", "/v1/channels", None),
        ("DELETE", "/v1/webhooks/{webhook_id}", None),
    ],
)
def test_the_endpoint_table_adds_its_limit_and_trips_there(app, make_key, method, route, figure):
    with app.app_context():
        limiter = app.extensions["postline.limiter"]
        key = ApiKey.with_prefix(make_key().split("_")[3]).first()
        endpoint = f"{method} {route}"
        buckets = limiter.buckets(key, endpoint)
        assert buckets[0].name == key.id
        if figure is None:
            assert len(buckets) == 1
            return
        assert [(b.endpoint, [(lim.window.name, lim.amount) for lim in b.limits]) for b in buckets[1:]] == [
            (endpoint, [("minute", figure)])
        ]
        for _ in range(figure):
            assert limiter.admit(key, endpoint).shown.limit.amount == figure
        with pytest.raises(RateLimited) as refused:
            limiter.admit(key, endpoint)
        assert limits.headers(refused.value.status)["X-RateLimit-Limit"] == str(figure)
        # The refusal undid the plan's count too: exactly `figure` requests in the key's windows.
        assert {s.used for s in limiter.standing(key).values()} == {figure}


@pytest.mark.parametrize("plan", [{"per_minute": 3, "per_hour": 5, "per_day": 7}])
def test_test_keys_get_1000_a_minute_instead_of_the_plan(api, make_key, plan):
    tester = api.as_key(make_key(mode=TEST))
    first = tester.get("/v1/health")
    assert limit_headers(first)["Limit"] == 1000 and limit_headers(first)["Remaining"] == 999
    for _ in range(999):
        assert tester.get("/v1/health").status_code == 200
    assert_refused(tester.get("/v1/health"), 1000, 61)
    # The live key next to it keeps its plan.
    assert limit_headers(api.get("/v1/health"))["Limit"] == 3


def test_simulated_connections_count_against_a_test_key_s_limit(api, make_key):
    tester = api.as_key(make_key(mode=TEST))
    channel = tester.post("/v1/channels", json={"name": "Sandbox"}).get_json()["data"]["id"]
    body = {"platform": "x", "channelId": channel}
    keyed = {"Idempotency-Key": "sim-1"}
    created = tester.post("/v1/connections/sandbox", json=body, headers=keyed)
    assert created.status_code == 201
    assert limit_headers(created)["Limit"] == 1000 and limit_headers(created)["Remaining"] == 998
    replayed = tester.post("/v1/connections/sandbox", json=body, headers=keyed)
    assert replayed.status_code == 200 and limit_headers(replayed)["Remaining"] == 997  # a replay counts too
    for _ in range(997):
        assert tester.get("/v1/health").status_code == 200
    assert_refused(tester.post("/v1/connections/sandbox", json={**body, "platform": "linkedin"}), 1000, 61)
    assert [connection.platform for connection in Connection.select()] == ["x"]


def test_every_answer_to_a_key_carries_the_headers_and_others_do_not(api, make_key):
    limited = api.as_key(make_key(permissions=["posts:read"]))
    answers = [
        api.get("/v1/health"),
        limited.get("/v1/channels"),  # 403
        api.get("/v1/channels/ch_unknown"),  # 404
        api.post("/v1/channels", json={"colour": "#fff"}),  # 400
    ]
    for response in answers:
        assert None not in limit_headers(response).values(), response.status_code
    assert [r.status_code for r in answers] == [200, 403, 404, 400]
    for response in (api.client.get("/v1/health"), api.get("/v1/nowhere")):
        assert set(limit_headers(response).values()) == {None}
        assert "Retry-After" not in response.headers


@pytest.mark.parametrize("store", [{"enabled": False}], ids=["off"])
@pytest.mark.parametrize("plan", [{"per_minute": 1, "per_hour": 1, "per_day": 1}])
def test_switched_off_nothing_is_limited_and_no_headers_are_sent(api, plan, store):
    for _ in range(5):
        response = api.get("/v1/health")
        assert response.status_code == 200
        assert not [name for name, _ in response.headers if name.startswith("X-RateLimit")]
    assert api.get("/v1/usage").get_json()["data"]["limits"] is None


@pytest.mark.parametrize("store", [{"storage": "redis://127.0.0.1:1/0"}], ids=["unreachable"])
def test_an_unreachable_redis_answers_503(api, store):
    response = api.get("/v1/health")
    assert response.status_code == 503
    assert response.get_json()["error"]["code"] == "SERVICE_UNAVAILABLE"


@pytest.mark.parametrize(
    "overrides, message",
    [
        ({"limits": {"storage": "memcached://127.0.0.1"}}, "storage"),
        ({"plans": {"free": {"per_minute": 0}}}, "per_minute"),
        ({"plans": {"free": {"per_day": "lots"}}}, "per_day"),
        ({"plans": {"free": {"per_hour": 10**10}}}, "per_hour"),
        ({"limits": {"default_plan": "gold"}}, "default_plan"),
    ],
)
@pytest.mark.parametrize("store", [database_store()], ids=["database"])
def test_bad_limit_settings_stop_the_app_at_start(settings, overrides, message, store):
    with pytest.raises(ValueError, match=message):
        create_app({**settings, **{k: {**settings.get(k, {}), **v} for k, v in overrides.items()}})


@pytest.mark.parametrize("database_url", [POSTGRESQL], indirect=True)
@pytest.mark.parametrize("store", [database_store()], ids=["database"])
def test_counters_are_purged_once_every_window_has_emptied(app, api, clock_at, store):
    """PostgreSQL's rows; SQLite's entries are reused in place (test_shared_store.py)."""
    clock_at(T0)
    api.get("/v1/health")
    assert RateLimitCounter.select().count() == 1
    clock_at(T0 + 2 * 86_400_000 - 1)
    maintenance.purge_expired_rows(app.config["POSTLINE"])
    assert RateLimitCounter.select().count() == 1
    clock_at(T0 + 2 * 86_400_000 + 1)
    maintenance.purge_expired_rows(app.config["POSTLINE"])
    assert RateLimitCounter.select().count() == 0


# Across processes -------------------------------------------------------------------


def server_env(plan, store):
    env = {
        "POSTLINE_PLANS_FREE_PER_MINUTE": str(plan["per_minute"]),
        "POSTLINE_PLANS_FREE_PER_HOUR": str(plan["per_hour"]),
        "POSTLINE_PLANS_FREE_PER_DAY": str(plan["per_day"]),
        "POSTLINE_LIMITS_STORAGE": store["storage"],
    }
    if "redis_key_prefix" in store:
        env["POSTLINE_LIMITS_REDIS_KEY_PREFIX"] = store["redis_key_prefix"]
    return env


def fire(urls, key, count):
    """Send `count` GET /v1/health at once, spread over `urls`; the statuses, sorted."""
    headers = {"Authorization": f"Bearer {key}"}

    def one(index):
        return requests.get(f"{urls[index % len(urls)]}/v1/health", headers=headers, timeout=30).status_code

    away_from_a_minute_boundary()
    with concurrent.futures.ThreadPoolExecutor(16) as pool:
        return sorted(pool.map(one, range(count)))


def away_from_a_minute_boundary():
    """Wait out the last seconds of a minute: a database window's slot ends on the minute,
    and the sliding weight lets one extra request in right after."""
    second = time.time() % 60
    if second > 50:
        time.sleep(math.ceil(61 - second))


@pytest.mark.parametrize("plan", [{"per_minute": 25, "per_hour": 1000, "per_day": 10000}])
def test_four_gunicorn_workers_share_one_limit(gunicorn, make_key, plan, store):
    url = gunicorn(workers=4, **server_env(plan, store))
    statuses = fire([url], make_key(), 100)
    assert statuses.count(200) == 25 and statuses.count(429) == 75


@pytest.mark.parametrize("plan", [{"per_minute": 25, "per_hour": 1000, "per_day": 10000}])
def test_two_app_servers_on_one_store_share_one_limit(gunicorn, make_key, plan, store):
    env = server_env(plan, store)
    urls = [gunicorn(workers=2, **env), gunicorn(workers=2, **env)]
    statuses = fire(urls, make_key(), 100)
    assert statuses.count(200) == 25 and statuses.count(429) == 75


def ietf(response, name):
    """The IETF RateLimit-Policy or RateLimit header as {policy: {parameter: value}}."""
    parsed = http_sfv.List()
    parsed.parse(response.headers[name].encode())
    return {item.value: dict(item.params) for item in parsed}


@pytest.mark.parametrize("plan", [{"per_minute": 3, "per_hour": 50, "per_day": 400}])
def test_the_ietf_ratelimit_headers_name_every_window_and_where_it_stands(api, clock_at, plan, store):
    clock_at(T0)
    first = api.get("/v1/health")
    assert ietf(first, "RateLimit-Policy") == {
        "minute": {"q": 3, "w": 60},
        "hour": {"q": 50, "w": 3600},
        "day": {"q": 400, "w": 86400},
    }
    standing = ietf(first, "RateLimit")
    assert {name: values["r"] for name, values in standing.items()} == {"minute": 2, "hour": 49, "day": 399}
    # A sliding window counts a request until its slot has slid out: at most two lengths.
    windows = {"minute": 60, "hour": 3600, "day": 86400}
    assert all(0 < values["t"] <= 2 * windows[name] for name, values in standing.items()), standing

    created = api.post("/v1/channels", json={"name": "x"})
    posted = api.post("/v1/posts", json={"channelId": created.get_json()["data"]["id"], "content": "x"})
    assert ietf(posted, "RateLimit-Policy")["POST /v1/posts"] == {"q": 30, "w": 60}
    refused = api.get("/v1/health")
    assert refused.status_code == 429
    assert ietf(refused, "RateLimit")["minute"]["r"] == 0
    assert ietf(refused, "RateLimit")["minute"]["t"] == int(refused.headers["Retry-After"])
