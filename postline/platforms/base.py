"""What every publisher and platform adapter returns or raises (postline/platforms/protocol.py)."""

from dataclasses import dataclass, field

RETRYABLE = "retryable"  # transient: retried at [publishing] retry_delays
BLOCKED = "blocked"  # rate limit or policy; resumes at `resume_at` when the platform gives one
PERMANENT = "permanent"  # the request itself is wrong: the post fails for good
UNCONFIRMED = "unconfirmed"  # the request may have reached the platform (a time-out): never resend
TOKEN = "token"  # the access token was refused: refresh it, then send again once
KINDS = (RETRYABLE, BLOCKED, PERMANENT, UNCONFIRMED, TOKEN)


@dataclass(frozen=True)
class Limits:
    """What one post may carry on a platform, as `GET /v1/platforms` shows it: the most
    characters of its text as the platform counts them, the most images and videos in
    one post (0: none), and the largest image and video in bytes; None where the
    platform sets no limit of its own (or one that depends on the account)."""

    characters: int = None
    images: int = None
    videos: int = None
    image_bytes: int = None
    video_bytes: int = None


@dataclass(frozen=True)
class Published:
    platform_post_id: str
    url: str = None


@dataclass(frozen=True)
class Processing:
    """The platform took the work and finishes it later: ask again at `check_at` (Unix
    ms), handing the adapter its `state` (JSON-able) back."""

    check_at: int
    state: dict


class PublishError(Exception):
    def __init__(self, kind, code, message, resume_at=None):
        super().__init__(message)
        if kind not in KINDS:
            raise ValueError(f"unknown error kind {kind!r}")
        self.kind = kind
        self.code = code
        self.message = message
        self.resume_at = resume_at


@dataclass(frozen=True)
class Tokens:
    """What a token endpoint granted; `refresh_token` None when it sent none (keep the
    old one), `expires_at` Unix ms or None when the token does not expire."""

    access_token: str
    refresh_token: str = None
    expires_at: int = None
    scopes: list = field(default_factory=list)


@dataclass(frozen=True)
class Profile:
    """The platform account behind a token; `tokens` the account's own when the
    platform hands one out per account (Meta's Page tokens), else None: the grant's."""

    platform: str
    account_id: str
    username: str = None
    display_name: str = None
    avatar_url: str = None
    tokens: "Tokens" = None


class TokenRefused(Exception):
    """The platform definitely refused a token or grant (`invalid_grant` or its
    equivalent): the connection needs the user to connect again."""

    def __init__(self, code, message):
        super().__init__(message)
        self.code = code
        self.message = message


class PlatformUnavailable(Exception):
    """No usable answer (network, time-out, 5xx, an answer of the wrong shape): try later."""

    def __init__(self, message):
        super().__init__(message)
        self.message = message


@dataclass(frozen=True)
class Call:
    """What an adapter needs to call its platform on behalf of one connection: the
    provider's settings (`[x]`...), the access token, the time one call may take, the
    account's username (for post URLs) and its id on the platform, and the post's
    stored media (`files`, a postline/platforms/protocol.py `Files`: publishing hands
    it over, so adapters read media without knowing where it is kept)."""

    settings: dict
    access_token: str
    timeout: float
    username: str = None
    account_id: str = None
    files: object = None
