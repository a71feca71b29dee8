"""Signed-in browsers of the web console, and who they act as.

The cookie holds a random token; the database keeps only its keyed hash, so a copy of
the database signs no one in. Each session has its own CSRF token and the mode (live
or test) its user is looking at. A session acts as a `Principal`: what the domain
functions read of an API key (account, mode, permissions), with every permission.
"""

import secrets
from dataclasses import dataclass

from models import LIVE, MODES, ConsoleSession
from postline import clock
from postline.accounts.keys import PERMISSIONS
from postline.keyring import keyring


@dataclass(frozen=True)
class Principal:
    """A console user acting in one mode, in the place of an API key."""

    id: str
    account_id: str
    account: object
    mode: str
    name: str
    permissions: tuple = PERMISSIONS


def start(user, settings):
    """A new session for `user`, in live mode; returns (session, cookie token)."""
    token = secrets.token_urlsafe(32)
    session = ConsoleSession.create(
        id=keyring.keyed_hash(token),
        user=user,
        mode=LIVE,
        csrf_token=secrets.token_urlsafe(32),
        expires_at=clock.now_ms() + settings["session_hours"] * 3_600_000,
    )
    return session, token


def find(token):
    """The live session whose cookie token this is, or None."""
    if not token:
        return None
    return ConsoleSession.live(keyring.keyed_hash(token), clock.now_ms())


def end(session):
    """Sign the session's browser out: its cookie no longer works anywhere."""
    ConsoleSession.delete().where(ConsoleSession.id == session.id).execute()


def end_all(user, keep=None):
    """Sign every browser of `user` out (but the session `keep`, if given)."""
    query = ConsoleSession.delete().where(ConsoleSession.user == user.id)
    if keep is not None:
        query = query.where(ConsoleSession.id != keep.id)
    return query.execute()


def switch_mode(session, mode):
    """Look at the account's live or test resources from now on."""
    if mode not in MODES:
        raise ValueError(f"unknown mode {mode!r}")
    session.mode = mode
    session.save()


def principal(session, mode=None):
    """Who the session acts as, in its own mode or in `mode`."""
    user = session.user
    return Principal(
        id=user.id,
        account_id=user.account_id,
        account=user.account,
        mode=mode or session.mode,
        name=user.email,
    )
