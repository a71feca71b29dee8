"""Examples of channel queues and series for the OpenAPI document (routes/examples.py
holds the others; tests/web/test_openapi.py checks each against its schema)."""

from routes.examples import CHANNEL_ID, NOW, POST, POST_ID

SERIES_ID = "ser_01jd3xf0t4y8u2i6o0p4a8s2d6"
TUESDAY = 1_799_136_000_000  # 2027-01-05T09:00 in Europe/Berlin
THURSDAY = 1_799_308_800_000  # 2027-01-07T09:00 in Europe/Berlin
WEEK_MS = 7 * 86_400_000

SCHEDULE_PUT = {
    "timezone": "Europe/Berlin",
    "slots": [{"day": "tue", "time": "09:00"}, {"day": "thu", "time": "09:00"}],
    "maxPerSlot": 1,
    "paused": False,
}
SCHEDULE = {
    "channelId": CHANNEL_ID,
    "timezone": "Europe/Berlin",
    "slots": SCHEDULE_PUT["slots"],
    "maxPerSlot": 1,
    "paused": False,
    "createdAt": NOW,
    "updatedAt": NOW,
}
NEXT_SLOTS = {
    "timezone": "Europe/Berlin",
    "slots": [
        {"scheduledFor": TUESDAY, "taken": 0},
        {"scheduledFor": THURSDAY, "taken": 0},
        {"scheduledFor": TUESDAY + WEEK_MS, "taken": 0},
    ],
}
REFLOW = {"channelId": CHANNEL_ID, "moved": 3}
QUEUED_POST = {**POST, "scheduledFor": TUESDAY, "slot": TUESDAY}

SERIES = {
    "id": SERIES_ID,
    "channelId": CHANNEL_ID,
    "recurrence": "FREQ=WEEKLY;BYDAY=TU;COUNT=3",
    "timezone": "Europe/Berlin",
    "content": "Tuesday tip: schedule once, publish everywhere.",
    "media": [],
    "thread": [],
    "firstComment": None,
    "platforms": {},
    "occurrences": [
        {"scheduledFor": TUESDAY, "postId": POST_ID},
        {"scheduledFor": TUESDAY + WEEK_MS, "postId": None},
        {"scheduledFor": TUESDAY + 2 * WEEK_MS, "postId": None},
    ],
    "createdAt": NOW,
    "updatedAt": NOW,
}
SERIES_UPDATE = {"content": "Tuesday tip: one API for every network."}
SERIES_SKIP = {"scheduledFor": TUESDAY + WEEK_MS}
