"""Rate limits per API key (docs/api-notes.md: Rate limits): which limits a request
falls under, admitting or refusing it, and the X-RateLimit-* headers that tell a
client where it stands.

The counts live where every process sees them: by default beside a SQLite database
(shared_store.py) or in PostgreSQL (sql_store.py), in Redis when `[limits] storage` is
a redis:// URL (redis_store.py).
"""

import functools
from typing import NamedTuple

from models import TEST
from postline import clock
from postline.errors import RateLimited
from postline.limits.shared_store import DatabaseCounters
from postline.limits.sliding_window import DAY, HOUR, MINUTE, Bucket, Limit, Status, retry_after_seconds

# Extra per-key limits per minute on endpoints that create things, by method and
# route template: a limit holds as soon as a route with its template exists.
ENDPOINT_LIMITS = {
    "POST /v1/posts": 30,
    "POST /v1/posts/batch": 10,
    "POST /v1/posts/import": 10,
    "POST /v1/webhooks": 10,
    "POST /v1/api-keys": 5,
}
# Test-mode keys get this in place of their plan's three windows.
TEST_MODE_PER_MINUTE = 1000
# Counts times window lengths in milliseconds must fit the database's 64-bit integers.
MAX_FIGURE = 1_000_000_000
PLAN_SETTINGS = {MINUTE: "per_minute", HOUR: "per_hour", DAY: "per_day"}
REDIS_SCHEMES = ("redis://", "rediss://", "redis+unix://")


class Limiter:
    def __init__(self, plans, default_plan, store):
        self.plans = {
            name: tuple(Limit(window, figures[setting]) for window, setting in PLAN_SETTINGS.items())
            for name, figures in plans.items()
        }
        self.default_plan = default_plan
        self.store = store
        # What a key's requests to an endpoint count in, worked out once per key, plan
        # and endpoint: every request asks, and the answer changes only with them.
        self._rules = functools.lru_cache(maxsize=4096)(self._rules_of)

    @classmethod
    def from_settings(cls, settings):
        """The configured limiter, or None when `[limits] enabled` is false."""
        limits = settings["limits"]
        if not limits["enabled"]:
            return None
        _check_plans(settings["plans"], limits["default_plan"])
        storage = limits["storage"]
        if not storage:
            store = DatabaseCounters()
        elif storage.startswith(REDIS_SCHEMES):
            # redis loads only where it is used (requirements-redis.txt)
            from postline.limits.redis_store import RedisCounters

            store = RedisCounters(storage, limits["redis_key_prefix"])
        else:
            raise ValueError(
                f"[limits] storage must be empty (the database) or a redis:// URL, not {storage!r}"
            )
        return cls(settings["plans"], limits["default_plan"], store)

    def key_limits(self, key):
        """The limits on all of a key's requests: its plan's, or test mode's."""
        return self._limits_of(key.mode, key.account.plan)

    def _limits_of(self, mode, plan):
        if mode == TEST:
            return (Limit(MINUTE, TEST_MODE_PER_MINUTE),)
        return self.plans.get(plan) or self.plans[self.default_plan]

    def buckets(self, key, endpoint):
        """The buckets a request counts in: the key's, and the key's on this endpoint if limited."""
        return self.rules(key, endpoint).buckets

    def rules(self, key, endpoint):
        """The Rules of `key`'s requests to `endpoint`."""
        return self._rules(key.id, key.mode, key.account.plan, endpoint)

    def _rules_of(self, key_id, mode, plan, endpoint):
        buckets = [Bucket(key_id, self._limits_of(mode, plan))]
        endpoint_limit = ENDPOINT_LIMITS.get(endpoint)
        if endpoint_limit is not None:
            buckets.append(Bucket(f"{key_id} {endpoint}", (Limit(MINUTE, endpoint_limit),), endpoint))
        # Each limit's name in the RateLimit headers, in the order the stores answer statuses.
        named = [
            (bucket.endpoint or limit.window.name, limit) for bucket in buckets for limit in bucket.limits
        ]
        names = tuple(f'"{name}"' for name, _ in named)
        policy = ", ".join(
            f"{name};q={limit.amount};w={limit.window.seconds}"
            for name, (_, limit) in zip(names, named, strict=True)
        )
        return Rules(tuple(buckets), names, policy)

    def admit(self, key, endpoint):
        """Count a request of `key` to `endpoint` ("POST /v1/posts"), or refuse it
        (RateLimited); return its Standing (`shown`: the tightest limit)."""
        now = clock.now_ms()
        rules = self.rules(key, endpoint)
        admitted, statuses = self.store.acquire(rules.buckets, now)
        if admitted:
            tightest = min(statuses, key=_tightness)
            return Standing(tightest, tuple(statuses), now, rules)
        # The client must wait for every full window: report the one that frees up last.
        # (A concurrent request may have changed the counts since the refusal; then the
        # fullest window stands in.)
        full = [s for s in statuses if s.remaining == 0] or [min(statuses, key=lambda s: s.remaining)]
        raise _too_many_requests(Standing(max(full, key=lambda s: s.retry_ms), tuple(statuses), now, rules))

    def standing(self, key):
        """{"minute", "hour", "day": Status, or None for a window the key does not have},
        counting nothing."""
        statuses = self.store.peek([Bucket(key.id, self.key_limits(key))], clock.now_ms())
        by_name = {status.limit.window.name: status for status in statuses}
        return {window.name: by_name.get(window.name) for window in (MINUTE, HOUR, DAY)}


