"""Queue posts through the batch endpoint under wrk: time per post, against today's.

    python bench/queues.py [--backend sqlite|postgresql] [--posts 10000] [--baseline-root PATH]

Two runs of `POST /v1/posts/batch` (100 posts a request) from `wrk -t2 -c16`, each of
`--posts` posts, against gunicorn (two workers each) on one database: posts with their
own `scheduledFor` (what the endpoint did before queues: today's figure), and posts
with `queue: true` on a channel whose schedule has a slot every hour of the week,
`maxPerSlot: 1`, so each post takes a slot of its own and the queue grows to `--posts`
slots. The runs take turns, 2,000 posts at a time, so that both meet the machine alike
(on a shared machine a single run of each differed by 2x from run to run). The figure
is the queue's time per post over today's; the target is at most 1.5
(docs/scheduling.md, Speed). With `--baseline-root`, today's run is of another checkout
(the code before queues existed). Afterwards each queue post is checked to hold a slot
of its own.
"""

import argparse
import contextlib
import json
import os
import secrets
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import requests
from playhouse.db_url import connect

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from bench.support import Results, add_results_option, create_key, gunicorn, scratch_database  # noqa: E402

BATCH = 100
CHUNK = 2_000
TARGET = 1.5
WARM_UP = 4
# After each turn, the batches wrk left in flight are let finish before the other run's
# turn begins, so that neither run's work falls into the other's time.
DRAIN_SECONDS = 2
# wrk sends batches until each thread has had its share answered, then says so on
# stderr (wrk itself runs on to its -d, so the time is taken from these lines).
STOP_AFTER = """
wrk.method = "POST"
wrk.body = {body}
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Authorization"] = {authorization}
local answered = 0
function response(status, headers, body)
  if status ~= 201 then
    io.stderr:write("refused " .. status .. ": " .. body:sub(1, 300) .. "\\n")
  end
  answered = answered + 1
  if answered == {per_thread} then
    io.stderr:write("answered\\n")
    io.stderr:flush()
    wrk.thread:stop()
  end
end
"""


