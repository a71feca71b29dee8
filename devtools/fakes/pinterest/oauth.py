"""Pinterest's OAuth 2.0 as the fake answers it: the authorize page (comma-separated
scopes, no PKCE), the token endpoint (`/v5/oauth/token`: the app in HTTP Basic, the
grant in the form; a code once, within ten minutes), continuous refresh tokens (each
refresh answers a new access token of 30 days and a new refresh token of 60, and the
one presented stops working), and the Bearer tokens the API takes."""

import base64
import secrets
import time
from urllib.parse import urlencode

from werkzeug.wrappers import Response

from devtools.fakes.base import FORM, answer, bearer, scopes_of
from devtools.fakes.pinterest.errors import INVALID_GRANT, error, injected, invalid

SCOPES = (
    "ads:read",
    "boards:read",
    "boards:read_secret",
    "boards:write",
    "pins:read",
    "pins:read_secret",
    "pins:write",
    "pins:write_secret",
    "user_accounts:read",
)
ACCESS_SECONDS = 30 * 86_400
REFRESH_SECONDS = 60 * 86_400
CODE_SECONDS = 600


class OAuth:
    """The OAuth side of FakePinterest (a mixin: FakePinterest holds `codes`, the tokens and the controls)."""

    def authorize(self, request):
        args = request.args
        if any(not args.get(name) for name in ("client_id", "redirect_uri", "response_type", "scope")):
            return Response("Something went wrong: missing parameters", 400)
        if args["client_id"] != self.client_id or args["response_type"] != "code":
            return Response("Invalid client_id or response_type", 400)
        scopes = scopes_of(args["scope"], ",")
        unknown = [scope for scope in scopes if scope not in SCOPES]
        state = {"state": args["state"]} if args.get("state") else {}
        if unknown:
            query = {"error": "invalid_scope", "error_description": f"Unknown scope {unknown[0]}"}
        elif self.denies(args):
            query = {"error": "access_denied", "error_description": "The user declined"}
        else:
            code = secrets.token_urlsafe(24)
            with self._lock:
                self.codes[code] = {
                    "redirect_uri": args["redirect_uri"],
                    "scopes": scopes,
                    "user": self.signed_in,
                    "expires_at": time.time() + CODE_SECONDS,
                }
            query = {"code": code}
        return Response(
            status=302, headers={"Location": f"{args['redirect_uri']}?{urlencode({**query, **state})}"}
        )

    def token(self, request):
        if not self.app_authenticated(request):
            return error(401, 2, "Authentication failed.")
        if request.mimetype != FORM:
            return invalid("The request body must be application/x-www-form-urlencoded.")
        reply = self.next_reply(self.token_replies)
        if reply == "invalid_grant":
            return error(401, *INVALID_GRANT)
        if reply is not None:
            return injected(reply)
        form = request.form
        if form.get("grant_type") == "authorization_code":
            return self.code_grant(form)
        if form.get("grant_type") == "refresh_token":
            return self.refresh_grant(form)
        return invalid("grant_type must be authorization_code, refresh_token or client_credentials")

    def app_authenticated(self, request):
        scheme, _, encoded = request.headers.get("Authorization", "").partition(" ")
        try:
            decoded = base64.b64decode(encoded).decode()
        except ValueError:
            return False
        return scheme == "Basic" and decoded == f"{self.client_id}:{self.client_secret}"

    def code_grant(self, form):
        if form.get("continuous_refresh") not in (None, "true", "false"):
            return invalid("continuous_refresh must be true or false")
        with self._lock:
            grant = self.codes.pop(form.get("code", ""), None)
        if (
            grant is None
            or grant["expires_at"] <= time.time()
            or grant["redirect_uri"] != form.get("redirect_uri")
        ):
            return error(401, *INVALID_GRANT)
        return answer(self.issue(grant["user"], grant["scopes"], "authorization_code"))

    def refresh_grant(self, form):
        presented = form.get("refresh_token", "")
        with self._lock:
            grant = self.refresh_tokens.pop(presented, None)
            if grant is not None:
                self.spent_refresh_tokens.add(presented)
        if grant is None or grant["expires_at"] <= time.time():
            return error(401, *INVALID_GRANT)
        asked = scopes_of(form.get("scope", ""), ",") or grant["scopes"]
        if any(scope not in grant["scopes"] for scope in asked):
            return invalid("A refresh may only narrow the scopes granted")
        return answer(self.issue(grant["user"], asked, "refresh_token"))

    def issue(self, user, scopes, response_type):
        """A new access token and continuous refresh token of `user` with `scopes`."""
        access, refresh = f"pina_{secrets.token_urlsafe(40)}", f"pinr_{secrets.token_urlsafe(40)}"
        now = time.time()
        with self._lock:
            self.access_tokens[access] = {
                "user": user,
                "scopes": list(scopes),
                "expires_at": now + self.access_ttl,
            }
            self.refresh_tokens[refresh] = {
                "user": user,
                "scopes": list(scopes),
                "expires_at": now + REFRESH_SECONDS,
            }
        return {
            "access_token": access,
            "refresh_token": refresh,
            "response_type": response_type,
            "token_type": "bearer",
            "expires_in": self.access_ttl,
            "refresh_token_expires_in": REFRESH_SECONDS,
            "refresh_token_expires_at": int(now + REFRESH_SECONDS),
            "scope": ",".join(scopes),
        }

    def grant_of(self, request):
        """The grant of the live access token the request bears, or None."""
        grant = self.access_tokens.get(bearer(request) or "")
        if grant is None or grant["expires_at"] <= time.time():
            return None
        return grant
