"""POST, PATCH and DELETE /v1/posts/batch: up to 100 items, all or nothing (docs/api.md, Posts)."""

import pytest

from models import Event, Post

# A batch is all or nothing: each backend's transactions and locks.
pytestmark = pytest.mark.storage

T = 1_800_000_000_000


@pytest.fixture
def channel(api, clock_at):
    clock_at(T)
    return api.post("/v1/channels", json={"name": "Launch"}).get_json()["data"]["id"]


def items(channel, count, **fields):
    return [{"channelId": channel, "content": f"post {i}", **fields} for i in range(count)]


def test_batch_create_returns_every_post_in_order(api, channel):
    response = api.post("/v1/posts/batch", json={"posts": items(channel, 3, scheduledFor=T + 1)})
    assert response.status_code == 201
    data = response.get_json()["data"]
    assert [p["content"] for p in data] == ["post 0", "post 1", "post 2"]
    assert all(p["status"] == "queued" and p["scheduledFor"] == T + 1 for p in data)
    assert set(response.get_json()) == {"data"}
    assert Event.select().where(Event.type == "post.created").count() == 3


def test_batch_of_100_is_accepted_and_101_refused(api, channel):
    assert api.post("/v1/posts/batch", json={"posts": items(channel, 100)}).status_code == 201
    response = api.post("/v1/posts/batch", json={"posts": items(channel, 101)})
    assert response.status_code == 400
    assert response.get_json()["error"]["details"][0]["field"] == "posts"
    assert Post.select().count() == 100


@pytest.mark.parametrize("body, field", [({"posts": []}, "posts"), ({}, "posts"), ({"posts": "x"}, "posts")])
def test_batch_shape_errors(api, body, field):
    response = api.post("/v1/posts/batch", json=body)
    assert response.status_code == 400
    assert [d["field"] for d in response.get_json()["error"]["details"]] == [field]


# Each body is valid but for one unknown field, which the 400 names; nothing changes.
UNKNOWN_FIELDS = [
    ("POST", lambda channel, ids: {"posts": items(channel, 2), "extra": 1}, "extra"),
    ("POST", lambda channel, ids: {"posts": [{**items(channel, 1)[0], "colour": "red"}]}, "posts[0].colour"),
    ("PATCH", lambda channel, ids: {"posts": [{"id": ids[0], "content": "new"}], "extra": 1}, "extra"),
    (
        "PATCH",
        lambda channel, ids: {"posts": [{"id": ids[0], "content": "new", "colour": "red"}]},
        "posts[0].colour",
    ),
    ("DELETE", lambda channel, ids: {"ids": ids[:1], "extra": 1}, "extra"),
]


@pytest.mark.parametrize(
    "method, body, field", UNKNOWN_FIELDS, ids=[f"{m}-{f}" for m, _, f in UNKNOWN_FIELDS]
)
def test_an_unknown_field_is_refused_and_named(api, channel, method, body, field):
    ids = [p["id"] for p in api.post("/v1/posts/batch", json={"posts": items(channel, 2)}).get_json()["data"]]
    before = api.get("/v1/posts").get_json()["data"]
    response = api.request(method, "/v1/posts/batch", json=body(channel, ids))
    assert response.status_code == 400, response.get_data(as_text=True)
    assert response.get_json()["error"]["details"] == [{"field": field, "message": "Unknown field."}]
    assert api.get("/v1/posts").get_json()["data"] == before


@pytest.mark.parametrize(
    "bad, field",
    [
        ({"content": ""}, "posts[3].content"),
        ({"content": None}, "posts[3].content"),
        ({"channelId": "ch_nope"}, "posts[3].channelId"),
        ({"scheduledFor": "2027-01-01T10:00:00"}, "posts[3].scheduledFor"),
        ({"timezone": "Nowhere/City"}, "posts[3].timezone"),
        ({"media": ["med_x.png"]}, "posts[3].media[0]"),
        ({"colour": "red"}, "posts[3].colour"),
    ],
)
def test_one_bad_item_creates_nothing_and_is_named(api, channel, bad, field):
    body = items(channel, 5)
    body[3].update(bad)
    response = api.post("/v1/posts/batch", json={"posts": body})
    assert response.status_code == 400, response.get_data(as_text=True)
    assert field in [d["field"] for d in response.get_json()["error"]["details"]]
    assert Post.select().count() == 0
    assert Event.select().count() == 0
    assert api.get("/v1/posts").get_json()["meta"]["pagination"]["total"] == 0


def test_every_bad_item_is_reported(api, channel):
    body = items(channel, 4)
    body[0]["content"] = ""
    body[2]["content"] = "   "
    fields = {
        d["field"] for d in api.post("/v1/posts/batch", json={"posts": body}).get_json()["error"]["details"]
    }
    assert fields == {"posts[0].content", "posts[2].content"}
    body = items(channel, 4)
    body[1]["channelId"] = body[3]["channelId"] = "ch_nope"
    details = api.post("/v1/posts/batch", json={"posts": body}).get_json()["error"]["details"]
    assert details == [
        {"field": "posts[1].channelId", "message": "no such channel"},
        {"field": "posts[3].channelId", "message": "no such channel"},
    ]


def test_batch_update_changes_all(api, channel):
    ids = [p["id"] for p in api.post("/v1/posts/batch", json={"posts": items(channel, 3)}).get_json()["data"]]
    body = {"posts": [{"id": ids[0], "content": "first"}, {"id": ids[2], "status": "draft"}]}
    response = api.patch("/v1/posts/batch", json=body)
    assert response.status_code == 200
    data = response.get_json()["data"]
    assert [p["id"] for p in data] == [ids[0], ids[2]]
    assert data[0]["content"] == "first" and data[1]["status"] == "draft"


