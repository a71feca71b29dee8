"""Fixtures of the fault drills: a PostgreSQL cluster of their own, and clients of
real server processes."""

import pytest

from devtools.servers import environment
from tests.support import postgres_cluster

SECRET = "fault-drill-secret-" + "x" * 32


@pytest.fixture
def cluster():
    """A throwaway PostgreSQL cluster on a port of its own, removed afterwards."""
    if postgres_cluster.binaries() is None:
        pytest.skip("PostgreSQL is not installed here: the database restart drills need initdb and pg_ctl")
    created = postgres_cluster.Cluster()
    yield created
    created.remove()


@pytest.fixture
def cluster_env(cluster, tmp_path):
    """Environment for processes on the throwaway cluster, with a fast worker."""
    return environment(cluster.url, tmp_path, SECRET, POSTLINE_WORKER_POLL_INTERVAL="0.2")
