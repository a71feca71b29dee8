"""Compiled queries (postline/db/compiled.py): the one hook into peewee's internals."""

import peewee

from models import Account, ApiKey, Channel
from postline import db


def test_peewee_still_has_the_hook_compiled_queries_use():
    assert callable(getattr(peewee.BaseQuery, "_get_cursor_wrapper", None))


def test_a_compiled_query_answers_what_the_query_itself_answers(app, make_key):
    make_key(account="acme")
    make_key(account="globex")
    compiled = db.Compiled(lambda prefix: ApiKey.with_prefix(prefix))
    for key in ApiKey.select():
        fresh = ApiKey.with_prefix(key.prefix).first()
        again = compiled.first(key.prefix)
        assert (again.id, again.account.name, again.permissions) == (
            fresh.id,
            fresh.account.name,
            fresh.permissions,
        )
    assert compiled.first("nothing1") is None


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
