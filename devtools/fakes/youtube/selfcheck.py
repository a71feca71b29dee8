"""The fake's self-check: `python -m devtools.fakes.youtube --self-check` starts a fake on a
free port and walks it through what Postline does with YouTube (consent with offline
access and PKCE, a refresh, the channel, a resumable upload with a probe and an
interruption, processing, a thumbnail, a comment, the quota, revocation, a session
that expired), printing a line per step; it exits 0 when every answer had the shape
docs/platforms/youtube.md describes. tests/connections/test_youtube_fake.py runs it
too, so a change to the fake that breaks what it stands for fails the tests."""

import base64
import hashlib
import secrets
from urllib.parse import parse_qs, urlsplit

import requests

from devtools.fakes.base import SelfCheck, run_self_check
from devtools.fakes.youtube.fake import CHANNEL, FakeYouTube
from devtools.fakes.youtube.oauth import SCOPES
from devtools.fakes.youtube.uploads import CHUNK_UNIT

REDIRECT = "https://postline.example/v1/connections/youtube/callback"
METADATA = {
    "snippet": {"title": "Launch", "description": "Launch day", "categoryId": "22"},
    "status": {"privacyStatus": "public", "selfDeclaredMadeForKids": False},
}
# The smallest JPEG header a thumbnail needs to be read as one by its type.
JPEG = b"\xff\xd8\xff\xe0" + bytes(60)


