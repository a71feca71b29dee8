"""The console says when its platforms are the playground's fakes: a banner on every
page, the sign-in page too, with links to what each fake received; never otherwise."""

import pytest

from devtools.playground import PROVIDERS
from postline import platforms

BANNER = "Playground: these platforms are local fakes."
PAGES = ["/console/calendar", "/console/connections", "/console/channels", "/console/keys"]
FAKE_BASES = {provider: f"http://127.0.0.1:{9101 + number}" for number, provider in enumerate(PROVIDERS)}
# The setting that names where a provider's fake is: its API base, but Bluesky's
# service and Mastodon's instance.
ADDRESS_KEYS = {"bluesky": "service_url", "mastodon": "instance"}


@pytest.fixture
def playground(settings):
    """The settings of `python3 tasks.py serve --playground` (devtools/playground.py)."""
    settings["server"]["playground"] = True
    for provider, base in FAKE_BASES.items():
        settings[provider] = {ADDRESS_KEYS.get(provider, "api_base"): base}
    return settings


@pytest.mark.parametrize("path", PAGES)
def test_every_console_page_of_the_playground_says_its_platforms_are_fakes(playground, console, path):
    page = console.text(path)
    assert BANNER in page
    for provider, base in FAKE_BASES.items():
        assert f'<a href="{base}/_fake/">{platforms.PROVIDERS[provider].name}</a>' in page


def test_the_sign_in_page_says_so_too(playground, client):
    assert BANNER in client.get("/console/sign-in").get_data(as_text=True)


@pytest.mark.parametrize("path", PAGES)
def test_a_real_install_shows_no_banner(console, path):
    assert "Playground" not in console.text(path)
