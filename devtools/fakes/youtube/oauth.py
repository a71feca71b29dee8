"""Google's OAuth 2.0 as the fake answers it: the consent page (PKCE S256 when a
challenge is sent; a refresh token only with `access_type=offline`, and only on the
first consent unless `prompt=consent` asks again), the token endpoint (form-encoded,
the client in the form or in HTTP Basic; refresh tokens that do not rotate),
revocation of a grant by any of its tokens, and the Bearer access tokens the API takes."""

import base64
import hashlib
import secrets
import time
from urllib.parse import urlencode

from werkzeug.wrappers import Response

from devtools.fakes.base import FORM, answer, bearer, scopes_of
from devtools.fakes.youtube.errors import token_error

SCOPE_PREFIX = "https://www.googleapis.com/auth/"
SCOPES = tuple(
    SCOPE_PREFIX + name for name in ("youtube", "youtube.upload", "youtube.readonly", "youtube.force-ssl")
)


def challenge_of(verifier):
    return base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()


class OAuth:
    """The OAuth side of FakeYouTube (a mixin: FakeYouTube holds the state it reads)."""

    def authorize(self, args):
        required = ("client_id", "redirect_uri", "response_type", "scope", "state")
        if any(not args.get(name) for name in required) or args["response_type"] != "code":
            return Response("Error 400: invalid_request (a required parameter is missing or wrong)", 400)
        if args["client_id"] != self.client_id:
            return Response("Error 401: invalid_client (The OAuth client was not found.)", 401)
        scopes = scopes_of(args["scope"], " ")
        if any(scope not in SCOPES for scope in scopes):
            return Response(
                f"Error 400: invalid_scope (Some requested scopes were invalid: {args['scope']})", 400
            )
        if args.get("code_challenge") and args.get("code_challenge_method") != "S256":
            return Response("Error 400: invalid_request (code_challenge_method must be S256)", 400)
        if self.denies(args):
            query = {"error": "access_denied", "state": args["state"]}
        else:
            code = "4/" + secrets.token_urlsafe(30)
            user = self.signed_in
            consented = (user["id"], self.client_id) in self.consents
            self.codes[code] = {
                "redirect_uri": args["redirect_uri"],
                "scopes": scopes,
                "user": user,
                "challenge": args.get("code_challenge"),
                "offline": args.get("access_type") == "offline"
                and ("consent" in args.get("prompt", "").split() or not consented),
            }
            self.consents.add((user["id"], self.client_id))
            query = {"state": args["state"], "code": code, "scope": " ".join(scopes)}
        return Response(status=302, headers={"Location": f"{args['redirect_uri']}?{urlencode(query)}"})

    def client_refused(self, request):
        """Google's answer when the request is no form naming this client, or None."""
        if request.mimetype != FORM:
            return token_error("invalid_request", "Invalid Content-Type")
        form = request.form
        client = (form.get("client_id"), form.get("client_secret"))
        if request.authorization is not None and request.authorization.type == "basic":
            client = (request.authorization.username, request.authorization.password)
        if client != (self.client_id, self.client_secret):
            return token_error("invalid_client", "Unauthorized", 401)
        return None

    def token(self, request):
        refused = self.client_refused(request)
        if refused:
            return refused
        form = request.form
        with self._lock:
            reply = self.token_replies.pop(0) if self.token_replies else None
        if reply == "500":
            return answer({"error": "internal_failure", "error_description": "Backend Error"}, 500)
        if reply == "invalid_grant":
            return token_error("invalid_grant", "Token has been expired or revoked.")
        if form.get("grant_type") == "authorization_code":
            return self.exchange(form)
        if form.get("grant_type") == "refresh_token":
            grant = self.refresh_tokens.get(form.get("refresh_token", ""))
            if grant is None:
                return token_error("invalid_grant", "Token has been expired or revoked.")
            return answer(self.issue(grant, None))
        return token_error("unsupported_grant_type", "Invalid grant_type: " + form.get("grant_type", ""))

    def exchange(self, form):
        """An authorization code (and its PKCE verifier, when a challenge came) for tokens."""
        with self._lock:
            grant = self.codes.pop(form.get("code", ""), None)
        if grant is None:
            return token_error("invalid_grant", "Malformed auth code.")
        if grant["redirect_uri"] != form.get("redirect_uri"):
            return token_error("redirect_uri_mismatch", "Bad Request")
        if grant["challenge"] and not form.get("code_verifier"):
            return token_error("invalid_grant", "Missing code verifier.")
        if grant["challenge"] and challenge_of(form["code_verifier"]) != grant["challenge"]:
            return token_error("invalid_grant", "Invalid code verifier.")
        refresh = "1//" + secrets.token_urlsafe(40) if grant["offline"] else None
        grant = {"user": grant["user"], "scopes": grant["scopes"], "number": next(self._ids)}
        return answer(self.issue(grant, refresh))

    def issue(self, grant, refresh_token):
        """An access token for `grant` (and `refresh_token`, kept for it, when given)."""
        access = "ya29." + secrets.token_urlsafe(40)
        with self._lock:
            self.access_tokens[access] = {**grant, "expires_at": time.time() + self.access_ttl}
            if refresh_token:
                self.refresh_tokens[refresh_token] = grant
        body = {
            "access_token": access,
            "expires_in": self.access_ttl,
            "scope": " ".join(grant["scopes"]),
            "token_type": "Bearer",
        }
        if refresh_token:
            body["refresh_token"] = refresh_token
        return body

    def revoke(self, request):
        token = request.form.get("token") or request.args.get("token") or ""
        with self._lock:
            grant = self.refresh_tokens.get(token) or self.access_tokens.get(token)
            if grant is None:
                return token_error("invalid_token", "Token expired or revoked")
            self.revoked.append(token)
            number = grant["number"]
            for tokens in (self.refresh_tokens, self.access_tokens):
                for key in [key for key, value in tokens.items() if value["number"] == number]:
                    del tokens[key]
        return answer({})

    def access_token(self, request):
        """The live access token the request bears, or None."""
        token = self.access_tokens.get(bearer(request) or "")
        if token is None or token["expires_at"] <= time.time():
            return None
        return token
