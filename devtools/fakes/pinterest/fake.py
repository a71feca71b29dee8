"""FakePinterest: the fake's state, the API's routes, the profile and the boards (the
package's docstring says what it is faithful to; oauth.py and pins.py answer the rest)."""

import itertools

from devtools.fakes.base import FakeServer, answer, fetch_over_http
from devtools.fakes.pinterest.errors import error, injected
from devtools.fakes.pinterest.oauth import ACCESS_SECONDS, OAuth
from devtools.fakes.pinterest.pins import UPLOAD_PATH, Pins

CLIENT_ID = "1500123"
CLIENT_SECRET = "fake-pinterest-secret"
# A group board every fake account may pin to (its owner is account 0): a post can name
# one board whichever account publishes it (the fault drills' posts do).
GROUP_BOARD = {
    "id": "1089308447699999991",
    "name": "Postline group board",
    "description": "Every fake account pins here",
    "privacy": "PUBLIC",
}
# What each call needs of the scopes the user granted.
NEEDS = {
    "GET /v5/user_account": ("user_accounts:read",),
    "GET /v5/boards": ("boards:read",),
    "POST /v5/pins": ("boards:read", "pins:write"),
    "POST /v5/media": ("pins:write",),
    "GET /v5/media": ("pins:read",),
}


def pinterest_user(number=0):
    """A Pinterest business account with two boards of its own (one secret); number 0
    is USER, the one who approves unless told otherwise."""
    suffix = f"_{number}" if number else ""
    first_board = 1_089_308_447_600_000_001 + 10 * number
    return {
        "id": str(1_089_308_516_000_000_001 + number),
        "username": f"postlinefake{number or ''}",
        "account_type": "BUSINESS",
        "business_name": f"Postline Fake{suffix}",
        "profile_image": f"https://i.pinimg.com/75x75_RS/fa/ke/postline{number}.jpg",
        "website_url": "https://postline.example",
        "boards": (
            {
                "id": str(first_board),
                "name": "Postline ideas",
                "description": "Launch day",
                "privacy": "PUBLIC",
            },
            {"id": str(first_board + 1), "name": "Drafts", "description": None, "privacy": "SECRET"},
        ),
    }


USER = pinterest_user()
BOARD_ID = USER["boards"][0]["id"]


