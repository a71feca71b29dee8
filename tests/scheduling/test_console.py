"""The console's schedule editor, "Add to queue" button and repeat presets, through the
Flask test client: each does what its /v1 operation does, and bad input shows the form
again with the API's message (docs/scheduling.md)."""

import html

import pytest

from models import Channel, ChannelSchedule, Post, Series
from tests.scheduling.test_queues import ms
from tests.support.console import Console

START = "2027-01-04T00:00:00Z"  # a Monday


@pytest.fixture
def console(client, console_user, clock_at):
    """A browser signed in at START, in Europe/Berlin (its session lives from then)."""
    clock_at(ms(START))
    signed_in = Console(client)
    assert signed_in.sign_in().status_code == 302
    signed_in.get("/console/calendar")
    signed_in.post("/console/settings", {"timeZone": "Europe/Berlin"})
    return signed_in


def channel_id(console, name="Launch"):
    console.post("/console/channels", {"name": name})
    return Channel.get(Channel.name == name).id


def test_a_schedule_is_set_from_the_channels_page_and_previews_its_slots(console):
    ch = channel_id(console)
    page = console.text("/console/channels")
    assert f"/console/channels/{ch}/schedule" in page
    form = console.text(f"/console/channels/{ch}/schedule")
    assert 'value="Europe/Berlin"' in form and "No slots" not in form
    saved = console.post(
        f"/console/channels/{ch}/schedule",
        {"timezone": "Europe/Berlin", "slots": "thu 09:00\nTUE 09:00\n\n", "maxPerSlot": "2"},
    )
    assert saved.status_code == 302
    schedule = ChannelSchedule.get()
    assert (schedule.slot_list, schedule.max_per_slot, schedule.paused) == (
        [{"day": "tue", "time": "09:00"}, {"day": "thu", "time": "09:00"}],
        2,
        False,
    )
    page = console.text(f"/console/channels/{ch}/schedule")
    assert "Tue 2027-01-05 09:00" in page and "Thu 2027-01-07 09:00" in page
    assert "tue 09:00\nthu 09:00" in page


def test_a_bad_slot_shows_the_form_again_with_the_apis_message(console):
    ch = channel_id(console)
    response = console.post(
        f"/console/channels/{ch}/schedule", {"timezone": "Europe/Berlin", "slots": "mon 25:00"}
    )
    assert response.status_code == 400
    text = html.unescape(response.get_data(as_text=True))
    assert "must be a time HH:MM from 00:00 to 23:59" in text and "mon 25:00" in text
    response = console.post(
        f"/console/channels/{ch}/schedule", {"timezone": "Mars/Olympus", "slots": "mon 09:00"}
    )
    assert response.status_code == 400 and "is not a known IANA time zone" in response.get_data(as_text=True)
    assert ChannelSchedule.select().count() == 0


def test_add_to_queue_takes_the_next_free_slot_and_a_paused_schedule_says_so(console):
    ch = channel_id(console)
    console.post(f"/console/channels/{ch}/schedule", {"timezone": "Europe/Berlin", "slots": "tue 09:00"})
    assert "Add to queue" in console.text(f"/console/posts/new?channel={ch}")
    response = console.post(
        "/console/posts/new",
        {"channelId": ch, "content": "Queued", "scheduledFor": "2030-01-01T10:00", "queue": "1"},
    )
    assert response.status_code == 302
    post = Post.get()
    assert post.scheduled_for == post.slot == ms("2027-01-05T08:00:00Z")
    console.post(
        f"/console/channels/{ch}/schedule", {"timezone": "Europe/Berlin", "slots": "tue 09:00", "paused": "1"}
    )
    refused = console.post("/console/posts/new", {"channelId": ch, "content": "Waits", "queue": "1"})
    assert refused.status_code == 400
    assert "is paused" in refused.get_data(as_text=True)
    assert Post.select().count() == 1


def test_a_repeat_preset_or_custom_rule_starts_a_series(console):
    ch = channel_id(console)
    weekly = {
        "channelId": ch,
        "content": "Every Monday",
        "scheduledFor": "2027-01-04T09:00",
        "repeat": "weekly",
    }
    assert console.post("/console/posts/new", weekly).status_code == 302
    series = Series.get()
    assert (series.recurrence, series.timezone, series.start_local) == (
        "FREQ=WEEKLY",
        "Europe/Berlin",
        "2027-01-04T09:00",
    )
    custom = {
        **weekly,
        "content": "Tuesdays",
        "repeat": "custom",
        "recurrence": "FREQ=WEEKLY;BYDAY=TU;COUNT=3",
    }
    assert console.post("/console/posts/new", custom).status_code == 302
    assert Series.select().count() == 2
    bad = console.post("/console/posts/new", {**custom, "recurrence": "FREQ=MINUTELY"})
    assert bad.status_code == 400
    text = bad.get_data(as_text=True)
    assert "FREQ=MINUTELY is not supported" in text and 'value="FREQ=MINUTELY"' in text
    assert Post.select().count() == 2
