"""The fake Pinterest is what it claims to be (devtools/fakes/pinterest): its self-check
walks it through what Postline does and passes, as a process of its own too."""

import subprocess
import sys

from devtools.fakes.pinterest import selfcheck
from tests.support import ROOT


def test_the_self_check_passes(capsys):
    assert selfcheck.main() == 0
    assert capsys.readouterr().out.count("ok  ") == 7


def test_the_self_check_fails_when_the_fake_forgets_what_pinterest_does(monkeypatch, capsys):
    monkeypatch.setattr("devtools.fakes.pinterest.oauth.REFRESH_SECONDS", 365 * 86_400)
    assert selfcheck.main() == 1
    assert "FAILED after 0 steps" in capsys.readouterr().out


def test_the_self_check_runs_as_a_process():
    done = subprocess.run(
        [sys.executable, "-m", "devtools.fakes.pinterest", "--self-check"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr
