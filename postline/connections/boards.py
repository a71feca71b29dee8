"""The boards a connection may publish to, for the providers whose posts name one
(Pinterest: `platforms.pinterest.options.boardId`; docs/platforms/pinterest.md): read
from the platform when asked (`GET /v1/connections/{id}/boards`), never stored, so a
board made or removed at the platform shows at once. They are listed oldest first, in
the order of their ids (Pinterest's are numbers that grow with time), a total order in
which the API's pages by cursor hold still while boards come and go."""

from models import Connection
from postline import platforms
from postline.connections import tokens
from postline.errors import Invalid, PlatformDown

# What a test-mode (simulated) connection lists: a board of its own, any digits being
# a board id the sandbox takes.
SIMULATED_BOARD = {
    "id": "1000000000000000001",
    "name": "Sandbox board",
    "description": None,
    "privacy": "PUBLIC",
}


def listed(key, connection_id):
    """The connection's boards, each {id, name, description, privacy}, in `place` order:
    400 naming `id` for a connection of a platform without boards, or one that is
    expired or revoked; PlatformDown when the platform cannot answer now."""
    return sorted(_read(key, connection_id), key=place)


def place(board):
    """Where a board stands among the others: its id as a number (digits, compared by
    length first), JSON-able for a cursor to keep."""
    return [len(board["id"]), board["id"]]


def _read(key, connection_id):
    connection = Connection.get_visible(key, connection_id)
    adapter = platforms.provider(connection.provider)
    lister = getattr(adapter, "boards", None)
    if lister is None:
        raise Invalid.field(
            "id", f"{connection.platform} has no boards: only Pinterest connections list them"
        )
    if connection.simulated:
        return [SIMULATED_BOARD]
    try:
        call = tokens.call_for(connection.id)
        try:
            return lister(call.settings, call.access_token, call.timeout)
        except platforms.TokenRefused:
            call = tokens.refreshed_call(connection.id, call.access_token)
        return lister(call.settings, call.access_token, call.timeout)
    except tokens.ConnectionDead as dead:
        raise Invalid.field("id", dead.message) from None
    except (tokens.RefreshFailed, platforms.TokenRefused, platforms.PlatformUnavailable) as failure:
        raise PlatformDown(f"{adapter.name} cannot list the boards now: {failure.message}") from None
