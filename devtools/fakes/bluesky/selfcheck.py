"""The fake's self-check: `python -m devtools.fakes.bluesky --self-check` starts a fake
on a free port and walks it through what Postline does with Bluesky (the handle's DID
and PDS, sign-in, a post with an image, a reply, a key used twice, a refresh, a video,
the sign-in limit), printing a line per step; it exits 0 when every answer had the
shape docs/platforms/bluesky.md describes. tests/connections/test_bluesky_fake.py runs
it too, so a change to the fake that breaks what it stands for fails the tests."""

import base64
import json
import time

import requests

from devtools.fakes.base import SelfCheck, run_self_check
from devtools.fakes.bluesky.fake import ACCOUNT, FakeBluesky
from devtools.fakes.bluesky.repo import new_tid
from devtools.fakes.bluesky.xrpc import did_web

# The smallest PNG: a 1x1 image.
PNG = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="
)


class Walk(SelfCheck):
    """The steps of one self-check against the fake at `url`, each an assertion about
    its answer; `steps` the names of those that held."""

    def __init__(self, fake):
        self.fake = fake
        self.url = fake.url
        self.steps = []

    def xrpc(self, method, nsid, token=None, expect=200, **kwargs):
        headers = kwargs.pop("headers", {})
        if token:
            headers["Authorization"] = f"Bearer {token}"
        answer = requests.request(method, f"{self.url}/xrpc/{nsid}", headers=headers, timeout=10, **kwargs)
        assert answer.status_code == expect, f"{nsid}: {answer.status_code} {answer.text}"
        return answer

    def run(self):
        session = {}
        self.step("a handle resolves to its DID, whose document names the PDS", self.identity)
        self.step(
            "a wrong password is refused, an app password signs in", lambda: session.update(self.sign_in())
        )
        posted = {}
        steps = [
            ("a post with an image is a record", lambda token: posted.update(self.post_with_image(token))),
            (
                "a record key used twice is a 500, getRecord finds it",
                lambda token: self.same_key(token, posted),
            ),
            ("a reply names its root and parent", lambda token: self.reply(token, posted)),
            ("301 graphemes are refused", self.too_long),
            (
                "a refresh rotates the pair; expired access is a 400",
                lambda _: session.update(self.refresh(session)),
            ),
            ("a video is processed, then posted", self.video),
        ]
        for name, check in steps:
            self.step(name, lambda check=check: check(session["accessJwt"]))
        self.step("the 31st sign-in in 5 minutes is a 429", self.sign_in_limit)
        return self.steps

    def identity(self):
        handle = {"handle": ACCOUNT["handle"]}
        did = self.xrpc("GET", "com.atproto.identity.resolveHandle", params=handle).json()
        assert did == {"did": ACCOUNT["did"]}, did
        document = requests.get(f"{self.url}/{ACCOUNT['did']}", timeout=10).json()
        assert document["alsoKnownAs"] == [f"at://{ACCOUNT['handle']}"], document
        [pds] = [s for s in document["service"] if s["id"] == "#atproto_pds"]
        assert pds["serviceEndpoint"] == self.url and pds["type"] == "AtprotoPersonalDataServer", pds

    def sign_in(self):
        wrong = {"identifier": ACCOUNT["handle"], "password": "nope-nope-nope-nope"}
        refused = self.xrpc("POST", "com.atproto.server.createSession", json=wrong, expect=401).json()
        assert refused["error"] == "AuthenticationRequired", refused
        right = {"identifier": ACCOUNT["handle"], "password": ACCOUNT["app_password"]}
        session = self.xrpc("POST", "com.atproto.server.createSession", json=right).json()
        assert session["did"] == ACCOUNT["did"] and session["handle"] == ACCOUNT["handle"], session
        assert claims(session["accessJwt"])["scope"] == "com.atproto.appPass", session
        return session

    def post_with_image(self, token):
        headers = {"Content-Type": "image/png"}
        answer = self.xrpc("POST", "com.atproto.repo.uploadBlob", token, data=PNG, headers=headers)
        blob = answer.json()["blob"]
        assert blob["mimeType"] == "image/png" and blob["size"] == len(PNG), blob
        embed = {"$type": "app.bsky.embed.images", "images": [{"image": blob, "alt": "A dot"}]}
        return self.create(token, {"text": "Hello 👋🏽", "embed": embed}, new_tid())

    def create(self, token, fields, rkey=None, expect=200):
        record = {"$type": "app.bsky.feed.post", "createdAt": "2026-05-01T10:00:00.000Z", **fields}
        body = {"repo": ACCOUNT["did"], "collection": "app.bsky.feed.post", "record": record}
        if rkey:
            body["rkey"] = rkey
        made = self.xrpc("POST", "com.atproto.repo.createRecord", token, json=body, expect=expect).json()
        if expect == 200:
            assert made["uri"] == f"at://{ACCOUNT['did']}/app.bsky.feed.post/{made['uri'].rsplit('/', 1)[1]}"
            assert made["cid"].startswith("bafyrei"), made
            made["rkey"] = made["uri"].rsplit("/", 1)[1]
        return made

    def same_key(self, token, posted):
        again = self.create(token, {"text": "Hello again"}, posted["rkey"], expect=500)
        assert again["error"] == "InternalServerError", again
        params = {"repo": ACCOUNT["did"], "collection": "app.bsky.feed.post", "rkey": posted["rkey"]}
        found = self.xrpc("GET", "com.atproto.repo.getRecord", params=params).json()
        assert found["cid"] == posted["cid"] and found["value"]["text"] == "Hello 👋🏽", found
        params["rkey"] = new_tid()
        missing = self.xrpc("GET", "com.atproto.repo.getRecord", params=params, expect=400).json()
        assert missing["error"] == "RecordNotFound", missing

    def reply(self, token, posted):
        ref = {"uri": posted["uri"], "cid": posted["cid"]}
        made = self.create(token, {"text": "2/", "reply": {"root": ref, "parent": ref}})
        assert self.fake.posts[-1]["reply"] == {"root": ref, "parent": ref}, self.fake.posts[-1]
        assert made["rkey"]

    def too_long(self, token):
        self.create(token, {"text": "e\u0301" * 300})  # 600 code points, 300 graphemes
        answer = self.create(token, {"text": "e\u0301" * 301}, expect=400)
        assert answer["error"] == "InvalidRequest" and "300 graphemes" in answer["message"], answer

    def refresh(self, session):
        renewed = self.xrpc("POST", "com.atproto.server.refreshSession", session["refreshJwt"]).json()
        assert renewed["refreshJwt"] != session["refreshJwt"] and renewed["did"] == ACCOUNT["did"], renewed
        self.fake.expire_access_tokens()
        expired = self.xrpc("GET", "com.atproto.server.getSession", renewed["accessJwt"], expect=400).json()
        assert expired["error"] == "ExpiredToken", expired
        return self.xrpc("POST", "com.atproto.server.refreshSession", renewed["refreshJwt"]).json()

    def video(self, token):
        audience = did_web(self.url)
        limits_token = self.service_token(token, audience, "app.bsky.video.getUploadLimits")
        limits = self.xrpc("GET", "app.bsky.video.getUploadLimits", limits_token).json()
        assert limits["canUpload"] is True, limits
        upload_token = self.service_token(token, audience, "com.atproto.repo.uploadBlob")
        params = {"did": ACCOUNT["did"], "name": "clip.mp4"}
        headers = {"Content-Type": "video/mp4"}
        job = self.xrpc(
            "POST", "app.bsky.video.uploadVideo", upload_token, params=params, data=b"mp4", headers=headers
        )
        status = job.json()
        for _ in range(self.fake.processing_checks + 1):
            status = self.xrpc("GET", "app.bsky.video.getJobStatus", params={"jobId": status["jobId"]}).json()
            status = status["jobStatus"]
        assert status["state"] == "JOB_STATE_COMPLETED" and status["blob"]["mimeType"] == "video/mp4", status
        self.create(token, {"text": "", "embed": {"$type": "app.bsky.embed.video", "video": status["blob"]}})

    def service_token(self, token, audience, method):
        params = {"aud": audience, "lxm": method, "exp": int(time.time()) + 1800}
        return self.xrpc("GET", "com.atproto.server.getServiceAuth", token, params=params).json()["token"]

    def sign_in_limit(self):
        right = {"identifier": ACCOUNT["did"], "password": ACCOUNT["app_password"]}
        done = len(self.fake.session_times[ACCOUNT["did"]])
        for _ in range(30 - done):
            self.xrpc("POST", "com.atproto.server.createSession", json=right)
        limited = self.xrpc("POST", "com.atproto.server.createSession", json=right, expect=429)
        assert limited.json()["error"] == "RateLimitExceeded", limited.text
        assert int(limited.headers["ratelimit-reset"]) > time.time(), limited.headers
        assert limited.headers["ratelimit-policy"] == "30;w=300", limited.headers


def claims(jwt):
    """The claims of a JWT (its middle part), unverified."""
    payload = jwt.split(".")[1]
    return json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))


def main():
    """Run the self-check on a new fake; 0 when every step held, 1 otherwise."""
    return run_self_check(FakeBluesky, Walk)
