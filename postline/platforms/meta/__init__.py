"""Meta: Facebook Pages and Instagram professional accounts, connected through one
OAuth run (docs/platforms/meta.md).

- `Meta`, its `ADAPTER`: the provider in the registry, whose `platforms` are
  `facebook.ADAPTER` and `instagram.ADAPTER`;
- `oauth`: the Pages and linked Instagram accounts with their Page tokens;
- `graph`: Graph API calls at `[meta] graph_version` and Meta's error classes;
- `facebook`, `instagram`: one publisher per platform, each with its limits.
"""

from postline.platforms.meta import facebook, instagram, oauth
from postline.platforms.oauth import CLIENT_ID_ONLY, OAuthProvider


class Meta(OAuthProvider):
    """Meta, connected without PKCE (Meta takes none). The token endpoint (`[meta]
    token_url`, by default `<api_base>/<graph_version>/oauth/access_token`) is a GET
    with the app's id and secret in its query; scopes are comma-separated. The code
    buys a short-lived user token, exchanged at once (`fb_exchange_token`) for a
    long-lived one (about 60 days), from which `profiles` reads every Page's own token.
    Meta has no refresh tokens: a token Meta refuses means connecting again.
    """

    provider = "meta"
    # How people know it (the console's "Connect Facebook and Instagram").
    name = "Facebook and Instagram"
    # pages_manage_engagement: a first comment as the Page; instagram_manage_comments:
    # one under Instagram media (docs/platforms/meta.md).
    scopes = (
        "pages_show_list",
        "pages_manage_posts",
        "pages_read_engagement",
        "pages_manage_engagement",
        "instagram_basic",
        "instagram_content_publish",
        "instagram_manage_comments",
        "publish_video",
    )
    pkce = False
    refreshes = False
    scope_separator = ","
    client_auth = CLIENT_ID_ONLY
    token_method = "GET"
    # Meta answers a refused code with a Graph error object, not an OAuth error code:
    # nothing matches a definite refusal, and the callback fails the run either way.
    definite_refusals = ()
    platforms = (facebook.ADAPTER, instagram.ADAPTER)

    revoke = staticmethod(oauth.revoke)

    def settings_from(self, section):
        """`auth_url` and `token_url`, when empty, at `[meta] graph_version`: the dialog
        under `auth_base` (their older setting), the token endpoint under `api_base`."""
        version = section.get("graph_version") or "v21.0"
        made = {
            "auth_url": f"{section['auth_base'].rstrip('/')}/{version}/dialog/oauth",
            "token_url": f"{section['api_base'].rstrip('/')}/{version}/oauth/access_token",
        }
        return {**section, **{key: url for key, url in made.items() if not section.get(key)}}

    def token_params(self, settings):
        return {"client_id": settings["client_id"], "client_secret": settings["client_secret"]}

    def exchange_code(self, settings, redirect_uri, code, code_verifier, timeout):
        """A long-lived user token for an authorization code: the code's short-lived
        token, exchanged at once. TokenRefused or PlatformUnavailable."""
        short = super().exchange_code(settings, redirect_uri, code, code_verifier, timeout)
        return self.request_tokens(
            settings, timeout, grant_type="fb_exchange_token", fb_exchange_token=short.access_token
        )

    def profiles(self, settings, access_token, timeout):
        return oauth.profiles(settings, access_token, timeout, self.scopes)


ADAPTER = Meta()
