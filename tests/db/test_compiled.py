"""Compiled queries (postline/db/compiled.py): the one hook into peewee's internals."""

import peewee
import pytest

from models import Account, ApiKey, Channel
from postline import db

# Compiled SQL, written once per database: run on each backend.
pytestmark = pytest.mark.storage


def test_peewee_still_has_the_hooks_compiled_queries_use(app):
    assert callable(getattr(peewee.BaseQuery, "_get_cursor_wrapper", None))
    # A wrapper works out how to decode rows on its first row, once, and says so.
    wrapper = ApiKey.with_prefix("nothing1")._get_cursor_wrapper(db.database.execute_sql("SELECT 1"))
    assert wrapper.initialized is False and callable(wrapper.initialize)


def test_a_compiled_query_answers_what_the_query_itself_answers(app, make_key):
    # Enough keys that later executions decode with what the first ones worked out.
    for account in ("acme", "globex", "initech", "umbrella", "acme"):
        make_key(account=account)
    compiled = db.Compiled(lambda prefix: ApiKey.with_prefix(prefix))
    assert compiled.first("nothing0") is None  # a first execution with no row to learn from
    for key in ApiKey.select():
        fresh = ApiKey.with_prefix(key.prefix).first()
        again = compiled.first(key.prefix)
        assert (again.id, again.account.name, again.permissions) == (
            fresh.id,
            fresh.account.name,
            fresh.permissions,
        )
    assert compiled.first("nothing1") is None
    assert compiled._decoding is not None  # learnt from a later execution


def test_rows_of_a_models_own_columns_are_the_instances_peewee_makes(app):
    # Later executions make instances without peewee's setattr per column (_hydrator):
    # the same data, nothing dirty, the foreign key readable as an id and as a row.
    Account.create(id="acct_1", name="acme", plan="free")
    for name in ("first", "second", "third"):
        Channel.create_for_account("acct_1", "live", name=name, color="#112233", created_at=1)

    def of_account(account_id):
        return Channel.select().where(Channel.account == account_id).order_by(Channel.name)

    compiled = db.Compiled(of_account)
    list(compiled.rows("acct_1"))  # the execution it learns from
    rows = list(compiled.rows("acct_1"))  # ...decoded by what it learnt, in peewee's wrapper
    assert compiled._decoding[1]["process_row"] is not None
    expected = list(of_account("acct_1"))
    assert [row.__data__ for row in rows] == [row.__data__ for row in expected]
    made = compiled.rows("acct_1")  # ...then made from the cursor's rows, no wrapper
    assert type(made) is list and [row.__data__ for row in made] == [row.__data__ for row in expected]
    assert [type(row) for row in rows] == [Channel] * 3
    assert all(not row.dirty_fields and row.account_id == "acct_1" for row in rows)
    assert rows[0].account.name == "acme" and rows[0].name == "first"
    rows[0].name = "renamed"
    assert [field.name for field in rows[0].dirty_fields] == ["name"]


def test_joined_rows_are_the_instances_peewee_makes(app, make_key):
    # The key's lookup, on every request: a key and the account its foreign key points
    # to, decoded without peewee's setattr per column, linked as peewee links them.
    for account in ("acme", "globex", "acme"):
        make_key(account=account)
    compiled = db.Compiled(lambda prefix: ApiKey.with_prefix(prefix))
    prefixes = [key.prefix for key in ApiKey.select()]
    compiled.first(prefixes[0])  # the execution it watches
    compiled.first(prefixes[0])  # ...and learns from
    assert compiled._decoding[1]["process_row"] is not None
    for prefix in prefixes:
        made, expected = compiled.first(prefix), ApiKey.with_prefix(prefix).first()
        assert type(made) is ApiKey and made.__data__ == expected.__data__
        assert list(made.__rel__) == list(expected.__rel__) == ["account"]
        assert type(made.account) is Account and made.account.__data__ == expected.account.__data__
        assert made.account.plan == expected.account.plan and made.account_id == expected.account_id
        assert made.permissions == expected.permissions and isinstance(made.permissions, list)
        assert not made.dirty_fields and not made.account.dirty_fields and not made.account.__rel__


