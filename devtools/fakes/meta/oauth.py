"""Meta's login as the fake answers it: the OAuth dialog (the permissions the user
grants, comma-separated; no PKCE), the code and `fb_exchange_token` exchanges (a GET
with the app's secret in the query), the tokens by kind (short-lived user, long-lived
user, Page), and `/me` with its `accounts` edge (the user's Pages, each with a Page
token)."""

import secrets
from urllib.parse import urlencode

from werkzeug.wrappers import Response

from devtools.fakes.base import answer, bearer, scopes_of
from devtools.fakes.meta.errors import error
from devtools.fakes.meta.graph import KNOWN_PERMISSIONS, fields, lacking, node_answer, shaped

CLIENT_ID = "fake-meta-app"
CLIENT_SECRET = "fake-meta-secret"
USER_DEFAULT_FIELDS = ("name",)
PAGE_DEFAULT_FIELDS = ("name",)
ACCOUNTS_DEFAULT_FIELDS = ("name", "access_token", "category", "tasks")


class OAuth:
    """The login side of FakeMeta (a mixin: FakeMeta holds `tokens`, `codes`, `deny`)."""

    def dialog(self, request):
        args = request.args
        if any(not args.get(name) for name in ("client_id", "redirect_uri", "state", "scope")):
            return Response("Sorry, something went wrong: missing parameters", 400)
        if args["client_id"] != CLIENT_ID or args.get("response_type") != "code":
            return Response("Invalid App ID", 400)
        if "code_challenge" in args:
            return Response("Meta takes no PKCE here", 400)
        scopes = scopes_of(args["scope"], ",")
        unknown = [scope for scope in scopes if scope not in KNOWN_PERMISSIONS]
        if unknown:
            return Response(f"Invalid Scopes: {', '.join(unknown)}", 400)
        if self.denies(args):
            query = {
                "error": "access_denied",
                "error_reason": "user_denied",
                "error_description": "Permissions error",
                "state": args["state"],
            }
        else:
            code = secrets.token_urlsafe(24)
            self.codes[code] = {
                "redirect_uri": args["redirect_uri"],
                "scopes": scopes,
                "user": self.signed_in,
            }
            query = {"code": code, "state": args["state"]}
        return Response(status=302, headers={"Location": f"{args['redirect_uri']}?{urlencode(query)}"})

    def access_token(self, request):
        args = request.args
        if args.get("client_id") != CLIENT_ID or args.get("client_secret") != CLIENT_SECRET:
            return error(400, 1, "Error validating client secret.")
        if args.get("grant_type") == "fb_exchange_token":
            short = self.tokens.get(args.get("fb_exchange_token", ""))
            if short is None or short["kind"] != "short":
                return error(400, 190, "Invalid OAuth access token.")
            return answer(self.issue("user", 5_183_944, user=short["user"], scopes=short["scopes"]))
        grant = self.codes.pop(args.get("code", ""), None)
        if grant is None or grant["redirect_uri"] != args.get("redirect_uri"):
            return error(400, 100, "This authorization code has been used.", 36009)
        return answer(self.issue("short", 5_400, user=grant["user"], scopes=grant["scopes"]))

    def issue(self, kind, expires_in=None, page=None, user=None, scopes=KNOWN_PERMISSIONS):
        """A token of `kind` ("short", "user" or "page", for `page`) of `user` (the one
        who approves by default) with the permissions `scopes`."""
        token = secrets.token_urlsafe(32)
        with self._lock:
            self.tokens[token] = {
                "kind": kind,
                "page": page,
                "user": user or self.account(0),
                "scopes": list(scopes),
            }
        body = {"access_token": token, "token_type": "bearer"}
        if expires_in:
            body["expires_in"] = expires_in
        return body

    def bearer(self, request):
        """The token the request carries (Bearer header, or `access_token` in the query)."""
        return self.tokens.get(bearer(request) or request.args.get("access_token", ""))

    def page_of(self, token):
        """The Page a Page token acts for."""
        return next(page for page in token["user"]["pages"] if page["id"] == token["page"])

    def me(self, request, token, edge):
        user = token["user"]
        if token["kind"] == "page":
            if edge is not None:
                return error(
                    400, 100, f"(#100) Tried accessing nonexisting field ({edge}) on node type (Page)"
                )
            node = self.page_node(self.page_of(token), bearer(request))
            return node_answer(request, "Page", node, PAGE_DEFAULT_FIELDS)
        if edge is None:
            return node_answer(request, "User", {"id": user["id"], "name": user["name"]}, USER_DEFAULT_FIELDS)
        if edge != "accounts" or token["kind"] != "user":
            return error(400, 100, "(#100) Unknown path components")
        refused = lacking(token, "accounts")
        if refused:
            return refused
        nodes = [
            self.page_node(
                page, self.issue("page", page=page["id"], user=user, scopes=token["scopes"])["access_token"]
            )
            for page in user["pages"]
        ]
        names, refused = fields(request, "Page", nodes[0], ACCOUNTS_DEFAULT_FIELDS)
        if refused:
            return refused
        data = [shaped(node, names) for node in nodes]
        return answer({"data": data, "paging": {"cursors": {"before": "QVFI", "after": "QVFI"}}})

    def page_node(self, page, token):
        """Every field of a Page node the fake knows, `token` its Page token."""
        linked = {"id": page["instagram"]} if page["instagram"] else None
        return {
            "id": page["id"],
            "name": page["name"],
            "category": "Cafe",
            "tasks": ["ADVERTISE", "ANALYZE", "CREATE_CONTENT", "MANAGE", "MODERATE"],
            "access_token": token,
            "picture": {"data": {"url": f"https://scontent.xx.fbcdn.net/{page['id']}.jpg"}},
            "instagram_business_account": linked,
        }
