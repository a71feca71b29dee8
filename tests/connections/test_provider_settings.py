"""Provider settings by the contract's names (config.toml, the provider sections): each
OAuth provider configured only through POSTLINE_<PROVIDER>_<KEY> variables, read by the
one loader (postline/config.py), connects through what they name: its client id on the
authorize URL, its secret and code at its token URL, its profile from its API base; the
older names (`[meta] auth_base`, `[tiktok] client_key`) still work, and lose when both
are set."""

import pytest

from devtools.connecting import authorize
from devtools.fakes.meta import FakeMeta
from devtools.fakes.pinterest import FakePinterest
from devtools.fakes.threads import FakeThreads
from devtools.fakes.youtube import FakeYouTube
from devtools.servers import free_port
from tests.connections.conftest import query_of
from tests.support.fakes import close, on_steady_port

# Every provider with the contract's five keys (Bluesky and Mastodon have no app to
# register: they need none of them).
PROVIDERS = ["x", "linkedin", "meta", "tiktok", "threads", "youtube", "pinterest"]
TOKEN_PATHS = {
    "x": "POST /2/oauth2/token",
    "linkedin": "POST /oauth/v2/accessToken",
    "meta": "GET /v21.0/oauth/access_token",
    "tiktok": "POST /v2/oauth/token/",
    "threads": "POST /oauth/access_token",
    "youtube": "POST /token",
    "pinterest": "POST /v5/oauth/token",
}
# Where each asks who the account is: at its API base.
PROFILE_PATHS = {
    "x": "GET /2/users/me",
    "linkedin": "GET /v2/userinfo",
    "meta": "GET /v21.0/me/accounts",
    "tiktok": "GET /v2/user/info/",
    "threads": "GET /v1.0/me",
    "youtube": "GET /youtube/v3/channels",
    "pinterest": "GET /v5/user_account",
}
# The authorize URL's parameter that carries the client id.
CLIENT_PARAMETER = {"tiktok": "client_key"}
FAKES = {"meta": FakeMeta, "threads": FakeThreads, "youtube": FakeYouTube, "pinterest": FakePinterest}


@pytest.fixture
def fakes(fake_x, fake_linkedin, fake_tiktok):
    started = {provider: on_steady_port(fake_class) for provider, fake_class in FAKES.items()}
    yield {"x": fake_x, "linkedin": fake_linkedin, "tiktok": fake_tiktok, **started}
    for fake in started.values():
        close(fake)


@pytest.fixture
def fake_meta(fakes):
    return fakes["meta"]


@pytest.fixture
def environment(request, fakes):
    """The POSTLINE_* variables the test's app is started with: every fake's settings by
    the contract's names (FakeServer.env), changed by the test's `change(variables,
    fakes)` (an indirect parameter, `changed`)."""
    variables = {}
    for fake in fakes.values():
        variables.update(fake.env())
    if getattr(request, "param", None):
        request.param(variables, fakes)
    return variables


def changed(change):
    return pytest.mark.parametrize("environment", [change], indirect=True, ids=[""])


@pytest.fixture
def settings(settings, environment, monkeypatch):
    """No provider section in the app's overrides: the environment alone configures them."""
    for provider in PROVIDERS:
        settings.pop(provider, None)
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    return settings


@pytest.mark.parametrize("provider", PROVIDERS)
def test_the_contracts_names_in_the_environment_configure_every_provider(provider, fakes, environment, api):
    fake = fakes[provider]
    prefix = f"POSTLINE_{provider.upper()}_"
    contract = {
        f"{prefix}{key}" for key in ("CLIENT_ID", "CLIENT_SECRET", "AUTH_URL", "TOKEN_URL", "API_BASE")
    }
    assert contract <= set(environment)
    assert not {"POSTLINE_TIKTOK_CLIENT_KEY", "POSTLINE_META_AUTH_BASE"} & set(environment)
    started = api.get(f"/v1/connections/{provider}/auth").get_json()["data"]
    assert started["url"].startswith(environment[f"{prefix}AUTH_URL"] + "?")
    client_id = query_of(started["url"])[CLIENT_PARAMETER.get(provider, "client_id")]
    assert client_id == environment[f"{prefix}CLIENT_ID"]
    answer = api.client.get(authorize(api, provider))
    assert answer.status_code == 200, answer.get_data(as_text=True)
    assert fake.requests[TOKEN_PATHS[provider]] >= 1  # the secret and the code, taken there
    assert fake.requests[PROFILE_PATHS[provider]] >= 1, fake.requests
    connections = api.get("/v1/connections").get_json()["data"]
    assert connections and {c["provider"] for c in connections} == {provider}


def token_url_where_nothing_listens(variables, fakes):
    variables["POSTLINE_META_TOKEN_URL"] = f"http://127.0.0.1:{free_port()}/v21.0/oauth/access_token"


@changed(token_url_where_nothing_listens)
def test_meta_exchanges_codes_at_its_token_url(fake_meta, api):
    """`[meta] token_url` is where the code goes, not `<api_base>/<graph_version>/...`."""
    answer = api.client.get(authorize(api, "meta"))
    assert answer.status_code == 400 and "token endpoint" in answer.get_data(as_text=True)
    assert fake_meta.requests[TOKEN_PATHS["meta"]] == 0
    assert api.get("/v1/connections").get_json()["data"] == []


def client_key_instead_of_client_id(variables, fakes):
    variables["POSTLINE_TIKTOK_CLIENT_KEY"] = variables.pop("POSTLINE_TIKTOK_CLIENT_ID")


@changed(client_key_instead_of_client_id)
def test_tiktok_takes_its_client_id_under_the_older_name_too(fake_tiktok, api):
    url = api.get("/v1/connections/tiktok/auth").get_json()["data"]["url"]
    assert query_of(url)["client_key"] == fake_tiktok.client_key
    assert api.client.get(authorize(api, "tiktok")).status_code == 200


def older_names_beside_the_contracts(variables, fakes):
    variables["POSTLINE_TIKTOK_CLIENT_KEY"] = "an-old-client-key"
    variables["POSTLINE_META_AUTH_BASE"] = "http://127.0.0.1:9"


@changed(older_names_beside_the_contracts)
def test_the_contracts_name_wins_over_the_older_one(fake_tiktok, fake_meta, api):
    tiktok = api.get("/v1/connections/tiktok/auth").get_json()["data"]["url"]
    assert query_of(tiktok)["client_key"] == fake_tiktok.client_key
    meta = api.get("/v1/connections/meta/auth").get_json()["data"]["url"]
    assert meta.startswith(f"{fake_meta.url}/v21.0/dialog/oauth?")


def auth_base_instead_of_urls(variables, fakes):
    del variables["POSTLINE_META_AUTH_URL"], variables["POSTLINE_META_TOKEN_URL"]
    variables["POSTLINE_META_AUTH_BASE"] = fakes["meta"].url


@changed(auth_base_instead_of_urls)
def test_metas_older_auth_base_still_says_where_the_user_approves(fake_meta, api):
    url = api.get("/v1/connections/meta/auth").get_json()["data"]["url"]
    assert url.startswith(f"{fake_meta.url}/v21.0/dialog/oauth?")
    assert api.client.get(authorize(api, "meta")).status_code == 200  # tokens at <api_base>/<graph_version>
    assert fake_meta.requests[TOKEN_PATHS["meta"]] == 2  # the code's, then the long-lived token's
