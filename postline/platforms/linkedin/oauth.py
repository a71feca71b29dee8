"""What connecting a LinkedIn member takes besides the OAuth flow
(postline/platforms/oauth.py): revoking a token, the member behind an access token,
and, with `[linkedin] organization_pages`, the pages (organizations) they may post as.

A page is a connection of its own on the `linkedin` platform, its account id the
organization's URN (`urn:li:organization:{id}`), sharing the member's token: posts,
uploads and comments through it are the page's (docs/platforms/linkedin.md,
Organization pages)."""

import logging
from urllib.parse import urlencode

import requests

from postline.net import transport
from postline.net.client import TRUSTED
from postline.platforms.base import PlatformUnavailable, Profile
from postline.platforms.oauth import profiles_from, revoked

log = logging.getLogger(__name__)

ORGANIZATION = "urn:li:organization:"
# The roles that may post as a page (organic posts; sponsored content posters may not).
POSTING_ROLES = ("ADMINISTRATOR", "CONTENT_ADMINISTRATOR")
ACLS_PER_PAGE = 100


def revoke(settings, token, timeout):
    """Ask LinkedIn to revoke `token` (best effort: failures are logged, not raised)."""
    return revoked(
        "linkedin",
        lambda: transport.session(TRUSTED, timeout).post(
            settings["revoke_url"],
            data={
                "client_id": settings["client_id"],
                "client_secret": settings["client_secret"],
                "token": token,
            },
        ),
    )


def profiles(settings, access_token, timeout):
    """The member behind `access_token` (OpenID Connect userinfo), authoring as
    `urn:li:person:{sub}`; then, with `[linkedin] organization_pages`, each page the
    member may post as."""

    def read(member):
        return [
            Profile(
                platform="linkedin",
                account_id=str(member["sub"]),
                display_name=member.get("name"),
                avatar_url=member.get("picture"),
            )
        ]

    session = transport.session(TRUSTED, timeout)
    authorization = {"Authorization": f"Bearer {access_token}"}
    found = profiles_from(
        "linkedin",
        "userinfo",
        lambda: session.get(f"{settings['api_base']}/v2/userinfo", headers=authorization),
        read,
    )
    if settings.get("organization_pages"):
        found += _pages(settings, session, access_token)
    return found


def is_page(account_id):
    """Whether a connection's account id is a page's (an organization URN) rather than a member's."""
    return (account_id or "").startswith(ORGANIZATION)


def _pages(settings, session, access_token):
    """The pages the member may post as (an approved ADMINISTRATOR or CONTENT_ADMINISTRATOR
    role), each a Profile. A grant without the scope to list them (connected before
    `organization_pages` was turned on) has none: connecting again asks for it."""
    headers = {
        "Authorization": f"Bearer {access_token}",
        "LinkedIn-Version": str(settings["api_version"]),
        "X-Restli-Protocol-Version": "2.0.0",
    }
    organizations, start = [], 0
    while True:
        query = urlencode({"q": "roleAssignee", "state": "APPROVED", "start": start, "count": ACLS_PER_PAGE})
        elements = _acls(session, f"{settings['api_base']}/rest/organizationAcls?{query}", headers)
        if elements is None:
            log.warning("linkedin: the grant may not list the member's pages; connect again to add them")
            return []
        organizations += [item["organization"] for item in elements if item.get("role") in POSTING_ROLES]
        if len(elements) < ACLS_PER_PAGE:
            break
        start += ACLS_PER_PAGE
    return [_page(settings, session, headers, urn) for urn in dict.fromkeys(organizations)]


def _acls(session, url, headers):
    """The role assignments at `url`, or None when the grant may not list them (403)."""
    try:
        response = session.get(url, headers=headers)
    except requests.RequestException as error:
        reason = error.message if isinstance(error, transport.SendFailed) else error
        raise PlatformUnavailable(f"linkedin: organizationAcls: {reason}") from None
    if response.status_code == 403:
        return None
    return profiles_from("linkedin", "organizationAcls", lambda: response, _elements)


def _elements(answer):
    elements = answer["elements"]
    if not isinstance(elements, list):
        raise TypeError("elements")
    return elements


def _page(settings, session, headers, urn):
    """The page `urn` as a Profile: its name and vanity name from /rest/organizations."""
    organization_id = urn.removeprefix(ORGANIZATION)

    def read(organization):
        return Profile(
            platform="linkedin",
            account_id=urn,
            username=organization.get("vanityName"),
            display_name=organization.get("localizedName"),
        )

    return profiles_from(
        "linkedin",
        f"organization {organization_id}",
        lambda: session.get(f"{settings['api_base']}/rest/organizations/{organization_id}", headers=headers),
        read,
    )
