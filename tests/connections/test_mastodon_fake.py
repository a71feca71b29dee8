"""The fake Mastodon instance (devtools/fakes/mastodon) answers as docs/platforms/mastodon.md
says an instance does: its self-check passes, in this process and as a process of its
own, and fails when the fake stops keeping what it stands for."""

import subprocess
import sys
from types import SimpleNamespace

from devtools.fakes.mastodon import selfcheck
from devtools.fakes.mastodon.fake import MEDIA_RATE_LIMIT
from devtools.fakes.mastodon.statuses import Statuses
from devtools.fakes.registry import PLATFORMS
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


def test_the_benchmarks_fake_takes_more_uploads_than_mastodons_30_a_half_hour():
    """bench/platforms.py posts an image to Mastodon with every post: its fake, started
    with the registry's bench_options, takes more media than an account may upload in
    30 minutes (MEDIA_RATE_LIMIT), as it takes more requests than a token may make."""
    [entry] = [entry for entry in PLATFORMS if entry.platform == "mastodon"]
    process = subprocess.Popen(
        [sys.executable, "-m", entry.module, *entry.bench_options],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        walk = selfcheck.Walk(SimpleNamespace(url=process.stdout.readline().strip()))
        walk.register()
        walk.authorize()
        files = {"file": ("dot.png", selfcheck.PNG, "image/png")}
        for _ in range(MEDIA_RATE_LIMIT[0] + 1):
            walk.call("POST", "/api/v2/media", token=walk.state["token"], files=files)
    finally:
        process.terminate()
        process.wait(30)
        process.stdout.close()


def _without_keys(made):
    def forgetting(self, fields, user, text, key):
        return made(self, fields, user, text, None)

    return forgetting
