"""Accounts and what belongs to one: its resources (TenantModel), API keys, console
users and their sessions."""

from peewee import BigIntegerField, CharField, ForeignKeyField, IntegerField

from postline import db, ids
from postline.db import ListField
from postline.models.base import BaseModel, found


class Account(BaseModel):
    id = CharField(primary_key=True, max_length=40)
    name = CharField(max_length=100, unique=True)
    plan = CharField(max_length=32)


class TenantModel(BaseModel):
    """A resource owned by one account in one mode. `account` has no index of its own:
    a resource's indexes lead with (account, mode), and one that has none such indexes
    `account` itself (ChannelSchedule, Series)."""

    account = ForeignKeyField(Account, on_delete="CASCADE", index=False)
    mode = CharField(max_length=4)

    id_prefix = None  # each resource names its own, e.g. "ch"

    @classmethod
    def create_for(cls, key, **fields):
        """A new row in the key's account and mode."""
        return cls.create_for_account(key.account_id, key.mode, **fields)

    @classmethod
    def create_for_account(cls, account_id, mode, **fields):
        """A new row; its id is made here unless `fields` name one (a media key, say)."""
        fields.setdefault("id", cls.new_id())
        return cls.create(account=account_id, mode=mode, **fields)

    @classmethod
    def new_id(cls, now_ms=None):
        return ids.new_id(cls.id_prefix, now_ms)

    @classmethod
    def visible_to(cls, key):
        """Rows of the key's account and mode."""
        return cls.select().where((cls.account == key.account_id) & (cls.mode == key.mode))

    @classmethod
    def get_visible(cls, key, id):
        """The row with `id` if the key may see it; raises NotFound otherwise."""
        return found(cls.visible_to(key).where(cls.id == id).first())

    @classmethod
    def lock_visible(cls, key, id):
        """`get_visible`, locking the row until the caller's transaction ends (read, change, save)."""
        return found(db.for_update(cls.visible_to(key).where(cls.id == id)).first())

    @classmethod
    def update_visible(cls, key, id, fields, change=None):
        """Set `fields` on a row the key may see, locked while it changes; returns the row.
        `change(row)`, if given, changes it further first (in the same transaction)."""
        with db.database.atomic():
            row = cls.lock_visible(key, id)
            if change is not None:
                change(row)
            for name, value in fields.items():
                setattr(row, name, value)
            row.save()
        return row


class ApiKey(TenantModel):
    id_prefix = "key"
    id = CharField(primary_key=True, max_length=40)
    name = CharField(max_length=100)
    prefix = CharField(max_length=8, unique=True)
    secret_hash = CharField(max_length=64)
    permissions = ListField()
    last_used_at = BigIntegerField(null=True)
    expires_at = BigIntegerField(null=True)
    revoked_at = BigIntegerField(null=True)

    class Meta:
        indexes = ((("account", "mode", "created_at", "id"), False),)

    @classmethod
    def visible_to(cls, key):
        return super().visible_to(key).where(cls.revoked_at.is_null())

    @classmethod
    def with_prefix(cls, prefix):
        """The unrevoked key with this prefix, its account's plan loaded too (for the
        rate limits; only the columns every request needs: it runs on each one)."""
        return (
            cls.select(cls, Account.id, Account.plan)
            .join(Account)
            .where((cls.prefix == prefix) & cls.revoked_at.is_null())
            .limit(1)
        )

    def is_expired(self, now_ms):
        return self.expires_at is not None and self.expires_at <= now_ms

    def touch_due(self, now_ms, interval_ms):
        """Whether `lastUsedAt` is older than `interval_ms`, so a use should be written."""
        return self.last_used_at is None or now_ms - self.last_used_at >= interval_ms

    def touch(self, now_ms, interval_ms):
        """Record use, writing at most once per `interval_ms` (a conditional UPDATE)."""
        if not self.touch_due(now_ms, interval_ms):
            return
        ApiKey.update(last_used_at=now_ms).where(
            (ApiKey.id == self.id)
            & (ApiKey.last_used_at.is_null() | (ApiKey.last_used_at <= now_ms - interval_ms))
        ).execute()
        self.last_used_at = now_ms


class ConsoleUser(BaseModel):
    """A person who signs in to the web console: one account's, with all its permissions."""

    id = CharField(primary_key=True, max_length=40)
    account = ForeignKeyField(Account, on_delete="CASCADE")
    email = CharField(max_length=254, unique=True)
    password_hash = CharField(max_length=200)
    time_zone = CharField(max_length=64, default="UTC")
    # Consecutive failed sign-ins; at `[console] max_failed_sign_ins` the user is locked
    # out until `locked_until`.
    failed_sign_ins = IntegerField(default=0)
    locked_until = BigIntegerField(null=True)
    last_sign_in_at = BigIntegerField(null=True)


class ConsoleSession(BaseModel):
    """A signed-in browser. `id` is a keyed hash of the cookie's token, never the token."""

    id = CharField(primary_key=True, max_length=64)
    user = ForeignKeyField(ConsoleUser, on_delete="CASCADE")
    mode = CharField(max_length=4)
    csrf_token = CharField(max_length=64)
    expires_at = BigIntegerField(index=True)

    @classmethod
    def live(cls, session_id, now_ms):
        """The unexpired session with this id, its user and account loaded too."""
        return (
            cls.select(cls, ConsoleUser, Account)
            .join(ConsoleUser)
            .join(Account)
            .where((cls.id == session_id) & (cls.expires_at > now_ms))
            .first()
        )

    @classmethod
    def purge_expired(cls, now_ms):
        """Delete sessions past their lifetime."""
        return cls.delete().where(cls.expires_at <= now_ms).execute()
