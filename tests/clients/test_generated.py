"""The SDKs in clients/ are what clients/generate.py makes of the app's OpenAPI document
as the code stands: regenerated into a temporary directory, they match the checked-in
files byte for byte. After a change to the API, `python3 tasks.py clients` regenerates
them (clients/README.md)."""

import subprocess
import sys

from clients.generate import CLIENTS
from tests.support import ROOT

GENERATED = ("openapi.json", "python/", "typescript/src/")
# What tools and test runs leave beside the generated files.
LEFT_BESIDE = {"__pycache__", ".mypy_cache", ".ruff_cache", "node_modules", "dist"}


def generated_files(root):
    """{path under `root`: bytes} of every generated file."""
    files = {}
    for path in sorted(root.rglob("*")):
        name = path.relative_to(root).as_posix()
        if path.is_file() and name.startswith(GENERATED) and not LEFT_BESIDE & set(path.parts):
            files[name] = path.read_bytes()
    return files


def test_the_checked_in_sdks_are_a_fresh_regeneration(tmp_path):
    done = subprocess.run(
        [sys.executable, CLIENTS / "generate.py", "--into", tmp_path],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    fresh, kept = generated_files(tmp_path), generated_files(CLIENTS)
    assert "python/postline_client/client.py" in fresh and "typescript/src/sdk.gen.ts" in fresh
    differing = sorted(name for name in fresh.keys() | kept.keys() if fresh.get(name) != kept.get(name))
    assert differing == [], "clients/ is stale: run `python3 tasks.py clients` and commit clients/"
