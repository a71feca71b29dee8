"""The platform registry (postline/platforms/__init__.py): every adapter in it satisfies
its Protocol (postline/platforms/protocol.py), members and signatures alike, and the
registry is the one place that lists platforms: the API and the console take theirs
from it."""

import ast
import inspect

import pytest

from postline import platforms
from postline.platforms import protocol
from postline.platforms.base import KINDS, Limits
from postline.platforms.x import X
from tests.support import ROOT


def members(proto):
    """(attribute names, {method name: its parameters without self}) of a Protocol."""
    methods = {
        name: list(inspect.signature(value).parameters)[1:]
        for name, value in vars(proto).items()
        if inspect.isfunction(value) and not name.startswith("_")
    }
    return list(proto.__annotations__), methods


def mismatches(adapter, proto):
    """What of `proto` the adapter lacks, or takes with other parameters."""
    attributes, methods = members(proto)
    wrong = [f"no {name}" for name in attributes if not hasattr(adapter, name)]
    for name, expected in methods.items():
        method = getattr(adapter, name, None)
        if method is None:
            wrong.append(f"no {name}()")
        elif list(inspect.signature(method).parameters) != expected:
            wrong.append(f"{name}{inspect.signature(method)}, not ({', '.join(expected)})")
    return wrong


def protocol_of(publisher):
    return protocol.TransactionalPublisher if publisher.transactional else protocol.Publisher


@pytest.mark.parametrize("name", list(platforms.PUBLISHERS))
def test_every_publisher_satisfies_its_protocol(name):
    publisher = platforms.for_platform(name)
    assert isinstance(publisher, protocol_of(publisher))
    assert mismatches(publisher, protocol_of(publisher)) == []
    assert publisher.platform == name
    assert isinstance(publisher.transactional, bool)
    assert publisher.unknown_end_kind is None or publisher.unknown_end_kind in KINDS
    limit = publisher.content_limit
    assert limit is None or (isinstance(limit, int) and limit > 0)
    assert isinstance(publisher.limits, Limits) and publisher.limits.characters == limit
    sizes = vars(publisher.limits).values()
    assert all(value is None or (isinstance(value, int) and value >= 0) for value in sizes)
    problems = publisher.check_content("Hello", [])  # Instagram and TikTok need media
    assert all(field == "media" and message.startswith(f"{name}: ") for field, message in problems)


@pytest.mark.parametrize("name", list(platforms.PROVIDERS))
def test_every_provider_satisfies_its_protocol(name):
    adapter = platforms.provider(name)
    assert isinstance(adapter, protocol.Provider)
    assert mismatches(adapter, protocol.Provider) == []
    assert adapter.provider == name and adapter.name
    assert adapter.scopes and all(isinstance(scope, str) for scope in adapter.scopes)
    assert all(
        isinstance(flag, bool) for flag in (adapter.pkce, adapter.refreshes, adapter.revokes_access_token)
    )
    assert isinstance(adapter.client_param, str)
    assert adapter.platforms
    for publisher in adapter.platforms:
        assert platforms.for_platform(publisher.platform) is publisher
        assert not publisher.transactional  # a connection's calls leave the process


def test_each_publisher_but_the_sandbox_comes_from_one_provider():
    owners = {}
    for adapter in platforms.PROVIDERS.values():
        for publisher in adapter.platforms:
            owners.setdefault(publisher.platform, []).append(adapter.provider)
    transactional = [name for name, publisher in platforms.PUBLISHERS.items() if publisher.transactional]
    assert transactional == ["sandbox"]
    assert sorted(owners) == sorted(set(platforms.PUBLISHERS) - {"sandbox"})
    assert all(len(providers) == 1 for providers in owners.values())


def test_the_checks_catch_a_missing_member_and_a_wrong_signature():
    class Incomplete:
        platform = "incomplete"
        transactional = False
        unknown_end_kind = None
        content_limit = None
        limits = Limits()
        threads = comments = False

        def publish(self, post, target, call):
            raise NotImplementedError

        def check_content(self, content, media):
            return []

        def check_comment(self, content):
            return []

        def check_options(self, options, media):
            return []

    adapter = Incomplete()
    assert not isinstance(adapter, protocol.Publisher)
    assert mismatches(adapter, protocol.Publisher) == [
        "publish(post, target, call), not (post, target, part, call)",
        "no check()",
    ]


# The registry is the one list ------------------------------------------------------


def platform_lists(source):
    """Line numbers of literal collections (tuples, lists, sets, dict keys) in `source`
    that name two or more registered providers or platforms: a list of platforms."""
    names = set(platforms.PROVIDERS) | set(platforms.PUBLISHERS)
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Tuple | ast.List | ast.Set):
            items = node.elts
        elif isinstance(node, ast.Dict):
            items = node.keys
        else:
            continue
        named = [item for item in items if isinstance(item, ast.Constant) and item.value in names]
        if len(named) >= 2:
            found.append(node.lineno)
    return found


def service_modules():
    """Every Python module of the service outside postline/platforms."""
    paths = [ROOT / "app.py", ROOT / "worker.py", ROOT / "models.py", ROOT / "schemas.py"]
    paths += sorted((ROOT / "routes").rglob("*.py")) + sorted((ROOT / "postline").rglob("*.py"))
    return [path for path in paths if not path.is_relative_to(ROOT / "postline" / "platforms")]


def test_no_module_outside_the_registry_lists_platforms():
    lists = {str(path.relative_to(ROOT)): platform_lists(path.read_text()) for path in service_modules()}
    assert {path: lines for path, lines in lists.items() if lines} == {}


def test_the_list_check_catches_a_list_of_providers():
    source = 'CHOICES = ("x", "linkedin")\nLIMITS = {"x": 280, "tiktok": 2200}\nONE = ["x"]\n'
    assert platform_lists(source) == [1, 2]


class Fakenet(X):
    """X's adapter under a name only the registry knows."""

    provider = "fakenet"
    name = "Fakenet"


@pytest.fixture
def settings(settings, fake_x):
    settings["fakenet"] = fake_x.settings()
    return settings


def test_the_auth_endpoint_and_the_console_take_their_providers_from_the_registry(
    api, console, fake_x, monkeypatch
):
    assert api.get("/v1/connections/fakenet/auth").status_code == 404
    assert "Connect Fakenet" not in console.text("/console/connections")

    monkeypatch.setitem(platforms.PROVIDERS, "fakenet", Fakenet())
    answer = api.get("/v1/connections/fakenet/auth")
    assert answer.status_code == 200, answer.get_data(as_text=True)
    assert answer.get_json()["data"]["url"].startswith(f"{fake_x.settings()['auth_url']}?")
    assert "Connect Fakenet" in console.text("/console/connections")
