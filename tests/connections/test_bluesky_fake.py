"""The fake Bluesky (devtools/fakes/bluesky/) refuses what Bluesky refuses, in Bluesky's
own shape: a token of the wrong kind, a service token for another method, a record key
that is no TID or is in use, a post over its limits, a blob of another account; it
passes its own self-check; it runs as a process of its own, answering its settings at
/_fake/settings; and its received page lists what it was sent."""

import subprocess
import sys

import pytest
import requests

from devtools.fakes.base import SETTINGS_PATH
from devtools.fakes.bluesky import ACCOUNT, FakeBluesky, bluesky_account
from devtools.fakes.bluesky.repo import new_tid
from devtools.fakes.bluesky.selfcheck import PNG, Walk
from devtools.fakes.pages import RECEIPTS_PATH
from tests.support import ROOT


@pytest.fixture
def fake():
    started = FakeBluesky()
    yield started
    started.close()


def xrpc(fake, method, nsid, token=None, **kwargs):
    headers = kwargs.pop("headers", {})
    if token:
        headers["Authorization"] = f"Bearer {token}"
    return requests.request(method, f"{fake.url}/xrpc/{nsid}", headers=headers, timeout=5, **kwargs)


def session(fake, account=ACCOUNT):
    body = {"identifier": account["handle"], "password": account["app_password"]}
    return xrpc(fake, "POST", "com.atproto.server.createSession", json=body).json()


def post(fake, token, record, rkey=None, did=ACCOUNT["did"]):
    body = {"repo": did, "collection": "app.bsky.feed.post", "record": record}
    if rkey is not None:
        body["rkey"] = rkey
    return xrpc(fake, "POST", "com.atproto.repo.createRecord", token, json=body)


def record(text="Hello", **fields):
    return {"$type": "app.bsky.feed.post", "text": text, "createdAt": "2026-05-01T10:00:00.000Z", **fields}


def test_the_fake_passes_its_self_check(fake):
    assert len(Walk(fake).run()) == 9


def test_each_token_is_taken_only_where_it_belongs(fake):
    tokens = session(fake)
    me = "com.atproto.server.getSession"
    assert xrpc(fake, "GET", me, tokens["refreshJwt"]).json()["error"] == "InvalidToken"
    assert xrpc(fake, "GET", me).status_code == 401
    refused = xrpc(fake, "POST", "com.atproto.server.refreshSession", tokens["accessJwt"])
    assert refused.status_code == 400 and refused.json() == {
        "error": "InvalidToken",
        "message": "Invalid token type",
    }
    params = {
        "aud": f"did:web:{fake.url.split('//')[1].replace(':', '%3A')}",
        "lxm": "app.bsky.video.getUploadLimits",
    }
    service = xrpc(
        fake, "GET", "com.atproto.server.getServiceAuth", tokens["accessJwt"], params=params
    ).json()
    upload = xrpc(
        fake, "POST", "app.bsky.video.uploadVideo", service["token"], params={"did": ACCOUNT["did"]}
    )
    assert upload.status_code == 401 and "not for com.atproto.repo.uploadBlob" in upload.json()["message"]


@pytest.mark.parametrize(
    "fields, rkey, status, error, says",
    [
        ({}, "not-a-tid", 400, "InvalidRequest", "Invalid record key"),
        ({"text": "x" * 301}, None, 400, "InvalidRequest", "300 graphemes"),
        ({"text": "é" * 1501}, None, 400, "InvalidRequest", "3000 characters"),
        ({"langs": ["en", "fr", "de", "es"]}, None, 400, "InvalidRequest", "langs"),
        (
            {"reply": {"root": {"uri": "at://x"}, "parent": {"uri": "at://x"}}},
            None,
            400,
            "InvalidRequest",
            "strong",
        ),
        ({"embed": {"$type": "app.bsky.embed.gallery"}}, None, 400, "InvalidRequest", "embed"),
    ],
)
def test_a_record_the_pds_refuses(fake, fields, rkey, status, error, says):
    answer = post(fake, session(fake)["accessJwt"], record(**fields), rkey)
    assert (
        answer.status_code == status and answer.json()["error"] == error and says in answer.json()["message"]
    )
    assert fake.posts == []


def test_a_key_in_use_is_the_pds_500_and_a_blob_of_another_account_is_not_found(fake):
    token = session(fake)["accessJwt"]
    rkey = new_tid()
    assert post(fake, token, record(), rkey).status_code == 200
    assert post(fake, token, record("Again"), rkey).json() == {
        "error": "InternalServerError",
        "message": "Internal Server Error",
    }
    other = session(fake, bluesky_account(1))["accessJwt"]
    headers = {"Content-Type": "image/png"}
    blob = xrpc(fake, "POST", "com.atproto.repo.uploadBlob", other, data=PNG, headers=headers).json()["blob"]
    embed = {"$type": "app.bsky.embed.images", "images": [{"image": blob, "alt": ""}]}
    assert post(fake, token, record(embed=embed)).json()["error"] == "BlobNotFound"
    assert post(fake, token, record(), did=bluesky_account(1)["did"]).status_code == 401


def test_the_received_page_lists_posts_replies_and_uploads(fake):
    token = session(fake)["accessJwt"]
    xrpc(fake, "POST", "com.atproto.repo.uploadBlob", token, data=PNG, headers={"Content-Type": "image/png"})
    made = post(fake, token, record("The post")).json()
    ref = {"uri": made["uri"], "cid": made["cid"]}
    post(fake, token, record("The reply", reply={"root": ref, "parent": ref}))
    received = requests.get(fake.url + RECEIPTS_PATH, timeout=5).json()
    assert [(item["kind"], item["text"]) for item in received] == [
        ("reply", "The reply"),
        ("post", "The post"),
        ("media", None),
    ]
    page = requests.get(fake.url + "/", timeout=5)
    assert ACCOUNT["app_password"] in page.text and ACCOUNT["handle"] in page.text


def test_the_fake_runs_as_a_process_answering_its_settings():
    process = subprocess.Popen(
        [sys.executable, "-m", "devtools.fakes.bluesky", "--write-limit", "10"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        url = process.stdout.readline().strip()
        settings = requests.get(url + SETTINGS_PATH, timeout=5).json()
        assert settings["service_url"] == settings["plc_url"] == settings["video_url"] == url
        token = requests.post(
            f"{url}/xrpc/com.atproto.server.createSession",
            json={"identifier": ACCOUNT["did"], "password": ACCOUNT["app_password"]},
            timeout=5,
        ).json()["accessJwt"]
        body = {"repo": ACCOUNT["did"], "collection": "app.bsky.feed.post", "record": record()}
        headers = {"Authorization": f"Bearer {token}"}
        answers = [
            requests.post(f"{url}/xrpc/com.atproto.repo.createRecord", json=body, headers=headers, timeout=5)
            for _ in range(4)
        ]
        # 10 write points an hour: three posts of 3, then a 429 with its reset.
        assert [answer.status_code for answer in answers] == [200, 200, 200, 429]
        assert answers[-1].headers["ratelimit-policy"] == "10;w=3600"
    finally:
        process.terminate()
        process.wait(10)
        process.stdout.close()
