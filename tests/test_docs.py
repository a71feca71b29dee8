"""The pages in docs/ say what the code does: the configuration page lists every setting
of config.toml as it is, the security review names tests that exist, the webhook
receivers verify real signatures, every link leads somewhere, and the site builds."""

import json
import os
import re
import socket
import subprocess
import sys
import time
import tomllib
import urllib.error
import urllib.request

import pytest

from devtools.servers import free_port
from postline import config
from postline.schemas.events import EVENTS
from postline.webhooks.signatures import standard_webhooks_headers
from tests.support import ROOT

DOCS = ROOT / "docs"
README = ROOT / "README.md"
# A row of the configuration table: | `[section] key` | default | environment | meaning |
ROW = re.compile(r"^\| `\[([^\]]+)\] ([^`]+)` \| (.*?) \| (.*?) \| .* \|$", re.MULTILINE)
# A Markdown link or image to a relative target: [text](target) or [text](target#anchor).
LINK = re.compile(r"\]\((?!https?://|mailto:|#)([^)\s]+?)(?:#([^)\s]*))?\)")
SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
EVENT = b'{"id":"evt_01","event":"webhook.test","data":{"message":"h\xc3\xa9"},"timestamp":1767225600000}'


def test_the_configuration_page_lists_every_setting_as_config_toml_has_it():
    with open(ROOT / "config.toml", "rb") as file:
        settings = tomllib.load(file)
    assert configuration_problems(settings, (DOCS / "configuration.md").read_text()) == []


def test_the_configuration_check_finds_a_missing_a_stale_and_an_unknown_key():
    with open(ROOT / "config.toml", "rb") as file:
        settings = tomllib.load(file)
    page = (DOCS / "configuration.md").read_text()
    found = set(configuration_problems(settings, page))
    row = next(line for line in page.splitlines() if line.startswith("| `[server] workers` |"))
    missing = page.replace(row + "\n", "")
    assert set(configuration_problems(settings, missing)) - found == {"[server] workers is missing"}
    stale = page.replace(row, row.replace("`2`", "`3`"))
    assert set(configuration_problems(settings, stale)) - found == {
        "[server] workers: the page says `3`, config.toml 2"
    }
    unknown = page.replace(row, row + "\n" + row.replace("workers", "wrokers").replace("WORKERS", "WROKERS"))
    problems = set(configuration_problems(settings, unknown)) - found
    assert problems == {"[server] wrokers is not in config.toml"}


def configuration_problems(settings, page):
    """What docs/configuration.md gets wrong against config.toml's `settings`, both ways:
    each key has its row, with its default and its environment variable, and each row
    names a key config.toml has."""
    rows = {(section, key): (default, environment) for section, key, default, environment in _rows(page)}
    problems = []
    for section, values in settings.items():
        if section == "plans":
            continue
        for key, value in values.items():
            if (section, key) not in rows:
                problems.append(f"[{section}] {key} is missing")
                continue
            default, environment = rows.pop((section, key))
            if default != f"`{_toml(value)}`":
                problems.append(f"[{section}] {key}: the page says {default}, config.toml {_toml(value)}")
            if f"`{config.env_name((section, key))}`" not in environment:
                problems.append(f"[{section}] {key}: {config.env_name((section, key))} is not named")
    plans = "; ".join(
        f"{name} {plan['per_minute']:,}/{plan['per_hour']:,}/{plan['per_day']:,}"
        for name, plan in settings["plans"].items()
    )
    if rows.pop(("plans.<name>", "per_minute, per_hour, per_day"), (None,))[0] != plans:
        problems.append(f"[plans.<name>] should say {plans}")
    problems += [f"[{section}] {key} is not in config.toml" for section, key in rows]
    return problems


def _rows(page):
    for section, key, default, environment in ROW.findall(page):
        yield section, key, default.strip(), environment.strip()


