"""The fake platforms (devtools/fakes/) refuse what the platforms refuse, in each
platform's own shape: a body of the wrong Content-Type, a missing or wrong header, a
token of the wrong kind or without the scope a call needs, Graph fields not asked
for, X's media segments out of order, a TikTok pull it cannot make. An adapter that
only works against a lenient fake is broken: the publishing tests of each platform
then fail too."""

import time

import pytest
import requests

from devtools.fakes.linkedin import MEMBER
from devtools.fakes.meta import IG_ID, PAGES, FakeMeta
from devtools.fakes.meta import USER as META_USER
from devtools.fakes.tiktok import USER as TIKTOK_USER
from devtools.fakes.x import USER as X_USER

X_SCOPES = ["tweet.read", "tweet.write", "users.read", "offline.access", "media.write"]
LINKEDIN_SCOPES = ["openid", "profile", "w_member_social"]
TIKTOK_SCOPES = ["user.info.basic", "video.publish"]
MB = 1024 * 1024


@pytest.fixture
def fake_meta():
    fake = FakeMeta()
    yield fake
    fake.close()


def bearer(token):
    return {"Authorization": f"Bearer {token}"}


# X -----------------------------------------------------------------------------------


def x_token(fake, scopes=X_SCOPES):
    return fake.issue(scopes, X_USER)["access_token"]


def test_x_takes_a_post_as_json_only(fake_x):
    token = x_token(fake_x)
    sent = requests.post(f"{fake_x.url}/2/tweets", data={"text": "hi"}, headers=bearer(token), timeout=5)
    assert sent.status_code == 400 and sent.headers["Content-Type"] == "application/problem+json"
    assert sent.json()["detail"] == "Requests with bodies must have content-type of application/json."
    assert fake_x.tweets == []
    sent = requests.post(f"{fake_x.url}/2/tweets", json={"text": "hi"}, headers=bearer(token), timeout=5)
    assert sent.status_code == 201


@pytest.mark.parametrize(
    "method, path, needs",
    [
        ("POST", "/2/tweets", "tweet.write"),
        ("GET", "/2/users/me", "users.read"),
        ("POST", "/2/media/upload/initialize", "media.write"),
    ],
)
def test_x_refuses_a_token_without_the_scope_a_call_needs(fake_x, method, path, needs):
    token = x_token(fake_x, [scope for scope in X_SCOPES if scope != needs])
    sent = requests.request(method, fake_x.url + path, json={}, headers=bearer(token), timeout=5)
    assert sent.status_code == 403 and needs in sent.json()["detail"]


def test_x_takes_access_tokens_as_bearer_not_refresh_tokens(fake_x):
    issued = fake_x.issue(X_SCOPES, X_USER)
    me = f"{fake_x.url}/2/users/me"
    assert requests.get(me, headers=bearer(issued["refresh_token"]), timeout=5).status_code == 401
    assert requests.get(me, headers={"Authorization": issued["access_token"]}, timeout=5).status_code == 401
    assert requests.get(me, headers=bearer(issued["access_token"]), timeout=5).status_code == 200


def test_x_takes_an_image_as_multipart_only(fake_x):
    token = x_token(fake_x)
    url = f"{fake_x.url}/2/media/upload"
    as_json = requests.post(url, json={"media_category": "tweet_image"}, headers=bearer(token), timeout=5)
    assert as_json.status_code == 400 and "multipart/form-data" in as_json.json()["detail"]
    files = {"media": ("a.png", b"\x89PNG....", "image/png")}
    sent = requests.post(
        url, data={"media_category": "tweet_image"}, files=files, headers=bearer(token), timeout=5
    )
    assert sent.status_code == 200 and sent.json()["data"]["id"] in fake_x.media


