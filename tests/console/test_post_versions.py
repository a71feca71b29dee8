"""The post form's thread editor, first comment and per-platform texts through the test
client (routes/console/post_versions.py): what the form sends becomes the post's
`thread`, `firstComment` and `platforms` as the API shows them, the form shows them
again to edit, the API's messages land under the box they name, and the post page
shows each target's parts with their status and link."""

import html
import re

import pytest

from devtools.media import document, upload
from postline.platforms.x.text import weighted_length
from postline.posts import publishing

SETTINGS = {"retry_delays": [60], "concurrency": 1, "batch_size": 20}


@pytest.fixture
def tester(console, api, make_key):
    """The console in test mode, and a test-mode API client of the same account with a
    channel connected to simulated X and LinkedIn accounts."""
    client = api.as_key(make_key(mode="test"))
    client.channel = client.post("/v1/channels", json={"name": "Launch"}).get_json()["data"]["id"]
    for platform in ("x", "linkedin"):
        body = {"platform": platform, "channelId": client.channel, "username": f"acme_{platform}"}
        assert client.post("/v1/connections/sandbox", json=body).status_code == 201
    assert console.post("/console/mode", {"mode": "test", "next": "/console/calendar"}).status_code == 302
    return client


def form(tester, **fields):
    return {"channelId": tester.channel, "content": "We launch today.", **fields}


def created_id(response):
    assert response.status_code == 302, response.get_data(as_text=True)[:2000]
    return response.headers["Location"].rsplit("/", 1)[1]


def test_the_form_makes_the_posts_thread_first_comment_and_platform_texts(console, tester):
    sent = form(
        tester,
        thread=["Part two: the API.", "  ", "Part three: the console."],
        threadMedia=["", "", ""],
        firstComment="Docs at example.com",
        **{"platforms.x.content": "We launch today, X.", "platforms.linkedin.content": ""},
    )
    post_id = created_id(console.post("/console/posts/new", sent))
    post = tester.get(f"/v1/posts/{post_id}").get_json()["data"]
    assert post["thread"] == [{"content": "Part two: the API."}, {"content": "Part three: the console."}]
    assert post["firstComment"] == {"content": "Docs at example.com"}
    # LinkedIn has no threads: the form says so for the channel's LinkedIn account.
    assert post["platforms"] == {"x": {"content": "We launch today, X."}, "linkedin": {"thread": []}}

    publishing.publish_batch(publishing.claim_batch("console-test", 60_000, 10), SETTINGS, 60_000)
    targets = {t["platform"]: t for t in tester.get(f"/v1/posts/{post_id}").get_json()["data"]["targets"]}
    assert [(p["kind"], p["status"]) for p in targets["x"]["parts"]] == [
        ("post", "published"),
        ("reply", "published"),
        ("reply", "published"),
        ("comment", "published"),
    ]
    assert targets["x"]["parts"][0]["content"] == "We launch today, X."
    assert [p["kind"] for p in targets["linkedin"]["parts"]] == ["post", "comment"]
    page = html.unescape(console.text(f"/console/posts/{post_id}"))
    for platform, target in targets.items():
        assert f"Parts on {platform}" in page
        for part in target["parts"]:
            assert f'<a href="{part["url"]}">{part["platformPostId"]}</a>' in page
    assert page.count('<span class="badge status-published">published</span>') == 2 + 6


def test_a_text_for_a_platform_the_channel_lacks_leaves_out_what_that_platform_has_none_of(console, tester):
    sent = form(
        tester,
        thread=["Part two."],
        threadMedia=[""],
        firstComment="Docs at example.com",
        **{"platforms.tiktok.content": "For TikTok, once connected"},
    )
    post_id = created_id(console.post("/console/posts/new", sent))
    post = tester.get(f"/v1/posts/{post_id}").get_json()["data"]
    assert post["platforms"]["tiktok"] == {
        "content": "For TikTok, once connected",
        "thread": [],
        "firstComment": None,
    }


