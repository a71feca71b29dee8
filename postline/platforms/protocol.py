"""What a platform adapter is: the typing.Protocols every adapter object in the
registry (postline/platforms/__init__.py) satisfies, and what each member must do.
docs/development.md ("Adding a platform") walks through writing one.

A *publisher* publishes to one platform, the `platform` of a post's targets (x,
linkedin, facebook, instagram, tiktok, and the test-mode sandbox). A *provider* is what
users connect accounts through (`GET /v1/connections/{provider}/auth`): one OAuth app
and its tokens, giving one platform (X) or several (Meta: facebook and instagram).
A provider with one platform is one object, both provider and publisher.

Every call raises only what postline/platforms/base.py defines: PublishError (its
`kind` RETRYABLE, BLOCKED, PERMANENT, UNCONFIRMED or TOKEN says what Postline does
next) from publishing, TokenRefused or PlatformUnavailable from the OAuth calls.
tests/test_platforms.py checks every registered adapter against these Protocols.
"""

from typing import Protocol, runtime_checkable

from postline.platforms.base import Call, Limits, Processing, Profile, Published, PublishError, Tokens

# A problem with a post's content: (field, message), the field "content", "media" or
# "media[i]", the message starting with the platform's name ("x: 300 of 280 ...").
Problem = tuple[str, str]


@runtime_checkable
class Files(Protocol):
    """A post's stored media, as publishing hands it to adapters in `Call.files`: adapters
    read bytes and hand out URLs without knowing where media is kept.

    - `read(item, start, length)`: the bytes of a Media row, or `length` of them from
      `start`; PublishError MEDIA_MISSING (permanent) when its file is gone;
    - `public_url(item)`: a signed, expiring URL the platform can fetch it from;
    - `jpeg(item)`: a JPEG rendition of an image (the item itself if it is one), for
      platforms that take JPEG only.
    """

    def read(self, item, start: int = 0, length: int | None = None) -> bytes: ...

    def public_url(self, item) -> str: ...

    def jpeg(self, item): ...


@runtime_checkable
class Publisher(Protocol):
    """Publishes posts to one platform through calls that leave the process, one part
    at a time (docs/api.md, Threads and first comments): the post itself, then the
    replies of its thread, then its first comment.

    - `platform`: the platform's name, a target's `platform` field;
    - `transactional`: False: a call's effect is outside Postline's database, so a call
      with an unknown outcome is never repeated (the part becomes `unconfirmed`);
    - `unknown_end_kind`: what a `processing` part whose end Postline cannot learn
      becomes (still processing at `[publishing] processing_timeout`, or its
      connection dead before the platform said): UNCONFIRMED where the platform may
      still publish it (TikTok); None: the error's own kind (nothing was published yet);
    - `content_limit`: the most characters of a post's text, as the platform counts
      them (the console shows it beside the text box); None: no limit of its own;
    - `limits`: what one post may carry (base.py `Limits`: characters, as
      `content_limit`, the most images and videos and their largest sizes), as
      `GET /v1/platforms` shows it; `check_content` is what enforces them;
    - `threads`: whether it publishes a thread's follow-up parts, each a reply to the
      part before; `comments`: whether it takes a first comment under the post.

    A publisher may also name `account_options`: options whose check depends on the
    account that publishes (Pinterest's board, Mastodon's content warning), left out
    of the checks of a version for a platform the channel has no connection of yet.
    """

    platform: str
    transactional: bool
    unknown_end_kind: str | None
    content_limit: int | None
    limits: Limits
    threads: bool
    comments: bool

    def publish(self, post, target, part, call: Call) -> Published | Processing:
        """Publish `part` (a PostPart: its `kind` post, reply or comment, `content`,
        `media` keys, `options` (the version's), and for a reply or comment the parts it
        answers, published already: `parent` (the part before; the post for a comment)
        and `root` (the post)) of `post` to `target` with the connection's `call`.
        Published once readers can see it; Processing when the platform finishes later
        (asked again through `check` at its `check_at`, with its JSON-able `state` in
        `part.platform_state`). Raises PublishError when the platform says no or no
        answer came."""

    def check(self, post, target, part, call: Call) -> Published | Processing:
        """Ask again about a `processing` part, reading the state `publish` (or the
        previous `check`) returned from `part.platform_state`; returns and raises as
        `publish` does."""

    def check_content(self, content: str | None, media: list) -> list[Problem]:
        """What of a post's or reply's `content` and `media` (Media rows, in order) the
        platform would refuse; [] when it would take them. No network: it runs on every
        POST and PATCH of a post, and again (as PERMANENT CONTENT_REFUSED) before
        publishing."""

    def check_comment(self, content: str | None) -> list[Problem]:
        """As check_content, for a first comment's text (field "content")."""

    def check_options(self, options: dict, media: list) -> list[Problem]:
        """What of the version's `options` (already of the right shape: the API's schema
        checked it) the platform would refuse beside `media`, each field relative to the
        options ("poll.durationMinutes")."""