def x_chunked_upload(fake, token, segments, total=None):
    """initialize, one append per (segment_index, bytes), then finalize: its answer."""
    size = total if total is not None else sum(len(data) for _, data in segments)
    started = requests.post(
        f"{fake.url}/2/media/upload/initialize",
        json={"media_type": "video/mp4", "total_bytes": size, "media_category": "tweet_video"},
        headers=bearer(token),
        timeout=5,
    )
    media_id = started.json()["data"]["id"]
    for index, data in segments:
        appended = requests.post(
            f"{fake.url}/2/media/upload/{media_id}/append",
            data={"segment_index": str(index)},
            files={"media": ("segment", data, "application/octet-stream")},
            headers=bearer(token),
            timeout=10,
        )
        assert appended.status_code == 200, appended.text
    return media_id, requests.post(
        f"{fake.url}/2/media/upload/{media_id}/finalize", headers=bearer(token), timeout=5
    )


@pytest.mark.parametrize(
    "order",
    [
        pytest.param([1, 0, 2], id="out of order"),
        pytest.param([0, 2], id="missing"),
        pytest.param([0, 1, 1, 2], id="repeated"),
    ],
)
def test_x_finalize_refuses_segments_out_of_order_or_missing(fake_x, order):
    parts = [b"a" * 10, b"b" * 10, b"c" * 5]
    media_id, finalized = x_chunked_upload(fake_x, x_token(fake_x), [(i, parts[i]) for i in order], total=25)
    assert finalized.status_code == 400 and finalized.json()["title"] == "Invalid Request"
    assert fake_x.media[media_id]["state"] == "uploading"


def test_x_reassembles_segments_sent_in_order_to_the_exact_bytes(fake_x):
    parts = [bytes([n]) * 1000 for n in range(4)]
    media_id, finalized = x_chunked_upload(fake_x, x_token(fake_x), list(enumerate(parts)))
    assert finalized.status_code == 200 and finalized.json()["data"]["processing_info"]["state"] == "pending"
    assert fake_x.media[media_id]["arrived"] == [0, 1, 2, 3]
    assert bytes(fake_x.media[media_id]["data"]) == b"".join(parts)


def test_x_refuses_a_segment_over_5_mb(fake_x):
    token = x_token(fake_x)
    started = requests.post(
        f"{fake_x.url}/2/media/upload/initialize",
        json={"media_type": "video/mp4", "total_bytes": 6 * MB, "media_category": "tweet_video"},
        headers=bearer(token),
        timeout=5,
    )
    media_id = started.json()["data"]["id"]
    appended = requests.post(
        f"{fake_x.url}/2/media/upload/{media_id}/append",
        data={"segment_index": "0"},
        files={"media": ("segment", bytes(5 * MB + 1), "application/octet-stream")},
        headers=bearer(token),
        timeout=10,
    )
    assert appended.status_code == 400 and "5 MB" in appended.json()["detail"]


# LinkedIn ----------------------------------------------------------------------------

REST = {"LinkedIn-Version": "202510", "X-Restli-Protocol-Version": "2.0.0"}
A_POST = {
    "author": f"urn:li:person:{MEMBER['sub']}",
    "commentary": "Hello",
    "visibility": "PUBLIC",
    "distribution": {
        "feedDistribution": "MAIN_FEED",
        "targetEntities": [],
        "thirdPartyDistributionChannels": [],
    },
    "lifecycleState": "PUBLISHED",
}


def linkedin_token(fake, scopes=LINKEDIN_SCOPES):
    return fake.issue(MEMBER, scopes, time.time() + 3600)["access_token"]


@pytest.mark.parametrize(
    "headers, status, code",
    [
        ({"LinkedIn-Version": "202510"}, 400, "ILLEGAL_ARGUMENT"),
        ({**REST, "X-Restli-Protocol-Version": "1.0.0"}, 400, "ILLEGAL_ARGUMENT"),
        ({"X-Restli-Protocol-Version": "2.0.0"}, 400, "VERSION_MISSING"),
        ({**REST, "LinkedIn-Version": "2025-10"}, 400, "VERSION_MISSING"),
        ({**REST, "LinkedIn-Version": "202513"}, 400, "VERSION_MISSING"),
    ],
    ids=["no protocol", "protocol 1.0.0", "no version", "version 2025-10", "month 13"],
)
def test_linkedin_rest_calls_need_the_protocol_and_a_yyyymm_version(fake_linkedin, headers, status, code):
    token = linkedin_token(fake_linkedin)
    sent = requests.post(
        f"{fake_linkedin.url}/rest/posts", json=A_POST, headers={**headers, **bearer(token)}, timeout=5
    )
    assert sent.status_code == status and sent.json()["code"] == code
    assert fake_linkedin.posts == []