def _tightness(status):
    """The order of the window the X-RateLimit-* headers report: the fewest left, then
    the shortest, then the smallest. (An admitted request's windows have none over
    their limit: what is left is the limit less what is used.)"""
    limit = status.limit
    return limit.amount - status.used, limit.window.ms, limit.amount


class Rules(NamedTuple):
    """The buckets a key's request to an endpoint counts in, each of their limits' name
    in the RateLimit headers, and the RateLimit-Policy header that names them."""

    buckets: tuple
    names: tuple
    policy: str


class Standing(NamedTuple):
    """Where a request left its key's limits: `shown`, the window the X-RateLimit-*
    headers report (the tightest; on a 429 the one that frees up last), and every
    window it counted in, for the IETF RateLimit headers, under `rules`. (A
    NamedTuple: one is made on every request, and a frozen dataclass costs about 1 us
    a field.)"""

    shown: Status
    statuses: tuple
    now_ms: int
    rules: Rules


def headers(standing):
    """The X-RateLimit-* headers (Reset in Unix seconds), and the IETF draft's
    RateLimit-Policy and RateLimit (draft-ietf-httpapi-ratelimit-headers): each window
    as a policy with its quota `q` and window `w`, and its remaining `r` and the seconds
    `t` until more quota is available."""
    shown, now_ms = standing.shown, standing.now_ms
    current = ", ".join(
        [
            f"{name};r={status.remaining};t={max(0, -((now_ms - status.reset_ms) // 1000))}"
            for name, status in zip(standing.rules.names, standing.statuses, strict=True)
        ]
    )
    return {
        "X-RateLimit-Limit": str(shown.limit.amount),
        "X-RateLimit-Remaining": str(shown.remaining),
        "X-RateLimit-Reset": str(-(-shown.reset_ms // 1000)),
        "RateLimit-Policy": standing.rules.policy,
        "RateLimit": current,
    }


def _too_many_requests(standing):
    status, now_ms = standing.shown, standing.now_ms
    wait = retry_after_seconds(status, now_ms)
    scope = f"this API key on {status.endpoint}" if status.endpoint else "this API key"
    message = (
        f"Rate limit exceeded: {status.limit.amount} requests per {status.limit.window.name} "
        f"for {scope}. Retry in {wait} s."
    )
    return RateLimited(message, standing, wait)


def _check_plans(plans, default_plan):
    if default_plan not in plans:
        raise ValueError(f"[limits] default_plan {default_plan!r} is not a configured plan")
    for name, figures in plans.items():
        for setting in PLAN_SETTINGS.values():
            value = figures.get(setting)
            if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= MAX_FIGURE:
                raise ValueError(
                    f"[plans.{name}] {setting} must be a whole number from 1 to {MAX_FIGURE:,}, not {value!r}"
                )