def main():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--backend", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument("--posts", type=int, default=10_000, help="posts per run (a multiple of 2,000)")
    parser.add_argument("--baseline-root", type=Path, default=HERE.parent, help="the checkout of today's run")
    add_results_option(parser)
    args = parser.parse_args()
    with (
        tempfile.TemporaryDirectory(prefix="postline-bench-") as scratch,
        scratch_database(args.backend, scratch) as database_url,
    ):
        env = {
            **os.environ,
            "DATABASE_URL": database_url,
            "SECRET_KEY": secrets.token_urlsafe(48),
            "POSTLINE_SERVER_DATA_DIR": scratch,
            "POSTLINE_SERVER_LOG_LEVEL": "WARNING",
            "POSTLINE_LIMITS_ENABLED": "false",
        }
        with (
            Side(args.baseline_root, env, queue=False) as today,
            Side(HERE.parent, env, queue=True) as queued,
        ):
            # In turns of CHUNK posts, so that both runs see the machine alike.
            for _ in range(args.posts // CHUNK):
                today.send(CHUNK)
                queued.send(CHUNK)
        check_slots(database_url, queued.channel, queued.posts)
    report(args, today, queued)


class Side:
    """One of the two runs: gunicorn on its checkout, a test-mode key, a channel (with a
    schedule for the queue), and the time its batches took so far."""

    def __init__(self, root, env, queue):
        self.root, self.env, self.queue = root, {**env, "PYTHONPATH": str(root)}, queue
        self.seconds, self.posts = 0.0, 0

    def __enter__(self):
        self.key = create_key(self.root, self.env, "--test")
        self.server = gunicorn("app:create_app()", self.root, self.env)
        self.url = self.server.__enter__()
        session = requests.Session()
        session.headers["Authorization"] = f"Bearer {self.key}"
        self.channel = session.post(f"{self.url}/v1/channels", json={"name": "Bench"}, timeout=30).json()[
            "data"
        ]["id"]
        item = {"channelId": self.channel, "content": "Benchmark post #launch"}
        if self.queue:
            days = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
            every_hour = [{"day": day, "time": f"{hour:02d}:00"} for day in days for hour in range(24)]
            schedule = {"timezone": "Europe/Berlin", "slots": every_hour, "maxPerSlot": 1}
            session.put(
                f"{self.url}/v1/channels/{self.channel}/schedule", json=schedule, timeout=30
            ).raise_for_status()
            item["queue"] = True
        else:
            item["scheduledFor"] = int((time.time() + 30 * 86400) * 1000)
        self.body = {"posts": [item] * BATCH}
        for _ in range(WARM_UP):  # each gunicorn worker's first requests build what it keeps
            session.post(f"{self.url}/v1/posts/batch", json=self.body, timeout=60).raise_for_status()
        return self

    def __exit__(self, *exc):
        return self.server.__exit__(*exc)

    def send(self, posts):
        answered, seconds = wrk_batches(self.url, self.key, self.body, posts // BATCH)
        self.posts += answered * BATCH
        self.seconds += seconds
        time.sleep(DRAIN_SECONDS)

    @property
    def seconds_per_post(self):
        return self.seconds / self.posts


def wrk_batches(url, key, body, requests_wanted, threads=2, connections=16):
    """(requests answered, seconds) of wrk sending `body` to the batch endpoint until
    each thread has had its share of `requests_wanted` answered."""
    per_thread = requests_wanted // threads
    script = STOP_AFTER.format(
        body=json.dumps(json.dumps(body)), authorization=json.dumps(f"Bearer {key}"), per_thread=per_thread
    )
    with tempfile.NamedTemporaryFile("w", suffix=".lua") as file:
        file.write(script)
        file.flush()
        command = ["wrk", f"-t{threads}", f"-c{connections}", "-d600s", "--timeout", "60s", "-s", file.name]
        started = time.perf_counter()
        wrk = subprocess.Popen(
            [*command, f"{url}/v1/posts/batch"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True
        )
        try:
            finished = 0
            for line in wrk.stderr:
                if line.startswith("refused"):
                    raise RuntimeError(f"a batch was refused: {line}")
                finished += line.strip() == "answered"
                if finished == threads:
                    break
            seconds = time.perf_counter() - started
        finally:
            wrk.terminate()
            wrk.wait(30)
    if finished != threads:
        raise RuntimeError("wrk ended before every thread had its batches answered")
    return per_thread * threads, seconds


def check_slots(database_url, channel, posts):
    """Every queue post of the run holds a slot of its own (a few more than answered may
    be stored: the batches in flight when wrk stopped)."""
    database = connect(database_url)
    with contextlib.closing(database):
        held, distinct = database.execute_sql(
            f"SELECT COUNT(*), COUNT(DISTINCT slot) FROM post WHERE channel_id = {database.param}", (channel,)
        ).fetchone()
    if held != distinct or held < posts:
        raise RuntimeError(f"{posts} queue posts answered, {held} stored, {distinct} distinct slots")


def report(args, today, queued):
    ratio = queued.seconds_per_post / today.seconds_per_post
    print(f"\n{args.backend}: POST /v1/posts/batch, {BATCH} posts a request, wrk -t2 -c16, gunicorn -w 2")
    for label, side in (("scheduledFor (today's)", today), ("queue: true", queued)):
        print(f"{label:24} {side.posts:6} posts  {side.seconds_per_post * 1e6:8.0f} us/post  ({side.root})")
    print(f"{'queue / today':24} {ratio:20.2f}  (target <= {TARGET})")
    Results(args.results).add(
        "POST /v1/posts/batch, queue: true vs today's (time per post)",
        args.backend,
        ratio,
        f"{queued.seconds_per_post * 1e6:.0f} us/post queued, "
        f"{today.seconds_per_post * 1e6:.0f} us/post with scheduledFor; {queued.posts} posts each",
        f"<= {TARGET}",
        ratio <= TARGET,
    )


if __name__ == "__main__":
    main()