def test_linkedin_rest_posts_take_json_only(fake_linkedin):
    headers = {**REST, **bearer(linkedin_token(fake_linkedin))}
    as_form = requests.post(
        f"{fake_linkedin.url}/rest/posts", data={"commentary": "Hello"}, headers=headers, timeout=5
    )
    assert as_form.status_code == 415 and as_form.json()["status"] == 415
    sent = requests.post(f"{fake_linkedin.url}/rest/posts", json=A_POST, headers=headers, timeout=5)
    assert sent.status_code == 201 and sent.headers["x-restli-id"] == fake_linkedin.posts[0]["id"]


def test_linkedin_refuses_a_grant_without_the_scope_a_call_needs(fake_linkedin):
    token = linkedin_token(fake_linkedin, ["openid", "profile"])
    sent = requests.post(
        f"{fake_linkedin.url}/rest/posts", json=A_POST, headers={**REST, **bearer(token)}, timeout=5
    )
    assert (
        sent.status_code == 403 and sent.json()["code"] == "ACCESS_DENIED" and "w_member_social" in sent.text
    )
    userinfo = requests.get(
        f"{fake_linkedin.url}/v2/userinfo",
        headers=bearer(linkedin_token(fake_linkedin, ["w_member_social"])),
        timeout=5,
    )
    assert userinfo.status_code == 403


def test_linkedin_authorizes_known_scopes_only_and_takes_token_forms_only(fake_linkedin):
    query = {
        "response_type": "code",
        "client_id": fake_linkedin.client_id,
        "redirect_uri": "https://app.example.com/cb",
        "state": "s",
    }
    refused = requests.get(
        f"{fake_linkedin.url}/oauth/v2/authorization",
        params={**query, "scope": "openid r_everything"},
        allow_redirects=False,
        timeout=5,
    )
    assert "error=unauthorized_scope_error" in refused.headers["Location"]
    form = {
        "grant_type": "authorization_code",
        "code": "x",
        "client_id": fake_linkedin.client_id,
        "client_secret": fake_linkedin.client_secret,
    }
    as_json = requests.post(f"{fake_linkedin.url}/oauth/v2/accessToken", json=form, timeout=5)
    assert as_json.status_code == 400 and as_json.json()["error"] == "invalid_request"


# Meta --------------------------------------------------------------------------------


def graph(fake, method, path, token, **kwargs):
    answer = requests.request(method, f"{fake.url}/v21.0/{path}", headers=bearer(token), timeout=5, **kwargs)
    return answer.status_code, answer.json()


def test_meta_answers_only_the_fields_asked_for(fake_meta):
    user = fake_meta.issue("user")["access_token"]
    assert graph(fake_meta, "GET", "me", user, params={"fields": "id"}) == (200, {"id": META_USER["id"]})
    status, accounts = graph(fake_meta, "GET", "me/accounts", user, params={"fields": "id,name"})
    assert status == 200 and accounts["data"][0] == {"id": PAGES[0]["id"], "name": PAGES[0]["name"]}
    status, accounts = graph(
        fake_meta, "GET", "me/accounts", user, params={"fields": "id,access_token,instagram_business_account"}
    )
    first, second = accounts["data"]
    assert first["instagram_business_account"] == {"id": IG_ID} and "instagram_business_account" not in second
    assert first["access_token"] in fake_meta.tokens and "name" not in first
    page = fake_meta.issue("page", page=PAGES[0]["id"])["access_token"]
    assert graph(fake_meta, "GET", IG_ID, page) == (200, {"id": IG_ID})
    status, profile = graph(fake_meta, "GET", IG_ID, page, params={"fields": "username"})
    assert profile == {"id": IG_ID, "username": "postline.cafe"}
    status, limit = graph(fake_meta, "GET", f"{IG_ID}/content_publishing_limit", page)
    assert status == 200 and list(limit["data"][0]) == ["quota_usage"]
    status, refused = graph(fake_meta, "GET", IG_ID, page, params={"fields": "username,followers_galore"})
    assert (
        status == 400
        and refused["error"]["code"] == 100
        and "followers_galore" in refused["error"]["message"]
    )


