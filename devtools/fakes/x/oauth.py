"""X's OAuth 2.0 as the fake answers it: the authorize page (PKCE S256 required), the
token endpoint (authorization code and rotating refresh tokens, form-encoded, the
confidential client in HTTP Basic), revocation, and the Bearer access tokens the API
takes, each with the scopes the user granted."""

import base64
import hashlib
import secrets
import time
from urllib.parse import urlencode

from werkzeug.wrappers import Response

from devtools.fakes.base import FORM, answer, bearer, scopes_of

SCOPES = ("tweet.read", "tweet.write", "users.read", "offline.access", "media.write")


def token_error(error, description, status=400):
    return answer({"error": error, "error_description": description}, status)


class OAuth:
    """The OAuth side of FakeX (a mixin: FakeX holds the state it reads)."""

    def authorize(self, request):
        args = request.args
        required = ("response_type", "client_id", "redirect_uri", "scope", "state", "code_challenge")
        if any(not args.get(name) for name in required) or args.get("code_challenge_method") != "S256":
            return Response("Something went wrong: missing or wrong parameters", 400)
        if args["client_id"] != self.client_id or args["response_type"] != "code":
            return Response("Something went wrong: unknown client", 400)
        scopes = scopes_of(args["scope"], " ")
        if any(scope not in SCOPES for scope in scopes):
            return Response(f"Something went wrong: unknown scope in {args['scope']!r}", 400)
        if self.denies(args):
            query = {"error": "access_denied", "state": args["state"]}
        else:
            code = secrets.token_urlsafe(24)
            self.codes[code] = {
                "challenge": args["code_challenge"],
                "redirect_uri": args["redirect_uri"],
                "scopes": scopes,
                "user": self.signed_in,
            }
            query = {"state": args["state"], "code": code}
        return Response(status=302, headers={"Location": f"{args['redirect_uri']}?{urlencode(query)}"})

    def token(self, request):
        if request.mimetype != FORM:
            return token_error("invalid_request", "The body must be application/x-www-form-urlencoded.")
        if not self.client_authenticated(request):
            return token_error("unauthorized_client", "Missing valid authorization header", 401)
        form = request.form
        with self._lock:
            reply = self.token_replies.pop(0) if self.token_replies else None
        if reply == "500":
            return self.problem(500, "Internal Server Error", "Something went wrong")
        if reply == "invalid_grant":
            return token_error("invalid_grant", "The grant was revoked")
        if form.get("grant_type") == "authorization_code":
            return self.exchange(form)
        if form.get("grant_type") == "refresh_token":
            presented = form.get("refresh_token", "")
            with self._lock:
                grant = self.refresh_tokens.pop(presented, None)
                if grant is not None:
                    self.spent_refresh_tokens.add(presented)
            if grant is None:
                return token_error("invalid_request", "Value passed for the token was invalid.")
            return answer(self.issue(grant["scopes"], grant["user"]))
        return token_error("unsupported_grant_type", "Unsupported grant type")

    def exchange(self, form):
        """An authorization code (and its PKCE verifier) for tokens."""
        grant = self.codes.pop(form.get("code", ""), None)
        verifier = form.get("code_verifier", "")
        challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
        matches = grant is not None and grant["redirect_uri"] == form.get("redirect_uri")
        if not matches or grant["challenge"] != challenge:
            return token_error("invalid_request", "Value passed for the authorization code was invalid.")
        return answer(self.issue(grant["scopes"], grant["user"]))

    def client_authenticated(self, request):
        if not self.client_secret:
            return request.form.get("client_id") == self.client_id
        expected = base64.b64encode(f"{self.client_id}:{self.client_secret}".encode()).decode()
        return request.headers.get("Authorization") == f"Basic {expected}"

    def issue(self, scopes, user):
        """New tokens for `user` with `scopes`; a refresh token only with offline.access."""
        access, refresh = secrets.token_urlsafe(32), secrets.token_urlsafe(32)
        refreshes = "offline.access" in scopes and self.send_refresh_tokens
        with self._lock:
            self.access_tokens[access] = {
                "expires_at": time.time() + self.access_ttl,
                "user": user,
                "scopes": list(scopes),
            }
            if refreshes:
                self.refresh_tokens[refresh] = {"user": user, "scopes": list(scopes)}
        body = {
            "token_type": "bearer",
            "expires_in": self.access_ttl,
            "access_token": access,
            "scope": " ".join(scopes),
        }
        if refreshes:
            body["refresh_token"] = refresh
        return body

    def revoke(self, request):
        if request.mimetype != FORM:
            return token_error("invalid_request", "The body must be application/x-www-form-urlencoded.")
        if not self.client_authenticated(request):
            return answer({"error": "unauthorized_client"}, 401)
        token = request.form.get("token", "")
        with self._lock:
            self.revoked.append(token)
            self.refresh_tokens.pop(token, None)
            self.access_tokens.pop(token, None)
        return answer({"revoked": True})

    def access_token(self, request):
        """The live access token the request bears (a refresh token is not one), or None."""
        token = self.access_tokens.get(bearer(request) or "")
        if token is None or token["expires_at"] <= time.time():
            return None
        return token
