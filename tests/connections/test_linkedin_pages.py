"""LinkedIn organization pages (docs/platforms/linkedin.md, Organization pages): with
`[linkedin] organization_pages` one OAuth run asks for the pages' scopes and connects
the member and each page they may post as; a page's posts, uploads and comments are
the page's; verification follows the member's roles; without the setting nothing
changes."""

import pytest

from devtools.connecting import authorize
from devtools.fakes.linkedin import AUTHOR, MEMBER, linkedin_organization
from devtools.media import image, upload
from postline.platforms.linkedin import LinkedIn
from tests.connections.conftest import create_post, post_of, query_of, run_worker

# Publishing: claims, outcomes and connections on each backend.
pytestmark = pytest.mark.storage

T = 1_800_000_000_000
PAGE_1 = f"urn:li:organization:{linkedin_organization(1)['id']}"
PAGE_2 = f"urn:li:organization:{linkedin_organization(2)['id']}"


@pytest.fixture
def linkedin_settings(request, fake_linkedin):
    return fake_linkedin.settings(**{"organization_pages": True, **getattr(request, "param", {})})


@pytest.fixture
def settings(settings, linkedin_settings):
    settings["linkedin"] = linkedin_settings
    return settings


def connect_all(api, **params):
    """The OAuth run; {account id: connection}."""
    answer = api.client.get(authorize(api, "linkedin", **params))
    assert answer.status_code == 200, answer.get_data(as_text=True)
    listed = []
    for page in (1, 2):
        query = {"per_page": 100, "page": page}
        listed += api.get("/v1/connections", query_string=query).get_json()["data"]
    return {item["accountId"]: item for item in listed}


def test_one_run_connects_the_member_and_each_page_they_may_post_as(api, fake_linkedin, clock_at):
    clock_at(T)
    started = api.get("/v1/connections/linkedin/auth").get_json()["data"]
    scopes = query_of(started["url"])["scope"].split(" ")
    assert scopes == [
        "openid",
        "profile",
        "w_member_social",
        "w_organization_social",
        "rw_organization_admin",
    ]
    channel_id = api.post("/v1/channels", json={"name": "Company"}).get_json()["data"]["id"]
    connections = connect_all(api, channelId=channel_id)
    # Page 3 (an analyst's role) and page 4 (a role still requested) may not post.
    assert sorted(connections) == sorted([MEMBER["sub"], PAGE_1, PAGE_2])
    page = connections[PAGE_1]
    assert (page["provider"], page["platform"]) == ("linkedin", "linkedin")
    assert page["username"] == "postline-fake-page-1" and page["displayName"] == "Postline Fake Page 1"
    assert page["status"] == "active" and page["channelIds"] == [channel_id]
    assert fake_linkedin.requests["GET /rest/organizationAcls"] == 1
    assert fake_linkedin.requests["GET /rest/organizations/2414184"] == 1


def test_a_page_posts_uploads_and_comments_as_itself(api, fake_linkedin, clock_at):
    clock_at(T)
    connections = connect_all(api)
    channel_id = api.post("/v1/channels", json={"name": "Company"}).get_json()["data"]["id"]
    added = api.post(
        f"/v1/connections/{connections[PAGE_2]['id']}/add-to-channel", json={"channelId": channel_id}
    )
    assert added.status_code == 200, added.get_data(as_text=True)
    key = upload(api, image("PNG")).get_json()["data"]["key"]
    post_id = create_post(
        api, channel_id, "We are hiring", media=[key], firstComment={"content": "Apply here"}
    )
    assert run_worker() == {post_id: "done"}
    [post] = fake_linkedin.posts
    assert post["author"] == PAGE_2 and fake_linkedin.posts_by(AUTHOR) == []
    [comment] = fake_linkedin.comments
    assert comment["actor"] == PAGE_2 and comment["object"] == post["id"]
    target = post_of(api, post_id)["targets"][0]
    assert target["platformPostId"] == post["id"] and target["url"].endswith(f"/{post['id']}/")


def test_a_pages_post_for_connections_only_fails_for_good(api, fake_linkedin, clock_at):
    clock_at(T)
    connections = connect_all(api)
    channel_id = api.post("/v1/channels", json={"name": "Company"}).get_json()["data"]["id"]
    api.post(f"/v1/connections/{connections[PAGE_1]['id']}/add-to-channel", json={"channelId": channel_id})
    versions = {"linkedin": {"options": {"visibility": "CONNECTIONS"}}}
    post_id = create_post(api, channel_id, "Members only", platforms=versions)
    assert run_worker() == {post_id: "failed"}
    post = post_of(api, post_id)
    assert post["lastError"]["code"] == "PLATFORM_REFUSED" and "PUBLIC" in post["lastError"]["message"]
    assert post["nextAttemptAt"] is None and fake_linkedin.posts == []


def test_a_page_whose_role_the_member_lost_no_longer_verifies(api, fake_linkedin, clock_at):
    clock_at(T)
    connections = connect_all(api)
    fake_linkedin.roles[MEMBER["sub"]] = [(1, "ADMINISTRATOR", "APPROVED")]
    kept = api.post(f"/v1/connections/{connections[PAGE_1]['id']}/verify").get_json()["data"]
    lost = api.post(f"/v1/connections/{connections[PAGE_2]['id']}/verify").get_json()["data"]
    assert kept["status"] == "active"
    assert lost["status"] == "error" and lost["lastError"]["code"] == "ACCOUNT_MISMATCH"


def test_pages_listed_over_several_pages_of_roles_are_all_connected(api, fake_linkedin, clock_at):
    clock_at(T)
    fake_linkedin.roles[MEMBER["sub"]] = [(number, "ADMINISTRATOR", "APPROVED") for number in range(1, 103)]
    connections = connect_all(api)
    assert len(connections) == 103  # the member and 102 pages, listed 100 at a time
    assert fake_linkedin.requests["GET /rest/organizationAcls"] == 2


@pytest.mark.parametrize("linkedin_settings", [{"organization_pages": False}], indirect=True)
def test_without_the_setting_only_the_member_connects(api, fake_linkedin):
    started = api.get("/v1/connections/linkedin/auth").get_json()["data"]
    assert query_of(started["url"])["scope"] == "openid profile w_member_social"
    assert list(connect_all(api)) == [MEMBER["sub"]]
    assert fake_linkedin.requests["GET /rest/organizationAcls"] == 0


def test_a_member_connected_before_the_setting_still_verifies(api, fake_linkedin, monkeypatch):
    """A grant without rw_organization_admin cannot list pages (403): the member's
    connection stays as it was, and connecting again adds the pages."""
    monkeypatch.setattr(LinkedIn, "page_scopes", ())
    member = connect_all(api)[MEMBER["sub"]]
    monkeypatch.undo()
    verified = api.post(f"/v1/connections/{member['id']}/verify").get_json()["data"]
    assert verified["status"] == "active" and verified["lastError"] is None
    assert fake_linkedin.requests["GET /rest/organizationAcls"] == 2  # at the callback, at the verify
