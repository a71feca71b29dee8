"""Everything Postline writes on a fresh install is its user's alone: directories 0700,
files 0600, the metrics' files included (docs/security.md, Files)."""

import os
import stat
import time

import requests

from devtools.media import image
from devtools.servers import WORKER_COMMAND, ServerProcess, create_key, environment


def modes(root):
    """{path relative to root: mode} of everything under root, root included."""
    found = {".": stat.S_IMODE(root.stat().st_mode)}
    for path in root.rglob("*"):
        found[str(path.relative_to(root))] = stat.S_IMODE(path.lstat().st_mode)
    return found


def test_a_fresh_install_writes_nothing_others_can_read(tmp_path, database_url):
    data = tmp_path / "fresh" / "data"  # neither exists yet
    env = environment(f"sqlite:///{data}/postline.db", data, "unused", POSTLINE_SERVER_METRICS="true")
    del env["SECRET_KEY"]  # generated into the data directory
    # The processes start with the usual umask, not one this test process was given by
    # an app built before (postline/process.py sets it): they must set their own.
    usual = os.umask(0o022)
    try:
        server = ServerProcess.gunicorn(env, workers=1)
        worker = ServerProcess(WORKER_COMMAND, env)
    finally:
        os.umask(usual)
    try:
        key = create_key(env)
        headers = {"Authorization": f"Bearer {key}"}
        uploaded = requests.post(
            f"{server.url}/v1/media/upload",
            files={"file": ("a.png", image("PNG"))},
            headers=headers,
            timeout=30,
        )
        assert uploaded.status_code == 201, uploaded.text
        assert requests.get(f"{server.url}/metrics", timeout=30).status_code == 200
        deadline = time.monotonic() + 30
        while not list((data / "metrics").glob("*.db")) and time.monotonic() < deadline:
            time.sleep(0.1)
    finally:
        worker.stop()
        server.stop()
    found = modes(data)
    print("\n" + "\n".join(f"{mode:04o} {path}" for path, mode in sorted(found.items())))
    assert {"secret_key", "postline.db", "media", "metrics"} <= set(found)
    assert any(path.startswith("metrics/") and path.endswith(".db") for path in found)
    assert any(path.startswith("media/med_") for path in found)
    directories = {path for path in found if (data / path).is_dir()}
    wrong = {
        path: f"{mode:04o}"
        for path, mode in found.items()
        if mode != (0o700 if path in directories else 0o600)
    }
    assert wrong == {}
