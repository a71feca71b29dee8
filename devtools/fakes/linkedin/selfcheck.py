"""The fake's self-check: `python -m devtools.fakes.linkedin --self-check` starts a fake
on a free port and walks it through what Postline does with LinkedIn (authorize with
the organization scopes, the code, the member's userinfo, the headers every /rest call
needs, a post and a duplicate, an image, the member's roles on pages, posting as a
page and commenting as it, the pages the member may not post as, a revoked token),
printing a line per step; it exits 0 when every answer had the shape
docs/platforms/linkedin.md describes. tests/connections/test_linkedin_fake.py runs it
too, so a change to the fake that breaks what it stands for fails the tests."""

from urllib.parse import parse_qs, quote, urlsplit

import requests

from devtools.fakes.base import SelfCheck, run_self_check
from devtools.fakes.linkedin.fake import API_VERSION, AUTHOR, CLIENT_ID, CLIENT_SECRET, MEMBER, FakeLinkedIn
from devtools.fakes.linkedin.organizations import ORGANIZATION, linkedin_organization

REDIRECT_URI = "https://postline.example/v1/connections/linkedin/callback"
MEMBER_SCOPES = "openid profile w_member_social"
# What Postline asks for with [linkedin] organization_pages on.
PAGE_SCOPES = f"{MEMBER_SCOPES} w_organization_social rw_organization_admin"
REST = {"LinkedIn-Version": API_VERSION, "X-Restli-Protocol-Version": "2.0.0"}
DISTRIBUTION = {"feedDistribution": "MAIN_FEED", "targetEntities": [], "thirdPartyDistributionChannels": []}
PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 64


def page_urn(number):
    return f"{ORGANIZATION}{linkedin_organization(number)['id']}"


def post_body(author, text, visibility="PUBLIC", **fields):
    return {
        "author": author,
        "commentary": text,
        "visibility": visibility,
        "distribution": DISTRIBUTION,
        "lifecycleState": "PUBLISHED",
        **fields,
    }


