"""Platform connections, adding one to a channel, and starting an OAuth run."""

from marshmallow import Schema, fields, validate

from postline.schemas.common import ProblemSchema
from postline.web.choices import CONNECTION_STATUS, PLATFORMS, PROVIDERS, Choice, known_today
from postline.web.envelopes import Answer
from postline.web.fields import NOT_BLANK, CreatedAt, Timestamp, UpdatedAt, described

# A Bluesky handle (a domain name, its last label starting with a letter) and how
# Bluesky writes an app password: four groups of four of a-z and 2-7.
HANDLE = r"^@?([a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\.)+[a-zA-Z]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?$"
APP_PASSWORD = r"^[a-zA-Z2-7]{4}(-[a-zA-Z2-7]{4}){3}$"


class ConnectionSchema(Answer):
    id = described(fields.String, "The connection's id, `conn_...`")
    provider = described(fields.String, f"How it was connected; {known_today(PROVIDERS)}")
    platform = described(fields.String, f"Where it publishes; {known_today(PLATFORMS)}")
    platform_account_id = described(
        fields.String,
        "The account's id on the platform (Mastodon: the id and its instance, `109...@mastodon.social`)",
        data_key="accountId",
    )
    username = described(
        fields.String,
        "The account's handle on the platform (Mastodon: `user@instance`)",
        allow_none=True,
    )
    display_name = described(
        fields.String, "The account's display name", data_key="displayName", allow_none=True
    )
    avatar_url = described(fields.String, "The account's picture", data_key="avatarUrl", allow_none=True)
    status = described(
        Choice, "expired and revoked connections publish nothing until connected again", CONNECTION_STATUS
    )
    scopes = described(fields.List, "What the platform granted", fields.String())
    token_expires_at = described(
        Timestamp,
        "When the current access token expires (Unix ms), or null. The worker refreshes it "
        "before when the platform gave a refresh token; without one the connection becomes "
        "`expired` then",
        data_key="tokenExpiresAt",
        allow_none=True,
    )
    channel_ids = described(
        fields.List, "The channels that publish to it", fields.String(), data_key="channelIds"
    )
    last_verified_at = described(
        Timestamp,
        "When the platform last confirmed the account (Unix ms)",
        data_key="lastVerifiedAt",
        allow_none=True,
    )
    last_error = described(
        fields.Nested,
        "Why the last refresh or verification failed, or null",
        ProblemSchema,
        data_key="lastError",
        allow_none=True,
    )
    simulated = described(
        fields.Boolean,
        "A test-mode connection that publishes through the sandbox with this platform's rules",
    )
    created_at = CreatedAt()
    updated_at = UpdatedAt()


class BlueskySignInSchema(Schema):
    handle = described(
        fields.String,
        "The account's handle, such as alice.bsky.social (a leading @ is fine)",
        required=True,
        validate=[
            validate.Length(min=1, max=254),
            validate.Regexp(HANDLE, error="must be a Bluesky handle, such as alice.bsky.social"),
        ],
    )
    app_password = described(
        fields.String,
        "An app password made in Bluesky's settings (xxxx-xxxx-xxxx-xxxx), never the account's "
        "own password; kept encrypted, to sign in again when a session cannot be refreshed",
        data_key="appPassword",
        required=True,
        load_only=True,
        validate=validate.Regexp(APP_PASSWORD, error="must be an app password: xxxx-xxxx-xxxx-xxxx"),
    )
    channel_id = described(
        fields.String,
        "A channel to add the connection to, `ch_...`",
        data_key="channelId",
        validate=NOT_BLANK,
    )


class ConnectionChannelSchema(Schema):
    channel_id = fields.String(
        required=True,
        data_key="channelId",
        validate=NOT_BLANK,
        metadata={"description": "The channel, `ch_...`"},
    )


class AuthQuerySchema(Schema):
    channel_id = fields.String(
        data_key="channelId",
        validate=NOT_BLANK,
        metadata={"description": "A channel to add the new connection(s) to, `ch_...`"},
    )
    return_to = fields.String(
        data_key="returnTo",
        validate=validate.Length(max=2048),
        metadata={
            "description": "Where the browser goes afterwards (`?connection=<id>&status=connected`, or "
            "`?status=error&code=...`); on [server] public_url's origin or an allowed one. Without it, "
            "the callback shows a small page."
        },
    )
    instance = fields.String(
        validate=validate.Length(min=1, max=255),
        metadata={
            "description": "Mastodon: the server the account is on, a host such as `mastodon.social` "
            "(or its https:// address); `[mastodon] instance` when omitted. Other providers take none."
        },
    )
    redirect = fields.Boolean(
        truthy={"1", "true"},
        falsy={"0", "false"},
        load_default=False,
        metadata={"description": "1 or true: answer 302 to the platform's page instead of 200 with its URL"},
    )


class AuthStartSchema(Answer):
    url = described(fields.String, "The platform's page to open in the user's browser")
    state = described(fields.String, "The signed, single-use state the callback will carry")
    expires_at = described(Timestamp, "When the state stops working (Unix ms)", data_key="expiresAt")


class SimulatedConnectionCreateSchema(Schema):
    platform = described(
        fields.String,
        f"The network it simulates; {known_today(PLATFORMS)}",
        required=True,
        validate=validate.Length(min=1, max=16),
    )
    channel_id = described(
        fields.String,
        "The test channel it publishes for",
        data_key="channelId",
        required=True,
        validate=validate.Length(min=1, max=40),
    )
    username = described(
        fields.String,
        "The account's handle (default `<platform>_tester`)",
        validate=validate.Length(min=1, max=64),
    )
