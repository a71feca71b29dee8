#!/usr/bin/env python3
"""Install what Postline needs into ./.venv, then serve it or test it.

    python3 tasks.py serve    # API (gunicorn) + worker on SQLite; prints a first key on an empty database
    python3 tasks.py test     # the whole test suite (PostgreSQL too when TEST_DATABASE_URL is set)
    python3 tasks.py test --quick   # the quick loop: SQLite only, no server processes, drills or browser
    python3 tasks.py bench    # every benchmark, one table of figures (needs wrk and curl)
    python3 tasks.py mcp      # the MCP server for AI agents over stdio, key in POSTLINE_API_KEY (docs/mcp.md)
    python3 tasks.py clients  # regenerate the Python and TypeScript SDKs in clients/ (clients/README.md)
    python3 tasks.py docs     # build docs/ into the site in site/ (mkdocs.yml); any warning fails it

Needs only Python 3.11+. Extra arguments after `test` go to pytest, e.g.
`python3 tasks.py test --quick tests/posts -x`. Tests run in two pytest-xdist workers
(`-n 2 --dist loadgroup`) unless the arguments say otherwise (`-n 0` runs them in this
process); docs/development.md (Tests) says which tests run where.
"""

import hashlib
import os
import signal
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
PYTHON = VENV / "bin" / "python"


def ensure_environment(requirements):
    """Create .venv and install `requirements` unless that exact file set is installed already."""
    if not PYTHON.exists():
        print(f"Creating {VENV} ...", flush=True)
        venv.create(VENV, with_pip=True)
    digest = hashlib.sha256()
    for name in sorted(ROOT.glob("requirements*.txt")):
        digest.update(name.read_bytes())
    stamp = VENV / f".installed-{requirements}"
    if not stamp.exists() or stamp.read_text() != digest.hexdigest():
        print(f"Installing {requirements} ...", flush=True)
        subprocess.check_call(
            [
                PYTHON,
                "-m",
                "pip",
                "install",
                "--quiet",
                "--disable-pip-version-check",
                "-r",
                ROOT / requirements,
            ]
        )
        stamp.write_text(digest.hexdigest())


def serve():
    ensure_environment("requirements.txt")
    # Migrates, and on an empty database creates the first account and prints its key.
    subprocess.check_call([PYTHON, "-m", "flask", "--app", "app", "init"], cwd=ROOT)
    # Sessions of their own: a Ctrl-C reaches them once, from here, not twice (from the
    # terminal and from here), which the worker would take for "stop at once".
    processes = [
        subprocess.Popen(
            [PYTHON, "-m", "gunicorn", "-c", "gunicorn.conf.py"], cwd=ROOT, start_new_session=True
        ),
        subprocess.Popen([PYTHON, "worker.py"], cwd=ROOT, start_new_session=True),
    ]

    stopping = []

    def forward(signum, _frame):
        # The first signal stops them gracefully; a second one, forwarded the same way,
        # makes the worker leave at once.
        stopping.append(signum)
        for process in processes:
            if process.poll() is None:
                process.send_signal(signum)

    signal.signal(signal.SIGTERM, forward)
    signal.signal(signal.SIGINT, forward)
    # When either process ends on its own, stop the other: a half-running service is worse
    # than none. Once asked to stop, let each finish in its own time.
    while all(process.poll() is None for process in processes):
        try:
            processes[0].wait(timeout=0.5)
        except subprocess.TimeoutExpired:
            pass
    if not stopping:
        forward(signal.SIGTERM, None)
    return max(process.wait() for process in processes)


# Two workers, the machine's two cores; the drills and other tests that time themselves
# are one xdist group (tests/conftest.py), run one at a time by one worker.
XDIST = ["-n", "2", "--dist", "loadgroup"]
# The quick loop leaves out what takes seconds a test: server processes, drills, the browser.
QUICK = ["-m", "not processes", "--sqlite-only"]


def test(pytest_args):
    ensure_environment("requirements-dev.txt")
    env = dict(os.environ)
    pytest_args = list(pytest_args)
    if "--quick" in pytest_args:
        pytest_args.remove("--quick")
        env.pop("TEST_DATABASE_URL", None)
        pytest_args = [*QUICK, *pytest_args]
    chosen = any(arg.startswith(("-n", "--numprocesses", "--dist", "no:xdist")) for arg in pytest_args)
    if not chosen:
        pytest_args = [*XDIST, *pytest_args]
    return subprocess.call([PYTHON, "-m", "pytest", *pytest_args], cwd=ROOT, env=env)


def mcp(args):
    """The MCP server (mcp_server/) over stdio, with the key in POSTLINE_API_KEY; `args`
    go to `python -m mcp_server` (`--http --port 8001` serves streamable HTTP instead)."""
    # Over stdio, standard output carries the protocol alone: installing speaks on stderr.
    stdout = os.dup(1)
    os.dup2(2, 1)
    try:
        ensure_environment("requirements.txt")
    finally:
        sys.stdout.flush()
        os.dup2(stdout, 1)
        os.close(stdout)
    os.chdir(ROOT)
    os.execv(PYTHON, [str(PYTHON), "-m", "mcp_server", *args])


def clients():
    """Regenerate the SDKs in clients/ from the app's OpenAPI document (clients/generate.py)."""
    ensure_environment("requirements-dev.txt")
    return subprocess.call([PYTHON, ROOT / "clients" / "generate.py"], cwd=ROOT)


def docs(mkdocs_args):
    """Build the documentation site with MkDocs into site/, every warning an error (a broken
    link or anchor, a page left out of the nav); `mkdocs_args` go to `mkdocs build`
    (`--site-dir DIR`)."""
    ensure_environment("requirements-docs.txt")
    # Material's banner about its own end of support says nothing about these pages.
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    return subprocess.call([PYTHON, "-m", "mkdocs", "build", "--strict", *mkdocs_args], cwd=ROOT, env=env)


def bench():
    ensure_environment("requirements-dev.txt")
    return subprocess.call([PYTHON, ROOT / "bench" / "run.py"], cwd=ROOT)


def main(argv):
    if argv[:1] == ["serve"]:
        return serve()
    if argv[:1] == ["bench"]:
        return bench()
    if argv[:1] == ["test"]:
        return test(argv[1:])
    if argv[:1] == ["mcp"]:
        return mcp(argv[1:])
    if argv[:1] == ["clients"]:
        return clients()
    if argv[:1] == ["docs"]:
        return docs(argv[1:])
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
