"""The providers' settings (`[x]`...) and what is derived from `[server]`.

Every provider section has the keys `client_id`, `client_secret`, `auth_url`,
`token_url` and `api_base` (POSTLINE_<PROVIDER>_<KEY>). Older names still work where a
section had them (config.toml says so beside each): the provider's adapter makes a key
left empty from them; when both are set, the contract's key wins.
"""

from urllib.parse import urlsplit

from postline import platforms

_state = {}


def configure(settings):
    public_url = settings["server"]["public_url"].rstrip("/")
    origins = {_origin(public_url)} | {_origin(url) for url in settings["server"]["allowed_return_origins"]}
    _state.update(
        settings=settings,
        public_url=public_url,
        return_origins=origins,
        timeout=settings["publishing"]["timeout"],
    )


def provider_settings(provider):
    """The provider's section (`[x]`) as its adapter completes it (older names, see
    Provider.settings_from), the API base URL stripped of a trailing slash."""
    section = dict(_state["settings"].get(provider) or {})
    adapter = platforms.provider(provider)
    if adapter is not None:
        section = adapter.settings_from(section)
    if section.get("api_base"):
        section["api_base"] = section["api_base"].rstrip("/")
    return section


def redirect_uri(provider):
    return f"{_state['public_url']}/v1/connections/{provider}/callback"


def timeout():
    """Seconds one platform call may take (`[publishing] timeout`)."""
    return _state["timeout"]


def return_allowed(url):
    """Whether `url` is an absolute http(s) URL on an allowed origin."""
    return _origin(url) in _state["return_origins"]


def _origin(url):
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        return None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return None
    default = 443 if parts.scheme == "https" else 80
    return (parts.scheme, parts.hostname.lower(), port or default)
