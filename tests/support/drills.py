"""The fault drills' fakes.

The fault drills (tests/faults/test_worker_kills.py, test_slow_platform.py) go through
DRILL_FAKES, a fake of every provider, with the controls a drill needs besides a server
on 127.0.0.1 (devtools/fakes/base.py FakeServer has them):
- `PROVIDER`, and `settings()`: its `[provider]` settings, which a worker process
  takes as POSTLINE_<PROVIDER>_<KEY> variables (`env()`);
- `sign_in(number)`: the platform account number `number` approves the next
  authorizations; returns that account's id at the platform (for Meta the user's,
  whose run connects a Page and its Instagram account);
- `account_delays`: {account id: seconds} each API call of that account waits before
  its answer (a slow account, or one that hangs);
- `received`: a Counter of the posts it was sent (the requests that create one), by
  their text;
- `close()`.
"""

import contextlib

from devtools.connecting import authorize
from devtools.fakes.linkedin import FakeLinkedIn
from devtools.fakes.meta import FakeMeta
from devtools.fakes.tiktok import FakeTikTok, status_limit
from devtools.fakes.x import FakeX
from tests.support.fakes import close

DRILL_FAKES = [FakeX, FakeLinkedIn, FakeMeta, FakeTikTok]
# A drill publishes hundreds of posts a minute: the processing platforms finish within
# a second, Postline asks them about it every second, and neither Instagram's 25
# posts a day nor TikTok's 30 status checks a minute stand in the way.
DRILL_FAKE_OPTIONS = {
    "meta": {"processing_seconds": 0.5, "quota_total": 1_000_000},
    "tiktok": {"processing_seconds": 0.5, "rate_limits": status_limit(1_000_000)},
}
DRILL_SETTINGS = {"meta": {"status_interval": 1}, "tiktok": {"status_interval": 1}}


@contextlib.contextmanager
def started(fake_classes=DRILL_FAKES):
    """One running fake of each class, at a drill's pace (DRILL_FAKE_OPTIONS), closed afterwards."""
    fakes = []
    try:
        for fake_class in fake_classes:
            fakes.append(fake_class())
            for name, value in DRILL_FAKE_OPTIONS.get(fakes[-1].PROVIDER, {}).items():
                setattr(fakes[-1], name, value)
        yield fakes
    finally:
        for fake in fakes:
            close(fake)


def worker_env(fakes):
    """The environment variables that point a worker process at the fakes (with DRILL_SETTINGS)."""
    return {
        name: value
        for fake in fakes
        for name, value in fake.env(**DRILL_SETTINGS.get(fake.PROVIDER, {})).items()
    }


def connect_account(api, fake):
    """Connect the account signed in at `fake` by a whole OAuth run through the API, and
    each platform it reaches (Meta's: a Page and its Instagram account) to a channel of
    its own; returns {platform: channel id}. Of a platform's several connections (a
    Facebook user's Pages), the first listed."""

    def listed():
        return api.get("/v1/connections", query_string={"per_page": 100}).get_json()["data"]

    known = {connection["id"] for connection in listed()}
    answer = api.client.get(authorize(api, fake.PROVIDER))
    assert answer.status_code in (200, 302), answer.get_data(as_text=True)
    chosen = {}
    for connection in listed():
        if connection["id"] not in known:
            chosen.setdefault(connection["platform"], connection)
    channels = {}
    for platform, connection in chosen.items():
        name = f"{platform} {connection['username']}"
        channel_id = api.post("/v1/channels", json={"name": name}).get_json()["data"]["id"]
        added = api.post(f"/v1/connections/{connection['id']}/add-to-channel", json={"channelId": channel_id})
        assert added.status_code == 200, added.get_data(as_text=True)
        channels[platform] = channel_id
    return channels
