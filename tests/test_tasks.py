"""tasks.py installs what the configuration needs: requirements.txt always, an extra
only when a setting asks for it, and for the tests every file there is."""

import pytest

import tasks
from postline import config

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
