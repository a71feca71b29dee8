"""Posts API benchmark (issue 3), measured against a bare Flask app in the same run.

    python bench/posts.py [--duration 10] [--database-url postgresql://...]

Prints, with gunicorn (2 sync workers) on 127.0.0.1 for both apps:
- GET /v1/posts?filter[status]=queued&sort=-createdAt (20 per page) on an account of
  10,000 posts, requests/s and the ratio to the bare app (target >= 0.2);
- POST /v1/posts, requests/s and the ratio to the bare app (target >= 0.15);
- page-1 latency of that listing at 100,000 posts over that at 1,000 (target <= 2).
Posts are 60% queued, 30% done, 10% failed; tallies are folded as the worker would.
Rate limiting is switched off ([limits] enabled = false), as the issue compares the API
itself with Flask.
"""

import argparse
import os
import random
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.load import latency, throughput  # noqa: E402
from tests.servers import ServerProcess, free_port  # noqa: E402

SECRET = "bench-secret-" + "x" * 40
LISTING = "/v1/posts?filter[status]=queued&sort=-createdAt&per_page=20"
STATUSES = ["queued"] * 6 + ["done"] * 3 + ["failed"]


def start(app_spec, env, workers=2):
    port = free_port()
    command = [
        sys.executable,
        "-m",
        "gunicorn",
        app_spec,
        "--bind",
        f"127.0.0.1:{port}",
        "--workers",
        str(workers),
    ]
    server = ServerProcess(command, env, cwd=ROOT, url=f"http://127.0.0.1:{port}")
    server.wait_until_listening(timeout=60)
    return server


def seed(database_url, data_dir, accounts):
    """One account per (name, size) with a key, a channel and that many posts.

    Returns {name: (key, channel id)}; tallies are folded afterwards, as the worker does.
    """
    from app import create_app
    from models import Channel, Post, PostTally
    from postline import api_keys, clock, db

    create_app({"database": {"url": database_url}, "server": {"data_dir": data_dir, "secret_key": SECRET}})
    seeded = {}
    for name, size in accounts:
        account = api_keys.find_or_create_account(name, "ocean")
        key = api_keys.issue_key(account.id, "bench")[1]
        channel = Channel.create_for_account(account.id, "live", name="Bench", color="#4F46E5")
        start_ms = clock.now_ms() - size * 10
        for chunk in range(0, size, 1000):
            rows = [
                _post_row(account.id, channel.id, n, start_ms + n * 10)
                for n in range(chunk, min(size, chunk + 1000))
            ]
            with db.database.atomic():
                Post.insert_many(rows).execute()
        seeded[name] = (key, channel.id)
    PostTally.fold()
    db.close()
    return seeded


def _post_row(account_id, channel_id, n, created):
    from postline import ids

    status = random.choice(STATUSES)
    return {
        "id": ids.new_id("post", created),
        "account": account_id,
        "mode": "live",
        "channel": channel_id,
        "content": f"Benchmark post number {n} #launch",
        "scheduled_for": created + 3_600_000,
        "media": [],
        "status": status,
        "attempts": 0,
        "due_at": created + 3_600_000 if status == "queued" else None,
        "created_at": created,
        "updated_at": created,
    }


def main():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--duration", type=float, default=10.0, help="seconds per throughput run")
    parser.add_argument("--database-url", help="an empty database (default: a fresh SQLite file)")
    args = parser.parse_args()
    random.seed(7)

    with tempfile.TemporaryDirectory(prefix="postline-bench-") as tmp:
        database_url = args.database_url or f"sqlite:///{tmp}/bench.db"
        env = {
            **os.environ,
            "DATABASE_URL": database_url,
            "SECRET_KEY": SECRET,
            "POSTLINE_SERVER_DATA_DIR": tmp,
            "POSTLINE_SERVER_LOG_LEVEL": "WARNING",
            "POSTLINE_LIMITS_ENABLED": "false",
            "PYTHONPATH": str(ROOT),
        }
        seeded = seed(database_url, tmp, [("bench", 10_000), ("small", 1_000), ("large", 100_000)])
        key, channel = seeded["bench"]
        auth = {"Authorization": f"Bearer {key}"}
        bare = start("bench.bare_app:app", env)
        api = start("app:create_app()", env)
        try:
            bare_read = throughput(bare.url, duration=args.duration)
            list_rps = throughput(api.url, path=LISTING, headers=auth, duration=args.duration)
            bare_write = throughput(bare.url, "POST", body={"content": "x"}, duration=args.duration)
            create_rps = throughput(
                api.url,
                "POST",
                "/v1/posts",
                auth,
                {"channelId": channel, "content": "Benchmark"},
                args.duration,
            )
            page_latency = {}
            for name in ("small", "large"):
                headers = {"Authorization": f"Bearer {seeded[name][0]}"}
                latency(api.url, LISTING, headers, requests=50)  # warm up
                page_latency[name] = latency(api.url, LISTING, headers)
        finally:
            api.stop()
            bare.stop()

    rows = [
        ("bare Flask GET", bare_read, None, None),
        ("GET /v1/posts (10k posts)", list_rps, list_rps / bare_read, "target >= 0.20"),
        ("bare Flask POST", bare_write, None, None),
        ("POST /v1/posts", create_rps, create_rps / bare_write, "target >= 0.15"),
    ]
    for label, rps, ratio, target in rows:
        print(f"{label:27} {rps:8.0f} req/s" + (f"   ratio {ratio:.2f}  ({target})" if ratio else ""))
    small, large = page_latency["small"], page_latency["large"]
    print(f"page 1 latency, 1k posts    median {small[0]:.2f} ms  p95 {small[1]:.2f} ms")
    print(f"page 1 latency, 100k posts  median {large[0]:.2f} ms  p95 {large[1]:.2f} ms")
    print(f"latency ratio 100k / 1k     {large[0] / small[0]:.2f}  (target <= 2.00)")


if __name__ == "__main__":
    main()
