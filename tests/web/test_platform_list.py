"""`GET /v1/platforms` (docs/api-notes.md, Platforms): every provider of the registry, in
its order, with its platforms, whether this server's settings for it are complete, whether
the calling key can connect it now, and what a post may carry on each platform; paged
like every list."""

import pytest

from postline import platforms
from tests.support.client import assert_error

NO_SETTINGS = [
    name
    for name, adapter in platforms.PROVIDERS.items()
    if getattr(adapter, "password_sign_in", False) or getattr(adapter, "per_instance", False)
]


def listed(client, **query):
    answer = client.get("/v1/platforms", query_string={"per_page": 100, **query})
    assert answer.status_code == 200, answer.get_data(as_text=True)
    return answer.get_json()


def test_every_provider_is_listed_in_the_registrys_order_with_its_platforms(api):
    body = listed(api)
    assert [item["provider"] for item in body["data"]] == list(platforms.PROVIDERS)
    assert body["meta"]["pagination"]["total"] == len(platforms.PROVIDERS)
    for item in body["data"]:
        adapter = platforms.provider(item["provider"])
        assert item["name"] == adapter.name
        assert item["platforms"] == [publisher.platform for publisher in adapter.platforms]
        assert sorted(item["limits"]) == sorted(item["platforms"])
    meta = next(item for item in body["data"] if item["provider"] == "meta")
    assert meta["platforms"] == ["facebook", "instagram"]
    youtube = next(item for item in body["data"] if item["provider"] == "youtube")
    assert youtube["limits"] == {
        "youtube": {
            "characters": 5000,
            "images": 0,
            "videos": 1,
            "imageBytes": None,
            "videoBytes": 256 * 1024**3,
        }
    }
    x = next(item for item in body["data"] if item["provider"] == "x")
    assert x["limits"]["x"]["characters"] == 280 and x["limits"]["x"]["images"] == 4


def test_without_settings_only_the_providers_that_need_none_are_ready(api):
    assert {"bluesky", "mastodon"} <= set(NO_SETTINGS)
    for item in listed(api)["data"]:
        ready = item["provider"] in NO_SETTINGS
        assert (item["configured"], item["available"]) == (ready, ready), item
        if not ready:
            answer = api.get(f"/v1/connections/{item['provider']}/auth")
            assert_error(answer, 400, "PROVIDER_NOT_CONFIGURED")


@pytest.fixture
def sections(request):
    """Provider sections of the test's settings, as it parametrizes them indirectly."""
    return getattr(request, "param", {})


@pytest.fixture
def settings(settings, sections):
    return {**settings, **sections}


def youtube_settings(**overrides):
    section = {
        "client_id": "an-id.apps.googleusercontent.com",
        "client_secret": "a-secret",
        "auth_url": "https://accounts.google.com/o/oauth2/v2/auth",
        "token_url": "https://oauth2.googleapis.com/token",
        "api_base": "https://www.googleapis.com",
    }
    return {"youtube": {**section, **overrides}}


@pytest.mark.parametrize(
    ("sections", "provider", "configured"),
    [
        (youtube_settings(), "youtube", True),
        (youtube_settings(client_id=""), "youtube", False),
        (youtube_settings(token_url=""), "youtube", False),
        # YouTube takes PKCE: a client without a secret is a public one.
        (youtube_settings(client_secret=""), "youtube", True),
        # LinkedIn takes no PKCE: its client needs the secret.
        ({"linkedin": {"client_id": "an-id", "client_secret": ""}}, "linkedin", False),
        ({"linkedin": {"client_id": "an-id", "client_secret": "a-secret"}}, "linkedin", True),
    ],
    indirect=["sections"],
)
def test_configured_means_the_settings_are_complete(api, provider, configured):
    [item] = [item for item in listed(api)["data"] if item["provider"] == provider]
    assert (item["configured"], item["available"]) == (configured, configured)


@pytest.mark.parametrize("sections", [youtube_settings()], indirect=True)
def test_a_test_mode_key_can_connect_nothing(api, make_key):
    tester = api.as_key(make_key(mode="test"))
    items = {item["provider"]: item for item in listed(tester)["data"]}
    assert items["youtube"]["configured"] and not items["youtube"]["available"]
    assert not any(item["available"] for item in items.values())
    assert items["bluesky"]["configured"]


def test_any_valid_key_may_list_them_and_no_key_may_not(api, make_key, client):
    bare = api.as_key(make_key(permissions=[]))
    assert listed(bare)["data"]
    assert_error(client.get("/v1/platforms"), 401, "MISSING_API_KEY")


def test_pages_and_cursors_walk_the_list_once(api):
    total = len(platforms.PROVIDERS)
    first = api.get("/v1/platforms", query_string={"per_page": 2})
    body = first.get_json()
    assert [item["provider"] for item in body["data"]] == list(platforms.PROVIDERS)[:2]
    assert body["meta"]["pagination"]["total_pages"] == -(-total // 2)
    seen = [item["provider"] for item in body["data"]]
    cursor = body["meta"]["pagination"]["next_cursor"]
    assert 'rel="next"' in first.headers["Link"]
    while cursor:
        body = listed(api, per_page=2, cursor=cursor)
        seen += [item["provider"] for item in body["data"]]
        cursor = body["meta"]["pagination"]["next_cursor"]
    assert seen == list(platforms.PROVIDERS)
    assert listed(api, page=total + 1)["data"] == []
    altered = api.get("/v1/platforms", query_string={"cursor": "nope.nope"})
    assert assert_error(altered, 400, "VALIDATION_ERROR")["details"][0]["field"] == "cursor"
