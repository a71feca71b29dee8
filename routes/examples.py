"""Realistic examples for the OpenAPI document: what /docs shows and what its
"Try it out" sends. tests/web/test_openapi.py checks each against its schema."""

CHANNEL_ID = "ch_01jd3x8t2k9s7a6b5c4d3e2f1g"
POST_ID = "post_01jd3xa0q4w8e2r6t0y4u8i2o6"
WEBHOOK_ID = "wh_01jd3xb6m3n7b1v5c9x3z7l1k5"
DELIVERY_ID = "whd_01jd3xc2p6o0i4u8y2t6r0e4w8"
EVENT_ID = "evt_01jd3xc2n5m9k3j7h1g5f9d3s7"
KEY_ID = "key_01jd3x7e1r5t9y3u7i1o5p9a3s"
ACCOUNT_ID = "acct_01jd3x6a2s6d0f4g8h2j6k0l4z"
MEDIA_KEY = "med_01jd3xd8q2w6e0r4t8y2u6i0o4.png"
CONNECTION_ID = "conn_01jd3xe4r8t2y6u0i4o8p2a6s0"
NOW = 1_798_794_000_000  # 2027-01-01T09:00:00Z


def data(resource):
    return {"data": resource}


def page(*resources, total=None):
    count = len(resources) if total is None else total
    return {
        "data": list(resources),
        "meta": {
            "request_id": "req_3f1c9a0b7d2e4f6a8b0c1d2e",
            "timestamp": NOW,
            "pagination": {
                "page": 1,
                "per_page": 20,
                "total": count,
                "total_pages": 1 if count else 0,
                "next_cursor": None,
            },
        },
    }


def deleted(id):
    return {"data": {"id": id, "deleted": True}}


CHANNEL_CREATE = {"name": "Product launches", "color": "#4F46E5"}
CHANNEL = {
    "id": CHANNEL_ID,
    "name": "Product launches",
    "color": "#4F46E5",
    "connectionIds": [CONNECTION_ID],
    "createdAt": NOW,
    "updatedAt": NOW,
}
CHANNEL_UPDATE = {"name": "Launches", "color": "#0EA5E9"}

CONNECTION = {
    "id": CONNECTION_ID,
    "provider": "x",
    "platform": "x",
    "accountId": "1460349186937327617",
    "username": "postline",
    "displayName": "Postline",
    "avatarUrl": "https://pbs.twimg.com/profile_images/1460349186937327617/postline_normal.png",
    "status": "active",
    "scopes": ["tweet.read", "tweet.write", "users.read", "offline.access", "media.write"],
    "tokenExpiresAt": NOW + 7_200_000,
    "channelIds": [CHANNEL_ID],
    "lastVerifiedAt": NOW,
    "lastError": None,
    "createdAt": NOW,
    "updatedAt": NOW,
    "simulated": False,
}
SIMULATED_CONNECTION_CREATE = {"platform": "x", "channelId": CHANNEL_ID, "username": "acme_test"}
SIMULATED_CONNECTION = {
    **CONNECTION,
    "accountId": "sim_01jd3x5v8n2p7r4t6w9y0b3c5d",
    "username": "acme_test",
    "displayName": "acme_test (simulated)",
    "avatarUrl": None,
    "scopes": [],
    "tokenExpiresAt": None,
    "simulated": True,
}
BLUESKY_SIGN_IN = {
    "handle": "acme.bsky.social",
    "appPassword": "abcd-efgh-ijkl-mnop",
    "channelId": CHANNEL_ID,
}
BLUESKY_CONNECTION = {
    **CONNECTION,
    "provider": "bluesky",
    "platform": "bluesky",
    "accountId": "did:plc:ewvi7nxzyoun6zhxrhs64oiz",
    "username": "acme.bsky.social",
    "displayName": "Acme",
    "avatarUrl": "https://cdn.bsky.app/img/avatar/plain/did:plc:ewvi7nxzyoun6zhxrhs64oiz/bafkreif@jpeg",
    "scopes": ["com.atproto.appPass"],
}
BOARD = {
    "id": "1089308447600000001",
    "name": "Launch ideas",
    "description": "What we pin on launch day",
    "privacy": "PUBLIC",
}
AUTH_START = {
    "url": "https://x.com/i/oauth2/authorize?response_type=code&client_id=M1M5R3BMVy13QmpScXkzTUt5OE46MTpjaQ"
    "&redirect_uri=https%3A%2F%2Fpostline.example.com%2Fv1%2Fconnections%2Fx%2Fcallback"
    "&scope=tweet.read+tweet.write+users.read+offline.access+media.write"
    "&state=Jq3vX0c9Qm2Lr8TzP4kW1nYb5sHd7fGe.9mVt2QxR7LcK0pZw4yB8nH3jD6sF1aE5uT9iO2rW7qY"
    "&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=S256",
    "state": "Jq3vX0c9Qm2Lr8TzP4kW1nYb5sHd7fGe.9mVt2QxR7LcK0pZw4yB8nH3jD6sF1aE5uT9iO2rW7qY",
    "expiresAt": NOW + 600_000,
}

