"""Prometheus metrics (postline/metrics.py): off by default; on, one GET /metrics adds
up the counts of every gunicorn worker and the Postline worker."""

import re
import time

import requests

from devtools.servers import WORKER_COMMAND, ServerProcess, create_key
from tests.support.client import http_session


def test_metrics_are_off_by_default(client):
    assert client.get("/metrics").status_code == 404
    assert "/metrics" not in client.get("/openapi.json").get_json()["paths"]


def sample(text, name, **labels):
    wanted = ",".join(f'{k}="{v}"' for k, v in sorted(labels.items()))
    for line in text.splitlines():
        found = re.fullmatch(rf"{name}(?:\{{([^}}]*)\}})? (\S+)", line)
        if found and ",".join(sorted((found.group(1) or "").split(","))).strip(",") == wanted:
            return float(found.group(2))
    return None


def test_metrics_count_requests_and_a_published_post(server_env):
    env = {**server_env, "POSTLINE_SERVER_METRICS": "true", "POSTLINE_WORKER_POLL_INTERVAL": "0.2"}
    key = create_key(env, "--test")
    app = ServerProcess.gunicorn(env, workers=2)
    worker = ServerProcess(WORKER_COMMAND, env)
    api = http_session(key)
    try:
        channel = api.post(f"{app.url}/v1/channels", json={"name": "M"}, timeout=30).json()["data"]["id"]
        post = api.post(
            f"{app.url}/v1/posts", json={"channelId": channel, "content": "hi"}, timeout=30
        ).json()
        deadline = time.monotonic() + 30
        while (
            api.get(f"{app.url}/v1/posts/{post['data']['id']}", timeout=30).json()["data"]["status"] != "done"
        ):
            assert time.monotonic() < deadline, worker.output()
            time.sleep(0.2)
        text = requests.get(f"{app.url}/metrics", timeout=30).text
    finally:
        worker.stop()
        app.stop()
    assert sample(text, "postline_post_targets_total", platform="sandbox", outcome="published") == 1
    assert sample(text, "postline_publish_lateness_seconds_count") == 1
    created = sample(text, "postline_http_requests_total", method="POST", route="/v1/posts", status="201")
    assert created == 1
    assert sample(text, "postline_due_posts") == 0
    assert 0 <= sample(text, "postline_worker_heartbeat_age_seconds") < 10
