"""LinkedIn's OAuth 2.0 as the fake answers it: the authorization page (the scopes the
member grants, space- or comma-separated), the access token endpoint (form-encoded,
the client secret in the form; refresh tokens for partner apps only, their life
counted from the first grant), revocation, and the Bearer access tokens the API takes."""

import secrets
import time
from urllib.parse import urlencode

from werkzeug.wrappers import Response

from devtools.fakes.base import FORM, answer, bearer, scopes_of
from devtools.fakes.linkedin.errors import error, scripted, token_error

SCOPES = (
    "openid",
    "profile",
    "email",
    "w_member_social",
    "w_organization_social",
    "r_organization_social",
    "rw_organization_admin",
    "r_organization_admin",
)


class OAuth:
    """The OAuth side of FakeLinkedIn (a mixin: FakeLinkedIn holds the state it reads)."""

    def authorize(self, args):
        required = ("response_type", "client_id", "redirect_uri", "state", "scope")
        if any(not args.get(name) for name in required) or args["response_type"] != "code":
            return Response("Bummer, something went wrong: missing or wrong parameters", 400)
        if args["client_id"] != self.client_id:
            return Response("Bummer, something went wrong: the client id is unknown", 400)
        scopes = scopes_of(args["scope"])
        unknown = [scope for scope in scopes if scope not in SCOPES]
        if unknown:
            query = {
                "error": "unauthorized_scope_error",
                "error_description": f'Scope "{unknown[0]}" is not authorized for your application',
                "state": args["state"],
            }
        elif self.denies(args):
            query = {
                "error": "user_cancelled_authorize",
                "error_description": "The user cancelled",
                "state": args["state"],
            }
        else:
            code = secrets.token_urlsafe(24)
            self.codes[code] = {
                "redirect_uri": args["redirect_uri"],
                "scopes": scopes,
                "member": self.signed_in,
            }
            query = {"code": code, "state": args["state"]}
        return Response(status=302, headers={"Location": f"{args['redirect_uri']}?{urlencode(query)}"})

    def client_refused(self, request):
        """LinkedIn's answer when the request is not a form naming this client, or None."""
        if request.mimetype != FORM:
            return token_error("invalid_request", "The body must be application/x-www-form-urlencoded")
        form = request.form
        if form.get("client_id") != self.client_id or form.get("client_secret") != self.client_secret:
            return token_error("invalid_client", "Client authentication failed", 401)
        return None

    def token(self, request):
        refused = self.client_refused(request)
        if refused:
            return refused
        form = request.form
        with self._lock:
            reply = self.token_replies.pop(0) if self.token_replies else None
        if reply == "500":
            return error(500, "INTERNAL_SERVER_ERROR", "Internal Server Error")
        if reply == "invalid_grant":
            return token_error("invalid_grant", "The provided authorization grant is invalid")
        if form.get("grant_type") == "authorization_code":
            grant = self.codes.pop(form.get("code", ""), None)
            if grant is None or grant["redirect_uri"] != form.get("redirect_uri"):
                return token_error(
                    "invalid_request",
                    "Unable to retrieve access token: appid/redirect uri/code verifier does not match "
                    "authorization code",
                )
            return answer(self.issue(grant["member"], grant["scopes"], time.time() + self.refresh_ttl))
        if form.get("grant_type") == "refresh_token":
            refresh = self.refresh_tokens.get(form.get("refresh_token", ""))
            if refresh is None or refresh["expires_at"] <= time.time():
                return token_error("invalid_grant", "The provided refresh token is invalid")
            return answer(
                self.issue(refresh["member"], refresh["scopes"], refresh["expires_at"], form["refresh_token"])
            )
        return token_error("unsupported_grant_type", "Unsupported grant type")

    def issue(self, member, scopes, refresh_expires_at, refresh_token=None):
        access = secrets.token_urlsafe(32)
        body = {"access_token": access, "expires_in": self.access_ttl, "scope": ",".join(scopes)}
        with self._lock:
            self.access_tokens[access] = {
                "expires_at": time.time() + self.access_ttl,
                "member": member,
                "scopes": list(scopes),
            }
            if self.partner:
                refresh_token = refresh_token or secrets.token_urlsafe(32)
                self.refresh_tokens[refresh_token] = {
                    "expires_at": refresh_expires_at,
                    "member": member,
                    "scopes": list(scopes),
                }
                body["refresh_token"] = refresh_token
                body["refresh_token_expires_in"] = int(refresh_expires_at - time.time())
        return body

    def revoke(self, request):
        refused = self.client_refused(request)
        if refused:
            return refused
        with self._lock:
            self.revoked.append(request.form.get("token", ""))
            self.access_tokens.pop(request.form.get("token", ""), None)
        return Response(status=200)

    def access_token(self, request):
        """The live access token the request bears, or LinkedIn's 401."""
        token = self.access_tokens.get(bearer(request) or "")
        if token is None or token["expires_at"] <= time.time():
            return scripted("401")
        return token
