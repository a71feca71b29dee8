"""A webhook receiver that is down for 20 s, then back: the worker process keeps every
event's delivery on the retry schedule of `[webhooks] retry_delays` (docs/api.md,
Webhooks), and once the receiver listens again each event arrives, once, at its next
scheduled attempt, so the deliveries arrive in the order their retries come due."""

import itertools
import json
import time

import pytest

from tests.support.client import allow_local_webhooks
from tests.support.receivers import Receiver

# A drill of delivery retries through a worker process: run on each backend.
pytestmark = [pytest.mark.storage, pytest.mark.quiet]

DOWN_SECONDS = 20
# Seconds into the outage at which events are emitted: four early ones that retry past
# the 15 s attempt, four later ones whose 15 s attempt comes after the receiver is back,
# so retry order differs from emission order.
EMITTED_AT = [0, 1, 2, 3, 7, 8, 9, 10]
# When an attempt comes a little late on a busy machine (the worker polls every 0.2 s).
LATE_SLACK = 4.0


@pytest.fixture
def settings(settings):
    return allow_local_webhooks(settings)


def scheduled_arrival(emitted, back, delays):
    """The first attempt (offset from `emitted`) that finds the receiver listening again."""
    for attempt, offset in enumerate(itertools.accumulate(delays), start=1):
        if emitted + offset >= back:
            return attempt, emitted + offset
    raise AssertionError("the retry schedule ends before the receiver is back")


def last_attempts_of_the_outage(api, deliveries, emitted, back_ms):
    """{event: when the worker scheduled its next attempt}, read once each event's last
    attempt during the outage has run (its next one is due after `back_ms`), or after
    LATE_SLACK seconds. The worker schedules an attempt from when the last one really
    ran, so two events a second apart can swap places if one attempt was late; an
    attempt due a second before the receiver is back may not have run yet."""
    deadline = time.monotonic() + LATE_SLACK
    while True:
        next_attempt_at = {}
        for event, (delivery_id, _) in emitted.items():
            during = api.get(f"{deliveries}/{delivery_id}").get_json()["data"]
            assert during["status"] == "pending" and during["attempts"] >= 2, during
            next_attempt_at[event] = during["nextAttemptAt"]
        if min(next_attempt_at.values()) >= back_ms or time.monotonic() > deadline:
            return next_attempt_at
        time.sleep(0.2)


def test_every_event_arrives_in_retry_order_after_a_20_s_outage(api, hook_settings, worker_process):
    receiver = Receiver()
    port = receiver.port
    webhook = api.post("/v1/webhooks", json={"url": receiver.url(), "events": ["post.delivered"]})
    webhook = webhook.get_json()["data"]
    worker = worker_process(
        POSTLINE_WEBHOOKS_ALLOW_HTTP="true",
        POSTLINE_WEBHOOKS_ALLOW_PRIVATE_TARGETS="true",
        POSTLINE_WORKER_POLL_INTERVAL="0.2",
    )
    api.post(f"/v1/webhooks/{webhook['id']}/test")
    receiver.wait_for(1, timeout=30)  # the worker delivers while the receiver is up

    receiver.stop()
    down, down_ms = time.monotonic(), time.time() * 1000
    emitted = {}
    for offset in EMITTED_AT:
        time.sleep(max(0.0, down + offset - time.monotonic()))
        delivery = api.post(f"/v1/webhooks/{webhook['id']}/test").get_json()["data"]
        emitted[delivery["eventId"]] = (delivery["id"], time.monotonic() - down)
    time.sleep(max(0.0, down + DOWN_SECONDS - 1 - time.monotonic()))
    deliveries = f"/v1/webhooks/{webhook['id']}/deliveries"
    next_attempt_at = last_attempts_of_the_outage(api, deliveries, emitted, down_ms + DOWN_SECONDS * 1000)
    time.sleep(max(0.0, down + DOWN_SECONDS - time.monotonic()))
    receiver = Receiver(port=port)
    back = time.monotonic() - down
    try:
        arrived = receiver.wait_for(len(emitted), timeout=60)
    finally:
        receiver.stop()
        assert worker.stop() == 0, worker.output()

    expected = {
        event: scheduled_arrival(at, back, hook_settings["retry_delays"])
        for event, (_, at) in emitted.items()
    }
    received = [(json.loads(request.body)["id"], request.arrived - down) for request in arrived]
    assert len(receiver.requests) == len(emitted), "an event was sent twice"
    assert sorted(event for event, _ in received) == sorted(emitted), "an event was lost or sent twice"
    print(f"\nreceiver down {back:.1f} s, {len(emitted)} events emitted during the outage:")
    for event, at in received:
        attempt, due = expected[event]
        emitted_at = emitted[event][1]
        print(
            f"  {event} emitted {emitted_at:4.1f} s, attempt {attempt} due {due:4.1f} s, arrived {at:4.1f} s"
        )
        assert due - 0.5 <= at <= due + LATE_SLACK, f"{event} arrived at {at:.1f} s, due at {due:.1f} s"
        done = api.get(f"{deliveries}/{emitted[event][0]}").get_json()["data"]
        assert (done["status"], done["attempts"], done["responseStatus"]) == ("succeeded", attempt, 200), done
    # In the order the worker scheduled them (each arrives at the attempt due next
    # during the outage: `attempt` above), which is the order of `expected` unless a
    # late attempt moved one by less than LATE_SLACK.
    assert [event for event, _ in received] == sorted(emitted, key=lambda event: next_attempt_at[event])
    print(
        f"every event delivered once, in retry order; the last {received[-1][1] - back:.1f} s after recovery"
    )
