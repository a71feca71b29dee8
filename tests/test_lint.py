"""The code passes ruff (pyproject.toml: E, F, W, I, B, UP) and stays formatted."""

import subprocess
import sys

from tests.support import ROOT


def test_ruff_check_and_format():
    check = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "."], cwd=ROOT, capture_output=True, text=True
    )
    assert check.returncode == 0, check.stdout
    fmt = subprocess.run(
        [sys.executable, "-m", "ruff", "format", "--check", "."], cwd=ROOT, capture_output=True, text=True
    )
    assert fmt.returncode == 0, fmt.stdout