@runtime_checkable
class TransactionalPublisher(Protocol):
    """Publishes inside Postline's own database transaction (the test-mode sandbox):
    an interrupted call left nothing behind and may simply run again. The members are
    those of Publisher, with `transactional` True and `publish_all` instead of
    `publish` and `check`."""

    platform: str
    transactional: bool
    unknown_end_kind: str | None
    content_limit: int | None
    limits: Limits
    threads: bool
    comments: bool

    def publish_all(self, items: list) -> list[Published | PublishError]:
        """Publish `(post, target, part)` triples at once in the caller's transaction (a
        burst's batch): a Published or a PublishError for each, in order; raises nothing."""

    def check_content(self, content: str | None, media: list) -> list[Problem]:
        """As Publisher.check_content."""

    def check_comment(self, content: str | None) -> list[Problem]:
        """As Publisher.check_comment."""

    def check_options(self, options: dict, media: list) -> list[Problem]:
        """As Publisher.check_options."""


@runtime_checkable
class Provider(Protocol):
    """How users connect accounts: one OAuth 2.0 app (its `[provider]` settings section:
    client_id, client_secret, auth_url, token_url, api_base, and whatever the provider
    needs besides) and the tokens it grants.

    - `provider`: the `{provider}` of /v1/connections/{provider}/auth, and the section;
    - `name`: as people write it ("X", "LinkedIn", "Facebook and Instagram");
    - `scopes`: what the authorize URL asks for;
    - `pkce`: whether the flow sends a PKCE (S256) challenge and verifier;
    - `refreshes`: whether tokens can be refreshed (False: a refused or expired token
      means connecting again);
    - `revokes_access_token`: True when `revoke` takes the access token, not the
      refresh token (TikTok);
    - `platforms`: the publishers its connections publish through, each a Publisher in
      the registry (X: itself; Meta: facebook and instagram).

    `settings` is the provider's section, `timeout` the seconds one call may take.
    """

    provider: str
    name: str
    scopes: tuple[str, ...]
    pkce: bool
    refreshes: bool
    revokes_access_token: bool
    platforms: tuple[Publisher, ...]

    def settings_from(self, section: dict) -> dict:
        """The settings every other member takes, from the provider's config section:
        a key of the contract's (client_id, client_secret, auth_url, token_url,
        api_base) left empty is made from the older setting that gave it, if the
        provider had one (config.toml says so beside it); set, the contract's key wins."""

    def authorize_url(self, settings: dict, redirect_uri: str, state: str, code_verifier: str) -> str:
        """The platform's page that asks the user to let Postline post for them, bound to
        `state` (and to `code_verifier`'s challenge when `pkce`). No network."""

    def exchange_code(
        self, settings: dict, redirect_uri: str, code: str, code_verifier: str, timeout: float
    ) -> Tokens:
        """Tokens for the callback's authorization `code`. Raises TokenRefused when the
        platform refuses it for good, PlatformUnavailable when it may work later."""

    def refresh(self, settings: dict, refresh_token: str, timeout: float) -> Tokens:
        """New tokens for `refresh_token` (`refresh_token` None in them: keep the old
        one). TokenRefused on a definite refusal (`invalid_grant` or its equivalent: the
        connection becomes `expired`), PlatformUnavailable when it may work later."""

    def revoke(self, settings: dict, token: str, timeout: float) -> bool:
        """Ask the platform to revoke `token` when a connection is removed: whether it
        did. Best effort: failures are logged, never raised."""

    def profiles(self, settings: dict, access_token: str, timeout: float) -> list[Profile]:
        """The accounts `access_token` reaches, one connection each (X: one; Meta: every
        Page and linked Instagram account, each with its own `tokens`). TokenRefused
        when the platform refuses the token, PlatformUnavailable when it may work later."""