def test_the_form_shows_a_posts_versions_and_an_edit_keeps_what_it_does_not_show(console, tester):
    created = tester.post(
        "/v1/posts",
        json={
            "channelId": tester.channel,
            "content": "Draft",
            "status": "draft",
            "thread": [{"content": "Second"}, {"content": "Third"}],
            "firstComment": {"content": "A comment"},
            "platforms": {
                "x": {"content": "On X", "options": {"replySettings": "following"}},
                "linkedin": {"thread": []},
            },
        },
    )
    post_id = created.get_json()["data"]["id"]
    page = console.text(f"/console/posts/{post_id}")
    assert re.search(r'<textarea id="thread-0" name="thread"[^>]*>Second</textarea>', page)
    assert re.search(r'<textarea id="thread-1" name="thread"[^>]*>Third</textarea>', page)
    assert re.search(r'<textarea id="firstComment" name="firstComment"[^>]*>A comment</textarea>', page)
    assert re.search(r'name="platforms.x.content"[^>]*>On X</textarea>', page)
    # The parts in another order, the first comment gone, X's text the post's again.
    edited = form(
        tester,
        content="Draft",
        draft="1",
        thread=["Third", "Second"],
        threadMedia=["", ""],
        firstComment="",
        **{"platforms.x.content": ""},
    )
    assert console.post(f"/console/posts/{post_id}", edited).status_code == 302
    post = tester.get(f"/v1/posts/{post_id}").get_json()["data"]
    assert post["thread"] == [{"content": "Third"}, {"content": "Second"}]
    assert post["firstComment"] is None
    assert post["platforms"] == {"x": {"options": {"replySettings": "following"}}, "linkedin": {"thread": []}}
    # Without a thread, LinkedIn's `thread: []` says nothing: the form drops it.
    cleared = {**edited, "thread": [], "threadMedia": []}
    assert console.post(f"/console/posts/{post_id}", cleared).status_code == 302
    post = tester.get(f"/v1/posts/{post_id}").get_json()["data"]
    assert post["thread"] == [] and post["platforms"] == {"x": {"options": {"replySettings": "following"}}}


def test_the_apis_messages_land_under_the_box_they_name(console, tester):
    long = "word " * 57  # 285 characters
    sent = form(
        tester,
        thread=["Fine", long],
        threadMedia=["", ""],
        **{"platforms.x.content": "é" * 300},
    )
    response = console.post("/console/posts/new", sent)
    assert response.status_code == 400
    page = html.unescape(response.get_data(as_text=True))
    part = page.split('<li class="thread-part">')[2]
    assert f"x: {weighted_length(long)} of 280 weighted characters" in part
    assert re.search(r'<textarea id="thread-1" name="thread"[^>]* aria-invalid="true">', part)
    panel = page.split('id="panel-x"')[1].split("</div>")[0]
    assert "x: 300 of 280 weighted characters" in panel and 'aria-invalid="true"' in panel
    # The counters as sent, counted as each platform counts.
    assert '<li data-platform="x" data-limit="280"><span class="count">300</span>' in panel
    assert f'<span class="count">{weighted_length(long)}</span> / 280 x' in part
    assert tester.get("/v1/posts").get_json()["data"] == []


def test_a_message_without_a_box_of_its_own_is_listed_above_the_form(console, tester):
    pdf = upload(tester, document(), filename="terms.pdf").get_json()["data"]["key"]
    sent = form(tester, thread=["With a document"], threadMedia=[pdf])
    response = console.post("/console/posts/new", sent)
    assert response.status_code == 400
    listed = (
        html.unescape(response.get_data(as_text=True)).split('id="versions-errors"')[1].split("</div>")[0]
    )
    assert "<code>thread[0].media</code>: x: takes images, a GIF or a video, not documents" in listed
    # The part keeps its media in the form shown again.
    assert f'<input type="hidden" name="threadMedia" value="{pdf}">' in response.get_data(as_text=True)
