"""The platform fakes the fault drills publish through, as one list, and connecting
their accounts to channels through the API.

A drill asks of each fake in PLATFORM_FAKES, besides its server on 127.0.0.1:
- `PROVIDER`: its `{provider}` in /v1/connections/{provider}/...;
- `settings()`: its `[provider]` settings, which a worker process takes as
  POSTLINE_<PROVIDER>_<KEY> variables;
- `sign_in(number)`: the platform account number `number` approves the next
  authorizations; returns that account's id at the platform;
- `account_delays`: {account id: seconds} each API call of that account waits before
  its answer (a slow account, or one that hangs);
- `received`: a Counter of the posts it was sent, by their text;
- `close()`.
"""

import contextlib

from tests.connections.conftest import authorize
from tests.support.fake_x import FakeX

PLATFORM_FAKES = [FakeX]


@contextlib.contextmanager
def started(fake_classes=PLATFORM_FAKES):
    """One running fake of each class, closed afterwards."""
    fakes = []
    try:
        for fake_class in fake_classes:
            fakes.append(fake_class())
        yield fakes
    finally:
        for fake in fakes:
            fake.close()


def worker_env(fakes):
    """The environment variables that point a worker process at the fakes."""
    return {
        f"POSTLINE_{fake.PROVIDER.upper()}_{name.upper()}": value
        for fake in fakes
        for name, value in fake.settings().items()
    }


def connect_account(api, fake, channel_id):
    """Connect the account signed in at `fake` to the channel by a whole OAuth run
    through the API; returns the connection's id."""
    answer = api.client.get(authorize(api, fake.PROVIDER, channelId=channel_id))
    assert answer.status_code == 200, answer.get_data(as_text=True)
    channel = api.get(f"/v1/channels/{channel_id}").get_json()["data"]
    [connection_id] = channel["connectionIds"]
    return connection_id