class Walk(SelfCheck):
    """The steps of one self-check against `fake`, each an assertion about its answer;
    `steps` the names of those that held."""

    def __init__(self, fake):
        self.fake = fake
        self.url = fake.url
        self.steps = []
        self.codes = {}
        self.tokens = {}

    def call(self, method, path, expect=200, token="pages", headers=REST, **kwargs):
        """A call with the access token named `token` (None: no token) and `headers`."""
        sent = dict(headers)
        if token:
            sent["Authorization"] = f"Bearer {self.tokens[token]}"
        answer = requests.request(
            method, self.url + path, headers=sent, timeout=10, allow_redirects=False, **kwargs
        )
        assert answer.status_code == expect, f"{method} {path}: {answer.status_code} {answer.text}"
        return answer

    def run(self):
        self.step("the authorize page answers a code; an unknown scope is refused", self.authorize)
        self.step("a code buys one token, with the app's secret; no refresh token", self.exchange)
        self.step("userinfo answers the member", self.userinfo)
        self.step("/rest calls need the Rest.li protocol and an active version", self.rest_headers)
        self.step("a member's post is 201 with its URN; the same text again a duplicate", self.member_post)
        self.step("an image is initialized, uploaded, then named by a post", self.image_post)
        self.step("the member's roles on pages, paged and filtered, and a page's name", self.roles)
        self.step("an administered page posts (PUBLIC only), uploads and comments", self.page_post)
        self.step("no page the member may not post as, nor without the scopes", self.refused_pages)
        self.step("a revoked token is a 401", self.revoked)
        return self.steps

    def code(self, scope):
        query = {
            "response_type": "code",
            "client_id": CLIENT_ID,
            "redirect_uri": REDIRECT_URI,
            "state": "s1",
            "scope": scope,
        }
        answer = self.call("GET", "/oauth/v2/authorization", 302, token=None, headers={}, params=query)
        return parse_qs(urlsplit(answer.headers["Location"]).query)

    def authorize(self):
        unknown = self.code(f"{MEMBER_SCOPES} r_liteprofile_everything")
        assert unknown["error"] == ["unauthorized_scope_error"] and "code" not in unknown, unknown
        self.codes = {
            "pages": self.code(PAGE_SCOPES)["code"][0],
            "member": self.code(MEMBER_SCOPES)["code"][0],
        }

    def token(self, code, expect=200, secret=CLIENT_SECRET):
        form = {
            "grant_type": "authorization_code",
            "code": code,
            "redirect_uri": REDIRECT_URI,
            "client_id": CLIENT_ID,
            "client_secret": secret,
        }
        answer = self.call("POST", "/oauth/v2/accessToken", expect, token=None, headers={}, data=form)
        return answer.json()

    def exchange(self):
        assert self.token(self.codes["pages"], 401, secret="wrong")["error"] == "invalid_client"
        for name, code in self.codes.items():
            granted = self.token(code)
            assert granted["expires_in"] == 5_184_000 and "refresh_token" not in granted, granted
            self.tokens[name] = granted["access_token"]
        assert self.token(self.codes["pages"], 400)["error"] == "invalid_request"  # spent

    def userinfo(self):
        member = self.call("GET", "/v2/userinfo", headers={}).json()
        assert member["sub"] == MEMBER["sub"] and member["name"] == MEMBER["name"], member

    def rest_headers(self):
        path = "/rest/posts"
        body = post_body(AUTHOR, "Headers")
        missing = self.call("POST", path, 400, headers={"LinkedIn-Version": API_VERSION}, json=body).json()
        assert missing["code"] == "ILLEGAL_ARGUMENT", missing
        unversioned = {"X-Restli-Protocol-Version": "2.0.0"}
        assert (
            self.call("POST", path, 400, headers=unversioned, json=body).json()["code"] == "VERSION_MISSING"
        )
        self.fake.retired_versions = {"202401"}
        retired = {**REST, "LinkedIn-Version": "202401"}
        assert (
            self.call("POST", path, 426, headers=retired, json=body).json()["code"] == "NONEXISTENT_VERSION"
        )

    def member_post(self):
        made = self.call("POST", "/rest/posts", 201, json=post_body(AUTHOR, "Hello from the self-check"))
        assert made.headers["x-restli-id"].startswith("urn:li:share:"), made.headers
        again = self.call("POST", "/rest/posts", 422, json=post_body(AUTHOR, "Hello from the self-check"))
        assert again.json()["code"] == "DUPLICATE_POST", again.text

    def upload_image(self, owner):
        """An image initialized for `owner` and uploaded; its URN."""
        started = {"initializeUploadRequest": {"owner": owner}}
        value = self.call("POST", "/rest/images?action=initializeUpload", json=started).json()["value"]
        assert value["image"].startswith("urn:li:image:"), value
        put = requests.put(
            value["uploadUrl"],
            data=PNG,
            headers={"Authorization": f"Bearer {self.tokens['pages']}"},
            timeout=10,
        )
        assert put.status_code == 201, put.text
        return value["image"]

    def image_post(self):
        image = self.upload_image(AUTHOR)
        body = post_body(AUTHOR, "With an image", content={"media": {"id": image}})
        self.call("POST", "/rest/posts", 201, json=body)
        missing = post_body(AUTHOR, "Not uploaded", content={"media": {"id": "urn:li:image:D4D10AQnothing"}})
        assert "not uploaded" in self.call("POST", "/rest/posts", 422, json=missing).json()["message"]

    def roles(self):
        first = self.call("GET", "/rest/organizationAcls?q=roleAssignee&count=2").json()
        assert first["paging"]["total"] == 4 and len(first["elements"]) == 2, first
        rest = self.call("GET", "/rest/organizationAcls?q=roleAssignee&start=2&count=2").json()
        seen = [item["organization"] for item in first["elements"] + rest["elements"]]
        assert seen == [page_urn(number) for number in (1, 2, 3, 4)], seen
        query = "q=roleAssignee&role=ADMINISTRATOR&state=APPROVED"
        approved = self.call("GET", f"/rest/organizationAcls?{query}").json()["elements"]
        assert [item["organization"] for item in approved] == [page_urn(1)], approved
        page = self.call("GET", f"/rest/organizations/{linkedin_organization(1)['id']}").json()
        assert page["localizedName"] == linkedin_organization(1)["localizedName"], page

    def page_post(self):
        for number in (1, 2):  # an administrator's page, a content administrator's
            image = self.upload_image(page_urn(number))
            body = post_body(page_urn(number), f"As page {number}", content={"media": {"id": image}})
            urn = self.call("POST", "/rest/posts", 201, json=body).headers["x-restli-id"]
        private = self.call("POST", "/rest/posts", 422, json=post_body(page_urn(1), "Few", "CONNECTIONS"))
        assert private.json()["code"] == "UNPROCESSABLE_ENTITY", private.text
        comment = {"actor": page_urn(2), "object": urn, "message": {"text": "First!"}}
        made = self.call("POST", f"/rest/socialActions/{quote(urn, safe='')}/comments", 201, json=comment)
        assert made.headers["x-restli-id"] == f"urn:li:comment:({urn},{made.json()['id']})", made.headers

    def refused_pages(self):
        for number in (3, 4):  # an analyst's page, a role still requested
            refused = self.call(
                "POST", "/rest/posts", 403, json=post_body(page_urn(number), f"Page {number}")
            )
            assert refused.json()["code"] == "ACCESS_DENIED", refused.text
        member_only = self.call("GET", "/rest/organizationAcls?q=roleAssignee", 403, token="member").json()
        assert member_only["code"] == "ACCESS_DENIED", member_only
        as_page = post_body(page_urn(1), "Without the scope")
        assert (
            self.call("POST", "/rest/posts", 403, token="member", json=as_page).json()["code"]
            == "ACCESS_DENIED"
        )

    def revoked(self):
        form = {"client_id": CLIENT_ID, "client_secret": CLIENT_SECRET, "token": self.tokens["member"]}
        self.call("POST", "/oauth/v2/revoke", token=None, headers={}, data=form)
        refused = self.call("GET", "/v2/userinfo", 401, token="member", headers={}).json()
        assert refused["serviceErrorCode"] == 65600, refused


def main():
    """Run the self-check on a new fake; 0 when every step held, 1 otherwise."""
    return run_self_check(FakeLinkedIn, Walk)
