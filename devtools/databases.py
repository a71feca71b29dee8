"""Scratch PostgreSQL databases: created for a run, dropped after it."""

import contextlib
import uuid
from urllib.parse import urlsplit, urlunsplit

import psycopg2


@contextlib.contextmanager
def scratch_postgres(admin_url, prefix="postline_test"):
    """Create an empty database on the server of `admin_url`; yield its URL; drop it."""
    name = f"{prefix}_{uuid.uuid4().hex[:12]}"
    _admin(admin_url, f'CREATE DATABASE "{name}"')
    try:
        yield urlunsplit(urlsplit(admin_url)._replace(path=f"/{name}"))
    finally:
        _admin(admin_url, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def reachable(url):
    try:
        psycopg2.connect(url, connect_timeout=2).close()
    except psycopg2.OperationalError:
        return False
    return True


def _admin(admin_url, statement):
    connection = psycopg2.connect(admin_url)
    try:
        connection.autocommit = True
        connection.cursor().execute(statement)
    finally:
        connection.close()