class FakePinterest(OAuth, Pins, FakeServer):
    """Pinterest's authorize page and API v5 on a free loopback port. Controls (plain
    attributes; lists are consumed one entry per matching request):

    - `pin_replies`: next answers of `POST /v5/pins`: a key of errors.ERRORS, or "hang"
      (makes the pin, answers after `hang_seconds`); `token_replies`: of the token
      endpoint, or "invalid_grant";
    - `deny`: the user declines at the authorize page; `delay`: seconds every answer
      waits; `access_ttl`: `expires_in` of access tokens;
    - `processing_checks`: status answers that say a video is still processing;
      `processing_result`: "succeeded" or "failed";
    - `fetch(url) -> (status, content type, bytes)`: how Pinterest fetches images (over
      HTTP; a test hands it the app's test client);
    - `sign_in(n)`: account `pinterest_user(n)` approves the next authorizations;
      `account_delays`: {user id: seconds} each API call of that account waits.

    `pins` holds each pin made (with its `media` and `user`); `received` counts the
    `POST /v5/pins` requests that reached it, by description.
    """

    PROVIDER = "pinterest"

    def __init__(self, delay=0.0, port=0, client_id=CLIENT_ID, client_secret=CLIENT_SECRET):
        self.client_id = client_id
        self.client_secret = client_secret
        self.deny = False
        self.access_ttl = ACCESS_SECONDS
        self.pin_replies = []
        self.token_replies = []
        self.hang_seconds = 2.0
        self.processing_checks = 1
        self.processing_result = "succeeded"
        self.fetch = fetch_over_http
        self.codes = {}
        self.refresh_tokens = {}
        self.spent_refresh_tokens = set()
        self.pins = []
        self.media = {}
        self._ids = itertools.count(1_089_308_516_900_000_001)
        super().__init__(delay, port)

    def settings(self):
        """The `[pinterest]` settings that point Postline here."""
        return {
            "client_id": self.client_id,
            "client_secret": self.client_secret,
            "auth_url": f"{self.url}/oauth/",
            "token_url": f"{self.url}/v5/oauth/token",
            "api_base": self.url,
            "status_interval": 1,
        }

    def account(self, number):
        """Pinterest account `pinterest_user(number)`."""
        return pinterest_user(number)

    def injected(self, name):
        return injected(name)

    def next_reply(self, replies):
        with self._lock:
            return replies.pop(0) if replies else None

    def boards_of(self, grant):
        """The boards the grant's user may pin to: their own (the secret ones only with
        `boards:read_secret`) and the group board."""
        user = grant["user"]
        own = [{**board, "owner": user["username"]} for board in user["boards"]]
        group = {**GROUP_BOARD, "owner": pinterest_user(0)["username"]}
        shown = [
            board for board in own if board["privacy"] != "SECRET" or "boards:read_secret" in grant["scopes"]
        ]
        return shown + [group]

    def board_for(self, grant, board_id):
        """The board `board_id` if the grant's user may pin to it, else None (a secret
        board needs `pins:write_secret`)."""
        user = grant["user"]
        own = [{**board, "owner": user["username"]} for board in user["boards"]]
        group = {**GROUP_BOARD, "owner": pinterest_user(0)["username"]}
        board = next((board for board in [*own, group] if board["id"] == board_id), None)
        if board is not None and board["privacy"] == "SECRET" and "pins:write_secret" not in grant["scopes"]:
            return None
        return board

    # The HTTP side ---------------------------------------------------------------

    def route(self, request):
        path, method = request.path, request.method
        if path == "/oauth/" and method == "GET":
            return self.authorize(request)
        if path == "/v5/oauth/token" and method == "POST":
            return self.token(request)
        if path == UPLOAD_PATH and method == "POST":
            return self.upload(request)
        grant = self.grant_of(request)
        if grant is None:
            return error(401, 2, "Authentication failed.")
        self.hold(grant["user"])
        media_id = path.removeprefix("/v5/media/") if path.startswith("/v5/media/") else None
        need = f"{method} /v5/media" if media_id else f"{method} {path}"
        if need not in NEEDS:
            return error(404, 0, f"{method} {path} is not an endpoint")
        missing = [scope for scope in NEEDS[need] if scope not in grant["scopes"]]
        if missing:
            return error(403, 3, f"Your app needs the scope {', '.join(missing)} for this call.")
        if media_id:
            return self.media_status(media_id, grant["user"])
        if path == "/v5/user_account":
            fields = ("account_type", "id", "username", "profile_image", "business_name", "website_url")
            return answer({name: grant["user"][name] for name in fields})
        if path == "/v5/boards":
            return self.list_boards(request, grant)
        if path == "/v5/pins":
            return self.create_pin(request, grant)
        return self.register_media(request, grant["user"])

    def list_boards(self, request, grant):
        """A page of the user's boards (`page_size`, 1 to 250; `bookmark` names the next)."""
        size = request.args.get("page_size", "25")
        if not size.isdigit() or not 1 <= int(size) <= 250:
            return error(400, 1, "page_size: must be from 1 to 250")
        boards = self.boards_of(grant)
        start = int(request.args.get("bookmark") or 0)
        page = boards[start : start + int(size)]
        following = start + int(size)
        items = [{key: board[key] for key in ("id", "name", "description", "privacy")} for board in page]
        for item, board in zip(items, page, strict=True):
            item["owner"] = {"username": board["owner"]}
        return answer({"items": items, "bookmark": str(following) if following < len(boards) else None})