def test_a_meta_container_says_its_status_only_when_asked(fake_meta):
    page = fake_meta.issue("page", page=PAGES[0]["id"])["access_token"]
    fake_meta.fetch = lambda url: (200, "image/jpeg", b"\xff\xd8\xff" + bytes(100))
    status, made = graph(
        fake_meta, "POST", f"{IG_ID}/media", page, data={"image_url": "https://cdn.example.com/a.jpg"}
    )
    assert status == 200, made
    assert graph(fake_meta, "GET", made["id"], page, params={"fields": "id"}) == (200, {"id": made["id"]})
    status, asked = graph(fake_meta, "GET", made["id"], page, params={"fields": "status_code"})
    assert asked == {"id": made["id"], "status_code": "FINISHED"}


def test_meta_reads_parameters_from_a_form_or_json_body_only(fake_meta):
    page = fake_meta.issue("page", page=PAGES[0]["id"])["access_token"]
    as_text = requests.post(
        f"{fake_meta.url}/v21.0/{PAGES[0]['id']}/feed",
        data="message=hi",
        headers={**bearer(page), "Content-Type": "text/plain"},
        timeout=5,
    )
    assert as_text.status_code == 400 and as_text.json()["error"]["code"] == 100
    assert graph(fake_meta, "POST", f"{PAGES[0]['id']}/feed", page, json={"message": "as json"})[0] == 200
    assert graph(fake_meta, "POST", f"{PAGES[0]['id']}/feed", page, data={"message": "as a form"})[0] == 200
    assert [post["text"] for post in fake_meta.posts] == ["as json", "as a form"]


@pytest.mark.parametrize(
    "missing, method, path",
    [
        ("pages_manage_posts", "POST", f"{PAGES[0]['id']}/feed"),
        ("pages_read_engagement", "POST", f"{PAGES[0]['id']}/feed"),
        ("instagram_basic", "GET", IG_ID),
        ("instagram_content_publish", "POST", f"{IG_ID}/media"),
    ],
)
def test_meta_refuses_a_call_the_user_did_not_grant_the_permission_for(fake_meta, missing, method, path):
    granted = [
        name
        for name in (
            "pages_show_list",
            "pages_manage_posts",
            "pages_read_engagement",
            "instagram_basic",
            "instagram_content_publish",
        )
        if name != missing
    ]
    page = fake_meta.issue("page", page=PAGES[0]["id"], scopes=granted)["access_token"]
    status, refused = graph(
        fake_meta, method, path, page, data={"message": "hi", "image_url": "https://cdn.example.com/a.jpg"}
    )
    assert status == 400 and refused["error"]["code"] == 200 and missing in refused["error"]["message"]
    assert fake_meta.posts == [] and fake_meta.containers == {}


def test_meta_lists_pages_only_with_pages_show_list_and_dialogs_known_permissions_only(fake_meta):
    user = fake_meta.issue("user", scopes=["pages_manage_posts"])["access_token"]
    status, refused = graph(fake_meta, "GET", "me/accounts", user)
    assert status == 400 and refused["error"]["code"] == 200
    query = {
        "client_id": "fake-meta-app",
        "redirect_uri": "https://app.example.com/cb",
        "state": "s",
        "response_type": "code",
    }
    dialog = requests.get(
        f"{fake_meta.url}/v21.0/dialog/oauth",
        params={**query, "scope": "pages_show_list,manage_everything"},
        allow_redirects=False,
        timeout=5,
    )
    assert dialog.status_code == 400 and "manage_everything" in dialog.text


# TikTok ------------------------------------------------------------------------------

POST_INFO = {"title": "Clip", "privacy_level": "SELF_ONLY"}


def tiktok_token(fake, scopes=TIKTOK_SCOPES):
    return fake.issue(scopes, TIKTOK_USER)["access_token"]


def tiktok(fake, path, token, **kwargs):
    answer = requests.post(f"{fake.url}{path}", headers=bearer(token), timeout=5, **kwargs)
    return answer.status_code, answer.json()


