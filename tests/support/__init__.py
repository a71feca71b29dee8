"""What only the tests share: the apps tests share (apps.py), starting and stopping
the platform fakes (fakes.py), webhook receivers, the console, a PostgreSQL cluster
of their own, test-only media (tests/support/media.py), the fault drills' fakes
(drills.py), a publisher of a scripted platform (fake_platform.py), and checks of
the error shape. What benchmarks and local development need too (the platform fakes,
server processes, scratch databases, media files) lives in devtools/. Tests import
these from here or devtools, never from each other."""

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OFFLINE = ROOT / "tests" / "support" / "offline"
# The Redis the rate-limit tests count in (tests/limits/conftest.py, `redis_prefix`).
REDIS_URL = "redis://127.0.0.1:6379/0"


def offline_env():
    """Environment entries for a server process that must resolve no hostname (see
    tests/support/offline/sitecustomize.py), on top of devtools.servers.environment."""
    return {"PYTHONPATH": f"{OFFLINE}{os.pathsep}{ROOT}"}
