"""Bulk imports of posts from a CSV or NDJSON file (docs/imports.md), and the rows of
each that are still to be created or were rejected."""

import collections
import json

from peewee import (
    AutoField,
    BigIntegerField,
    BooleanField,
    CharField,
    ForeignKeyField,
    IntegerField,
    TextField,
)

from postline.models.accounts import TenantModel
from postline.models.base import BaseModel
from postline.statuses import ImportRowStatus

# What lifecycle reads of an API key: whose rows, and who made them (postline/logs.py).
Importer = collections.namedtuple("Importer", "account_id mode id")
CLI_ACTOR = "cli"


class Import(TenantModel):
    """One file sent to POST /v1/posts/import (or `flask import-posts`) and where its
    rows stand. A dry run is kept too, finished as it is made, so that GET shows it.

    `file_key` is the file's SHA-256 on a real run (NULL on a dry run): unique per
    account and mode, so the same file imported twice creates its posts once. A real
    run is claimable (postline/db/leases.py): `due_at` is set while rows wait, and the
    worker that holds the lease creates them a chunk at a time.
    """

    id_prefix = "imp"
    id = CharField(primary_key=True, max_length=40)
    format = CharField(max_length=8)
    dry_run = BooleanField(default=False)
    sha256 = CharField(max_length=64)
    file_key = CharField(max_length=64, null=True)
    status = CharField(max_length=12)
    # Who sent it: an API key's id, or a console user's (`user_...`); NULL from the CLI.
    actor_id = CharField(max_length=40, null=True)
    total = IntegerField()
    created = IntegerField(default=0)
    rejected = IntegerField(default=0)
    completed_at = BigIntegerField(null=True)
    # due_at and lease_expires_at are indexed only where set (migration 0016).
    due_at = BigIntegerField(null=True)
    lease_owner = CharField(max_length=120, null=True)
    lease_expires_at = BigIntegerField(null=True)

    class Meta:
        table_name = "post_import"
        indexes = (
            (("account", "mode", "created_at", "id"), False),
            (("account", "mode", "file_key"), True),
        )

    @property
    def importer(self):
        """Whose posts it creates, as lifecycle takes a key: the account, the mode, and
        the id of who sent the file (for the logs; `cli` from the CLI)."""
        return Importer(self.account_id, self.mode, self.actor_id or CLI_ACTOR)

    @property
    def accepted(self):
        """Rows found good: created, or still to be (on a dry run: that would be)."""
        return self.total - self.rejected

    @property
    def rejected_rows(self):
        """Every rejected row, `{line, errors}`, in file order."""
        rows = (
            ImportRow.select(ImportRow.line, ImportRow.errors)
            .where((ImportRow.upload == self.id) & (ImportRow.status == ImportRowStatus.REJECTED))
            .order_by(ImportRow.line)
        )
        return [{"line": line, "errors": json.loads(errors)} for line, errors in rows.tuples()]

    @classmethod
    def of_file(cls, key, sha256):
        """The real run of the file with this SHA-256 in the key's account and mode, or None."""
        return cls.visible_to(key).where(cls.file_key == sha256).first()


class ImportRow(BaseModel):
    """A row of an import that waits to be created (`fields`: the post's fields, JSON)
    or was rejected (`errors`: `[{field, message}]`, JSON). A created row is deleted:
    its post is the record."""

    id = AutoField()
    upload = ForeignKeyField(Import, on_delete="CASCADE", index=False)  # leads the index below
    line = IntegerField()
    status = CharField(max_length=10)
    fields = TextField(null=True)
    errors = TextField(null=True)

    class Meta:
        table_name = "post_import_row"
        indexes = ((("upload", "status", "line"), False),)

    @classmethod
    def waiting(cls, import_id, limit):
        """The next `limit` rows of the import still to be created, in file order."""
        return list(
            cls.select()
            .where((cls.upload == import_id) & (cls.status == ImportRowStatus.WAITING))
            .order_by(cls.line)
            .limit(limit)
        )