def test_batch_update_with_an_unknown_id_is_404_and_changes_nothing(api, channel, make_key):
    ids = [p["id"] for p in api.post("/v1/posts/batch", json={"posts": items(channel, 2)}).get_json()["data"]]
    other_channel = api.as_key(make_key(account="globex")).post("/v1/channels", json={"name": "G"})
    other = (
        api.as_key(make_key(account="globex"))
        .post("/v1/posts", json={"channelId": other_channel.get_json()["data"]["id"], "content": "theirs"})
        .get_json()["data"]
    )
    body = {"posts": [{"id": ids[0], "content": "changed"}, {"id": "post_missing"}, {"id": other["id"]}]}
    response = api.patch("/v1/posts/batch", json=body)
    assert response.status_code == 404
    error = response.get_json()["error"]
    assert error["code"] == "NOT_FOUND"
    assert error["details"] == [
        {"field": "posts[1].id", "message": "no such post: post_missing"},
        {"field": "posts[2].id", "message": f"no such post: {other['id']}"},
    ]
    assert Post.get_by_id(ids[0]).content == "post 0"


def test_batch_update_with_a_locked_post_is_409_and_changes_nothing(api, channel):
    ids = [p["id"] for p in api.post("/v1/posts/batch", json={"posts": items(channel, 2)}).get_json()["data"]]
    Post.update(status="done").where(Post.id == ids[1]).execute()
    body = {"posts": [{"id": ids[0], "content": "changed"}, {"id": ids[1], "content": "changed"}]}
    response = api.patch("/v1/posts/batch", json=body)
    assert response.status_code == 409
    assert response.get_json()["error"]["details"] == [{"field": "posts[1].id", "message": "post is done"}]
    assert Post.get_by_id(ids[0]).content == "post 0"


def test_batch_update_with_a_bad_field_is_400_and_changes_nothing(api, channel):
    ids = [p["id"] for p in api.post("/v1/posts/batch", json={"posts": items(channel, 2)}).get_json()["data"]]
    body = {"posts": [{"id": ids[0], "content": "changed"}, {"id": ids[1], "channelId": "ch_nope"}]}
    response = api.patch("/v1/posts/batch", json=body)
    assert response.status_code == 400
    assert response.get_json()["error"]["details"] == [
        {"field": "posts[1].channelId", "message": "no such channel"}
    ]
    assert Post.get_by_id(ids[0]).content == "post 0"


def test_batch_update_refuses_repeated_ids(api, channel):
    post_id = api.post("/v1/posts", json=items(channel, 1)[0]).get_json()["data"]["id"]
    response = api.patch(
        "/v1/posts/batch", json={"posts": [{"id": post_id}, {"id": post_id, "content": "x"}]}
    )
    assert response.status_code == 400
    assert response.get_json()["error"]["details"][0]["field"] == "posts[1].id"


def test_batch_delete(api, channel):
    ids = [p["id"] for p in api.post("/v1/posts/batch", json={"posts": items(channel, 3)}).get_json()["data"]]
    response = api.delete("/v1/posts/batch", json={"ids": ids[:2]})
    assert response.status_code == 200
    assert response.get_json() == {"data": {"deleted": ids[:2]}}
    assert [p.id for p in Post.select()] == [ids[2]]


def test_batch_delete_with_unknown_ids_is_404_and_deletes_nothing(api, channel):
    ids = [p["id"] for p in api.post("/v1/posts/batch", json={"posts": items(channel, 2)}).get_json()["data"]]
    response = api.delete("/v1/posts/batch", json={"ids": [ids[0], "post_a", ids[1], "post_b"]})
    assert response.status_code == 404
    assert response.get_json()["error"]["details"] == [
        {"field": "ids[1]", "message": "no such post: post_a"},
        {"field": "ids[3]", "message": "no such post: post_b"},
    ]
    assert Post.select().count() == 2


def test_batch_delete_with_a_publishing_post_is_409_and_deletes_nothing(api, channel):
    ids = [p["id"] for p in api.post("/v1/posts/batch", json={"posts": items(channel, 2)}).get_json()["data"]]
    Post.update(status="publishing").where(Post.id == ids[0]).execute()
    response = api.delete("/v1/posts/batch", json={"ids": ids})
    assert response.status_code == 409
    assert Post.select().count() == 2


@pytest.mark.parametrize(
    "body", [{"ids": []}, {"ids": ["a"] * 2}, {"ids": [f"p{i}" for i in range(101)]}, {}]
)
def test_batch_delete_shape_errors(api, body):
    response = api.delete("/v1/posts/batch", json=body)
    assert response.status_code == 400
    assert response.get_json()["error"]["details"][0]["field"] == "ids"


def test_the_batch_path_is_not_a_post_id(api, client):
    """`batch` names the batch operations, never a post: GET is not one of them, and
    OPTIONS lists exactly those."""
    response = api.get("/v1/posts/batch")
    assert response.status_code == 405
    assert response.get_json()["error"]["code"] == "METHOD_NOT_ALLOWED"
    allowed = client.options("/v1/posts/batch").headers["Allow"]
    assert sorted(allowed.split(", ")) == ["DELETE", "OPTIONS", "PATCH", "POST"]