# "Try it out" in /docs sends this body with the first channel of the entered key in
# place of CHANNEL_ID (routes/docs.py), so it succeeds as sent once you have a channel.
POST_CREATE = {
    "channelId": CHANNEL_ID,
    "content": "Postline 1.0 is out: schedule posts to every network from one API. https://example.com/launch",
    "scheduledFor": "2030-01-15T09:30:00Z",
}
POST = {
    "id": POST_ID,
    "channelId": CHANNEL_ID,
    "content": POST_CREATE["content"],
    "scheduledFor": 1_894_699_800_000,
    "timezone": None,
    "media": [],
    "thread": [],
    "firstComment": None,
    "platforms": {},
    "status": "queued",
    "attempts": 0,
    "nextAttemptAt": None,
    "lastError": None,
    "targets": [],
    "deliveredAt": None,
    "slot": None,
    "seriesId": None,
    "seriesDetached": False,
    "evergreen": None,
    "evergreenOf": None,
    "createdAt": NOW,
    "updatedAt": NOW,
}
POST_UPDATE = {"content": "Postline 1.0 is out, with webhooks.", "scheduledFor": "2030-01-15T10:00:00Z"}
POSTS_CREATE = {
    "posts": [
        {"channelId": CHANNEL_ID, "content": "Launch day, part 1", "scheduledFor": "2030-01-15T09:00:00Z"},
        {
            "channelId": CHANNEL_ID,
            "content": "Launch day, part 2",
            "scheduledFor": "2030-01-15T13:00:00",
            "timezone": "Europe/Berlin",
        },
    ]
}
POSTS_UPDATE = {"posts": [{"id": POST_ID, "scheduledFor": "2030-01-16T09:00:00Z"}]}
POSTS_DELETE = {"ids": [POST_ID]}
PUBLISHED_POST = {
    **POST,
    "status": "done",
    "attempts": 1,
    "targets": [
        {
            "connectionId": None,
            "platform": "sandbox",
            "status": "published",
            "platformPostId": "sbx_01jd3xe4r8t2y6u0i4o8p2a6s0",
            "url": "https://sandbox.postline.invalid/posts/sbx_01jd3xe4r8t2y6u0i4o8p2a6s0",
            "error": None,
            "publishedAt": 1_894_699_800_032,
            "parts": [
                {
                    "index": 0,
                    "kind": "post",
                    "content": POST_CREATE["content"],
                    "status": "published",
                    "platformPostId": "sbx_01jd3xe4r8t2y6u0i4o8p2a6s0",
                    "url": "https://sandbox.postline.invalid/posts/sbx_01jd3xe4r8t2y6u0i4o8p2a6s0",
                    "error": None,
                    "nextAttemptAt": None,
                }
            ],
        }
    ],
    "deliveredAt": 1_894_699_800_032,
}

WEBHOOK_CREATE = {
    "url": "https://hooks.example.com/postline",
    "events": ["post.delivered", "post.failed", "post.blocked"],
    "description": "Ops channel",
}
WEBHOOK = {
    "id": WEBHOOK_ID,
    "userId": ACCOUNT_ID,
    "url": WEBHOOK_CREATE["url"],
    "events": WEBHOOK_CREATE["events"],
    "active": True,
    "description": "Ops channel",
    "disabledReason": None,
    "createdAt": NOW,
    "updatedAt": NOW,
}
WEBHOOK_WITH_SECRET = {**WEBHOOK, "secret": "whsec_YW4tZXhhbXBsZS1zZWNyZXQtZm9yLXRoZS1kb2NzISE="}
WEBHOOK_UPDATE = {"events": ["post.delivered"], "active": True}
DELIVERY = {
    "id": DELIVERY_ID,
    "webhookId": WEBHOOK_ID,
    "eventId": EVENT_ID,
    "event": "post.delivered",
    "status": "succeeded",
    "attempts": 1,
    "nextAttemptAt": None,
    "lastAttemptAt": NOW,
    "responseStatus": 200,
    "responseBody": '{"received": true}',
    "error": None,
    "durationMs": 84,
    "trigger": "event",
    "createdAt": NOW,
    "deliveredAt": NOW + 84,
}
TEST_DELIVERY = {
    **DELIVERY,
    "event": "webhook.test",
    "status": "pending",
    "attempts": 0,
    "nextAttemptAt": NOW,
    "lastAttemptAt": None,
    "responseStatus": None,
    "responseBody": None,
    "durationMs": None,
    "trigger": "test",
    "deliveredAt": None,
}

