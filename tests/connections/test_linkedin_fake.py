"""The fake LinkedIn is what it claims to be (devtools/fakes/linkedin): its self-check
walks it through what Postline does, a member's posts and organization pages alike,
and passes, as a process of its own too; it fails when the fake stops keeping what
LinkedIn does."""

import subprocess
import sys

from devtools.fakes.linkedin import selfcheck
from tests.support import ROOT


def test_the_self_check_passes(capsys):
    assert selfcheck.main() == 0
    assert capsys.readouterr().out.count("ok  ") == 10


def test_the_self_check_fails_when_an_analyst_may_post_as_the_page(monkeypatch, capsys):
    monkeypatch.setattr(
        "devtools.fakes.linkedin.organizations.POSTING_ROLES",
        ("ADMINISTRATOR", "CONTENT_ADMINISTRATOR", "ANALYST"),
    )
    assert selfcheck.main() == 1
    assert "FAILED after 8 steps" in capsys.readouterr().out


def test_the_self_check_runs_as_a_process():
    done = subprocess.run(
        [sys.executable, "-m", "devtools.fakes.linkedin", "--self-check"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.count("ok  ") == 10