def _toml(value):
    """A default as config.toml writes it, e.g. `"text"`, `false`, `[0, 1]`."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(_toml(item) for item in value) + "]"
    return repr(value)


def test_every_test_the_security_review_names_exists():
    """Each claim of the security review points at a test; a renamed or deleted test must
    not leave a claim pointing at nothing. A bare test name is in the file named before it."""
    review = (DOCS / "security.md").read_text().split("## Security review", 1)[1].split("\n## ", 1)[0]
    current, named = None, 0
    for reference in re.findall(r"`([^`]*test_[^`]*)`", review):
        path, _, test = reference.rpartition("::") if "::" in reference else ("", "", reference)
        if reference.endswith(".py"):
            path, test = reference, ""
        if path:
            current = ROOT / path
            assert path.startswith("tests/") and current.is_file(), reference
        if test:
            assert re.fullmatch(r"test_\w+", test) and current is not None, reference
            assert f"def {test}(" in current.read_text(), f"{test} is not in {current.relative_to(ROOT)}"
            named += 1
    assert named >= 30


def test_the_readme_is_a_front_page_whose_links_lead_somewhere():
    lines = README.read_text().splitlines()
    assert len(lines) < 300
    for page in [README, ROOT / "CHANGELOG.md"]:
        _check_links(page)


def test_every_link_between_pages_leads_to_a_file_and_heading():
    """What MkDocs checks in the site, checked on the Markdown as a Git host shows it."""
    pages = sorted(DOCS.rglob("*.md"))
    assert len(pages) >= 15
    for page in pages:
        _check_links(page)


def _check_links(page):
    for target, anchor in LINK.findall(page.read_text()):
        path = (page.parent / target).resolve()
        assert path.exists(), f"{page.relative_to(ROOT)} links to {target}, which does not exist"
        if anchor and path.suffix == ".md":
            assert anchor in _anchors(path), f"{page.relative_to(ROOT)}: no heading #{anchor} in {target}"


def _anchors(page):
    """The ids a Git host and MkDocs give the headings of `page`."""
    headings = re.findall(r"^#{1,6} (.+)$", page.read_text(), re.MULTILINE)
    return {re.sub(r"[^\w\- ]", "", heading.lower()).strip().replace(" ", "-") for heading in headings}


def test_the_getting_started_page_holds_the_readmes_walkthrough():
    """The README's walk-through (tests/test_readme.py runs it) is the page's, word for word."""
    guide = (DOCS / "getting-started.md").read_text()
    walkthrough = README.read_text().split("## A first walk-through", 1)[1].split("### Reach a platform")[0]
    blocks = re.findall(r"```sh\n.*?```", walkthrough, re.DOTALL)
    assert len(blocks) == 3
    for block in blocks:
        assert block in guide


def test_the_python_receiver_verifies_with_standardwebhooks(monkeypatch, capsys):
    monkeypatch.setenv("POSTLINE_WEBHOOK_SECRET", SECRET)
    namespace = {"__name__": "receiver"}
    exec(compile(_receiver("### In Python", "python"), "receiver.py", "exec"), namespace)
    client = namespace["app"].test_client()
    now = int(time.time())

    signed = standard_webhooks_headers("evt_01", EVENT, [SECRET], now)
    response = client.post("/postline-webhook", data=EVENT, headers=signed)
    assert response.status_code == 200 and response.get_json() == {"received": True}
    assert capsys.readouterr().out == "webhook.test evt_01: {'message': 'hé'}\n"

    for headers in _refused(now):
        assert client.post("/postline-webhook", data=EVENT, headers=headers).status_code == 400


@pytest.mark.processes
def test_the_node_receiver_verifies_with_standardwebhooks():
    from clients.generate import node_modules

    port = free_port()
    receiver = subprocess.Popen(
        ["node", "-e", _receiver("### In Node", "js")],
        env={
            "PATH": os.environ["PATH"],
            "NODE_PATH": str(node_modules()),
            "POSTLINE_WEBHOOK_SECRET": SECRET,
            "PORT": str(port),
        },
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        _wait_until_listening(port, receiver)
        now = int(time.time())
        signed = standard_webhooks_headers("evt_01", EVENT, [SECRET], now)
        assert _post(port, signed) == (200, {"received": True})
        for headers in _refused(now):
            assert _post(port, headers)[0] == 400
    finally:
        receiver.terminate()
        output, _ = receiver.communicate(timeout=10)
    assert output.splitlines() == ['webhook.test evt_01: {"message":"hé"}']


def _receiver(heading, language):
    section = (DOCS / "webhooks.md").read_text().split(heading, 1)[1]
    return section.split(f"```{language}\n", 1)[1].split("```", 1)[0]


def _refused(now):
    """Headers a receiver must refuse: another secret, an old timestamp, another body's."""
    other = "whsec_" + "A" * 32
    yield standard_webhooks_headers("evt_01", EVENT, [other], now)
    yield standard_webhooks_headers("evt_01", EVENT, [SECRET], now - 600)
    yield standard_webhooks_headers("evt_01", EVENT + b" ", [SECRET], now)
    yield {}


def _post(port, headers):
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/postline-webhook", data=EVENT, headers=headers, method="POST"
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.load(response)
    except urllib.error.HTTPError as error:
        return error.code, json.load(error)


def _wait_until_listening(port, process):
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        assert process.poll() is None, process.stdout.read()
        with socket.socket() as sock:
            if sock.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    raise AssertionError("the Node receiver did not listen")


def test_the_webhook_page_lists_every_event_with_its_data():
    """Its table has a row for each event type the service sends, whose `data` column
    names every field of that event's data (as the OpenAPI document's x-webhooks has it)."""
    page = (DOCS / "webhooks.md").read_text()
    rows = dict(re.findall(r"^\| `([a-z_]+\.[a-z_]+)` \|.*\| (.*) \|$", page, re.MULTILINE))
    assert sorted(rows) == sorted(EVENTS)
    for event_type, (body, _) in EVENTS.items():
        data = body().fields["data"].schema.fields.values()
        named = set(re.findall(r"`([a-z_]+)", rows[event_type]))
        assert {field.data_key or field.name for field in data} <= named, event_type


def test_the_nav_lists_each_page_once():
    """MkDocs warns about a page left out of the nav, not about one listed twice."""
    nav = re.findall(r"^\s*- [^:]+: (\S+\.md)$", (ROOT / "mkdocs.yml").read_text(), re.MULTILINE)
    assert len(nav) >= 15
    assert sorted(set(nav)) == sorted(nav), [page for page in set(nav) if nav.count(page) > 1]


@pytest.mark.processes
def test_the_site_builds_with_no_warning_and_no_network(tmp_path):
    """`python3 tasks.py docs`: MkDocs with --strict, so a broken link or anchor, or a page
    left out of the nav, fails it; nothing in the built pages loads from elsewhere."""
    done = subprocess.run(
        [sys.executable, "tasks.py", "docs", "--site-dir", str(tmp_path / "site")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    # MkDocs' own lines ("WARNING  -  ..."); pip's, when the first run installs the
    # docs' requirements, speak of this machine's package indexes, not of the pages.
    assert not re.search(r"^WARNING\s+-", done.stderr, re.MULTILINE), done.stderr
    built = sorted((tmp_path / "site").rglob("*.html"))
    assert tmp_path / "site" / "configuration" / "index.html" in built
    for page in built:
        html = page.read_text()
        assert "fonts.googleapis.com" not in html and "fonts.gstatic.com" not in html, page
