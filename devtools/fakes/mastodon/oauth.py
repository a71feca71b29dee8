"""A Mastodon instance's apps and OAuth as the fake answers them: the authorization
server's metadata (4.3 and later), app registration, the authorize page (PKCE S256 on
4.3 and later, the scopes a subset of the app's), the token endpoint (authorization
code and client credentials; the client in the form or in HTTP Basic), revocation,
and the Bearer tokens the API takes. Tokens never expire; they end when revoked."""

import base64
import hashlib
import secrets
import time
from urllib.parse import urlencode, urlsplit

from werkzeug.wrappers import Response

from devtools.fakes.base import FORM, JSON, answer

SCOPES = (
    "read",
    "write",
    "follow",
    "push",
    "profile",
    "read:accounts",
    "read:statuses",
    "write:accounts",
    "write:media",
    "write:statuses",
)
UNKNOWN_CLIENT = (
    "Client authentication failed due to unknown client, no client authentication included, "
    "or unsupported authentication method."
)
BAD_GRANT = (
    "The provided authorization grant is invalid, expired, revoked, does not match the redirection "
    "URI used in the authorization request, or was issued to another client."
)


def oauth_error(error, description, status=400):
    return answer({"error": error, "error_description": description}, status)


def version_at_least(version, wanted):
    return tuple(int(part) for part in version.split(".")[:2]) >= wanted


def fields_of(request):
    """A form or JSON body's fields (Mastodon takes either); None for anything else."""
    if request.mimetype == JSON:
        body = request.get_json(silent=True)
        return body if isinstance(body, dict) else None
    if request.mimetype in (FORM, "multipart/form-data"):
        return {name: values if len(values) > 1 else values[0] for name, values in request.form.lists()}
    return None


