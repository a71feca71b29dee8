"""Uploading a 100 MB video: throughput against a bare Flask app, and the worker's memory.

    python bench/media.py [--size-mb 100] [--runs 5] [--root PATH]

Postline and a bare Flask app (bench/bare_upload.py, which lets werkzeug parse the
upload and saves it with FileStorage.save()) run side by side, each under gunicorn
with 2 sync workers on 127.0.0.1. `curl` (a client written in C, so the load
generator does not compete with the servers for the interpreter) uploads the same
file to each in turn as multipart/form-data: a valid-looking mp4, an ftyp box then
filler in an mdat box. Reported: each one's median throughput over `--runs` uploads,
their ratio (target: at least 0.7), and the largest growth of a gunicorn worker's
peak RSS during one upload (target: under 30 MB), read from /proc/<pid>/status
(VmHWM, reset through /proc/<pid>/clear_refs before each upload).
"""

import argparse
import os
import secrets
import shutil
import statistics
import struct
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from bench.support import Results, add_results_option, create_key  # noqa: E402
from devtools.servers import ServerProcess  # noqa: E402

MB = 1024 * 1024
WARM_UP_UPLOADS = 4


def main():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--size-mb", type=int, default=100, help="size of the uploaded video")
    parser.add_argument("--runs", type=int, default=5, help="measured uploads to each app")
    parser.add_argument("--root", type=Path, default=HERE.parent, help="the checkout to measure")
    add_results_option(parser)
    args = parser.parse_args()
    if shutil.which("curl") is None:
        raise SystemExit("curl is not installed (Debian: apt-get install curl)")
    with tempfile.TemporaryDirectory(prefix="postline-bench-") as scratch:
        scratch = Path(scratch)
        video = write_video(scratch / "clip.mp4", args.size_mb * MB)
        warm_up = write_video(scratch / "warm-up.mp4", 2 * MB)
        bare_dir = scratch / "bare"
        bare_dir.mkdir()
        env = {
            **os.environ,
            "PYTHONPATH": str(args.root),
            "DATABASE_URL": f"sqlite:///{scratch}/bench.db",
            "SECRET_KEY": secrets.token_urlsafe(48),
            "POSTLINE_SERVER_DATA_DIR": str(scratch),
            "POSTLINE_SERVER_LOG_LEVEL": "WARNING",
            "POSTLINE_MEDIA_DIR": str(scratch / "media"),
            "POSTLINE_LIMITS_ENABLED": "false",
            "BARE_UPLOAD_DIR": str(bare_dir),
        }
        key = create_key(args.root, env)
        postline = ServerProcess.gunicorn(env, 2, "app:create_app()", cwd=args.root)
        bare = ServerProcess.gunicorn(env, 2, "bench.bare_upload:app", cwd=HERE.parent)
        try:
            targets = {
                "postline": Target(postline, f"{postline.url}/v1/media/upload", key, scratch / "media"),
                "bare": Target(bare, f"{bare.url}/", None, bare_dir),
            }
            for target in targets.values():
                for _ in range(WARM_UP_UPLOADS):
                    target.upload(warm_up)
            for _ in range(args.runs):
                for target in targets.values():
                    target.measure(video)
        finally:
            postline.stop(30)
            bare.stop(30)
    report(args, targets)


def write_video(path, size):
    """An mp4 as far as sniffing goes: an ftyp box, then an mdat box of filler to `size`."""
    ftyp = struct.pack(">I", 24) + b"ftypisom" + bytes(4) + b"isommp41"
    with open(path, "wb") as file:
        file.write(ftyp + struct.pack(">I", size - len(ftyp)) + b"mdat")
        block = os.urandom(MB)
        remaining = size - len(ftyp) - 8
        while remaining > 0:
            file.write(block[: min(len(block), remaining)])
            remaining -= len(block)
    return path


class Target:
    """One app under gunicorn: uploads to it, their throughput and its workers' RSS growth."""

    def __init__(self, server, url, key, store):
        self.server, self.url, self.key, self.store = server, url, key, store
        self.throughputs = []
        self.rss_growths = []

    def upload(self, path):
        """Upload `path` with curl; returns seconds taken. Then empties the app's store."""
        command = ["curl", "-sS", "-o", "/dev/null", "-w", "%{http_code} %{time_total}", "-H", "Expect:"]
        if self.key:
            command += ["-H", f"Authorization: Bearer {self.key}"]
        command += ["-F", f"file=@{path};filename=clip.mp4", self.url]
        status, seconds = subprocess.run(command, capture_output=True, text=True, check=True).stdout.split()
        if status != "201":
            raise RuntimeError(f"{self.url} answered {status}:\n{self.server.output()[-2000:]}")
        for stored in self.store.glob("*"):
            if stored.is_file():
                stored.unlink()
        return float(seconds)

    def measure(self, path):
        workers = worker_pids(self.server.process.pid)
        before = {}
        for pid in workers:
            Path(f"/proc/{pid}/clear_refs").write_text("5")  # peak RSS := current RSS
            before[pid] = memory_kb(pid)["VmRSS"]
        seconds = self.upload(path)
        self.throughputs.append(path.stat().st_size / MB / seconds)
        self.rss_growths.append(max(memory_kb(pid)["VmHWM"] - before[pid] for pid in workers) / 1024)


def worker_pids(master):
    pids = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (FileNotFoundError, ProcessLookupError):
            continue
        if int(fields[1]) == master:
            pids.append(int(stat.parent.name))
    return pids


def memory_kb(pid):
    lines = Path(f"/proc/{pid}/status").read_text().splitlines()
    return {
        name: int(value.split()[0])
        for name, value in (line.split(":", 1) for line in lines)
        if name in ("VmRSS", "VmHWM")
    }


def report(args, targets):
    postline, bare = targets["postline"], targets["bare"]
    ratio = statistics.median(postline.throughputs) / statistics.median(bare.throughputs)
    print(
        f"\nupload of a {args.size_mb} MB mp4 with curl, gunicorn -w 2, {args.runs} runs each ({args.root})"
    )
    print(f"{'app':10} {'median MB/s':>12} {'runs MB/s':>40} {'max RSS growth':>15}")
    for name, target in targets.items():
        runs = " ".join(f"{value:.0f}" for value in target.throughputs)
        median = statistics.median(target.throughputs)
        print(f"{name:10} {median:12.0f} {runs:>40} {max(target.rss_growths):12.1f} MB")
    print(f"throughput ratio postline/bare: {ratio:.2f} (target >= 0.70)")
    growth = max(postline.rss_growths)
    print(f"postline worker peak RSS growth: {growth:.1f} MB (target < 30 MB)")
    results = Results(args.results)
    medians = [statistics.median(target.throughputs) for target in (postline, bare)]
    detail = f"{medians[0]:.0f} MB/s; bare {medians[1]:.0f} MB/s ({args.size_mb} MB mp4, curl)"
    results.add("POST /v1/media/upload", "sqlite", ratio, detail, ">= 0.7", ratio >= 0.7)
    results.add(
        "upload: app worker RSS growth (MB)", "sqlite", growth, "peak during the uploads", "< 30", growth < 30
    )


if __name__ == "__main__":
    main()
