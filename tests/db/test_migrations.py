"""Schema migrations: one command, safe when several processes start at once."""

import re
import subprocess
import sys

import pytest
from peewee import SqliteDatabase
from playhouse.db_url import connect
from playhouse.migrations import Runner

from models import WebhookDeliveryTally
from postline import db
from tests.support import ROOT

# Migrations, and each backend's schema and settings after them.
pytestmark = pytest.mark.storage


def flask(*args, env):
    return subprocess.run(
        [sys.executable, "-m", "flask", "--app", "app", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


def applied_migrations(url):
    database = connect(url)
    try:
        return [row[0] for row in database.execute_sql("SELECT name FROM schema_migration ORDER BY name")]
    finally:
        database.close()


def migration_files():
    return sorted(path.stem for path in db.MIGRATIONS_DIR.glob("[0-9]*.py"))


def test_db_upgrade_creates_the_schema_then_reports_up_to_date(empty_database_url, server_env):
    env = {**server_env, "DATABASE_URL": empty_database_url, "POSTLINE_DATABASE_AUTO_MIGRATE": "false"}
    first = flask("db", "upgrade", env=env)
    assert first.returncode == 0, first.stderr
    assert first.stdout.splitlines() == [f"applied {name}" for name in migration_files()]
    second = flask("db", "upgrade", env=env)
    assert second.returncode == 0 and second.stdout.strip() == "Schema is up to date."
    assert applied_migrations(empty_database_url) == migration_files()


def documented_rollback():
    """The commands of docs/operations.md (Rollbacks), as one script."""
    section = (ROOT / "docs" / "operations.md").read_text().split("\n## Rollbacks\n", 1)[1]
    return section.split("```sh\n", 1)[1].split("```", 1)[0]


def test_the_documented_rollback_reverts_then_an_upgrade_applies_again(empty_database_url, server_env):
    """The operator's rollback as docs/operations.md writes it, run from the project's
    directory with the service's settings: it reverts the migrations back through the
    one it names, `db downgrade` alone one more, and `db upgrade` applies them again."""
    env = {**server_env, "DATABASE_URL": empty_database_url}
    assert flask("db", "upgrade", env=env).returncode == 0
    script = documented_rollback()
    [target] = re.findall(r"db downgrade (\S+)", script)
    done = subprocess.run(
        ["bash", "-euo", "pipefail", "-c", script],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    files = migration_files()
    kept = files[: files.index(target)]
    assert applied_migrations(empty_database_url) == kept
    assert [f"reverted {name}" for name in files[len(kept) :][::-1]] == [
        line for line in done.stdout.splitlines() if line.startswith("reverted ")
    ]
    assert f"{target}  pending" in done.stdout  # the script's status after the downgrade

    one = flask("db", "downgrade", env={**env, "POSTLINE_DATABASE_AUTO_MIGRATE": "false"})
    assert one.returncode == 0 and one.stdout.splitlines()[0] == f"reverted {kept[-1]}", one.stderr
    assert applied_migrations(empty_database_url) == kept[:-1]
    again = flask("db", "upgrade", env=env)
    assert again.returncode == 0, again.stderr
    assert applied_migrations(empty_database_url) == files


def test_concurrent_starts_migrate_once_and_print_one_first_key(empty_database_url, server_env):
    env = {**server_env, "DATABASE_URL": empty_database_url}
    processes = [
        subprocess.Popen(
            [sys.executable, "-m", "flask", "--app", "app", "init"],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(4)
    ]
    outputs = [process.communicate(timeout=60) for process in processes]
    assert [process.returncode for process in processes] == [0] * 4, outputs
    assert applied_migrations(empty_database_url) == migration_files()
    first_keys = [out for out, _ in outputs if "Created the first live key" in out]
    assert len(first_keys) == 1


# SQLite's settings: PostgreSQL has none of these.
@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True, scope="session")
def test_sqlite_runs_in_wal_mode_with_foreign_keys(app):
    assert isinstance(db.database.obj, SqliteDatabase)
    assert db.database.execute_sql("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert db.database.execute_sql("PRAGMA foreign_keys").fetchone()[0] == 1
    assert db.database.execute_sql("PRAGMA busy_timeout").fetchone()[0] == 5000


def test_no_index_repeats_the_leading_columns_of_a_longer_one(app):
    """An index on the columns another index of its table begins with is written on
    every insert and never needed (migration 0019 dropped those there were). A partial
    index neither stands in for another nor is stood in for; a unique one stays for its
    constraint."""
    database = db.database.obj
    whole = {
        table: [index for index in database.get_indexes(table) if " WHERE " not in (index.sql or "").upper()]
        for table in database.get_tables()
    }
    assert len(whole["post"]) >= 5, whole["post"]  # the listing's indexes, read back
    repeated = [
        f"{table}.{index.name} (the start of {longer.name})"
        for table, indexes in whole.items()
        for index in indexes
        if not index.unique
        for longer in indexes
        if longer.name != index.name and longer.columns[: len(index.columns)] == index.columns
    ]
    assert repeated == []


def test_delivery_tallies_count_the_deliveries_stored_before_them(api):
    """Migration 0011 counts the deliveries an upgraded database already holds, so the
    delivery history's total is exact from the first request after the upgrade."""
    webhook = api.post(
        "/v1/webhooks", json={"url": "https://hooks.example.com/in", "events": ["post.created"]}
    )
    webhook = webhook.get_json()["data"]["id"]
    runner = Runner(db.database.obj, str(db.MIGRATIONS_DIR))
    undone = runner.down("0011_delivery_tallies")
    assert undone[-1] == "0011_delivery_tallies"
    try:
        for _ in range(3):
            assert api.post(f"/v1/webhooks/{webhook}/test").status_code == 201
    finally:
        assert runner.up() == undone[::-1]
    assert [row.count for row in WebhookDeliveryTally.select()] == [3]
    assert api.post(f"/v1/webhooks/{webhook}/test").status_code == 201
    listing = api.get(f"/v1/webhooks/{webhook}/deliveries").get_json()
    assert listing["meta"]["pagination"]["total"] == len(listing["data"]) == 4


def test_parts_carry_the_state_of_the_targets_stored_before_them(api, make_key):
    """Migration 0014 turns each existing target into its post part, with its state, so
    a post published before the upgrade still shows its platform id and url after."""
    tester = api.as_key(make_key(mode="test"))
    channel = tester.post("/v1/channels", json={"name": "Old"}).get_json()["data"]["id"]
    post_id = tester.post("/v1/posts", json={"channelId": channel, "content": "Before"}).get_json()["data"][
        "id"
    ]
    runner = Runner(db.database.obj, str(db.MIGRATIONS_DIR))
    undone = runner.down("0014_post_parts")
    assert undone[-1] == "0014_post_parts"
    try:
        param = db.database.param
        db.database.execute_sql(
            "INSERT INTO post_target (created_at, updated_at, post_id, connection_id, platform, status,"
            " platform_post_id, url, error_code, error_message, published_at) VALUES"
            f" (1, 1, {param}, NULL, 'sandbox', 'published', 'sbx_old', 'https://old.example/p',"
            " NULL, NULL, 5)",
            (post_id,),
        )
        db.database.execute_sql(f"UPDATE post SET has_targets = {db.database.param}", (True,))
    finally:
        assert runner.up() == undone[::-1]
    [target] = tester.get(f"/v1/posts/{post_id}").get_json()["data"]["targets"]
    assert (target["status"], target["platformPostId"], target["url"], target["publishedAt"]) == (
        "published",
        "sbx_old",
        "https://old.example/p",
        5,
    )
    assert [(p["index"], p["kind"], p["content"]) for p in target["parts"]] == [(0, "post", "Before")]
