"""The fake's self-check: `python -m devtools.fakes.pinterest --self-check` starts a
fake on a free port and walks it through what Postline does with Pinterest (authorize,
the code, continuous refresh tokens, the profile, the boards, an image pin, a carousel,
a video registered, uploaded and processed, the refusals), printing a line per step; it
exits 0 when every answer had the shape docs/platforms/pinterest.md describes.
tests/connections/test_pinterest_fake.py runs it too, so a change to the fake that
breaks what it stands for fails the tests."""

from urllib.parse import parse_qs, urlsplit

import requests

from devtools.fakes.base import SelfCheck, run_self_check
from devtools.fakes.pinterest.fake import BOARD_ID, CLIENT_ID, CLIENT_SECRET, GROUP_BOARD, USER, FakePinterest

REDIRECT = "https://postline.example/v1/connections/pinterest/callback"
SCOPES = "boards:read,pins:read,pins:write,user_accounts:read"
PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 64


class Walk(SelfCheck):
    """The steps of one self-check against `fake`, each an assertion about its answer;
    `steps` the names of those that held."""

    def __init__(self, fake):
        self.fake = fake
        self.url = fake.url
        self.steps = []
        self.tokens = {}

    def call(self, method, path, expect=200, **kwargs):
        headers = {"Authorization": f"Bearer {self.tokens['access_token']}"} if self.tokens else {}
        answer = requests.request(method, self.url + path, headers=headers, timeout=10, **kwargs)
        assert answer.status_code == expect, f"{method} {path}: {answer.status_code} {answer.text}"
        return answer.json() if answer.content else None

    def token(self, form, expect=200, secret=CLIENT_SECRET):
        answer = requests.post(f"{self.url}/v5/oauth/token", data=form, auth=(CLIENT_ID, secret), timeout=10)
        assert answer.status_code == expect, f"token: {answer.status_code} {answer.text}"
        return answer.json()

    def run(self):
        self.step("the authorize page answers a code; the code buys a pair, once", self.sign_in)
        self.step("a refresh answers a new pair; the spent refresh token is refused (283)", self.refresh)
        self.step("the profile and the boards (secret ones hidden, the group board listed)", self.profile)
        self.step("an image pin goes on a board, 201", self.image_pin)
        self.step("a carousel takes 2 to 5 images; a board of someone else's is not found", self.carousel)
        self.step("a video is registered, uploaded with its fields, processed, then pinned", self.video)
        self.step("a pin without its cover, or too long, is refused", self.refusals)
        return self.steps

    def sign_in(self):
        query = {"client_id": CLIENT_ID, "redirect_uri": REDIRECT, "scope": SCOPES, "response_type": "code"}
        approved = requests.get(
            f"{self.url}/oauth/", params={**query, "state": "s"}, allow_redirects=False, timeout=10
        )
        code = parse_qs(urlsplit(approved.headers["Location"]).query)["code"][0]
        form = {"grant_type": "authorization_code", "code": code, "redirect_uri": REDIRECT}
        assert self.token(form, 401, secret="wrong")["code"] == 2
        pair = self.token({**form, "continuous_refresh": "true"})
        assert pair["access_token"].startswith("pina_") and pair["refresh_token"].startswith("pinr_"), pair
        assert pair["expires_in"] == 30 * 86_400 and pair["refresh_token_expires_in"] == 60 * 86_400, pair
        assert pair["scope"] == SCOPES, pair
        assert self.token(form, 401)["code"] == 283
        self.tokens = pair

    def refresh(self):
        form = {"grant_type": "refresh_token", "refresh_token": self.tokens["refresh_token"]}
        pair = self.token(form)
        assert pair["refresh_token"] != self.tokens["refresh_token"], pair
        assert self.token(form, 401) == {"code": 283, "message": "The authorization grant is invalid"}
        self.tokens = pair

    def profile(self):
        me = self.call("GET", "/v5/user_account")
        assert me["id"] == USER["id"] and me["username"] == USER["username"], me
        page = self.call("GET", "/v5/boards", params={"page_size": 1})
        assert page["items"][0]["id"] == BOARD_ID and page["bookmark"] == "1", page
        rest = self.call("GET", "/v5/boards", params={"page_size": 25, "bookmark": page["bookmark"]})
        assert [board["id"] for board in rest["items"]] == [GROUP_BOARD["id"]] and rest["bookmark"] is None, (
            rest
        )

    def image_pin(self):
        self.fake.fetch = lambda url: (200, "image/png", PNG)
        source = {"source_type": "image_url", "url": "https://media.example/a.png"}
        pin = self.call(
            "POST",
            "/v5/pins",
            201,
            json={"board_id": BOARD_ID, "description": "Hello", "media_source": source},
        )
        assert pin["board_id"] == BOARD_ID and pin["media"]["media_type"] == "image", pin

    def carousel(self):
        items = [{"url": f"https://media.example/{n}.png"} for n in range(2)]
        source = {"source_type": "multiple_image_urls", "items": items}
        self.call("POST", "/v5/pins", 201, json={"board_id": GROUP_BOARD["id"], "media_source": source})
        six = {"source_type": "multiple_image_urls", "items": items * 3}
        assert (
            "maxItems=5"
            in self.call("POST", "/v5/pins", 400, json={"board_id": BOARD_ID, "media_source": six})["message"]
        )
        other = self.fake.account(1)["boards"][0]["id"]
        missing = self.call("POST", "/v5/pins", 404, json={"board_id": other, "media_source": source})
        assert missing["message"] == "Board not found.", missing

    def video(self):
        registered = self.call("POST", "/v5/media", 201, json={"media_type": "video"})
        parameters = registered["upload_parameters"]
        clip = {"file": ("clip.mp4", b"\x00\x00\x00\x18ftypmp42", "video/mp4")}
        upload = requests.post(registered["upload_url"], data=parameters, files=clip, timeout=10)
        assert upload.status_code == 204, upload.text
        status = self.call("GET", f"/v5/media/{registered['media_id']}")["status"]
        while status == "processing":
            status = self.call("GET", f"/v5/media/{registered['media_id']}")["status"]
        assert status == "succeeded", status
        source = {
            "source_type": "video_id",
            "media_id": registered["media_id"],
            "cover_image_key_frame_time": 1,
        }
        pin = self.call("POST", "/v5/pins", 201, json={"board_id": BOARD_ID, "media_source": source})
        assert pin["media"]["media_type"] == "video", pin

    def refusals(self):
        registered = self.call("POST", "/v5/media", 201, json={"media_type": "video"})
        source = {"source_type": "video_id", "media_id": registered["media_id"]}
        not_ready = self.call("POST", "/v5/pins", 400, json={"board_id": BOARD_ID, "media_source": source})
        assert "registered" in not_ready["message"], not_ready
        image = {"source_type": "image_url", "url": "https://media.example/a.png"}
        long = self.call(
            "POST", "/v5/pins", 400, json={"board_id": BOARD_ID, "title": "t" * 101, "media_source": image}
        )
        assert long["message"].startswith("title"), long


def main():
    """Run the self-check on a new fake; 0 when every step held, 1 otherwise."""
    return run_self_check(FakePinterest, Walk)
