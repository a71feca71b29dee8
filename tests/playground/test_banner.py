"""The console says when its platforms are the playground's fakes: a banner on every
page, the sign-in page too, with links to what each fake received; never otherwise."""

import pytest

BANNER = "Playground: these platforms are local fakes."
PAGES = ["/console/calendar", "/console/connections", "/console/channels", "/console/keys"]
FAKE_BASES = {
    "x": "http://127.0.0.1:9101",
    "linkedin": "http://127.0.0.1:9102",
    "meta": "http://127.0.0.1:9103",
    "tiktok": "http://127.0.0.1:9104",
}


@pytest.fixture
def playground(settings):
    """The settings of `python3 tasks.py serve --playground` (devtools/playground.py)."""
    settings["server"]["playground"] = True
    for provider, base in FAKE_BASES.items():
        settings[provider] = {"client_id": f"fake-{provider}", "api_base": base}
    return settings


@pytest.mark.parametrize("path", PAGES)
def test_every_console_page_of_the_playground_says_its_platforms_are_fakes(playground, console, path):
    page = console.text(path)
    assert BANNER in page
    for base in FAKE_BASES.values():
        assert f'href="{base}/_fake/"' in page


def test_the_sign_in_page_says_so_too(playground, client):
    assert BANNER in client.get("/console/sign-in").get_data(as_text=True)


@pytest.mark.parametrize("path", PAGES)
def test_a_real_install_shows_no_banner(console, path):
    assert "Playground" not in console.text(path)
