"""tasks.py installs what the configuration needs: requirements.txt always, an extra
only when a setting asks for it, and for the tests every file there is; its playground
says which networks it started fakes of."""

import os
import re
import signal

import pytest

import tasks
from devtools.fakes.registry import providers
from devtools.playground import PROVIDERS
from devtools.servers import free_port
from postline import config, platforms

EXTRAS = ["requirements-postgres.txt", "requirements-redis.txt", "requirements-s3.txt"]
SETTINGS = ("DATABASE_URL", "POSTLINE_DATABASE_URL", "POSTLINE_LIMITS_STORAGE", "POSTLINE_MEDIA_STORAGE")
EVERYTHING = {
    "DATABASE_URL": "postgresql://db/p",
    "POSTLINE_LIMITS_STORAGE": "rediss://r",
    "POSTLINE_MEDIA_STORAGE": "s3",
}


@pytest.mark.parametrize(
    "environment, needed",
    [
        ({}, []),
        ({"DATABASE_URL": "postgresql://postline@127.0.0.1:5432/postline"}, ["requirements-postgres.txt"]),
        ({"POSTLINE_DATABASE_URL": "postgres://postline@db/postline"}, ["requirements-postgres.txt"]),
        ({"POSTLINE_LIMITS_STORAGE": "redis://127.0.0.1:6379/0"}, ["requirements-redis.txt"]),
        ({"POSTLINE_MEDIA_STORAGE": "s3"}, ["requirements-s3.txt"]),
        (EVERYTHING, EXTRAS),
    ],
)
def test_serve_installs_an_extra_only_when_the_configuration_needs_it(monkeypatch, environment, needed):
    for name in (*SETTINGS, "POSTLINE_CONFIG"):
        monkeypatch.delenv(name, raising=False)
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    assert tasks.extras() == needed


def test_the_test_environment_installs_every_runtime_file():
    runtime = sorted(
        path.name for path in tasks.ROOT.glob("requirements*.txt") if path.name != "requirements-docs.txt"
    )
    assert sorted({"requirements-dev.txt", *tasks._included("requirements-dev.txt")}) == runtime


def test_an_included_file_changes_the_digest_of_the_file_that_includes_it(tmp_path, monkeypatch):
    (tmp_path / "requirements.txt").write_text("flask==1\n")
    (tmp_path / "requirements-dev.txt").write_text("-r requirements.txt\npytest==1\n")
    monkeypatch.setattr(tasks, "ROOT", tmp_path)
    before = tasks._digest("requirements-dev.txt")
    (tmp_path / "requirements.txt").write_text("flask==2\n")
    assert tasks._digest("requirements-dev.txt") != before


def test_serve_dev_turns_on_every_switch_a_local_webhook_or_import_needs():
    switches = {
        config.env_name(("webhooks", "allow_http")),
        config.env_name(("webhooks", "allow_private_targets")),
        config.env_name(("media", "import_allow_http")),
        config.env_name(("media", "import_allow_private_targets")),
    }
    assert tasks.DEV_SWITCHES == dict.fromkeys(switches, "true")
    settings = config.load(environ=tasks.DEV_SWITCHES)
    assert settings["webhooks"]["allow_http"] and settings["webhooks"]["allow_private_targets"]
    assert settings["media"]["import_allow_http"] and settings["media"]["import_allow_private_targets"]


def test_the_playground_has_a_fake_of_every_network_postline_reaches():
    """A network added to postline/platforms and devtools/fakes/registry.py is added to
    the playground too (docs/development.md, Adding a platform)."""
    assert sorted(PROVIDERS) == sorted(providers()) == sorted(platforms.PROVIDERS)


@pytest.mark.processes
def test_the_playground_banner_names_every_fake_the_playground_started(tmp_path, capsys):
    """`serve --playground` says which networks are fakes from what the fakes' process
    (devtools/playground.py) reports it started, each named as the console names it."""
    env = {name: value for name, value in os.environ.items() if not name.startswith("POSTLINE_")}
    env["POSTLINE_SERVER_DATA_DIR"] = str(tmp_path)
    process, fakes = tasks.start_playground(free_port(), env)
    try:
        tasks.print_playground(env, "a-password", fakes)
    finally:
        process.send_signal(signal.SIGINT)
        process.wait(30)
        process.stdout.close()
    banner = capsys.readouterr().out
    headline = " ".join(banner.split("Its data")[0].split())
    names = [platforms.PROVIDERS[provider].name for provider in PROVIDERS]
    assert len(fakes) == len(PROVIDERS) and sorted(fakes) == sorted(names)
    listed = ", ".join(names[:-1]) + f" and {names[-1]}"
    assert headline.startswith(f"Playground: {listed} are local fakes on this machine"), headline
    for name in names:
        assert re.search(
            rf"^    {re.escape(name)} +{re.escape(fakes[name])}/_fake/$", banner, re.MULTILINE
        ), name
