"""Examples of channel queues, series and the posts that use them for the OpenAPI
document (routes/examples.py holds the others; tests/web/test_openapi.py checks each
against its schema)."""

from routes.examples import CHANNEL_ID, NOW, POST_CREATE, POST_ID, POSTS_CREATE

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

# POST /v1/posts: a post at its own time (the default "Try it out" sends), or one of the
# ways docs/scheduling.md describes. Swagger UI offers them by their summaries.
QUEUED_POST_CREATE = {
    "channelId": CHANNEL_ID,
    "content": "Tip of the week: one API call schedules every network.",
    "queue": True,
    "queueAfter": "2030-01-14T00:00:00Z",
}
RECURRING_POST_CREATE = {
    "channelId": CHANNEL_ID,
    "content": "Tuesday tip: schedule once, publish everywhere.",
    "scheduledFor": "2030-01-15T09:00:00",
    "timezone": "Europe/Berlin",
    "recurrence": "FREQ=WEEKLY;BYDAY=TU;COUNT=12",
}
EVERGREEN_POST_CREATE = {
    "channelId": CHANNEL_ID,
    "content": "Our guide to scheduling posts: https://example.com/guide",
    "evergreen": {
        "minIntervalDays": 30,
        "maxRepeats": 5,
        "rotation": [
            {"x": {"content": "Still the best guide to scheduling posts: https://example.com/guide"}}
        ],
    },
}
POST_CREATE_EXAMPLES = {
    "scheduled": {"summary": "At a time of its own", "value": POST_CREATE},
    "queued": {
        "summary": "In the channel's next free slot (the channel needs a schedule)",
        "value": QUEUED_POST_CREATE,
    },
    "recurring": {"summary": "Every Tuesday at 09:00 Berlin time, 12 times", "value": RECURRING_POST_CREATE},
    "evergreen": {
        "summary": "Repeated 30 days after each publication, 5 times",
        "value": EVERGREEN_POST_CREATE,
    },
}
POSTS_CREATE_EXAMPLES = {
    "scheduled": {"summary": "Each at a time of its own", "value": POSTS_CREATE},
    "queued": {
        "summary": "Into the channel's next free slots, in order (the channel needs a schedule)",
        "value": {
            "posts": [
                {"channelId": CHANNEL_ID, "content": f"Tip {n} of the launch week.", "queue": True}
                for n in (1, 2, 3)
            ]
        },
    },
}

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
