"""What the import tests share: a channel, files, and the worker's import pool run in
the test's own thread (its jobs are plain functions)."""

import pytest

from postline import imports

T = 1_800_000_000_000  # 2027-01-15T08:00:00Z
HEADER = "channelId,content,scheduledFor"


@pytest.fixture
def channel(api, clock_at):
    clock_at(T)
    return api.post("/v1/channels", json={"name": "Launch"}).get_json()["data"]["id"]


def csv_file(channel, count, header=HEADER):
    """A CSV of `count` good rows for `channel`, an hour apart from T + 1 h."""
    lines = [header] + [f"{channel},Post number {i},{T + (i + 1) * 3_600_000}" for i in range(count)]
    return ("\n".join(lines) + "\n").encode()


def send(api, body, kind="text/csv", dry_run=False, headers=None):
    query = "?dryRun=true" if dry_run else ""
    return api.post(f"/v1/posts/import{query}", data=body, content_type=kind, headers=headers or {})


def run_worker(app, worker_id="import-worker"):
    """Create every due import's posts as the worker's pool does, a chunk per claim;
    returns how many chunks ran."""
    settings = app.config["POSTLINE"]
    ran = 0
    while claimed := imports.claim_due(worker_id, 60_000):
        imports.create_chunk(claimed, settings)
        ran += 1
    return ran