class Walk(SelfCheck):
    """The steps of one self-check against `fake`, each an assertion about its answer;
    `steps` the names of those that held."""

    def __init__(self, fake):
        self.fake = fake
        self.url = fake.url
        self.steps = []
        self.token = None

    def call(self, method, path, expect=200, **kwargs):
        headers = {"Authorization": f"Bearer {self.token}", **kwargs.pop("headers", {})}
        answer = requests.request(method, self.url + path, headers=headers, timeout=10, **kwargs)
        assert answer.status_code == expect, f"{method} {path}: {answer.status_code} {answer.text}"
        return answer

    def run(self):
        grant = {}
        self.step(
            "consent with offline access and PKCE gives a refresh token", lambda: grant.update(self.consent())
        )
        self.step("a refresh gives an access token and keeps the refresh token", lambda: self.refresh(grant))
        self.step("channels.list names the channel", self.channel)
        self.step("a title with < is refused invalidTitle", self.bad_title)
        video = {}
        self.step(
            "chunks are held in 256 KiB blocks, probes tell the Range", lambda: video.update(self.upload())
        )
        self.step("the video is processed, then takes a thumbnail and a comment", lambda: self.after(video))
        self.step("the project's uploads a day run out: 403 quotaExceeded", self.quota)
        self.step("an expired session answers 410", self.expired)
        self.step("revoking ends the grant: the refresh answers invalid_grant", lambda: self.revoke(grant))
        return self.steps

    def consent(self):
        verifier = secrets.token_urlsafe(48)
        challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
        query = {
            "client_id": self.fake.client_id,
            "redirect_uri": REDIRECT,
            "response_type": "code",
            "scope": " ".join(SCOPES[1:]),
            "state": "s",
            "access_type": "offline",
            "prompt": "consent",
            "code_challenge": challenge,
            "code_challenge_method": "S256",
        }
        approved = requests.get(
            f"{self.url}/o/oauth2/v2/auth", params=query, allow_redirects=False, timeout=10
        )
        assert approved.status_code == 302, approved.text
        code = parse_qs(urlsplit(approved.headers["Location"]).query)["code"][0]
        form = {"code": code, "redirect_uri": REDIRECT, "grant_type": "authorization_code"}
        form.update(client_id=self.fake.client_id, client_secret=self.fake.client_secret)
        missing = requests.post(f"{self.url}/token", data=form, timeout=10)
        assert missing.json() == {"error": "invalid_grant", "error_description": "Missing code verifier."}
        approved = requests.get(
            f"{self.url}/o/oauth2/v2/auth", params=query, allow_redirects=False, timeout=10
        )
        form["code"] = parse_qs(urlsplit(approved.headers["Location"]).query)["code"][0]
        tokens = requests.post(
            f"{self.url}/token", data={**form, "code_verifier": verifier}, timeout=10
        ).json()
        assert tokens["token_type"] == "Bearer" and tokens["expires_in"] == 3599, tokens
        assert tokens["refresh_token"] and tokens["scope"] == query["scope"], tokens
        self.token = tokens["access_token"]
        return tokens

    def refresh(self, grant):
        form = {"grant_type": "refresh_token", "refresh_token": grant["refresh_token"]}
        form.update(client_id=self.fake.client_id, client_secret=self.fake.client_secret)
        renewed = requests.post(f"{self.url}/token", data=form, timeout=10).json()
        assert renewed["access_token"] != self.token and "refresh_token" not in renewed, renewed
        self.token = renewed["access_token"]

    def channel(self):
        found = self.call("GET", "/youtube/v3/channels", params={"part": "snippet", "mine": "true"}).json()
        [item] = found["items"]
        assert item["id"] == CHANNEL["id"] and item["snippet"]["customUrl"] == f"@{CHANNEL['handle']}", item

    def open(self, metadata, size, expect=200):
        headers = {"X-Upload-Content-Length": str(size), "X-Upload-Content-Type": "video/mp4"}
        params = {"uploadType": "resumable", "part": "snippet,status"}
        path = "/upload/youtube/v3/videos"
        return self.call("POST", path, expect, params=params, json=metadata, headers=headers)

    def bad_title(self):
        metadata = {**METADATA, "snippet": {**METADATA["snippet"], "title": "a <b>"}}
        refused = self.open(metadata, 10, expect=400).json()["error"]
        assert refused["code"] == 400 and refused["errors"][0]["reason"] == "invalidTitle", refused

    def put(self, session, data, first, total, expect):
        span = f"bytes {first}-{first + len(data) - 1}/{total}" if data else f"bytes */{total}"
        answer = requests.put(session, data=data, headers={"Content-Range": span}, timeout=10)
        assert answer.status_code == expect, f"{span}: {answer.status_code} {answer.text}"
        return answer

    def upload(self):
        total = 3 * CHUNK_UNIT + 1000
        data = secrets.token_bytes(total)
        session = self.open(METADATA, total).headers["Location"]
        first = self.put(session, data[: CHUNK_UNIT + 10], 0, total, 308)
        # The 10 bytes past the first 256 KiB were not held.
        assert first.headers["Range"] == f"bytes=0-{CHUNK_UNIT - 1}", first.headers
        fresh = self.open(METADATA, total).headers["Location"]
        assert "Range" not in self.put(fresh, b"", 0, total, 308).headers  # nothing held yet
        self.fake.chunk_replies.append("drop")
        try:
            requests.put(
                session,
                data=data[CHUNK_UNIT:],
                headers={"Content-Range": f"bytes {CHUNK_UNIT}-{total - 1}/{total}"},
            )
        except requests.ConnectionError:
            pass
        else:
            raise AssertionError("a dropped chunk was answered")
        held = self.put(session, b"", 0, total, 308).headers["Range"]
        assert held == f"bytes=0-{2 * CHUNK_UNIT - 1}", held  # half the chunk, in whole blocks
        made = self.put(session, data[2 * CHUNK_UNIT :], 2 * CHUNK_UNIT, total, 200).json()
        assert made["kind"] == "youtube#video" and made["status"]["uploadStatus"] == "uploaded", made
        again = self.put(session, b"", 0, total, 200).json()
        assert again["id"] == made["id"] and self.fake.videos[made["id"]]["data"] == data
        return made

    def after(self, video):
        params = {"part": "status,processingDetails", "id": video["id"]}
        for expected in ("processing", "succeeded"):
            [item] = self.call("GET", "/youtube/v3/videos", params=params).json()["items"]
            assert item["processingDetails"]["processingStatus"] == expected, item
        path = f"/upload/youtube/v3/thumbnails/set?videoId={video['id']}"
        thumbnail = self.call("POST", path, data=JPEG, headers={"Content-Type": "image/jpeg"}).json()
        assert thumbnail["items"][0]["default"]["url"], thumbnail
        top = {"snippet": {"textOriginal": "First!"}}
        body = {"snippet": {"channelId": CHANNEL["id"], "videoId": video["id"], "topLevelComment": top}}
        thread = self.call("POST", "/youtube/v3/commentThreads?part=snippet", json=body).json()
        assert thread["kind"] == "youtube#commentThread" and thread["snippet"]["videoId"] == video["id"], (
            thread
        )

    def quota(self):
        self.fake.daily_uploads = sum(day["uploads"] for day in self.fake.quota_spent.values())
        refused = self.open(METADATA, 10, expect=403).json()["error"]["errors"][0]
        assert (refused["reason"], refused["domain"]) == ("quotaExceeded", "youtube.quota"), refused
        self.fake.daily_uploads = 100

    def expired(self):
        session = self.open(METADATA, 10).headers["Location"]
        self.fake.expire_sessions()
        self.put(session, b"", 0, 10, 410)

    def revoke(self, grant):
        assert requests.post(f"{self.url}/revoke", data={"token": grant["refresh_token"]}, timeout=10).ok
        form = {"grant_type": "refresh_token", "refresh_token": grant["refresh_token"]}
        form.update(client_id=self.fake.client_id, client_secret=self.fake.client_secret)
        refused = requests.post(f"{self.url}/token", data=form, timeout=10)
        assert refused.status_code == 400 and refused.json()["error"] == "invalid_grant", refused.text
        self.call("GET", "/youtube/v3/channels", 401, params={"part": "snippet", "mine": "true"})


def main():
    """Run the self-check on a new fake; 0 when every step held, 1 otherwise."""
    return run_self_check(FakeYouTube, Walk)