KEY_CREATE = {"name": "CI deploys", "permissions": ["posts:read", "posts:write"], "expiresIn": 90}
KEY = {
    "id": KEY_ID,
    "name": "CI deploys",
    "prefix": "k7w2m9q4",
    "mode": "live",
    "permissions": ["posts:read", "posts:write"],
    "lastUsedAt": None,
    "expiresAt": NOW + 90 * 86_400_000,
    "createdAt": NOW,
    "updatedAt": NOW,
}
KEY_CREATED = {**KEY, "key": "service_sk_live_k7w2m9q4_Qx3vB8nL2pR6tY0wE4uI8oA2sD6fG0hJ4kZ8xC2v"}
KEY_UPDATE = {"name": "CI deploys (read only)", "permissions": ["posts:read"]}

MEDIA = {
    "key": MEDIA_KEY,
    "filename": "launch-banner.png",
    "contentType": "image/png",
    "size": 184_532,
    "sha256": "9f2c4e1b7a3d5f8e0c6b2a9d4e7f1c3b8a5d2e9f6c0b3a7d4e1f8c5b2a9d6e3f",
    "width": 1600,
    "height": 900,
    "durationMs": None,
    "altText": "The Postline logo over a launch rocket",
    "createdAt": NOW,
    "updatedAt": NOW,
}
MEDIA_IMPORT = {"url": "https://images.example.com/launch-banner.png"}
MEDIA_UPDATE = {"altText": "The Postline logo over a launch rocket"}
MEDIA_DELETED = {"data": {"key": MEDIA_KEY, "deleted": True}}

HEALTH = {
    "status": "ok",
    "version": "0.1.0",
    "time": NOW,
    "key": {"id": KEY_ID, "name": "CI deploys", "mode": "live", "permissions": ["posts:read", "posts:write"]},
    "database": "ok",
    "worker": {"lastSeenAt": NOW - 420, "lagMs": 420},
}
COUNTS = {
    "requests": 1284,
    "postsCreated": 42,
    "postsDelivered": 39,
    "postsFailed": 1,
    "webhookDeliveries": 80,
    "mediaBytes": 3_145_728,
}


def _window(limit, used, reset):
    return {"limit": limit, "used": used, "remaining": limit - used, "resetAt": reset}


USAGE = {
    "plan": "free",
    "mode": "live",
    "limits": {
        "minute": _window(60, 12, NOW + 5_000),
        "hour": _window(1000, 240, NOW + 60_000),
        "day": _window(10000, 1284, NOW + 600_000),
    },
    "today": COUNTS,
}
USAGE_DAY = {"date": "2027-01-01", **COUNTS}
USAGE_DAY_DETAIL = {
    **USAGE_DAY,
    "endpoints": [
        {"method": "GET", "path": "/v1/posts", "requests": 900},
        {"method": "POST", "path": "/v1/posts", "requests": 42},
    ],
}


PLATFORM_PROVIDERS = (
    {
        "provider": "x",
        "name": "X",
        "platforms": ["x"],
        "configured": True,
        "available": True,
        "limits": {
            "x": {"characters": 280, "images": 4, "videos": 1, "imageBytes": 5242880, "videoBytes": 536870912}
        },
    },
    {
        "provider": "youtube",
        "name": "YouTube",
        "platforms": ["youtube"],
        "configured": False,
        "available": False,
        "limits": {
            "youtube": {
                "characters": 5000,
                "images": 0,
                "videos": 1,
                "imageBytes": None,
                "videoBytes": 274877906944,
            }
        },
    },
)
