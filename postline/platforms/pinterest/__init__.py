"""Pinterest (API v5): OAuth 2.0 with continuous (rotating) refresh tokens, pins of an
image, 2 to 5 images or a video (registered, uploaded and processed first) on the board
each post names, with a title, description and link, and Pinterest's error classes
(docs/platforms/pinterest.md).

- `Pinterest`, its `ADAPTER`: the provider and publisher in the registry;
- `oauth`: the profile, the account's boards (GET /v1/connections/{id}/boards);
- `limits`: what a pin carries (800 characters of description, the media, a board);
- `posting`: video uploads and their processing, the pin itself.
"""

from authlib.integrations.base_client import OAuthError

from postline.platforms.base import Limits
from postline.platforms.oauth import CLIENT_SECRET_BASIC, OAuthProvider
from postline.platforms.pinterest import limits, oauth, posting

# Pinterest's own code for a refused grant (a spent, revoked or expired refresh token or
# code), answered as `{"code": 283, "message": "The authorization grant is invalid"}`.
INVALID_GRANT = 283


class Pinterest(OAuthProvider):
    """Pinterest, connected without PKCE: the app authenticates with HTTP Basic at the
    token endpoint, scopes are comma-separated. Refresh tokens are continuous: each
    refresh answers a new access token (30 days) and a new refresh token (60 days from
    then), stored together (postline/connections/tokens.py writes the pair in one
    statement); a connection refreshed at least every 60 days never needs connecting
    again. Apps made before 25 September 2025 get continuous refresh tokens only when
    the code's exchange asks (`continuous_refresh=true`, `[pinterest] continuous_refresh`).
    """

    provider = "pinterest"
    name = "Pinterest"
    # boards:read: the boards a post may name; user_accounts:read: the profile.
    scopes = ("boards:read", "pins:read", "pins:write", "user_accounts:read")
    pkce = False
    refreshes = True
    scope_separator = ","
    client_auth = CLIENT_SECRET_BASIC

    platform = "pinterest"
    transactional = False
    unknown_end_kind = None  # the pin is made only once the video is processed
    content_limit = limits.DESCRIPTION_LIMIT  # the pin's description
    threads = False
    comments = False  # Pinterest's API makes no comments
    # Options checked against the account that publishes: each account has its own boards.
    account_options = ("boardId",)

    publish = staticmethod(posting.publish)
    check = staticmethod(posting.check)
    check_content = staticmethod(limits.check_content)
    check_comment = staticmethod(limits.check_comment)
    check_options = staticmethod(limits.check_options)
    revoke = staticmethod(oauth.revoke)
    profiles = staticmethod(oauth.profiles)
    # The boards a connection may pin to (postline/connections/boards.py).
    boards = staticmethod(oauth.boards)
    # Last: from here on `limits` in this class body is this attribute, not the module.
    limits = Limits(limits.DESCRIPTION_LIMIT, limits.MAX_IMAGES, 1, limits.IMAGE_BYTES, limits.VIDEO_BYTES)

    def exchange_code(self, settings, redirect_uri, code, code_verifier, timeout):
        """Tokens for an authorization code, asking for a continuous refresh token when
        `[pinterest] continuous_refresh` is on (apps made before 25 September 2025)."""
        asked = {"continuous_refresh": "true"} if settings.get("continuous_refresh", True) else {}
        return self.request_tokens(settings, timeout, redirect_uri, code=code, **asked)

    def granted(self, request_token):
        """As OAuthProvider's, reading Pinterest's own error shape: a refused grant
        (code 283) is final, as `invalid_grant` is."""

        def in_oauth_terms():
            answer = request_token()
            if not answer.get("access_token") and answer.get("code") is not None:
                said = str(answer.get("message") or answer["code"])
                raise OAuthError(
                    error="invalid_grant" if answer["code"] == INVALID_GRANT else said, description=said
                )
            return answer

        return super().granted(in_oauth_terms)


ADAPTER = Pinterest()