def test_tiktok_takes_json_bodies_only(fake_tiktok):
    token = tiktok_token(fake_tiktok)
    status, refused = tiktok(fake_tiktok, "/v2/post/publish/creator_info/query/", token, data={"a": "b"})
    assert status == 400 and refused["error"]["code"] == "invalid_params"
    status, answered = tiktok(fake_tiktok, "/v2/post/publish/creator_info/query/", token, json={})
    assert status == 200 and answered["error"]["code"] == "ok"


def test_tiktok_refuses_a_token_without_the_scope_a_call_needs(fake_tiktok):
    token = tiktok_token(fake_tiktok, ["user.info.basic"])
    status, refused = tiktok(
        fake_tiktok, "/v2/post/publish/video/init/", token, json={"post_info": POST_INFO}
    )
    assert status == 401 and refused["error"]["code"] == "scope_not_authorized"
    profile = requests.get(
        f"{fake_tiktok.url}/v2/user/info/",
        params={"fields": "open_id,username"},
        headers=bearer(token),
        timeout=5,
    )
    assert profile.status_code == 401 and profile.json()["error"]["code"] == "scope_not_authorized"
    refresh = fake_tiktok.issue(TIKTOK_SCOPES, TIKTOK_USER)["refresh_token"]
    status, refused = tiktok(fake_tiktok, "/v2/post/publish/creator_info/query/", refresh, json={})
    assert status == 401 and refused["error"]["code"] == "access_token_invalid"


def test_tiktok_pulls_only_from_a_verified_url_prefix(fake_tiktok):
    fake_tiktok.verified_url_prefixes = ["https://media.example.com/"]
    source = {"source": "PULL_FROM_URL", "video_url": "https://elsewhere.example.com/clip.mp4"}
    status, refused = tiktok(
        fake_tiktok,
        "/v2/post/publish/video/init/",
        tiktok_token(fake_tiktok),
        json={"post_info": POST_INFO, "source_info": source},
    )
    assert status == 403 and refused["error"]["code"] == "url_ownership_unverified"
    assert fake_tiktok.publishes == {}


@pytest.mark.parametrize(
    "fetched, fail_reason",
    [
        ((404, "text/html", b"not here"), "video_pull_failed"),
        ((200, "text/html", b"<html>"), "file_format_check_failed"),
        ((200, "video/mp4", b"a clip"), None),
    ],
)
def test_tiktok_downloads_what_it_pulls_and_fails_the_publish_when_it_cannot(
    fake_tiktok, fetched, fail_reason
):
    asked = []
    fake_tiktok.fetch = lambda url: asked.append(url) or fetched
    fake_tiktok.processing_checks = 0
    token = tiktok_token(fake_tiktok)
    source = {"source": "PULL_FROM_URL", "video_url": "http://127.0.0.1:8000/media/clip.mp4"}
    status, started = tiktok(
        fake_tiktok,
        "/v2/post/publish/video/init/",
        token,
        json={"post_info": POST_INFO, "source_info": source},
    )
    assert status == 200 and asked == []  # TikTok downloads after answering the init
    status, checked = tiktok(
        fake_tiktok,
        "/v2/post/publish/status/fetch/",
        token,
        json={"publish_id": started["data"]["publish_id"]},
    )
    assert status == 200 and checked["error"]["code"] == "ok" and asked == [source["video_url"]]
    if fail_reason:
        assert checked["data"] == {"status": "FAILED", "fail_reason": fail_reason}
    else:
        assert checked["data"]["status"] == "PUBLISH_COMPLETE"
        [item] = fake_tiktok.publishes.values()
        assert bytes(item["data"]) == b"a clip"


def test_tiktok_tokens_come_from_a_form_only(fake_tiktok):
    form = {
        "client_key": fake_tiktok.client_key,
        "client_secret": fake_tiktok.client_secret,
        "grant_type": "refresh_token",
        "refresh_token": "x",
    }
    as_json = requests.post(f"{fake_tiktok.url}/v2/oauth/token/", json=form, timeout=5)
    assert as_json.status_code == 400 and as_json.json()["error"] == "invalid_request"
