"""The SDKs in clients/ are typed and work: `mypy --strict` on the Python SDK and its
smoke test, `tsc --strict` on the TypeScript SDK and its smoke test, and each smoke
test against gunicorn and the worker on a test key (tests/clients/sdk_smoke.py,
clients/typescript/smoke/smoke.ts)."""

import importlib
import os
import subprocess
import sys

import pytest

from clients.generate import TYPESCRIPT, node_modules
from models import TEST
from tests.support import ROOT

PYTHON_SDK = ROOT / "clients" / "python"
# Webhooks may reach the smoke tests' receivers on 127.0.0.1 over http.
LOCAL_WEBHOOKS = {"POSTLINE_WEBHOOKS_ALLOW_HTTP": "true", "POSTLINE_WEBHOOKS_ALLOW_PRIVATE_TARGETS": "true"}


@pytest.fixture(scope="module")
def compiled(tmp_path_factory):
    """`tsc -p clients/typescript` (strict, tsconfig.json) into a directory of this
    module's own, so that two xdist workers never write one: (process, directory)."""
    out = tmp_path_factory.mktemp("dist")
    command = [node_modules() / ".bin" / "tsc", "-p", TYPESCRIPT, "--outDir", out]
    done = subprocess.run(command, capture_output=True, text=True, timeout=600)
    return done, out


@pytest.fixture
def live(gunicorn, worker_process, make_key):
    """(base URL, test key) of gunicorn and a worker that deliver webhooks to 127.0.0.1."""
    url = gunicorn(workers=1, **LOCAL_WEBHOOKS)
    worker_process(**LOCAL_WEBHOOKS)
    return url, make_key(mode=TEST)


def test_mypy_strict_passes_on_the_python_sdk_and_its_smoke_test(tmp_path):
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy",
            "--strict",
            "--cache-dir",
            tmp_path,
            PYTHON_SDK / "postline_client",
            ROOT / "tests" / "clients" / "sdk_smoke.py",
        ],
        cwd=ROOT,
        env={"MYPYPATH": str(PYTHON_SDK), "PATH": ""},
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.startswith("Success: no issues found")


def test_tsc_strict_passes_on_the_typescript_sdk_and_its_smoke_test(compiled):
    done, _ = compiled
    assert done.returncode == 0, done.stdout + done.stderr
    assert '"strict": true' in (TYPESCRIPT / "tsconfig.json").read_text()


def test_the_python_sdk_walks_through_a_post_on_a_live_server(live, monkeypatch):
    monkeypatch.syspath_prepend(str(PYTHON_SDK))
    smoke = importlib.import_module("tests.clients.sdk_smoke")
    smoke.run(*live)


def test_the_typescript_sdk_walks_through_a_post_on_a_live_server(live, compiled):
    built, out = compiled
    assert built.returncode == 0, built.stdout
    url, key = live
    done = subprocess.run(
        ["node", out / "smoke" / "smoke.js"],
        env={
            "PATH": os.environ["PATH"],
            "NODE_PATH": str(TYPESCRIPT / "node_modules"),  # standardwebhooks, from outside the tree
            "POSTLINE_URL": url,
            "POSTLINE_API_KEY": key,
        },
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.startswith("ok: post_")
