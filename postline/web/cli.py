"""Flask CLI commands: `flask --app app create-key | create-user | init | set-plan |
import-posts | db upgrade | db downgrade | db status`."""

import os
import sys
import time
from pathlib import Path

import click
from flask import current_app
from flask.cli import AppGroup, with_appcontext
from rich.progress import Progress

from models import LIVE, TEST, Account, ApiKey, ConsoleUser, Import, Scope
from postline import config, db, imports
from postline.accounts import accounts, keys, users
from postline.db import leases
from postline.errors import Invalid, NotFound
from postline.statuses import ImportStatus

db_commands = AppGroup("db", help="Database schema commands.")


def register(app):
    app.cli.add_command(create_key)
    app.cli.add_command(create_user)
    app.cli.add_command(init)
    app.cli.add_command(set_plan)
    app.cli.add_command(import_posts)
    app.cli.add_command(db_commands)


def _plans():
    return current_app.config["POSTLINE"]["plans"]


def _check_plan(plan):
    if plan is not None and plan not in _plans():
        raise click.BadParameter(
            f"unknown plan {plan!r}; configured: {', '.join(_plans())}", param_hint="--plan"
        )


ACCOUNT_OPTION = click.option(
    "--account",
    "account_name",
    default=accounts.DEFAULT_ACCOUNT,
    show_default=True,
    help="Account name; created if it does not exist.",
)


# Addresses that listen on every interface: this machine reaches them on loopback.
EVERY_INTERFACE = ("", "0.0.0.0", "[::]")


def _console_url():
    """The console's address: at [server] public_url, or, left at its default (a first
    run on another port, `POSTLINE_SERVER_BIND=127.0.0.1:8010`), where `bind` listens."""
    server = current_app.config["POSTLINE"]["server"]
    base = server["public_url"]
    host, colon, port = server["bind"].rpartition(":")
    if base == config.default(("server", "public_url")) and colon and port.isdigit():
        base = f"http://{'127.0.0.1' if host in EVERY_INTERFACE else host}:{port}"
    return base.rstrip("/") + "/console"


@click.command("create-key")
@with_appcontext
@ACCOUNT_OPTION
@click.option("--name", default="CLI key", show_default=True, help="A label for the key.")
@click.option("--test", "test_mode", is_flag=True, help="Create a test-mode key (service_sk_test_...).")
@click.option("--permissions", default=None, help="Comma-separated permissions (default: all).")
@click.option("--plan", default=None, help="Plan for a new account, or the new plan of an existing one.")
def create_key(account_name, name, test_mode, permissions, plan):
    """Create an API key; the full key is printed alone on the last line."""
    _check_plan(plan)
    chosen = keys.PERMISSIONS
    if permissions is not None:
        chosen = [p.strip() for p in permissions.split(",") if p.strip()]
        unknown = sorted(set(chosen) - set(keys.PERMISSIONS))
        if unknown:
            raise click.BadParameter(f"unknown permissions: {', '.join(unknown)}", param_hint="--permissions")
    default_plan = current_app.config["POSTLINE"]["limits"]["default_plan"]
    account = accounts.find_or_create(account_name, plan or default_plan)
    if plan and account.plan != plan:
        accounts.set_plan(account_name, plan)
        account.plan = plan
    mode = TEST if test_mode else LIVE
    record, full_key = keys.issue_key(account.id, name, mode, chosen)
    click.echo(
        f"Created {mode} key {record.id} ({record.name}) for account {account.name} on plan {account.plan}."
    )
    click.echo("Store it now: it is not shown again.")
    click.echo(full_key)


@click.command("create-user")
@with_appcontext
@click.argument("email")
@ACCOUNT_OPTION
@click.option("--reset-password", is_flag=True, help="Set a new password for an existing user instead.")
def create_user(email, account_name, reset_password):
    """Create a user who signs in to the web console; asks for the password (or reads
    one line of standard input when it is not a terminal)."""
    if sys.stdin.isatty():
        password = click.prompt("Password", hide_input=True, confirmation_prompt=True)
    else:
        password = sys.stdin.readline().rstrip("\r\n")
    try:
        if reset_password:
            users.set_password(email, password)
            click.echo(f"New password set for {users.normal_email(email)}.")
            return
        account = accounts.find_or_create(
            account_name, current_app.config["POSTLINE"]["limits"]["default_plan"]
        )
        user = users.create(account.id, email, password)
    except Invalid as error:
        raise click.BadParameter(error.details[0]["message"], param_hint=error.details[0]["field"]) from None
    click.echo(f"Created user {user.email} of account {account.name}; sign in at {_console_url()}")


