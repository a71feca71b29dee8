"""The fake's self-check: `python -m devtools.fakes.threads --self-check` starts a fake
on a free port and walks it through what Postline does with Threads (authorize, the
code, the long-lived token and its renewal, the profile, a text post, a reply, an
image, a video still processing, a carousel, the quota, an expired token), printing a
line per step; it exits 0 when every answer had the shape docs/platforms/threads.md
describes. tests/connections/test_threads_meta_fake.py runs it too, so a change to the
fake that breaks what it stands for fails the tests."""

from urllib.parse import parse_qs, urlsplit

import requests

from devtools.fakes.base import SelfCheck, run_self_check
from devtools.fakes.threads.fake import CLIENT_ID, CLIENT_SECRET, DAY, USER, FakeThreads

REDIRECT = "https://postline.example/v1/connections/threads/callback"
SCOPES = "threads_basic,threads_content_publish,threads_manage_replies"
PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 64
MP4 = b"\x00\x00\x00\x18ftypmp42" + b"\x00" * 64


class Walk(SelfCheck):
    """The steps of one self-check against `fake`, each an assertion about its answer;
    `steps` the names of those that held."""

    def __init__(self, fake):
        self.fake = fake
        self.url = fake.url
        self.steps = []
        self.token = None

    def call(self, method, path, expect=200, token=None, **kwargs):
        headers = {"Authorization": f"Bearer {token or self.token}"} if (token or self.token) else {}
        answer = requests.request(method, self.url + path, headers=headers, timeout=10, **kwargs)
        assert answer.status_code == expect, f"{method} {path}: {answer.status_code} {answer.text}"
        return (
            answer.json()
            if answer.content and answer.headers["Content-Type"].startswith("application/json")
            else answer
        )

    def run(self):
        self.step(
            "the authorize page answers a code ending in #_; the code buys a short-lived token", self.sign_in
        )
        self.step("the short-lived token becomes a long-lived one of 60 days", self.long_lived)
        self.step("a long-lived token renews once a day old, not before", self.renew)
        self.step("the profile names the user", self.profile)
        posted = {}
        self.step("a text container is FINISHED at once and publishes", lambda: posted.update(self.text()))
        self.step("a reply names the published media; a media id has no status", lambda: self.reply(posted))
        self.step("an image is fetched; a video processes before it publishes", self.media)
        self.step("a carousel of two items publishes", self.carousel)
        self.step("501 characters are refused; an emoji counts its bytes", self.too_long)
        self.step("the quota counts posts and replies apart", self.quota)
        self.step("an expired token is refused with code 190", self.expired)
        return self.steps

    def sign_in(self):
        query = {"client_id": CLIENT_ID, "redirect_uri": REDIRECT, "scope": SCOPES, "response_type": "code"}
        approved = requests.get(
            f"{self.url}/oauth/authorize", params={**query, "state": "s"}, allow_redirects=False, timeout=10
        )
        location = urlsplit(approved.headers["Location"])
        assert approved.status_code == 302 and location.fragment == "_", approved.headers
        code = parse_qs(location.query)["code"][0]
        form = {
            "client_id": CLIENT_ID,
            "client_secret": "wrong",
            "grant_type": "authorization_code",
            "redirect_uri": REDIRECT,
            "code": code,
        }
        refused = self.call("POST", "/oauth/access_token", 400, data=form)
        assert refused["error"]["code"] == 1, refused
        short = self.call("POST", "/oauth/access_token", data={**form, "client_secret": CLIENT_SECRET})
        assert short["user_id"] == int(USER["id"]) and short["access_token"], short
        self.call("POST", "/oauth/access_token", 400, data={**form, "client_secret": CLIENT_SECRET})
        self.token = short["access_token"]

    def long_lived(self):
        query = {
            "grant_type": "th_exchange_token",
            "client_secret": CLIENT_SECRET,
            "access_token": self.token,
        }
        answer = self.call("GET", "/access_token", params=query)
        assert answer["expires_in"] == 5_183_944 and answer["token_type"] == "bearer", answer
        self.token = answer["access_token"]

    def renew(self):
        query = {"grant_type": "th_refresh_token", "access_token": self.token}
        young = self.call("GET", "/refresh_access_token", 400, params=query)
        assert young["error"]["code"] != 190, young
        self.fake.age_tokens(DAY)
        renewed = self.call("GET", "/refresh_access_token", params=query)
        assert renewed["access_token"] != self.token and renewed["expires_in"] == 5_183_944, renewed
        self.token = renewed["access_token"]

    def profile(self):
        me = self.call("GET", "/v1.0/me", params={"fields": "id,username,name,threads_profile_picture_url"})
        assert me["id"] == USER["id"] and me["username"] == USER["username"], me

    def container(self, fields, expect=200):
        return self.call("POST", f"/v1.0/{USER['id']}/threads", expect, data=fields)

    def status(self, container):
        return self.call("GET", f"/v1.0/{container}", params={"fields": "id,status,error_message"})["status"]

    def publish(self, container, expect=200):
        return self.call(
            "POST", f"/v1.0/{USER['id']}/threads_publish", expect, data={"creation_id": container}
        )

    def text(self):
        made = self.container({"media_type": "TEXT", "text": "Hello Threads", "reply_control": "everyone"})
        assert self.status(made["id"]) == "FINISHED"
        published = self.publish(made["id"])
        permalink = self.call("GET", f"/v1.0/{published['id']}", params={"fields": "id,permalink"})
        assert permalink["permalink"].startswith("https://www.threads.com/@"), permalink
        assert self.status(made["id"]) == "PUBLISHED"
        return published

    def reply(self, posted):
        made = self.container({"media_type": "TEXT", "text": "2/", "reply_to_id": posted["id"]})
        reply = self.publish(made["id"])
        assert self.fake.posts[-1]["reply_to"] == posted["id"] and self.fake.posts[-1]["id"] == reply["id"]
        refused = self.call("GET", f"/v1.0/{reply['id']}", 400, params={"fields": "status"})
        assert "nonexisting field (status)" in refused["error"]["message"], refused

    def media(self):
        self.fake.fetch = lambda url: (
            200,
            "video/mp4" if url.endswith(".mp4") else "image/png",
            MP4 if url.endswith(".mp4") else PNG,
        )
        image = self.container(
            {"media_type": "IMAGE", "image_url": "https://media.example/a.png", "alt_text": "A dot"}
        )
        self.publish(image["id"])
        video = self.container({"media_type": "VIDEO", "video_url": "https://media.example/b.mp4"})
        not_ready = self.publish(video["id"], 400)
        assert (not_ready["error"]["code"], not_ready["error"]["error_subcode"]) == (24, 4279009), not_ready
        while (status := self.status(video["id"])) == "IN_PROGRESS":
            pass
        assert status == "FINISHED", status
        self.publish(video["id"])

    def carousel(self):
        items = [
            self.container(
                {
                    "media_type": "IMAGE",
                    "image_url": f"https://media.example/{n}.png",
                    "is_carousel_item": "true",
                }
            )["id"]
            for n in range(2)
        ]
        made = self.container({"media_type": "CAROUSEL", "children": ",".join(items), "text": "Two"})
        self.publish(made["id"])
        assert (
            self.fake.posts[-1]["media_type"] == "CAROUSEL_ALBUM" and self.fake.posts[-1]["children"] == items
        )

    def too_long(self):
        self.container({"media_type": "TEXT", "text": "a" * 496 + "👍"})  # 496 + 4 bytes
        refused = self.container({"media_type": "TEXT", "text": "a" * 497 + "👍"}, 400)
        assert "at most 500 characters" in refused["error"]["message"], refused

    def quota(self):
        fields = "quota_usage,config,reply_quota_usage,reply_config"
        [limit] = self.call("GET", f"/v1.0/{USER['id']}/threads_publishing_limit", params={"fields": fields})[
            "data"
        ]
        assert limit["quota_usage"] == 4 and limit["reply_quota_usage"] == 1, limit
        assert limit["config"] == {"quota_total": 250, "quota_duration": DAY}, limit

    def expired(self):
        self.fake.expire_access_tokens()
        refused = self.call("GET", "/v1.0/me", 400)
        assert (refused["error"]["code"], refused["error"]["error_subcode"]) == (190, 463), refused


def main():
    """Run the self-check on a new fake; 0 when every step held, 1 otherwise."""
    return run_self_check(FakeThreads, Walk)
