"""Connections: platform accounts users connect by OAuth, their encrypted tokens, and
the channels they publish to (docs/api-notes.md: Connections).

- `authorization`: starting an OAuth run and finishing it at the callback;
- `tokens`: encryption, fresh access tokens, refreshes serialised by a claim;
- `records`: channels, verification, deletion, and the contract's checks at post time.

`configure(settings)` is called once per process (postline/process.py).
"""

from postline.connections.settings import configure, provider_settings, redirect_uri

__all__ = ["configure", "provider_settings", "redirect_uri"]