@click.command("init")
@with_appcontext
def init():
    """Migrate; on a database with no API key, create the first one and print it."""
    if not ConsoleUser.select().exists():
        click.echo(
            f"Web console: {_console_url()}; make its first user with "
            "`.venv/bin/flask --app app create-user you@example.com` (asks for a password)."
        )
    with db.serialized(db.BOOTSTRAP_LOCK_ID):
        if ApiKey.select().exists():
            click.echo(
                "Database ready; API keys already exist "
                "(create more with `.venv/bin/flask --app app create-key`)."
            )
            return
        default_plan = current_app.config["POSTLINE"]["limits"]["default_plan"]
        account = accounts.find_or_create(accounts.DEFAULT_ACCOUNT, default_plan)
        record, full_key = keys.issue_key(account.id, "First key")
    click.echo(f"Created the first live key {record.id} for account {account.name}.")
    click.echo("Store it now: it is not shown again.")
    click.echo(full_key)


@click.command("set-plan")
@with_appcontext
@click.argument("account_name")
@click.argument("plan")
def set_plan(account_name, plan):
    """Move an account to another plan."""
    _check_plan(plan)
    try:
        accounts.set_plan(account_name, plan)
    except NotFound:
        raise click.ClickException(f"no account named {account_name!r}") from None
    click.echo(f"Account {account_name} is now on plan {plan}.")


@click.command("import-posts")
@with_appcontext
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option(
    "--account", "account_name", default=accounts.DEFAULT_ACCOUNT, show_default=True, help="Whose posts."
)
@click.option("--test", "test_mode", is_flag=True, help="Import into test mode (the sandbox publishes them).")
@click.option(
    "--dry-run", is_flag=True, help="Check every row and say what would be created; create nothing."
)
@click.option("--format", "kind", type=click.Choice(imports.FORMATS), help="Default: the file's extension.")
def import_posts(file, account_name, test_mode, dry_run, kind):
    """Import posts from a CSV or NDJSON file as POST /v1/posts/import does
    (docs/imports.md), creating them here, chunk by chunk, with a progress bar."""
    settings = current_app.config["POSTLINE"]
    account = Account.get_or_none(Account.name == account_name)
    if account is None:
        raise click.BadParameter(f"no account named {account_name!r}", param_hint="--account")
    kind = kind or (imports.NDJSON if file.suffix.lower() in (".ndjson", ".jsonl") else imports.CSV)
    body = file.read_bytes()
    if len(body) > settings["imports"]["max_bytes"]:
        raise click.ClickException(
            f"{file} is larger than [imports] max_bytes ({settings['imports']['max_bytes']})"
        )
    scope = Scope(account.id, TEST if test_mode else LIVE)
    check_rows = current_app.extensions["postline.check_import_rows"]  # routes/imports.py
    try:
        record = imports.submit(scope, body, kind, dry_run, check_rows, settings)
    except Invalid as error:
        problems = "; ".join(f"{d['field']}: {d['message']}" for d in error.details)
        raise click.ClickException(f"{file} cannot be imported: {problems}") from None
    if record.status != ImportStatus.DONE:
        record = _create_all(record, settings)
    verb = "would create" if record.dry_run else "created"
    count = record.accepted if record.dry_run else record.created
    click.echo(f"Import {record.id}: {verb} {count} of {record.total} rows; {record.rejected} rejected.")
    for row in record.rejected_rows:
        click.echo(
            f"line {row['line']}: " + "; ".join(f"{e['field']}: {e['message']}" for e in row["errors"])
        )


def _create_all(record, settings):
    """Create the import's posts chunk by chunk, showing progress; a worker that takes a
    chunk meanwhile is watched rather than raced (both lease the import)."""
    lease_ms = settings["worker"]["lease_seconds"] * 1000
    keeper = leases.Keeper(lease_ms)
    owner = f"cli-{os.getpid()}"
    try:
        with Progress(transient=False) as progress:
            task = progress.add_task("Importing", total=record.total)
            while record.status != ImportStatus.DONE:
                claimed = imports.claim(record.id, owner, lease_ms)
                if claimed is None:
                    time.sleep(0.25)
                else:
                    keeper.hold([claimed])
                    try:
                        imports.create_chunk(claimed, settings)
                    finally:
                        keeper.drop([claimed])
                record = Import.get_by_id(record.id)
                progress.update(task, completed=record.created + record.rejected)
    finally:
        keeper.stop()
    return record


@db_commands.command("upgrade")
def upgrade():
    """Apply pending migrations."""
    applied = db.upgrade()
    click.echo("\n".join(f"applied {name}" for name in applied) or "Schema is up to date.")


@db_commands.command("downgrade")
@click.argument("target", required=False)
def downgrade(target):
    """Revert the newest migration, or every one back through TARGET (a migration's
    name, as `db status` lists it): going back to an older release (docs/operations.md)."""
    try:
        reverted = db.downgrade(target)
    except db.MigrationError as error:
        raise click.ClickException(str(error)) from None
    click.echo("\n".join(f"reverted {name}" for name in reverted) or "No migration is applied.")


@db_commands.command("status")
def status():
    """List every migration, applied (and when) or pending."""
    for name, applied in db.status():
        click.echo(
            f"{name}  {'applied ' + applied.isoformat(sep=' ', timespec='seconds') if applied else 'pending'}"
        )
