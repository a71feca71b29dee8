"""The fake Mastodon instance (devtools/fakes/mastodon) answers as docs/platforms/mastodon.md
says an instance does: its self-check passes, in this process and as a process of its
own, and fails when the fake stops keeping what it stands for."""

import subprocess
import sys

from devtools.fakes.mastodon import selfcheck
from devtools.fakes.mastodon.statuses import Statuses
from tests.support import ROOT


def test_the_self_check_passes_as_a_process_of_its_own():
    done = subprocess.run(
        [sys.executable, "-m", "devtools.fakes.mastodon", "--self-check"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 11 and all(line.startswith("ok  ") for line in lines), lines


def test_the_self_check_fails_a_fake_that_forgets_idempotency_keys(monkeypatch, capsys):
    monkeypatch.setattr(Statuses, "made", _without_keys(Statuses.made))
    assert selfcheck.main() == 1
    assert "FAILED after 7 steps" in capsys.readouterr().out


def _without_keys(made):
    def forgetting(self, fields, user, text, key):
        return made(self, fields, user, text, None)

    return forgetting
