"""Regenerate the SDKs from the app's OpenAPI document: `python3 tasks.py clients`.

The document is the app's own `/openapi.json`, made offline: the app is built on a
scratch SQLite database with the checked-in config.toml and no environment overrides,
so that the document, and the SDKs, depend on the code alone. Then:

- clients/openapi.json: the document, as the SDKs were made from it;
- clients/python/: openapi-python-client (requirements-dev.txt), default settings;
- clients/typescript/src/: @hey-api/openapi-ts (clients/typescript/package-lock.json),
  default settings (its bundled fetch client).

`python clients/generate.py --into DIR` writes the same tree into DIR instead, which
tests/clients/test_generated.py compares with the checked-in one.
"""

import argparse
import fcntl
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

CLIENTS = Path(__file__).resolve().parent
ROOT = CLIENTS.parent
TYPESCRIPT = CLIENTS / "typescript"
NODE_MODULES = TYPESCRIPT / "node_modules"
# What a generator may not read: the checked-in config.toml is the one configuration.
ENVIRONMENT_OVERRIDES = ("POSTLINE_", "DATABASE_URL", "SECRET_KEY")


def openapi_document():
    """The app's /openapi.json, built on a scratch database in this process."""
    for name in [name for name in os.environ if name.startswith(ENVIRONMENT_OVERRIDES)]:
        del os.environ[name]
    sys.path.insert(0, str(ROOT))
    from app import create_app

    with tempfile.TemporaryDirectory() as scratch:
        app = create_app(
            {
                "database": {"url": f"sqlite:///{scratch}/postline.db"},
                "server": {"data_dir": scratch, "secret_key": "clients-" + "x" * 32, "log_level": "WARNING"},
                "media": {"dir": f"{scratch}/media"},
            }
        )
        return app.test_client().get("/openapi.json").get_json()


def node_modules():
    """clients/typescript/node_modules as package-lock.json pins it: `npm ci` when the
    lock changed since the last install, one process at a time."""
    lock = (TYPESCRIPT / "package-lock.json").read_bytes()
    stamp = NODE_MODULES / ".postline-lock-sha256"
    digest = hashlib.sha256(lock).hexdigest()
    with open(TYPESCRIPT / "package-lock.json") as guard:
        fcntl.flock(guard, fcntl.LOCK_EX)
        if not stamp.exists() or stamp.read_text() != digest:
            subprocess.run(
                ["npm", "ci", "--no-fund", "--no-audit", "--loglevel=error"],
                cwd=TYPESCRIPT,
                check=True,
                timeout=600,
            )
            stamp.write_text(digest)
    return NODE_MODULES


def python_client(document, output):
    """openapi-python-client with its default settings; its ruff post-hooks need ruff
    on PATH (this interpreter's, the pinned one)."""
    binaries = Path(sys.executable).parent
    env = {**os.environ, "PATH": f"{binaries}{os.pathsep}{os.environ.get('PATH', '')}"}
    subprocess.run(
        [binaries / "openapi-python-client", "generate", "--path", document, "--output-path", output],
        check=True,
        env=env,
        stdout=subprocess.DEVNULL,
        timeout=300,
    )
    shutil.rmtree(Path(output) / ".ruff_cache", ignore_errors=True)  # the post-hooks' cache


def typescript_client(document, output):
    """@hey-api/openapi-ts with its default settings."""
    binary = node_modules() / ".bin" / "openapi-ts"
    subprocess.run(
        [binary, "--input", document, "--output", output],
        cwd=TYPESCRIPT,
        check=True,
        stdout=subprocess.DEVNULL,
        timeout=300,
    )


def generate(into):
    """Write openapi.json, python/ and typescript/src/ under `into`, replacing what was there."""
    into = Path(into)
    for generated in (into / "python", into / "typescript" / "src"):
        shutil.rmtree(generated, ignore_errors=True)
    (into / "typescript").mkdir(parents=True, exist_ok=True)
    document = into / "openapi.json"
    document.write_text(json.dumps(openapi_document(), indent=2, ensure_ascii=False) + "\n")
    python_client(document, into / "python")
    typescript_client(document, into / "typescript" / "src")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--into", type=Path, default=CLIENTS, help="where to write (default: clients/)")
    generate(parser.parse_args(argv).into.resolve())
    return 0


if __name__ == "__main__":
    sys.exit(main())
