"""Threads' login as the fake answers it: the authorize page (the Threads app's id,
comma-separated permissions, no PKCE; the code comes back with `#_` after it), the
code's exchange (a POST, the secret in the form) for a short-lived token (an hour),
the long-lived token (`th_exchange_token`, 60 days) and its renewal
(`th_refresh_token`: only a long-lived token at least a day old and not expired, for
60 days from then; the older token keeps working until its own end), and the tokens
the API takes (Bearer, or `access_token` in the query)."""

import secrets
import time
from urllib.parse import urlencode

from werkzeug.wrappers import Response

from devtools.fakes.base import answer, bearer, scopes_of
from devtools.fakes.meta.graph import params
from devtools.fakes.threads.errors import TOKEN_EXPIRED, error

PERMISSIONS = (
    "threads_basic",
    "threads_content_publish",
    "threads_manage_replies",
    "threads_read_replies",
    "threads_manage_insights",
)
SHORT_SECONDS = 3600
LONG_SECONDS = 5_183_944
CODE_SECONDS = 3600


class OAuth:
    """The login side of FakeThreads (a mixin: FakeThreads holds `codes`, the tokens and the controls)."""

    def authorize(self, request):
        args = request.args
        if any(not args.get(name) for name in ("client_id", "redirect_uri", "scope", "response_type")):
            return Response("Sorry, something went wrong: missing parameters", 400)
        if args["client_id"] != self.client_id or args["response_type"] != "code":
            return Response("Invalid Threads App ID (the Threads app's, not the Meta app's)", 400)
        if "code_challenge" in args:
            return Response("Threads takes no PKCE here", 400)
        scopes = scopes_of(args["scope"], ",")
        unknown = [scope for scope in scopes if scope not in PERMISSIONS]
        if unknown or "threads_basic" not in scopes:
            return Response(f"Invalid Scopes: {', '.join(unknown) or 'threads_basic is required'}", 400)
        state = {"state": args["state"]} if args.get("state") else {}
        if self.denies(args):
            query = {
                "error": "access_denied",
                "error_reason": "user_denied",
                "error_description": "Permissions error",
            }
            return Response(
                status=302, headers={"Location": f"{args['redirect_uri']}?{urlencode({**query, **state})}"}
            )
        code = secrets.token_urlsafe(24)
        with self._lock:
            self.codes[code] = {
                "redirect_uri": args["redirect_uri"],
                "scopes": scopes,
                "user": self.signed_in,
                "expires_at": time.time() + CODE_SECONDS,
            }
        location = f"{args['redirect_uri']}?{urlencode({'code': code, **state})}#_"
        return Response(status=302, headers={"Location": location})

    def exchange_code(self, request):
        form = params(request)
        if form.get("client_id") != self.client_id:
            return error(400, 101, "Error validating application. Invalid application ID.")
        if form.get("client_secret") != self.client_secret:
            return error(400, 1, "Error validating client secret.")
        if form.get("grant_type") != "authorization_code":
            return error(400, 100, "Unsupported grant_type")
        with self._lock:
            grant = self.codes.pop(form.get("code", ""), None)
        if grant is None or grant["expires_at"] <= time.time():
            return error(400, 100, "Invalid verification code format.", 36009)
        if grant["redirect_uri"] != form.get("redirect_uri"):
            return error(
                400,
                100,
                "Error validating verification code. Please make sure your redirect_uri is identical.",
            )
        token = self.issue("short", grant["user"], grant["scopes"], SHORT_SECONDS)
        return answer({"access_token": token, "user_id": int(grant["user"]["id"])})

    def long_lived(self, request):
        args = request.args
        if args.get("grant_type") != "th_exchange_token":
            return error(400, 100, "Unsupported grant_type")
        if args.get("client_secret") != self.client_secret:
            return error(400, 1, "Error validating client secret.")
        grant = self.live_token(args.get("access_token", ""))
        if isinstance(grant, Response):
            return grant
        if grant["kind"] != "short":
            return error(400, 100, "The access token is not a short-lived token")
        token = self.issue("long", grant["user"], grant["scopes"], LONG_SECONDS)
        return answer({"access_token": token, "token_type": "bearer", "expires_in": LONG_SECONDS})

    def renew(self, request):
        args = request.args
        if args.get("grant_type") != "th_refresh_token":
            return error(400, 100, "Unsupported grant_type")
        reply = self.next_reply(self.token_replies)
        if reply is not None:
            return self.injected(reply)
        grant = self.live_token(args.get("access_token", ""))
        if isinstance(grant, Response):
            return grant
        if grant["kind"] != "long":
            return error(400, 100, "Only a long-lived access token can be refreshed")
        if time.time() - grant["issued_at"] < self.min_refresh_age:
            return error(400, 10, "The access token can be refreshed only once it is 24 hours old")
        token = self.issue("long", grant["user"], grant["scopes"], LONG_SECONDS)
        return answer({"access_token": token, "token_type": "bearer", "expires_in": LONG_SECONDS})

    def issue(self, kind, user, scopes, seconds):
        """A token of `kind` ("short" or "long") of `user` with the permissions `scopes`."""
        token = f"TH{secrets.token_urlsafe(40)}"
        now = time.time()
        with self._lock:
            self.access_tokens[token] = {
                "kind": kind,
                "user": user,
                "scopes": list(scopes),
                "issued_at": now,
                "expires_at": now + seconds,
            }
        return token

    def live_token(self, token):
        """The grant of a token that still works, or Threads' refusal."""
        grant = self.access_tokens.get(token)
        if grant is None or grant.get("dead"):
            return error(400, 190, "Invalid OAuth access token - Cannot parse access token")
        if grant["expires_at"] <= time.time():
            code, subcode, message = TOKEN_EXPIRED
            return error(400, code, message, subcode)
        return grant

    def token_of(self, request):
        """The grant of the token an API call carries (Bearer, or `access_token` in the query)."""
        return self.live_token(bearer(request) or request.args.get("access_token", ""))

    def age_tokens(self, seconds):
        """Every token issued so far was issued `seconds` earlier (and ends as much earlier)."""
        with self._lock:
            for grant in self.access_tokens.values():
                grant["issued_at"] -= seconds
                grant["expires_at"] -= seconds

    def invalidate_tokens(self):
        """Every token stops working (the user removed the app, or changed their password)."""
        with self._lock:
            for grant in self.access_tokens.values():
                grant["dead"] = True
