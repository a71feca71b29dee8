#!/usr/bin/env python3
"""Install what Postline needs into ./.venv, then serve it or test it.

    python3 tasks.py serve    # API (gunicorn) + worker on SQLite; prints a first key on an empty database
    python3 tasks.py serve --playground  # ... beside a fake of every network (docs/getting-started.md)
    python3 tasks.py serve --dev         # ... letting webhooks and media imports reach this machine
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

import argparse
import hashlib
import json
import os
import secrets
import signal
import subprocess
import sys
import textwrap
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
PYTHON = VENV / "bin" / "python"


def ensure_environment(*requirements):
    """Create .venv and install the `requirements` files, each unless installed already
    as it is now (with the files it includes by `-r`)."""
    if not PYTHON.exists():
        print(f"Creating {VENV} ...", flush=True)
        venv.create(VENV, with_pip=True)
    missing = [name for name in requirements if not _installed(name)]
    if not missing:
        return
    print(f"Installing {', '.join(missing)} ...", flush=True)
    files = [argument for name in missing for argument in ("-r", ROOT / name)]
    subprocess.check_call([PYTHON, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", *files])
    for name in missing:
        for installed in (name, *_included(name)):
            _stamp(installed).write_text(_digest(installed))


def _stamp(name):
    return VENV / f".installed-{name}"


def _installed(name):
    return _stamp(name).exists() and _stamp(name).read_text() == _digest(name)


def _included(name):
    """The requirements files `name` includes (`-r other.txt`), and theirs."""
    found = []
    for line in (ROOT / name).read_text().splitlines():
        if line.startswith("-r "):
            other = line[3:].strip()
            found += [other, *_included(other)]
    return found


def _digest(name):
    digest = hashlib.sha256()
    for each in (name, *_included(name)):
        digest.update((ROOT / each).read_bytes())
    return digest.hexdigest()


# Which requirements-<extra>.txt files the configuration needs beside requirements.txt:
# PostgreSQL's driver, Redis's client, boto3 for S3. Postline's own loader reads the
# configuration (config.toml, POSTLINE_CONFIG, the environment); it needs only the
# standard library, and runs in a Python of its own: tasks.py imports nothing of the project.
EXTRAS = """
from postline import config
settings = config.load()
needed = {
    "requirements-postgres.txt": settings["database"]["url"].startswith("postgres"),
    "requirements-redis.txt": settings["limits"]["storage"].startswith("redis"),
    "requirements-s3.txt": settings["media"]["storage"] == "s3",
}
print(" ".join(name for name, needs in needed.items() if needs))
"""


def extras():
    return subprocess.check_output([sys.executable, "-c", EXTRAS], cwd=ROOT, text=True).split()


# `serve --dev`, and the playground: webhooks and media imports may reach receivers and
# files on this machine (http://127.0.0.1:...), which a real install refuses.
DEV_SWITCHES = {
    "POSTLINE_WEBHOOKS_ALLOW_HTTP": "true",
    "POSTLINE_WEBHOOKS_ALLOW_PRIVATE_TARGETS": "true",
    "POSTLINE_MEDIA_IMPORT_ALLOW_HTTP": "true",
    "POSTLINE_MEDIA_IMPORT_ALLOW_PRIVATE_TARGETS": "true",
}


def serve_options(args):
    parser = argparse.ArgumentParser(prog="python3 tasks.py serve", description="The API and the worker.")
    parser.add_argument(
        "--playground",
        action="store_true",
        help="beside them, a fake of every network Postline reaches, on this machine, with a "
        "database of their own (docs/getting-started.md, Playground); implies --dev",
    )
    parser.add_argument(
        "--dev",
        action="store_true",
        help="let webhooks and media imports reach this machine (http://127.0.0.1:...): local development",
    )
    parser.add_argument("--port", type=int, help="with --playground: the API's port (default 8000)")
    options = parser.parse_args(args)
    if options.port is not None and not options.playground:
        parser.error("--port goes with --playground; serve listens on [server] bind (POSTLINE_SERVER_BIND)")
    options.port = options.port or 8000
    return options


def serve(args):
    options = serve_options(args)
    env = dict(os.environ)
    helpers = []
    if options.playground:
        # The playground's own database, media and limits are local: no extra is needed.
        ensure_environment("requirements.txt")
        fakes, urls = start_playground(options.port, env)
        helpers.append(fakes)
    else:
        ensure_environment("requirements.txt", *extras())
    if options.dev or options.playground:
        env.update(DEV_SWITCHES)
    try:
        if options.playground:
            password = create_playground_user(env)
        # Migrates, and on an empty database creates the first account and prints its key.
        subprocess.check_call([PYTHON, "-m", "flask", "--app", "app", "init"], cwd=ROOT, env=env)
    except BaseException:
        stop(helpers, signal.SIGTERM)
        for helper in helpers:
            helper.wait()
        raise
    if options.playground:
        print_playground(env, password, urls)
    # Sessions of their own: a Ctrl-C reaches them once, from here, not twice (from the
    # terminal and from here), which the worker would take for "stop at once".
    processes = [
        subprocess.Popen(
            [PYTHON, "-m", "gunicorn", "-c", "gunicorn.conf.py"], cwd=ROOT, env=env, start_new_session=True
        ),
        subprocess.Popen([PYTHON, "worker.py"], cwd=ROOT, env=env, start_new_session=True),
    ]
    return supervise(processes, helpers)


def stop(processes, signum):
    for process in processes:
        if process.poll() is None:
            process.send_signal(signum)


def supervise(processes, helpers=()):
    """Wait for `processes`, forwarding SIGINT and SIGTERM to them; when one ends on its
    own, stop the others: a half-running service is worse than none. `helpers` (the
    playground's fakes) stop once the others have, so the work in hand still reaches them."""
    stopping = []

    def forward(signum, _frame):
        # The first signal stops them gracefully; a second one, forwarded the same way,
        # makes the worker leave at once.
        stopping.append(signum)
        stop(processes, signum)

    signal.signal(signal.SIGTERM, forward)
    signal.signal(signal.SIGINT, forward)
    while all(process.poll() is None for process in (*processes, *helpers)):
        try:
            processes[-1].wait(timeout=0.5)
        except subprocess.TimeoutExpired:
            pass
    # Once asked to stop, let each finish in its own time.
    if not stopping:
        forward(signal.SIGTERM, None)
    statuses = [process.wait() for process in processes]
    stop(helpers, signal.SIGTERM)
    return max(statuses + [helper.wait() for helper in helpers])


def start_playground(port, env):
    """The fakes' process (devtools/playground.py) and {a network as people write it: its
    fake's URL}, of every fake it started; the environment that points the API and the
    worker at them goes into `env`."""
    process = subprocess.Popen(
        [PYTHON, "-m", "devtools.playground", "--port", str(port)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    first_line = process.stdout.readline()
    if not first_line:
        raise SystemExit(f"the playground's fakes did not start (exit status {process.wait()})")
    started = json.loads(first_line)
    env.update(started["environment"])
    return process, {started["names"][provider]: url for provider, url in started["fakes"].items()}


PLAYGROUND_USER = "playground@example.com"


def create_playground_user(env):
    """A console user with a new password (the playground's database is new); the password."""
    password = secrets.token_urlsafe(12)
    subprocess.run(
        [PYTHON, "-m", "flask", "--app", "app", "create-user", PLAYGROUND_USER],
        cwd=ROOT,
        env=env,
        input=password + "\n",
        text=True,
        check=True,
        stdout=subprocess.DEVNULL,
    )
    return password


def print_playground(env, password, fakes):
    """Say what the playground started: `fakes`, {network: its fake's URL}, as
    start_playground found them."""
    url = env["POSTLINE_SERVER_PUBLIC_URL"]
    names = list(fakes)
    listed = ", ".join(names[:-1]) + f" and {names[-1]}" if len(names) > 1 else "".join(names)
    headline = textwrap.fill(
        f"Playground: {listed} are local fakes on this machine; nothing reaches a real platform.", 88
    )
    width = max(map(len, names), default=0) + 2
    received = "\n".join(f"    {name:<{width}}{fake_url}/_fake/" for name, fake_url in fakes.items())
    print(
        f"""
{headline}
Its data ({env["POSTLINE_SERVER_DATA_DIR"]}) is new at every start.
  Console   {url}/console   sign in as {PLAYGROUND_USER} with the password {password}
  API       {url}/v1        with the key printed above
  What each fake received:
{received}
Follow docs/getting-started.md (Playground). Ctrl-C stops everything.
""",
        flush=True,
    )


# Two workers, the machine's two cores; the drills and other tests that time themselves
# are one xdist group (tests/conftest.py), run one at a time by one worker. A third
# worker made the suite faster (12.7 to 10.3 minutes) but left the drills beside two
# busy workers: the slow-platform drill then saw the whole worker fall 1.7 s behind.
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
        ensure_environment("requirements.txt", "requirements-mcp.txt", *extras())
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
        return serve(argv[1:])
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
