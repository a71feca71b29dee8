"""TikTok's OAuth 2.0 as the fake answers it: the authorize page (`client_key`, the
scopes the user grants, comma-separated), the token endpoint (form-encoded, key and
secret in the form; refresh tokens rotate), revocation, and the Bearer access tokens
the API takes, each with the scopes granted."""

import secrets
import time
from urllib.parse import urlencode

from werkzeug.wrappers import Response

from devtools.fakes.base import FORM, answer, bearer, scopes_of
from devtools.fakes.tiktok.errors import token_error

SCOPES = (
    "user.info.basic",
    "user.info.profile",
    "user.info.stats",
    "video.list",
    "video.publish",
    "video.upload",
)


class OAuth:
    """The OAuth side of FakeTikTok (a mixin: FakeTikTok holds the state it reads)."""

    def authorize(self, request):
        args = request.args
        required = ("client_key", "scope", "response_type", "redirect_uri", "state")
        if any(not args.get(name) for name in required) or "client_id" in args:
            return Response("Something went wrong: missing or wrong parameters", 400)
        if args["client_key"] != self.client_key or args["response_type"] != "code":
            return Response("Something went wrong: client_key", 400)
        scopes = scopes_of(args["scope"], ",")
        unknown = [scope for scope in scopes if scope not in SCOPES]
        if unknown:
            query = {"error": "invalid_scope", "error_description": f"Unknown scope {unknown[0]}"}
        elif self.denies(args):
            query = {"error": "access_denied", "error_description": "The user denied"}
        else:
            code = secrets.token_urlsafe(24)
            self.codes[code] = {
                "redirect_uri": args["redirect_uri"],
                "scopes": scopes,
                "user": self.signed_in,
            }
            query = {"code": code, "scopes": ",".join(scopes)}
        query["state"] = args["state"]
        return Response(status=302, headers={"Location": f"{args['redirect_uri']}?{urlencode(query)}"})

    def token(self, request):
        if request.mimetype != FORM:
            return token_error("invalid_request", "Content-Type must be application/x-www-form-urlencoded.")
        form = request.form
        if form.get("client_key") != self.client_key or form.get("client_secret") != self.client_secret:
            return token_error("invalid_client", "Client key or secret is invalid.", 401)
        reply = self.next_reply(self.token_replies)
        if reply == "500":
            return token_error("internal_error", "Internal error.", 500)
        if reply == "invalid_grant":
            return token_error("invalid_grant", "Refresh token is invalid or expired.")
        if form.get("grant_type") == "authorization_code":
            grant = self.codes.pop(form.get("code", ""), None)
            if grant is None or grant["redirect_uri"] != form.get("redirect_uri"):
                return token_error("invalid_grant", "Authorization code is expired.")
            return answer(self.issue(grant["scopes"], grant["user"]))
        if form.get("grant_type") == "refresh_token":
            presented = form.get("refresh_token", "")
            with self._lock:
                grant = self.refresh_tokens.pop(presented, None)
                if grant is not None:
                    self.spent_refresh_tokens.add(presented)
            if grant is None or grant["expires_at"] <= time.time():
                return token_error("invalid_grant", "Refresh token is invalid or expired.")
            return answer(self.issue(grant["scopes"], grant["user"]))
        return token_error("unsupported_grant_type", "Unsupported grant type.")

    def issue(self, scopes, user):
        access, refresh = secrets.token_urlsafe(32), secrets.token_urlsafe(32)
        with self._lock:
            self.access_tokens[access] = {
                "expires_at": time.time() + self.access_ttl,
                "user": user,
                "scopes": list(scopes),
            }
            self.refresh_tokens[refresh] = {
                "expires_at": time.time() + self.refresh_ttl,
                "scopes": list(scopes),
                "user": user,
            }
        return {
            "open_id": user["open_id"],
            "scope": ",".join(scopes),
            "access_token": access,
            "expires_in": self.access_ttl,
            "refresh_token": refresh,
            "refresh_expires_in": self.refresh_ttl,
            "token_type": "Bearer",
        }

    def revoke(self, request):
        if request.mimetype != FORM:
            return token_error("invalid_request", "Content-Type must be application/x-www-form-urlencoded.")
        if request.form.get("client_key") != self.client_key:
            return token_error("invalid_client", "Client key or secret is invalid.", 401)
        token = request.form.get("token", "")
        with self._lock:
            if self.access_tokens.pop(token, None) is None:
                return token_error("invalid_request", "Token is invalid.")
            self.revoked.append(token)
        return answer({})

    def access_token(self, request):
        """(the access token the request bears, its grant), or None when it is not a live one."""
        token = bearer(request) or ""
        grant = self.access_tokens.get(token)
        if grant is None or grant["expires_at"] <= time.time():
            return None
        return token, grant
