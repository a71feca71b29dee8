"""What a process costs: its peak resident memory, and the one worker of a gunicorn
started on loopback (tests/conftest.py, `gunicorn`), whose memory a test measures."""

from pathlib import Path


def peak_rss_mb(pid):
    """The peak resident memory (VmHWM) of process `pid` in MB. Not getrusage: Linux
    carries a parent's peak into ru_maxrss across exec."""
    status = Path(f"/proc/{pid}/status").read_text().splitlines()
    return int(next(line for line in status if line.startswith("VmHWM")).split()[1]) // 1024


def gunicorn_worker(base):
    """The pid of the single worker of the gunicorn answering at `base` (started with
    workers=1)."""
    port = f"127.0.0.1:{base.rsplit(':', 1)[1]}".encode()
    master = next(
        proc for proc in Path("/proc").iterdir() if proc.name.isdigit() and _is_gunicorn_on(proc, port)
    )
    [worker] = (master / "task" / master.name / "children").read_text().split()
    return worker


def _is_gunicorn_on(proc, port):
    try:
        command = (proc / "cmdline").read_bytes().split(b"\0")
    except OSError:
        return False
    return b"gunicorn" in b" ".join(command) and port in command
