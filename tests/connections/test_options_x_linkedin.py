"""X's and LinkedIn's options through the API, published by the worker's own functions
to the fake X and the fake LinkedIn (docs/platforms/x.md, docs/platforms/linkedin.md):
X reply settings and polls, LinkedIn visibility, document posts and first comments;
each refusal a 400 at create naming the field, each refusal of the platform at publish
time the error class it is."""

import pytest

from devtools.fakes.linkedin import AUTHOR
from devtools.media import document, image, upload
from postline.posts.publishing import comments
from tests.connections.conftest import LEASE_MS, PUBLISHING, connect, create_post, post_of, run_worker
from tests.support.client import assert_error

pytestmark = pytest.mark.storage

T = 1_800_000_000_000
CHECK_MS = 5_000  # LinkedIn's processing is asked about every 5 s
POLL = {"options": ["Tea", "Coffee", "Both"], "durationMinutes": 1440}


def channel_with(api, provider):
    channel_id = api.post("/v1/channels", json={"name": provider}).get_json()["data"]["id"]
    connect(api, provider, channelId=channel_id)
    return channel_id


def key_of(api, data, filename):
    answer = upload(api, data, filename=filename)
    assert answer.status_code == 201, answer.get_data(as_text=True)
    return answer.get_json()["data"]["key"]


def refusal(api, channel_id, content="Hello", **fields):
    """The `details` of the 400 a post with `fields` meets at create."""
    response = api.post("/v1/posts", json={"channelId": channel_id, "content": content, **fields})
    assert_error(response, 400, "VALIDATION_ERROR")
    return response.get_json()["error"]["details"]


@pytest.mark.parametrize("reply_settings", ["following", "mentionedUsers", "subscribers", "verified"])
def test_x_reply_settings_reach_x_on_the_post_alone(api, fake_x, clock_at, reply_settings):
    clock_at(T)
    options = {"replySettings": reply_settings}
    post_id = create_post(
        api,
        channel_with(api, "x"),
        "Who may answer",
        thread=[{"content": "A reply"}],
        platforms={"x": {"options": options}},
    )
    assert run_worker() == {post_id: "done"}
    first, reply = fake_x.tweets
    assert first["reply_settings"] == reply_settings
    assert reply["reply_settings"] is None and reply["in_reply_to"] == first["id"]


def test_an_x_poll_reaches_x_with_its_options_and_duration(api, fake_x, clock_at):
    clock_at(T)
    post_id = create_post(
        api, channel_with(api, "x"), "Tea or coffee?", platforms={"x": {"options": {"poll": POLL}}}
    )
    assert run_worker() == {post_id: "done"}
    [tweet] = fake_x.tweets
    assert tweet["poll"] == {"options": ["Tea", "Coffee", "Both"], "duration_minutes": 1440}
    assert post_of(api, post_id)["targets"][0]["platformPostId"] == tweet["id"]


def test_an_x_poll_with_media_is_refused_at_create_naming_the_poll(api, fake_x):
    channel_id = channel_with(api, "x")
    key = key_of(api, image("PNG"), "photo.png")
    details = refusal(api, channel_id, media=[key], platforms={"x": {"options": {"poll": POLL}}})
    assert details == [{"field": "platforms.x.options.poll", "message": details[0]["message"]}]
    assert details[0]["message"].startswith("x: a poll takes no media")
    assert fake_x.tweets == []


@pytest.mark.parametrize(
    "poll, field",
    [
        ({"options": ["Only one"], "durationMinutes": 60}, "options"),
        ({"options": ["a", "b", "c", "d", "e"], "durationMinutes": 60}, "options"),
        ({"options": ["a", "b" * 26], "durationMinutes": 60}, "options"),
        ({"options": ["a", "b"], "durationMinutes": 4}, "durationMinutes"),
        ({"options": ["a", "b"], "durationMinutes": 10081}, "durationMinutes"),
    ],
)
def test_a_poll_x_would_refuse_is_refused_at_create(api, fake_x, poll, field):
    details = refusal(api, channel_with(api, "x"), platforms={"x": {"options": {"poll": poll}}})
    assert any(f"platforms.x.options.poll.{field}" in detail["field"] for detail in details), details


def test_a_pdf_is_refused_on_x(api, fake_x):
    key = key_of(api, document(), "deck.pdf")
    [detail] = refusal(api, channel_with(api, "x"), media=[key])
    assert detail["field"] == "media" and detail["message"].startswith("x: ")


@pytest.mark.parametrize("visibility", ["PUBLIC", "CONNECTIONS"])
def test_linkedin_visibility_reaches_linkedin(api, fake_linkedin, clock_at, visibility):
    clock_at(T)
    options = {"visibility": visibility}
    post_id = create_post(
        api, channel_with(api, "linkedin"), "For my network", platforms={"linkedin": {"options": options}}
    )
    assert run_worker() == {post_id: "done"}
    [sent] = fake_linkedin.posts
    assert sent["visibility"] == visibility


def test_a_linkedin_post_without_visibility_is_public(api, fake_linkedin, clock_at):
    clock_at(T)
    post_id = create_post(api, channel_with(api, "linkedin"), "For everyone")
    assert run_worker() == {post_id: "done"}
    assert fake_linkedin.posts[0]["visibility"] == "PUBLIC"


def publish_processing(post_id, clock_at, checks=1):
    """Run the worker while LinkedIn processes an upload, asked about every CHECK_MS."""
    assert run_worker() == {post_id: "publishing"}
    at = T
    for _ in range(checks):
        at += CHECK_MS
        clock_at(at)
        assert run_worker() == {post_id: "publishing"}
    clock_at(at + CHECK_MS)
    return run_worker()


