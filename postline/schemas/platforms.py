"""What this server offers of each provider (`GET /v1/platforms`)."""

from marshmallow import fields

from postline.web.choices import PLATFORMS, PROVIDERS, known_today
from postline.web.envelopes import Answer
from postline.web.fields import described


class PlatformLimitsSchema(Answer):
    characters = described(
        fields.Integer,
        "The most characters of a post's text, as the platform counts them (X weighs them, Bluesky "
        "counts graphemes, YouTube bytes of its description); null: no limit of its own",
        allow_none=True,
    )
    images = described(
        fields.Integer, "The most images in one post (0: none); null: no limit of its own", allow_none=True
    )
    videos = described(
        fields.Integer, "The most videos in one post (0: none); null: no limit of its own", allow_none=True
    )
    image_bytes = described(
        fields.Integer,
        "The largest image, in bytes; null: no limit of its own",
        data_key="imageBytes",
        allow_none=True,
    )
    video_bytes = described(
        fields.Integer,
        "The largest video, in bytes; null: no limit of its own",
        data_key="videoBytes",
        allow_none=True,
    )


class PlatformProviderSchema(Answer):
    provider = described(
        fields.String, f"The `{{provider}}` of /v1/connections/{{provider}}/auth; {known_today(PROVIDERS)}"
    )
    name = described(fields.String, "As people write it")
    platforms = described(
        fields.List,
        f"Where its connections publish: a target's and a connection's `platform`; {known_today(PLATFORMS)}",
        fields.String(),
    )
    configured = described(
        fields.Boolean,
        "This server's settings for it are complete (Bluesky and Mastodon need none); false: connecting "
        "answers 400 PROVIDER_NOT_CONFIGURED, or fails at the token exchange",
    )
    available = described(
        fields.Boolean,
        "The calling key can connect an account of it now: configured, and a live key (a test-mode key "
        "adds simulated connections of any platform instead)",
    )
    limits = described(
        fields.Dict,
        "What one post may carry on each of its platforms (checked at create, PATCH and publish; Mastodon's "
        "are its defaults, each instance saying its own)",
        keys=fields.String(),
        values=fields.Nested(PlatformLimitsSchema),
    )
