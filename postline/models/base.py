"""What every table module shares: timestamps kept on save, modes, the scope a query
may see, and the not-found rule."""

import collections

from peewee import BigIntegerField, Model

from postline import clock
from postline.db import database
from postline.errors import NotFound

# Whose rows a query may see: what `visible_to` reads of an API key.
Scope = collections.namedtuple("Scope", "account_id mode")

LIVE = "live"
TEST = "test"
MODES = (LIVE, TEST)


class BaseModel(Model):
    created_at = BigIntegerField()
    updated_at = BigIntegerField()

    class Meta:
        database = database
        legacy_table_names = False
        # An UPDATE writes only what changed, so a stale copy cannot undo a concurrent
        # write to another column (a revocation, say).
        only_save_dirty = True

    def save(self, *args, **kwargs):
        now = clock.now_ms()
        if self.created_at is None:
            self.created_at = now
        self.updated_at = now
        return super().save(*args, **kwargs)


def found(row):
    """`row`, or NotFound if the query found none."""
    if row is None:
        raise NotFound
    return row


class HasLastError:
    """`last_error_code` and `last_error_message` as the API's `lastError` object."""

    @property
    def last_error(self):
        if self.last_error_code is None:
            return None
        return {"code": self.last_error_code, "message": self.last_error_message}
