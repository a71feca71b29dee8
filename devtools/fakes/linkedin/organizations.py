"""LinkedIn's organization pages as the fake answers them: the pages a member holds a
role on (`GET /rest/organizationAcls?q=roleAssignee`, with the `role` and `state`
filters and `start`/`count` paging), a page's name (`GET /rest/organizations/{id}`),
both with rw_organization_admin or r_organization_admin, and who a request may act
as: the member, and with w_organization_social each page on which the member is an
approved ADMINISTRATOR or CONTENT_ADMINISTRATOR."""

from devtools.fakes.base import answer
from devtools.fakes.linkedin.errors import error

ORGANIZATION = "urn:li:organization:"
ADMIN_SCOPES = ("rw_organization_admin", "r_organization_admin")
POSTING_ROLES = ("ADMINISTRATOR", "CONTENT_ADMINISTRATOR")
DEFAULT_COUNT = 10


def linkedin_organization(number):
    """Page `number`: its id, name and vanity name."""
    return {
        "id": 2_414_183 + number,
        "localizedName": f"Postline Fake Page {number}",
        "vanityName": f"postline-fake-page-{number}",
        "logoV2": {"original": f"urn:li:digitalmediaAsset:C4D0BAQFakeLogo{number}"},
    }


def default_roles():
    """What member 0 holds: an administrator of page 1, a content administrator of page
    2, an analyst of page 3 (who may not post), and a role on page 4 still requested."""
    return {
        "782bbtaQ": [
            (1, "ADMINISTRATOR", "APPROVED"),
            (2, "CONTENT_ADMINISTRATOR", "APPROVED"),
            (3, "ANALYST", "APPROVED"),
            (4, "ADMINISTRATOR", "REQUESTED"),
        ]
    }


class Organizations:
    """The pages side of FakeLinkedIn (a mixin: FakeLinkedIn holds `roles`, by member
    `sub`: [(page number, role, state)])."""

    def acls(self, request, token):
        if not any(scope in token["scopes"] for scope in ADMIN_SCOPES):
            return self.not_permitted("organizationAcls")
        if request.args.get("q") != "roleAssignee":
            return error(400, "ILLEGAL_ARGUMENT", "q must be roleAssignee or organization")
        member = token["member"]
        elements = [
            {
                "roleAssignee": f"urn:li:person:{member['sub']}",
                "role": role,
                "state": state,
                "organization": f"{ORGANIZATION}{linkedin_organization(number)['id']}",
            }
            for number, role, state in self.roles.get(member["sub"], [])
            if request.args.get("role", role) == role and request.args.get("state", state) == state
        ]
        start = int(request.args.get("start", 0))
        count = int(request.args.get("count", DEFAULT_COUNT))
        shown = elements[start : start + count]
        return answer(
            {
                "paging": {"start": start, "count": count, "total": len(elements), "links": []},
                "elements": shown,
            }
        )

    def organization(self, organization_id, token):
        if not any(scope in token["scopes"] for scope in ADMIN_SCOPES):
            return self.not_permitted("organizations")
        for roles in self.roles.values():
            for number, _, _ in roles:
                page = linkedin_organization(number)
                if str(page["id"]) == organization_id:
                    return answer(page)
        return error(404, "NOT_FOUND", f"Organization {organization_id} does not exist")

    def acting_as(self, body, token):
        """Who a /rest call acts as: the author, owner or actor its body names, when the
        member may act as it; else the member (whose URN the calls then check against)."""
        member = f"urn:li:person:{token['member']['sub']}"
        named = (
            body.get("author")
            or body.get("actor")
            or (body.get("initializeUploadRequest") or {}).get("owner")
            or (body.get("finalizeUploadRequest") or {}).get("owner")
        )
        if isinstance(named, str) and named.startswith(ORGANIZATION) and named in self.pages_of(token):
            return named
        return member

    def pages_of(self, token):
        """The organization URNs the token's member may post as."""
        if "w_organization_social" not in token["scopes"]:
            return set()
        return {
            f"{ORGANIZATION}{linkedin_organization(number)['id']}"
            for number, role, state in self.roles.get(token["member"]["sub"], [])
            if role in POSTING_ROLES and state == "APPROVED"
        }

    def not_permitted(self, resource):
        return error(403, "ACCESS_DENIED", f"Not enough permissions to access: {resource}.GET.20251001", 100)
