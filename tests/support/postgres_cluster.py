"""A throwaway PostgreSQL cluster of a test's own, on its own port, that the test may
restart or stop: initdb into a temporary directory (as the `postgres` user when run
as root, since PostgreSQL refuses to run as root), removed afterwards."""

import glob
import os
import shutil
import subprocess
import tempfile

from devtools.servers import free_port


def binaries():
    """The directory of initdb and pg_ctl, or None where PostgreSQL is not installed."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"))
    return os.path.dirname(found[-1]) if found else None


class Cluster:
    def __init__(self):
        self.bin = binaries()
        if self.bin is None:
            raise RuntimeError("PostgreSQL's initdb and pg_ctl are not installed")
        self.port = free_port()
        self.root = tempfile.mkdtemp(prefix="postline-pg-")
        self.data = os.path.join(self.root, "data")
        if os.geteuid() == 0:
            shutil.chown(self.root, "postgres")
        self._run("initdb", "-D", self.data, "-A", "trust", "-U", "postgres", "--no-sync")
        self.url = f"postgresql://postgres@127.0.0.1:{self.port}/postgres"
        self.start()

    def _run(self, tool, *args):
        command = [os.path.join(self.bin, tool), *args]
        if os.geteuid() == 0:
            command = ["runuser", "-u", "postgres", "--", *command]
        done = subprocess.run(command, capture_output=True, text=True, timeout=120)
        if done.returncode != 0:
            raise RuntimeError(f"{tool} failed: {done.stdout}{done.stderr}")

    def _ctl(self, action, *extra):
        options = f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 -c fsync=off"
        log = os.path.join(self.root, "server.log")
        self._run("pg_ctl", "-D", self.data, "-o", options, "-l", log, "-w", *extra, action)

    def start(self):
        self._ctl("start")

    def restart(self):
        """Stop (`fast`: every connection is closed) and start again at once."""
        self._ctl("restart", "-m", "fast")

    def stop(self):
        self._ctl("stop", "-m", "fast")

    def remove(self):
        try:
            self._ctl("stop", "-m", "immediate")
        except RuntimeError:
            pass  # already stopped
        shutil.rmtree(self.root, ignore_errors=True)
