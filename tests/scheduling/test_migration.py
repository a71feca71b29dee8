"""Migration 0015 on a database with posts: listing totals still count them (the post
tally's triggers survive the new columns), and it undoes and redoes cleanly."""

import pytest
from playhouse.migrations import Runner

from postline import db
from tests.scheduling.conftest import put_schedule

# The schema change itself: each backend's DDL.
pytestmark = pytest.mark.storage

MIGRATION = "0015_schedules_series_evergreen"


def total(api, **query):
    return api.get("/v1/posts", query_string=query).get_json()["meta"]["pagination"]["total"]


def test_posts_are_counted_across_the_migration_and_it_undoes_cleanly(tester, channel):
    for content in ("one", "two"):
        assert tester.post("/v1/posts", json={"channelId": channel, "content": content}).status_code == 201
    runner = Runner(db.database.obj, str(db.MIGRATIONS_DIR))
    undone = runner.down(MIGRATION)
    assert undone[-1] == MIGRATION
    assert runner.up() == undone[::-1]
    assert total(tester) == 2
    put_schedule(tester, channel, "tue 09:00")
    queued = tester.post("/v1/posts", json={"channelId": channel, "content": "three", "queue": True})
    assert queued.status_code == 201, queued.get_data(as_text=True)
    assert total(tester) == 3
    assert tester.delete(f"/v1/posts/{queued.get_json()['data']['id']}").status_code == 200
    assert total(tester, **{"filter[status]": "queued"}) == 2
