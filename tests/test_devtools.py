"""What devtools/ promises the rest of the project (devtools/__init__.py): the benchmarks
load nothing from tests/, the fake platforms load nothing of the service, and each
fake runs as a process of its own that answers its settings."""

import json
import os
import subprocess
import sys

import pytest
import requests

from devtools.fakes.base import SETTINGS_PATH
from devtools.fakes.registry import providers
from tests.support import ROOT

BENCH_MODULES = sorted(path.stem for path in (ROOT / "bench").glob("*.py") if path.stem != "__init__")
SERVICE = ("app", "worker", "models", "schemas", "routes", "postline")


def loaded_after(statement, **env):
    """The top-level names of every module loaded by `statement` in a fresh interpreter."""
    names = "sorted({name.split('.')[0] for name in sys.modules})"
    probe = f"import json, sys; {statement}; print(json.dumps({names}))"
    done = subprocess.run(
        [sys.executable, "-c", probe],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT), **env},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.mark.parametrize("module", BENCH_MODULES)
def test_a_benchmark_loads_nothing_from_tests(module, tmp_path):
    # bare_upload.py is the baseline app of bench/media.py: it reads where to save at import.
    loaded = loaded_after(f"import bench.{module}", BARE_UPLOAD_DIR=str(tmp_path))
    assert "bench" in loaded and "tests" not in loaded


def test_the_check_sees_a_module_that_loads_tests():
    assert "tests" in loaded_after("import tests.support.client")


@pytest.mark.parametrize("provider", providers())
def test_a_fake_platform_loads_nothing_of_the_service(provider):
    loaded = loaded_after(f"import devtools.fakes.{provider}; import devtools.fakes.registry")
    assert "devtools" in loaded and not set(SERVICE) & set(loaded)


@pytest.mark.parametrize("provider", providers())
def test_a_fake_platform_runs_as_a_process_and_answers_its_settings(provider):
    process = subprocess.Popen(
        [sys.executable, "-m", f"devtools.fakes.{provider}", "--port", "0", "--delay", "0"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        url = process.stdout.readline().strip()
        assert url.startswith("http://127.0.0.1:")
        settings = requests.get(url + SETTINGS_PATH, timeout=10).json()
        # They point Postline at the fake: its API base, or (Mastodon) the instance to connect.
        assert url in settings.values()
    finally:
        process.terminate()
        process.wait(30)
        process.stdout.close()
