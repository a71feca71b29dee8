"""The configuration loader and the generated server secret (docs/configuration.md)."""

import multiprocessing
import os
import stat
import subprocess
import sys
import tomllib

import pytest

from postline import config, keyring
from postline.config import DEFAULTS_PATH
from tests.support import ROOT


def test_defaults_come_from_config_toml():
    with open(DEFAULTS_PATH, "rb") as file:
        expected = tomllib.load(file)
    expected["server"]["data_dir"] = str(DEFAULTS_PATH.parent / "data")
    expected["database"]["url"] = f"sqlite:///{DEFAULTS_PATH.parent / 'data' / 'postline.db'}"
    expected["media"]["dir"] = str(DEFAULTS_PATH.parent / "data" / "media")
    assert config.load(environ={}) == expected


@pytest.mark.parametrize(
    "env, path, expected",
    [
        ({"POSTLINE_SERVER_WORKERS": "4"}, ("server", "workers"), 4),
        ({"POSTLINE_WORKER_POLL_INTERVAL": "0.25"}, ("worker", "poll_interval"), 0.25),
        ({"POSTLINE_DATABASE_AUTO_MIGRATE": "false"}, ("database", "auto_migrate"), False),
        ({"POSTLINE_DATABASE_AUTO_MIGRATE": "False"}, ("database", "auto_migrate"), False),
        ({"POSTLINE_WEBHOOKS_ALLOW_HTTP": "TRUE"}, ("webhooks", "allow_http"), True),
        ({"POSTLINE_PLANS_FREE_PER_MINUTE": "100"}, ("plans", "free", "per_minute"), 100),
        ({"POSTLINE_SERVER_BIND": "0.0.0.0:9000"}, ("server", "bind"), "0.0.0.0:9000"),
        ({"POSTLINE_SERVER_SECRET_KEY": "12345"}, ("server", "secret_key"), "12345"),
        ({"DATABASE_URL": "postgresql://u@h/db"}, ("database", "url"), "postgresql://u@h/db"),
        ({"SECRET_KEY": "s3cret"}, ("server", "secret_key"), "s3cret"),
    ],
)
def test_environment_overrides_one_key(env, path, expected):
    settings = config.load(environ=env)
    value = settings
    for key in path:
        value = value[key]
    assert value == expected and type(value) is type(expected)


def test_unparseable_value_is_taken_as_text():
    assert config.load(environ={"POSTLINE_SERVER_WORKERS": "many"})["server"]["workers"] == "many"


@pytest.mark.parametrize("raw", ["yes", "0", "off", ""])
def test_a_switch_takes_only_true_or_false_and_a_refusal_names_the_variable(raw):
    # Kept as text, "off" would read as on.
    with pytest.raises(ValueError, match=f"POSTLINE_WEBHOOKS_ALLOW_HTTP must be true or false, not {raw!r}"):
        config.load(environ={"POSTLINE_WEBHOOKS_ALLOW_HTTP": raw})


def test_config_file_is_read_over_the_defaults(tmp_path):
    path = tmp_path / "postline.toml"
    path.write_text("[server]\nworkers = 8\n[plans.enterprise]\nper_minute = 5000\n")
    settings = config.load(
        environ={"POSTLINE_CONFIG": str(path), "POSTLINE_PLANS_ENTERPRISE_PER_MINUTE": "7"}
    )
    assert settings["server"]["workers"] == 8
    assert settings["server"]["bind"] == "127.0.0.1:8000"
    assert settings["plans"]["enterprise"]["per_minute"] == 7


def test_every_setting_is_documented_with_a_comment():
    lines = DEFAULTS_PATH.read_text().splitlines()
    for number, line in enumerate(lines):
        if "=" in line and not line.startswith("#"):
            above = lines[number - 1]
            in_plan = any(lines[n].startswith("[plans.") for n in range(number - 1, max(number - 4, 0), -1))
            assert above.startswith("#") or in_plan, f"setting without a comment: {line}"


def _settings(data_dir):
    return {"server": {"secret_key": "", "data_dir": str(data_dir)}}


def test_secret_is_generated_once_owner_only_and_reused(tmp_path):
    first = keyring.resolve_secret(_settings(tmp_path))
    assert len(first) >= 48
    assert stat.S_IMODE(os.stat(tmp_path / "secret_key").st_mode) == 0o600
    assert keyring.resolve_secret(_settings(tmp_path)) == first
    assert (
        keyring.resolve_secret({"server": {"secret_key": "configured", "data_dir": str(tmp_path)}})
        == "configured"
    )


def _resolve(data_dir):
    return keyring.resolve_secret(_settings(data_dir))


# Six processes at once: left out of the quick loop (tests/conftest.py).
@pytest.mark.processes
def test_concurrent_first_starts_agree_on_one_secret(tmp_path):
    with multiprocessing.get_context("spawn").Pool(6) as pool:
        secrets = pool.map(_resolve, [tmp_path] * 12)
    assert len(set(secrets)) == 1
    assert [p.name for p in tmp_path.iterdir()] == ["secret_key"]


def test_relative_paths_are_read_against_the_directory_of_the_file_that_sets_them(tmp_path):
    own = tmp_path / "etc" / "postline.toml"
    own.parent.mkdir()
    own.write_text('[server]\ndata_dir = "state"\n[database]\nurl = "sqlite:///state/own.db"\n')
    settings = config.load(environ={"POSTLINE_CONFIG": str(own)})
    assert settings["server"]["data_dir"] == str(own.parent / "state")
    assert settings["database"]["url"] == f"sqlite:///{own.parent / 'state' / 'own.db'}"

    defaults = config.load(environ={})
    assert defaults["server"]["data_dir"] == str(DEFAULTS_PATH.parent / "data")
    assert defaults["media"]["dir"] == str(DEFAULTS_PATH.parent / "data" / "media")
    assert defaults["database"]["url"] == f"sqlite:///{DEFAULTS_PATH.parent / 'data' / 'postline.db'}"

    from_env = config.load(
        environ={"DATABASE_URL": "sqlite:///elsewhere/x.db", "POSTLINE_SERVER_DATA_DIR": "/abs"}
    )
    assert from_env["database"]["url"] == f"sqlite:///{DEFAULTS_PATH.parent / 'elsewhere' / 'x.db'}"
    assert from_env["server"]["data_dir"] == "/abs"
    assert (
        config.load(environ={"DATABASE_URL": "postgresql://u@h/db"})["database"]["url"]
        == "postgresql://u@h/db"
    )


def test_the_cli_run_from_another_directory_uses_the_configured_database(tmp_path):
    own = tmp_path / "etc" / "postline.toml"
    own.parent.mkdir()
    own.write_text('[server]\ndata_dir = "state"\n[database]\nurl = "sqlite:///state/postline.db"\n')
    elsewhere = tmp_path / "somewhere-else"
    elsewhere.mkdir()
    env = {
        name: value
        for name, value in os.environ.items()
        if name not in ("DATABASE_URL", "SECRET_KEY") and not name.startswith("POSTLINE_")
    }
    env.update(POSTLINE_CONFIG=str(own), PYTHONPATH=str(ROOT))
    for _ in range(2):
        done = subprocess.run(
            [sys.executable, "-m", "flask", "--app", str(ROOT / "app.py"), "create-key"],
            cwd=elsewhere,
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode == 0, done.stderr
    assert (own.parent / "state" / "postline.db").exists()
    assert (own.parent / "state" / "secret_key").exists()
    assert list(elsewhere.iterdir()) == [], "the CLI wrote into the directory it was run from"