def test_outer_joins_are_left_to_peewee(app, make_key):
    make_key(account="acme")

    def with_account(prefix):
        return (
            ApiKey.select(ApiKey, Account.id, Account.plan)
            .join(Account, peewee.JOIN.LEFT_OUTER)
            .where(ApiKey.prefix == prefix)
        )

    compiled = db.Compiled(with_account)
    prefix = ApiKey.get().prefix
    compiled.first(prefix)
    compiled.first(prefix)
    assert "process_row" not in compiled._decoding[1]
    assert compiled.first(prefix).account.plan == with_account(prefix).first().account.plan


def test_insert_rows_writes_what_the_model_would(app):
    account = Account.create(id="acct_1", name="acme", plan="free")
    rows = [
        {"id": f"ch_{n}", "account": account.id, "mode": "live", "name": f"n{n}", "color": "#000000"}
        for n in range(3)
    ]
    db.insert_rows(Channel, [{**row, "created_at": 1, "updated_at": 1} for row in rows])
    assert [(c.id, c.name) for c in Channel.select().order_by(Channel.id)] == [
        ("ch_0", "n0"),
        ("ch_1", "n1"),
        ("ch_2", "n2"),
    ]


def test_update_rows_writes_each_rows_own_values_where_the_match_holds(app):
    account = Account.create(id="acct_1", name="acme", plan="free")
    rows = [
        {"id": f"ch_{n}", "account": account.id, "mode": "live", "name": f"n{n}", "color": "#000000"}
        for n in range(4)
    ]
    db.insert_rows(Channel, [{**row, "created_at": 1, "updated_at": 1} for row in rows])
    written = db.update_rows(
        Channel,
        [
            {"id": "ch_0", "mode": "live", "name": "zero", "created_at": 10},
            {"id": "ch_1", "mode": "test", "name": "not written: its mode does not match", "created_at": 11},
            {"id": "ch_2", "mode": "live", "name": "two", "created_at": 12},
        ],
        match=("id", "mode"),
        constants={"color": "#FFFFFF", "updated_at": 99},
    )
    assert written == 2
    channels = [
        (c.id, c.name, c.color, c.created_at, c.updated_at) for c in Channel.select().order_by(Channel.id)
    ]
    assert channels == [
        ("ch_0", "zero", "#FFFFFF", 10, 99),
        ("ch_1", "n1", "#000000", 1, 1),
        ("ch_2", "two", "#FFFFFF", 12, 99),
        ("ch_3", "n3", "#000000", 1, 1),
    ]


def test_update_rows_writes_nulls_to_typed_columns(app, make_key):
    # On PostgreSQL a VALUES column of NULLs alone has no type: update_rows casts it.
    make_key(account="acme")
    key = ApiKey.select().first()
    ApiKey.update(expires_at=5, last_used_at=6).where(ApiKey.id == key.id).execute()
    assert db.update_rows(ApiKey, [{"id": key.id, "expires_at": None, "last_used_at": None}]) == 1
    again = ApiKey.get_by_id(key.id)
    assert (again.expires_at, again.last_used_at) == (None, None)


def test_stored_key_names_where_an_instance_keeps_a_plain_columns_value(app):
    # Answers read plain columns from `__data__` (postline/web/dumping.py): only where
    # peewee's own attribute would answer the same.
    Account.create(id="acct_1", name="acme", plan="free")
    channel = Channel.create_for_account("acct_1", "live", name="first", color="#112233", created_at=1)
    row = Channel.get_by_id(channel.id)
    plain = [name for name in Channel._meta.fields if db.stored_key(Channel, name) is not None]
    assert "name" in plain and "color" in plain
    assert all(row.__data__.get(db.stored_key(Channel, name)) == getattr(row, name) for name in plain)
    assert db.stored_key(Channel, "account") is None  # the related row, not the stored id
    assert db.stored_key(Channel, "account_id") is None  # may come from the related row
    assert db.stored_key(Channel, "no_such_attribute") is None
    assert db.stored_key(dict, "name") is None

    class Shadowed(Channel):
        @property
        def name(self):
            return "computed"

    assert db.stored_key(Shadowed, "name") is None