def test_a_document_post_uploads_the_pdf_once_and_posts_it_with_its_title(api, fake_linkedin, clock_at):
    clock_at(T)
    channel_id = channel_with(api, "linkedin")
    pdf = document(pages=4)
    key = key_of(api, pdf, "q3-deck.pdf")
    options = {"title": "Q3 in four pages", "visibility": "CONNECTIONS"}
    post_id = create_post(
        api, channel_id, "Our quarter", media=[key], platforms={"linkedin": {"options": options}}
    )
    assert publish_processing(post_id, clock_at) == {post_id: "done"}
    [urn] = fake_linkedin.documents
    assert fake_linkedin.documents[urn]["data"] == pdf and fake_linkedin.documents[urn]["owner"] == AUTHOR
    assert fake_linkedin.requests["POST /rest/documents"] == 1
    assert (
        sum(
            count
            for name, count in fake_linkedin.requests.items()
            if name.startswith("PUT /dms-uploads/document/")
        )
        == 1
    )
    [sent] = fake_linkedin.posts
    assert sent["content"] == {"media": {"id": urn, "title": "Q3 in four pages"}}
    assert sent["visibility"] == "CONNECTIONS" and sent["text"] == "Our quarter"
    assert post_of(api, post_id)["targets"][0]["platformPostId"] == sent["id"]


def test_a_document_without_a_title_is_named_after_its_file(api, fake_linkedin, clock_at):
    clock_at(T)
    key = key_of(api, document(), "Annual report.pdf")
    post_id = create_post(api, channel_with(api, "linkedin"), "The report", media=[key])
    assert publish_processing(post_id, clock_at) == {post_id: "done"}
    assert fake_linkedin.posts[0]["content"]["media"]["title"] == "Annual report"


def test_a_document_linkedin_cannot_process_fails_the_post_for_good(api, fake_linkedin, clock_at):
    clock_at(T)
    fake_linkedin.documents_fail = True
    key = key_of(api, document(), "deck.pdf")
    post_id = create_post(api, channel_with(api, "linkedin"), "Deck", media=[key])
    assert publish_processing(post_id, clock_at) == {post_id: "failed"}
    [target] = post_of(api, post_id)["targets"]
    assert target["status"] == "failed" and target["error"]["code"] == "MEDIA_PROCESSING_FAILED"
    assert post_of(api, post_id)["nextAttemptAt"] is None  # permanent: never retried
    assert fake_linkedin.posts == []


def test_a_document_with_other_media_is_refused_at_create(api, fake_linkedin):
    channel_id = channel_with(api, "linkedin")
    keys = [key_of(api, document(), "deck.pdf"), key_of(api, image("PNG"), "photo.png")]
    [detail] = refusal(api, channel_id, media=keys)
    assert detail["field"] == "media"
    assert detail["message"] == "linkedin: a document (PDF) goes alone: no other media beside it"


def test_a_document_title_without_a_document_is_refused_at_create(api, fake_linkedin):
    channel_id = channel_with(api, "linkedin")
    key = key_of(api, image("PNG"), "photo.png")
    options = {"title": "Deck"}
    [detail] = refusal(api, channel_id, media=[key], platforms={"linkedin": {"options": options}})
    assert detail["field"] == "platforms.linkedin.options.title"
    assert detail["message"].startswith("linkedin: title is for a document post")


def test_a_linkedin_first_comment_goes_under_the_post_as_its_author(api, fake_linkedin, clock_at):
    clock_at(T)
    post_id = create_post(
        api,
        channel_with(api, "linkedin"),
        "We are hiring",
        firstComment={"content": "Apply: https://example.com/jobs"},
    )
    assert run_worker() == {post_id: "done"}
    [sent] = fake_linkedin.posts
    [comment] = fake_linkedin.comments
    assert comment["object"] == sent["id"] and comment["actor"] == AUTHOR
    assert comment["text"] == "Apply: https://example.com/jobs"
    post, comment_part = post_of(api, post_id)["targets"][0]["parts"]
    assert post["platformPostId"] == sent["id"]
    assert comment_part["kind"] == "comment" and comment_part["status"] == "published"
    assert comment_part["platformPostId"] == comment["urn"]
    assert fake_linkedin.received["Apply: https://example.com/jobs"] == 1


def test_a_first_comment_linkedin_refuses_leaves_the_post_done(api, fake_linkedin, clock_at):
    clock_at(T)
    fake_linkedin.comment_replies = ["403"]
    post_id = create_post(
        api, channel_with(api, "linkedin"), "Out now", firstComment={"content": "More soon"}
    )
    assert run_worker() == {post_id: "done"}
    [target] = post_of(api, post_id)["targets"]
    assert target["status"] == "published"
    comment = target["parts"][1]
    assert comment["status"] == "failed" and comment["error"]["code"] == "PLATFORM_REFUSED"
    assert comment["nextAttemptAt"] is None and fake_linkedin.comments == []


def test_a_first_comment_that_meets_a_linkedin_5xx_is_tried_again_on_its_own(api, fake_linkedin, clock_at):
    clock_at(T)
    fake_linkedin.comment_replies = ["500"]
    post_id = create_post(
        api, channel_with(api, "linkedin"), "Out now", firstComment={"content": "More soon"}
    )
    assert run_worker() == {post_id: "done"}
    comment = post_of(api, post_id)["targets"][0]["parts"][1]
    assert comment["status"] == "failed" and comment["nextAttemptAt"] == T + 60_000
    clock_at(T + 60_000)
    assert comments.retry_due(PUBLISHING, "worker-1", LEASE_MS) == 1  # the worker's comment pool
    comment = post_of(api, post_id)["targets"][0]["parts"][1]
    assert comment["status"] == "published" and len(fake_linkedin.comments) == 1
    assert len(fake_linkedin.posts) == 1  # the post was not sent again
