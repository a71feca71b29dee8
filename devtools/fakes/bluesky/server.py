"""Identity and sessions as the fake answers them: handles resolved to DIDs (the
entryway's resolveHandle), DID documents (the PLC directory), app-password sign-in
(createSession, 30 a 5 minutes and 300 a day per account), rotating refresh tokens,
service tokens for the video service, and the access tokens every other call takes."""

import secrets
import time

from devtools.fakes.base import bearer, json_object
from devtools.fakes.bluesky.xrpc import did_web, make_jwt, ok, xrpc_error

APP_PASSWORD_SCOPE = "com.atproto.appPass"
FULL_SCOPE = "com.atproto.access"
# createSession per account: (calls, window in seconds).
SESSION_LIMITS = ((30, 300), (300, 86400))
SERVICE_TOKEN_MAX_SECONDS = 3600
STATE_ERRORS = {
    "takendown": ("AccountTakedown", "Account has been taken down"),
    "deactivated": ("AccountDeactivated", "Account is deactivated"),
}


class Server:
    """The identity and session side of FakeBluesky (a mixin: FakeBluesky holds the state)."""

    def resolve_handle(self, request):
        handle = request.args.get("handle", "").lower()
        did = self.handles.get(handle) or (self.account_of(handle) or {}).get("did")
        if not handle or did is None or handle.startswith("did:"):
            return xrpc_error(400, "HandleNotFound", "Unable to resolve handle")
        return ok({"did": did})

    def did_document(self, did):
        account = self.account_of(did)
        if account is None:
            return xrpc_error(404, "NotFound", f"DID not registered: {did}")
        document = {
            "@context": ["https://www.w3.org/ns/did/v1", "https://w3id.org/security/multikey/v1"],
            "id": did,
            "alsoKnownAs": [f"at://{account['handle']}"],
            "verificationMethod": [
                {
                    "id": f"{did}#atproto",
                    "type": "Multikey",
                    "controller": did,
                    "publicKeyMultibase": "zQ3shXjHeiBuRCKmM36cuYnm7YEMzhGnCmCyW92sRJ9pribSF",
                }
            ],
            "service": [
                {"id": "#atproto_pds", "type": "AtprotoPersonalDataServer", "serviceEndpoint": self.url}
            ],
        }
        document.update(self.documents.get(did, {}))
        return ok(document)

    def create_session(self, request):
        body = json_object(request)
        fields = [body.get(name) for name in ("identifier", "password")] if body else [None]
        if not all(isinstance(value, str) for value in fields):
            return xrpc_error(400, "InvalidRequest", "Input must have the properties identifier and password")
        account = self.account_of(body["identifier"])
        limited = self.count_session(account["did"] if account else body["identifier"].lower())
        if limited is not None:
            return limited
        reply = self.next_reply(self.session_replies)
        if reply == "500":
            return xrpc_error(500, "InternalServerError", "Internal Server Error")
        if reply == "429":
            return self.rate_limited(30, 300, int(time.time()) + 300)
        if account is None or body["password"] not in (account["app_password"], account["password"]):
            return xrpc_error(401, "AuthenticationRequired", "Invalid identifier or password")
        state = self.account_states.get(account["did"])
        if state is not None and not body.get("allowTakendown"):
            return xrpc_error(401, *STATE_ERRORS[state])
        scope = APP_PASSWORD_SCOPE if body["password"] == account["app_password"] else FULL_SCOPE
        with self._lock:
            self.sessions_created[account["did"]] += 1
        return ok(self.issue_session(account, scope))

    def count_session(self, key):
        """Count a createSession of the account `key`; a 429 answer past its limits, else None."""
        now = time.time()
        with self._lock:
            times = self.session_times[key]
            while times and times[0] <= now - SESSION_LIMITS[-1][1]:
                times.popleft()
            for limit, window in SESSION_LIMITS:
                recent = [at for at in times if at > now - window]
                if len(recent) >= limit:
                    return self.rate_limited(limit, window, int(recent[0] + window) + 1)
            times.append(now)
        return None

    def issue_session(self, account, scope):
        """A new session for `account`: its access and refresh tokens, and who it is."""
        now = int(time.time())
        audience = did_web(self.url)
        expires = now + self.access_ttl
        access = make_jwt(
            {"scope": scope, "sub": account["did"], "iat": now, "exp": expires, "aud": audience}
        )
        refresh = make_jwt(
            {
                "scope": "com.atproto.refresh",
                "sub": account["did"],
                "aud": audience,
                "jti": secrets.token_urlsafe(24),
                "iat": now,
                "exp": now + self.refresh_ttl,
            }
        )
        with self._lock:
            self.access_tokens[access] = {"expires_at": expires, "user": account, "scope": scope}
            self.refresh_tokens[refresh] = {
                "account": account,
                "scope": scope,
                "expires_at": now + self.refresh_ttl,
                "spent_at": None,
                "revoked": False,
            }
        return {
            "accessJwt": access,
            "refreshJwt": refresh,
            "handle": account["handle"],
            "did": account["did"],
            "email": f"{account['handle'].split('.')[0]}@example.com",
            "emailConfirmed": True,
            "active": True,
        }

    def refresh_session(self, request):
        token, refusal = self.refresh_token(request)
        if refusal is not None:
            return refusal
        reply = self.next_reply(self.refresh_replies)
        if reply == "500":
            return xrpc_error(500, "InternalServerError", "Internal Server Error")
        if reply == "expired":
            return xrpc_error(400, "ExpiredToken", "Token has expired")
        with self._lock:
            token["spent_at"] = token["spent_at"] or time.time()
        return ok(self.issue_session(token["account"], token["scope"]))

    def delete_session(self, request):
        token, refusal = self.refresh_token(request)
        if refusal is not None:
            return refusal
        with self._lock:
            token["revoked"] = True
            self.deleted_sessions.append(token["account"]["did"])
        return ok()

    def refresh_token(self, request):
        """(the live refresh token the request bears, None) or (None, the refusal). A
        rotated one keeps working `refresh_grace` seconds."""
        presented = bearer(request)
        if presented is None:
            return None, xrpc_error(401, "AuthMissing", "Authentication Required")
        token = self.refresh_tokens.get(presented)
        if token is None:
            kind = "Invalid token type" if presented in self.access_tokens else "Token could not be verified"
            return None, xrpc_error(400, "InvalidToken", kind)
        now = time.time()
        spent = token["spent_at"] is not None and token["spent_at"] + self.refresh_grace <= now
        if token["revoked"] or spent:
            return None, xrpc_error(400, "ExpiredToken", "Token has been revoked")
        if token["expires_at"] <= now:
            return None, xrpc_error(400, "ExpiredToken", "Token has expired")
        state = self.account_states.get(token["account"]["did"])
        if state is not None:
            return None, xrpc_error(400, *STATE_ERRORS[state])
        return token, None

    def access_account(self, request):
        """(the account of the live access token the request bears, None) or (None, the refusal)."""
        presented = bearer(request)
        if presented is None:
            return None, xrpc_error(401, "AuthMissing", "Authentication Required")
        token = self.access_tokens.get(presented)
        if token is None:
            kind = "Invalid token type" if presented in self.refresh_tokens else "Token could not be verified"
            return None, xrpc_error(400, "InvalidToken", kind)
        if token["expires_at"] <= time.time():
            return None, xrpc_error(400, "ExpiredToken", "Token has expired")
        state = self.account_states.get(token["user"]["did"])
        if state is not None:
            return None, xrpc_error(400, *STATE_ERRORS[state])
        return token["user"], None

    def get_session(self, request, account):
        return ok({"handle": account["handle"], "did": account["did"], "active": True})

    def service_auth(self, request, account):
        """A service token for the video service: `aud` (a DID), `lxm` (the method it is
        good for) and `exp` (Unix s, within the hour)."""
        args = request.args
        now = int(time.time())
        audience = args.get("aud", "")
        if not audience.startswith("did:"):
            return xrpc_error(400, "InvalidRequest", 'Error: Params must have the property "aud"')
        expires = int(args["exp"]) if args.get("exp", "").isdigit() else now + 60
        if expires > now + SERVICE_TOKEN_MAX_SECONDS or expires <= now:
            return xrpc_error(400, "BadExpiration", "expiration must be within the next hour")
        if expires > now + 60 and not args.get("lxm"):
            return xrpc_error(400, "BadExpiration", "an expiration over a minute away needs lxm")
        claims = {"iat": now, "iss": account["did"], "aud": audience, "exp": expires, "lxm": args.get("lxm")}
        token = make_jwt({**claims, "jti": secrets.token_urlsafe(16)})
        with self._lock:
            self.service_tokens[token] = claims
        return ok({"token": token})

    def service_claims(self, request, lxm, audience):
        """(the claims of the service token the request bears, None), or (None, the refusal):
        it must be for `lxm` and `audience`, and unexpired."""
        presented = bearer(request)
        claims = self.service_tokens.get(presented or "")
        if claims is None:
            return None, xrpc_error(401, "AuthenticationRequired", "Invalid service token")
        if claims["exp"] <= time.time():
            return None, xrpc_error(401, "AuthenticationRequired", "Service token expired")
        if claims["lxm"] != lxm or claims["aud"] != audience:
            refusal = f"Service token is not for {lxm} at {audience}"
            return None, xrpc_error(401, "AuthenticationRequired", refusal)
        return claims, None
