"""The one configuration loader: config.toml, then environment overrides.

Used alike by the app, the worker and the CLI (docs/configuration.md). Relative paths
(the data directory, a SQLite file, the media directory) are read against the
directory of the file that sets them, and those from the environment against the
project's directory, never against the current directory: a CLI run from elsewhere
uses the same database as the server.
"""

import os
import tomllib
from pathlib import Path

DEFAULTS_PATH = Path(__file__).resolve().parent.parent / "config.toml"
# Settings that name a file or directory; a database URL only when it is SQLite's.
PATH_SETTINGS = (("server", "data_dir"), ("database", "url"), ("media", "dir"))
SQLITE_PREFIX = "sqlite:///"
ENV_PREFIX = "POSTLINE_"
CONVENTIONAL_ENV = {"DATABASE_URL": ("database", "url"), "SECRET_KEY": ("server", "secret_key")}


def load(environ=None, overrides=None):
    """Return the settings as nested dicts: defaults, a POSTLINE_CONFIG file, env, overrides."""
    environ = os.environ if environ is None else environ
    config = _read(DEFAULTS_PATH)
    if environ.get("POSTLINE_CONFIG"):
        _merge(config, _read(Path(environ["POSTLINE_CONFIG"])))
    _apply_environment(config, environ)
    if overrides:
        _merge(config, overrides)
    _resolve_paths(config, DEFAULTS_PATH.parent)
    return config


def default(path):
    """What config.toml itself gives the setting at `path` (a tuple of keys)."""
    return _lookup(_read(DEFAULTS_PATH), path)


def env_name(path):
    """The environment variable that overrides the setting at `path` (a tuple of keys)."""
    return ENV_PREFIX + "_".join(part.replace(".", "_").replace("-", "_") for part in path).upper()


def _read(path):
    with open(path, "rb") as file:
        settings = tomllib.load(file)
    _resolve_paths(settings, path.resolve().parent)
    return settings


def _resolve_paths(config, base):
    """Make the relative path settings of `config` absolute against `base`."""
    for section, key in PATH_SETTINGS:
        value = config.get(section, {}).get(key)
        if isinstance(value, str) and value:
            config[section][key] = _absolute(value, base) if key != "url" else _absolute_sqlite(value, base)


def _absolute(path, base):
    return str(base / path) if not Path(path).is_absolute() else path


def _absolute_sqlite(url, base):
    if not url.startswith(SQLITE_PREFIX) or url.startswith(SQLITE_PREFIX + "/"):
        return url  # another database, or an absolute SQLite path
    path = url[len(SQLITE_PREFIX) :]
    return url if path == ":memory:" else SQLITE_PREFIX + _absolute(path, base)


def _merge(base, extra):
    for key, value in extra.items():
        if isinstance(value, dict) and isinstance(base.get(key), dict):
            _merge(base[key], value)
        else:
            base[key] = value


def _settings(table, path=()):
    """Yield (path, value) for every leaf setting of a nested table."""
    for key, value in table.items():
        if isinstance(value, dict):
            yield from _settings(value, path + (key,))
        else:
            yield path + (key,), value


def _apply_environment(config, environ):
    overrides = {env_name(path): (path, default) for path, default in _settings(config)}
    for env, path in CONVENTIONAL_ENV.items():
        overrides[env] = (path, _lookup(config, path))
    for env, (path, default) in overrides.items():
        if env in environ:
            _assign(config, path, _parse(environ[env], default, env))


def _parse(raw, default, env):
    """A TOML value where the text parses as one, else the text itself.

    A setting whose default is a string stays a string (a numeric-looking secret
    must not turn into an integer). A switch (a boolean default) takes true or false
    in any case and refuses anything else, naming the variable: `False` kept as a
    string would read as on.
    """
    if isinstance(default, str):
        return raw
    if isinstance(default, bool):
        if raw.strip().lower() not in ("true", "false"):
            raise ValueError(f"{env} must be true or false, not {raw!r}")
        return raw.strip().lower() == "true"
    try:
        return tomllib.loads(f"value = {raw}")["value"]
    except tomllib.TOMLDecodeError:
        return raw


def _lookup(config, path):
    for key in path:
        config = config[key]
    return config


def _assign(config, path, value):
    for key in path[:-1]:
        config = config.setdefault(key, {})
    config[path[-1]] = value
