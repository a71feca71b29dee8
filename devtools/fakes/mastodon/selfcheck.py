"""The fake's self-check: `python -m devtools.fakes.mastodon --self-check` starts a fake
on a free port and walks it through what Postline does with an instance (its OAuth
metadata, an app, an authorization with PKCE, the account, the limits, an image and a
video, a status, a reply, a repeated Idempotency-Key, a status over the limit, a
revoked token, the rate limit), printing a line per step; it exits 0 when every answer
had the shape docs/platforms/mastodon.md describes. tests/connections/test_mastodon_fake.py
runs it too, so a change to the fake that breaks what it stands for fails the tests."""

import base64
import hashlib
import secrets
from urllib.parse import parse_qs, urlsplit

import requests

from devtools.fakes.base import SelfCheck, run_self_check
from devtools.fakes.mastodon.fake import ACCOUNT, FakeMastodon

REDIRECT_URI = "https://postline.example/v1/connections/mastodon/callback"
SCOPES = "profile write:statuses write:media"
# The smallest PNG: a 1x1 image.
PNG = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="
)


class Walk(SelfCheck):
    """The steps of one self-check against `fake`, each an assertion about its answer;
    `steps` the names of those that held."""

    def __init__(self, fake):
        self.fake = fake
        self.url = fake.url
        self.steps = []
        self.state = {}

    def call(self, method, path, expect=200, token=None, **kwargs):
        headers = kwargs.pop("headers", {})
        if token:
            headers["Authorization"] = f"Bearer {token}"
        answer = requests.request(
            method, self.url + path, headers=headers, timeout=10, allow_redirects=False, **kwargs
        )
        assert answer.status_code == expect, f"{method} {path}: {answer.status_code} {answer.text}"
        return answer

    def run(self):
        self.step("4.3 lists PKCE and the profile scope", self.metadata)
        self.step("an app is registered; a relative redirect URI is a 422", self.register)
        self.step(
            "an authorization with PKCE gives a token; a wrong verifier is invalid_grant", self.authorize
        )
        self.step("the token reaches its account; another scope is a 403", self.account)
        self.step("the instance says its limits", self.instance_limits)
        self.step("an image is processed at once, a video after 206s", self.media)
        self.step("a status with media, then a reply to it", self.statuses)
        self.step("an Idempotency-Key sent again answers the same status", self.idempotency)
        self.step("501 characters are a 422; a URL counts 23", self.too_long)
        self.step("a revoked token is a 401", self.revoked)
        self.step("the rate limit is a 429 with an ISO 8601 reset", self.rate_limit)
        return self.steps

    def metadata(self):
        found = self.call("GET", "/.well-known/oauth-authorization-server").json()
        assert "S256" in found["code_challenge_methods_supported"] and "profile" in found["scopes_supported"]

    def register(self):
        refused = {"client_name": "Postline", "redirect_uris": "/callback", "scopes": SCOPES}
        assert "absolute URI" in self.call("POST", "/api/v1/apps", 422, json=refused).json()["error"]
        fields = {"client_name": "Postline", "redirect_uris": REDIRECT_URI, "scopes": SCOPES}
        app = self.call("POST", "/api/v1/apps", data=fields).json()
        assert app["redirect_uris"] == [REDIRECT_URI] and app["client_secret_expires_at"] == 0, app
        self.state["app"] = app

    def authorize(self):
        app = self.state["app"]
        verifier = secrets.token_urlsafe(48)
        challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
        query = {
            "response_type": "code",
            "client_id": app["client_id"],
            "redirect_uri": REDIRECT_URI,
            "scope": SCOPES,
            "state": "s1",
            "code_challenge": challenge,
            "code_challenge_method": "S256",
        }
        codes = []
        for _ in range(2):
            location = urlsplit(self.call("GET", "/oauth/authorize", 302, params=query).headers["Location"])
            codes.append(parse_qs(location.query)["code"][0])
        form = {
            "grant_type": "authorization_code",
            "client_id": app["client_id"],
            "client_secret": app["client_secret"],
            "redirect_uri": REDIRECT_URI,
        }
        wrong = self.call(
            "POST", "/oauth/token", 400, data={**form, "code": codes[0], "code_verifier": "x" * 43}
        )
        assert wrong.json()["error"] == "invalid_grant", wrong.text
        token = self.call(
            "POST", "/oauth/token", data={**form, "code": codes[1], "code_verifier": verifier}
        ).json()
        assert token["token_type"] == "Bearer" and "expires_in" not in token and "refresh_token" not in token
        self.state["token"] = token["access_token"]

    def account(self):
        found = self.call("GET", "/api/v1/accounts/verify_credentials", token=self.state["token"]).json()
        assert found["id"] == ACCOUNT["id"] and found["username"] == ACCOUNT["username"], found
        app = self.state["app"]
        form = {
            "grant_type": "client_credentials",
            "client_id": app["client_id"],
            "client_secret": app["client_secret"],
            "scope": "write:media",
        }
        narrow = self.call("POST", "/oauth/token", data=form).json()["access_token"]
        outside = self.call("GET", "/api/v1/accounts/verify_credentials", 403, token=narrow).json()
        assert outside["error"] == "This action is outside the authorized scopes", outside

    def instance_limits(self):
        configuration = self.call("GET", "/api/v2/instance").json()["configuration"]
        assert configuration["statuses"]["max_characters"] == 500, configuration
        assert configuration["statuses"]["characters_reserved_per_url"] == 23, configuration

    def media(self):
        token = self.state["token"]
        files = {"file": ("dot.png", PNG, "image/png")}
        image = self.call(
            "POST", "/api/v2/media", token=token, files=files, data={"description": "A dot"}
        ).json()
        assert image["url"] and image["description"] == "A dot", image
        files = {"file": ("clip.mp4", b"\0\0\0\x18ftypmp42", "video/mp4")}
        video = self.call("POST", "/api/v2/media", 202, token=token, files=files).json()
        assert video["url"] is None, video
        too_early = {"status": "", "media_ids": [video["id"]]}
        refused = self.call("POST", "/api/v1/statuses", 422, token=token, json=too_early).json()
        assert "not finished processing" in refused["error"], refused
        for _ in range(self.fake.processing_checks):
            self.call("GET", f"/api/v1/media/{video['id']}", 206, token=token)
        assert self.call("GET", f"/api/v1/media/{video['id']}", token=token).json()["url"]
        self.state["media"] = [image["id"]]

    def statuses(self):
        token = self.state["token"]
        body = {
            "status": "Hello",
            "media_ids": self.state["media"],
            "visibility": "unlisted",
            "spoiler_text": "cw",
        }
        made = self.call("POST", "/api/v1/statuses", token=token, json=body).json()
        assert made["url"] == f"{self.fake.web_url}/@{ACCOUNT['username']}/{made['id']}", made
        assert made["visibility"] == "unlisted" and len(made["media_attachments"]) == 1, made
        reply = {"status": "2/", "in_reply_to_id": made["id"]}
        answered = self.call("POST", "/api/v1/statuses", token=token, data=reply).json()
        assert answered["in_reply_to_id"] == made["id"], answered
        missing = self.call(
            "POST", "/api/v1/statuses", 404, token=token, json={"status": "3/", "in_reply_to_id": "1"}
        )
        assert missing.json() == {"error": "Record not found"}, missing.text

    def idempotency(self):
        token = self.state["token"]
        headers = {"Idempotency-Key": "part-1"}
        first = self.call(
            "POST", "/api/v1/statuses", token=token, json={"status": "Once"}, headers=headers
        ).json()
        again = self.call(
            "POST", "/api/v1/statuses", token=token, json={"status": "Once"}, headers=headers
        ).json()
        assert again["id"] == first["id"], (first, again)
        assert sum(status["text"] == "Once" for status in self.fake.statuses) == 1, self.fake.statuses

    def too_long(self):
        token = self.state["token"]
        self.call(
            "POST", "/api/v1/statuses", token=token, json={"status": "https://example.com/" + "a" * 200}
        )
        refused = self.call("POST", "/api/v1/statuses", 422, token=token, json={"status": "e\u0301" * 501})
        assert refused.json()["error"] == "Validation failed: Text character limit of 500 exceeded", (
            refused.text
        )

    def revoked(self):
        app = self.state["app"]
        form = {
            "client_id": app["client_id"],
            "client_secret": app["client_secret"],
            "token": self.state["token"],
        }
        assert self.call("POST", "/oauth/revoke", data=form).json() == {}
        refused = self.call("GET", "/api/v1/accounts/verify_credentials", 401, token=self.state["token"])
        assert refused.json() == {"error": "The access token was revoked"}, refused.text

    def rate_limit(self):
        app = self.state["app"]
        form = {
            "grant_type": "client_credentials",
            "client_id": app["client_id"],
            "client_secret": app["client_secret"],
            "scope": "profile",
        }
        self.fake.rate_limit = (2, 300)
        token = self.call("POST", "/oauth/token", data=form).json()["access_token"]
        self.fake.access_tokens[token]["user"] = ACCOUNT
        for _ in range(2):
            self.call("GET", "/api/v1/accounts/verify_credentials", token=token)
        limited = self.call("GET", "/api/v1/accounts/verify_credentials", 429, token=token)
        assert limited.json() == {"error": "Too many requests"}, limited.text
        reset = limited.headers["X-RateLimit-Reset"]
        assert reset.endswith("Z") and "T" in reset and limited.headers["X-RateLimit-Remaining"] == "0", reset


def main():
    """Run the self-check on a new fake; 0 when every step held, 1 otherwise."""
    return run_self_check(FakeMastodon, Walk)
