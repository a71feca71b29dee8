"""What the scheduling tests share: a test-mode key (posts published by the sandbox),
a channel, and the worker's jobs run by hand."""

import pytest

from models import TEST
from postline.posts import publishing
from postline.repeats import evergreen, series

LEASE_MS = 60_000


@pytest.fixture
def tester(api, make_key):
    """The API with a test-mode key of every permission."""
    return api.as_key(make_key(mode=TEST))


@pytest.fixture
def channel(tester):
    return tester.post("/v1/channels", json={"name": "Queue"}).get_json()["data"]["id"]


@pytest.fixture
def worker(app):
    """Run the worker's jobs once, by hand: `worker.publish()`, `worker.series()`,
    `worker.evergreen()`."""
    settings = app.config["POSTLINE"]

    class Jobs:
        @staticmethod
        def publish():
            done = {}
            while batch := publishing.claim_batch("test-worker", LEASE_MS, 20):
                done.update(publishing.publish_batch(batch, settings["publishing"], LEASE_MS))
            return done

        @staticmethod
        def series():
            return series.make_due_occurrences(settings)

        @staticmethod
        def evergreen():
            return evergreen.queue_repeats(settings)

    return Jobs()


def put_schedule(api, channel, *slots, zone="Europe/Berlin", **extra):
    """PUT the channel's schedule: slots as "mon 09:00"."""
    body = {
        "timezone": zone,
        "slots": [dict(zip(("day", "time"), slot.split(), strict=True)) for slot in slots],
    }
    response = api.request("PUT", f"/v1/channels/{channel}/schedule", json={**body, **extra})
    assert response.status_code == 200, response.get_data(as_text=True)
    return response.get_json()["data"]