class OAuth:
    """The apps and OAuth side of FakeMastodon (a mixin: FakeMastodon holds the state)."""

    def metadata(self, request):
        if not self.takes_pkce:
            return answer({"error": "Not Found"}, 404)
        return answer(
            {
                "issuer": f"{self.url}/",
                "authorization_endpoint": f"{self.url}/oauth/authorize",
                "token_endpoint": f"{self.url}/oauth/token",
                "app_registration_endpoint": f"{self.url}/api/v1/apps",
                "revocation_endpoint": f"{self.url}/oauth/revoke",
                "scopes_supported": list(SCOPES),
                "response_types_supported": ["code"],
                "code_challenge_methods_supported": ["S256"],
                "grant_types_supported": ["authorization_code", "client_credentials"],
                "token_endpoint_auth_methods_supported": ["client_secret_basic", "client_secret_post"],
            }
        )

    @property
    def takes_pkce(self):
        return version_at_least(self.version, (4, 3))

    def register_app(self, request):
        fields = fields_of(request) or {}
        reply = self.next_reply(self.app_replies)
        if reply in ("500", "503"):
            return answer({"error": "There was a temporary problem serving your request"}, int(reply))
        uris = fields.get("redirect_uris") or fields.get("redirect_uri")
        uris = uris if isinstance(uris, list) else str(uris or "").split()
        if not fields.get("client_name"):
            return answer({"error": "Validation failed: Application name can't be blank"}, 422)
        if not uris or any(not urlsplit(uri).scheme or not urlsplit(uri).netloc for uri in uris):
            return answer({"error": "Validation failed: Redirect URI must be an absolute URI."}, 422)
        scopes = str(fields.get("scopes") or "read").split()
        if any(scope not in SCOPES for scope in scopes) or ("profile" in scopes and not self.takes_pkce):
            return answer({"error": "Validation failed: Scopes are invalid"}, 422)
        app = {
            "id": str(len(self.apps) + 1),
            "name": fields["client_name"],
            "website": fields.get("website"),
            "scopes": scopes,
            "redirect_uris": uris,
            "client_id": secrets.token_urlsafe(32),
            "client_secret": secrets.token_urlsafe(32),
            "client_secret_expires_at": 0,
        }
        with self._lock:
            self.apps[app["client_id"]] = app
        return answer({**app, "redirect_uri": "\n".join(uris)})

    def vacuum(self):
        """Forget every app and its tokens, as an instance before 4.3 vacuumed unused apps
        (the client is then unknown: `invalid_client`)."""
        with self._lock:
            self.apps.clear()
            self.access_tokens.clear()

    def authorize(self, request):
        args = request.args
        app = self.apps.get(args.get("client_id", ""))
        if app is None:
            return Response(f"invalid_client: {UNKNOWN_CLIENT}", 401)
        if args.get("response_type") != "code" or args.get("redirect_uri") not in app["redirect_uris"]:
            return Response("invalid_redirect_uri: The redirect uri included is not valid.", 400)
        scopes = (args.get("scope") or "read").split()
        challenge = args.get("code_challenge")
        if challenge and self.takes_pkce and args.get("code_challenge_method") != "S256":
            return self.redirect_error(args, "invalid_request", "The code challenge method must be S256.")
        if any(scope not in app["scopes"] for scope in scopes):
            return self.redirect_error(args, "invalid_scope", "The requested scope is invalid or unknown.")
        if self.denies(args):
            return self.redirect_error(args, "access_denied", "The resource owner denied the request.")
        code = secrets.token_urlsafe(24)
        with self._lock:
            self.codes[code] = {
                "client_id": app["client_id"],
                "redirect_uri": args["redirect_uri"],
                "scopes": scopes,
                "challenge": challenge if self.takes_pkce else None,
                "user": self.signed_in,
            }
        return self.redirect(args, {"code": code})

    def redirect_error(self, args, error, description):
        return self.redirect(args, {"error": error, "error_description": description})

    def redirect(self, args, query):
        if args.get("state"):
            query["state"] = args["state"]
        return Response(status=302, headers={"Location": f"{args['redirect_uri']}?{urlencode(query)}"})

    def client_of(self, request, fields):
        """The app the request authenticates as (client_secret_post or Basic), or None."""
        client_id, secret = fields.get("client_id"), fields.get("client_secret")
        scheme, _, credentials = request.headers.get("Authorization", "").partition(" ")
        if scheme == "Basic":
            client_id, _, secret = base64.b64decode(credentials).decode().partition(":")
        app = self.apps.get(client_id or "")
        return app if app is not None and secrets.compare_digest(app["client_secret"], secret or "") else None

    def token(self, request):
        fields = fields_of(request)
        if fields is None:
            return oauth_error("invalid_request", "The request is missing a required parameter.")
        app = self.client_of(request, fields)
        if app is None:
            return oauth_error("invalid_client", UNKNOWN_CLIENT, 401)
        reply = self.next_reply(self.token_replies)
        if reply == "500":
            return answer({"error": "There was a temporary problem serving your request"}, 500)
        if reply == "invalid_grant":
            return oauth_error("invalid_grant", BAD_GRANT)
        if fields.get("grant_type") == "client_credentials":
            scopes = (fields.get("scope") or "read").split()
            if any(scope not in app["scopes"] for scope in scopes):
                return oauth_error("invalid_scope", "The requested scope is invalid or unknown.")
            return answer(self.issue(app, None, scopes))
        if fields.get("grant_type") != "authorization_code":
            return oauth_error("unsupported_grant_type", "The authorization grant type is not supported.")
        with self._lock:
            grant = self.codes.pop(fields.get("code", ""), None)
        if grant is None or grant["client_id"] != app["client_id"]:
            return oauth_error("invalid_grant", BAD_GRANT)
        if grant["redirect_uri"] != fields.get("redirect_uri"):
            return oauth_error("invalid_grant", BAD_GRANT)
        if grant["challenge"] and not self.verifier_matches(grant["challenge"], fields.get("code_verifier")):
            return oauth_error("invalid_grant", BAD_GRANT)
        return answer(self.issue(app, grant["user"], grant["scopes"]))

    @staticmethod
    def verifier_matches(challenge, verifier):
        digest = hashlib.sha256((verifier or "").encode()).digest()
        return base64.urlsafe_b64encode(digest).rstrip(b"=").decode() == challenge

    def issue(self, app, user, scopes):
        token = secrets.token_urlsafe(32)
        with self._lock:
            self.access_tokens[token] = {
                "client_id": app["client_id"],
                "user": user,
                "scopes": list(scopes),
                "revoked": False,
                "expires_at": None,  # Mastodon's tokens do not expire
            }
        return {
            "access_token": token,
            "token_type": "Bearer",
            "scope": " ".join(scopes),
            "created_at": int(time.time()),
        }

    def revoke(self, request):
        fields = fields_of(request) or {}
        app = self.client_of(request, fields)
        if app is None:
            return oauth_error("unauthorized_client", "You are not authorized to revoke this token", 403)
        with self._lock:
            token = self.access_tokens.get(fields.get("token", ""))
            if token is not None and token["client_id"] == app["client_id"]:
                token["revoked"] = True
                self.revoked.append(fields["token"])
        return answer({})

    def token_of(self, request):
        """(the request's token, None) or (None, the 401 to answer)."""
        scheme, _, value = request.headers.get("Authorization", "").partition(" ")
        token = self.access_tokens.get(value.strip()) if scheme == "Bearer" else None
        if token is None or token["expires_at"] == 0:
            return None, answer({"error": "The access token is invalid"}, 401)
        if token["revoked"]:
            return None, answer({"error": "The access token was revoked"}, 401)
        return token, None
