"""Tests of one xdist group run in one worker (tests/support/xdist_groups.py), which
is what keeps the drills (tests marked `quiet`) from running two at a time."""

import subprocess
import sys

import pytest

from tests.support import ROOT

GROUPED = """
import os
from pathlib import Path

import pytest

@pytest.mark.parametrize("n", range(6))
@pytest.mark.xdist_group("together")
def test_grouped(n):
    Path(os.environ["RAN_IN"], str(n)).write_text(os.environ["PYTEST_XDIST_WORKER"])

@pytest.mark.parametrize("n", range(6))
def test_free(n):
    pass
"""


@pytest.mark.processes
def test_a_group_runs_in_one_worker(tmp_path):
    (tmp_path / "test_grouped.py").write_text(GROUPED)
    ran_in = tmp_path / "ran_in"
    ran_in.mkdir()
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "tests.support.xdist_groups", "-p", "no:cacheprovider"]
        + ["-n", "2", "--dist", "loadgroup", "-q", "--rootdir", str(tmp_path), str(tmp_path)],
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin", "RAN_IN": str(ran_in)},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    workers = {path.name: path.read_text() for path in ran_in.iterdir()}
    assert len(workers) == 6 and len(set(workers.values())) == 1, workers
