"""The fakes' pages for a person (devtools/fakes/pages.py): with `approval_page` on, each
OAuth fake's authorize URL asks a browser to approve or deny, and its decision reaches
Postline's callback as the platform's own answer; off, the fake approves at once, as the
tests' fakes always have; every fake's /_fake/ lists what it received. (Bluesky signs
in with an app password: it has no approval page.)"""

from urllib.parse import urlsplit

import pytest
import requests

from devtools.connecting import press
from devtools.fakes.pages import RECEIVED_PATH
from devtools.fakes.registry import PLATFORMS, providers
from models import Connection
from tests.support.fakes import close, on_steady_port


def entry_of(provider):
    return next(entry for entry in PLATFORMS if entry.provider == provider)


OAUTH_PROVIDERS = [provider for provider in providers() if entry_of(provider).sign_in_body is None]


def started_fake(provider):
    started = on_steady_port(entry_of(provider).fake_class())
    started.approval_page = True
    return started


@pytest.fixture(params=OAUTH_PROVIDERS)
def fake(request):
    started = started_fake(request.param)
    yield started
    close(started)


@pytest.fixture(params=providers())
def any_fake(request):
    started = started_fake(request.param)
    yield started
    close(started)


@pytest.fixture
def settings(settings, fake):
    return {**settings, fake.PROVIDER: fake.settings()}


def start(api, fake):
    answer = api.get(f"/v1/connections/{fake.PROVIDER}/auth")
    assert answer.status_code == 200, answer.get_data(as_text=True)
    return answer.get_json()["data"]["url"]


@pytest.mark.parametrize("label, status, says", [("Approve", 200, "now connected"), ("Deny", 400, "failed")])
def test_the_approval_page_decides_what_the_callback_hears(api, fake, label, status, says):
    answer = press(start(api, fake), label)
    assert answer.status_code == 302
    callback = urlsplit(answer.headers["Location"])
    assert callback.path == f"/v1/connections/{fake.PROVIDER}/callback"
    page = api.client.get(f"{callback.path}?{callback.query}")
    assert page.status_code == status and says in page.get_data(as_text=True)
    assert Connection.select().exists() == (label == "Approve")
    if label == "Deny":
        assert "error=" in callback.query and "code=" not in callback.query


def test_without_the_approval_page_a_fake_approves_at_once(api, fake):
    fake.approval_page = False
    answer = requests.get(start(api, fake), allow_redirects=False, timeout=10)
    assert answer.status_code == 302 and "code=" in answer.headers["Location"]


def test_the_received_page_lists_nothing_before_anything_is_sent(any_fake):
    page = requests.get(any_fake.url + RECEIVED_PATH, timeout=10)
    assert page.status_code == 200 and "Nothing yet." in page.text
    assert page.headers["Content-Type"].startswith("text/html")
