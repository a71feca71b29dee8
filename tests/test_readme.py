"""The README's two commands and walk-through work as written. (The configuration table
and the security review moved to docs/; tests/test_docs.py holds them to the code.)"""

import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time

from devtools.servers import free_port
from tests.support import ROOT
from tests.support.receivers import Receiver

README = (ROOT / "README.md").read_text()
KEY_LINE = re.compile(r"^(service_sk_live_[a-z0-9]{8}_[A-Za-z0-9]{32,})$", re.MULTILINE)


def test_readme_opens_with_the_two_commands():
    first_block = README.split("```sh\n", 1)[1].split("```", 1)[0].splitlines()
    assert first_block[0].startswith("python3 tasks.py serve")
    assert first_block[1].startswith("python3 tasks.py test")
    ci = (ROOT / ".ci" / "run").read_text()
    assert "TEST_DATABASE_URL" in ci and "python3 tasks.py test" in ci


def walkthrough_commands(port):
    block = README.split("## A first walk-through", 1)[1].split("```sh\n", 1)[1].split("```", 1)[0]
    return [
        line.replace("127.0.0.1:8000", f"127.0.0.1:{port}")
        for line in block.splitlines()
        if line.startswith("curl ")
    ]


def test_serve_prints_a_first_key_and_the_walkthrough_works(empty_database_url, server_env, tmp_path):
    port = free_port()
    receiver = Receiver()
    env = {
        **server_env,
        # The walk-through's webhook goes to a receiver on this machine, as the README says
        # it may in development.
        "POSTLINE_WEBHOOKS_ALLOW_HTTP": "true",
        "POSTLINE_WEBHOOKS_ALLOW_PRIVATE_TARGETS": "true",
        "DATABASE_URL": empty_database_url,
        "POSTLINE_SERVER_BIND": f"127.0.0.1:{port}",
        "POSTLINE_SERVER_WORKERS": "1",
        "POSTLINE_SERVER_DATA_DIR": str(tmp_path / "data"),
    }
    del env["SECRET_KEY"]  # a first start generates its own
    serve = subprocess.Popen(
        [sys.executable, "tasks.py", "serve"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    output = []
    reader = threading.Thread(target=lambda: output.extend(serve.stdout), daemon=True)
    reader.start()
    try:
        key = _wait_for(lambda: KEY_LINE.search("".join(output)), 240, output).group(1)
        _wait_for(lambda: _listening(port), 60, output)
        assert (tmp_path / "data" / "secret_key").exists()

        results = []
        for command in walkthrough_commands(port):
            done = subprocess.run(
                ["bash", "-c", command],
                env={**os.environ, "KEY": key},
                capture_output=True,
                text=True,
                timeout=30,
            )
            assert done.returncode == 0, done.stderr
            results.append(json.loads(done.stdout))
        health, created, listed = results
        assert health["data"]["key"]["name"] == "First key"
        assert created["data"]["name"] == "Launch"
        assert [c["id"] for c in listed["data"]] == [created["data"]["id"]]
        assert listed["meta"]["pagination"]["total"] == 1

        # The worker runs beside the API: health turns ok once it beats.
        def worker_is_up():
            done = subprocess.run(
                ["bash", "-c", walkthrough_commands(port)[0]],
                env={**os.environ, "KEY": key},
                capture_output=True,
                text=True,
                timeout=30,
            )
            return json.loads(done.stdout)["data"]["status"] == "ok"

        _wait_for(worker_is_up, 30, output)

        # Test mode: schedule a post, watch the sandbox publish it, create a batch.
        answers = _json_documents(_run_script(walkthrough_script("### Schedule a post"), port, key, env))
        created_post, listed_posts, batch = answers
        assert created_post["data"]["status"] == "queued"
        (published,) = listed_posts["data"]
        assert published["id"] == created_post["data"]["id"] and published["status"] == "done"
        assert [t["status"] for t in published["targets"]] == ["published"]
        assert [p["content"] for p in batch["data"]] == ["Launch day, part 1", "Launch day, part 2"]

        # A webhook: created, sent a test event, its delivery listed as it went.
        script = walkthrough_script("### A webhook").replace(
            "https://example.com/postline-webhook", receiver.url("/postline-webhook")
        )
        script = walkthrough_script("### Schedule a post").split("\n", 1)[0] + "\n" + script
        test_delivery, deliveries = _json_documents(_run_script(script, port, key, env))
        assert test_delivery["data"]["event"] == "webhook.test"
        assert [d["status"] for d in deliveries["data"]] == ["succeeded"]
        (received,) = receiver.requests
        assert json.loads(received.body)["event"] == "webhook.test"
    finally:
        receiver.stop()
        serve.send_signal(signal.SIGINT)
        serve.wait(timeout=30)
        reader.join(timeout=5)
        serve.stdout.close()
    assert not _listening(port)
    assert "Traceback" not in "".join(output)


def walkthrough_script(heading):
    """The first shell block under `heading`, as one script."""
    return README.split(heading, 1)[1].split("```sh\n", 1)[1].split("```", 1)[0]


def _run_script(script, port, key, env):
    script = script.replace("127.0.0.1:8000", f"127.0.0.1:{port}")
    done = subprocess.run(
        ["bash", "-euo", "pipefail", "-c", script],
        cwd=ROOT,
        env={**env, "KEY": key},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def _json_documents(text):
    """Every JSON document in `text`, one after another (curl prints no separators)."""
    decoder, documents, position = json.JSONDecoder(), [], 0
    while position < len(text):
        if text[position].isspace():
            position += 1
            continue
        document, position = decoder.raw_decode(text, position)
        documents.append(document)
    return documents


def _wait_for(condition, timeout, output):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        result = condition()
        if result:
            return result
        time.sleep(0.2)
    raise AssertionError("timed out; output so far:\n" + "".join(output))


def _listening(port):
    with socket.socket() as sock:
        sock.settimeout(0.5)
        return sock.connect_ex(("127.0.0.1", port)) == 0
