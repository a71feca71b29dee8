"""People who sign in to the web console (docs/console.md).

A user belongs to one account and may do anything its API keys may. Passwords are
kept as Argon2id hashes (argon2-cffi); after `[console] max_failed_sign_ins` wrong
passwords in a row a user is locked out for `lockout_minutes`, whatever is typed.

A refused sign-in says the same words, after the same work (one password hash), for
an unknown email, a wrong password and a locked-out user: neither the answer nor its
time tells who has a user. A new password ends the user's other sessions.
"""

import re
import zoneinfo

import argon2
from argon2.exceptions import InvalidHashError, VerificationError

from models import ConsoleUser
from postline import clock, ids
from postline.accounts import sessions
from postline.errors import Invalid, Unauthenticated

MIN_PASSWORD = 10
MAX_PASSWORD = 1024
EMAIL = re.compile(r"[^@\s]{1,64}@[^@\s]+\.[^@\s]+")

hasher = argon2.PasswordHasher()
# Checked against when no user has the email, so a wrong email costs what a wrong
# password does and the timing tells nothing: the hash of "no user has this password"
# with `hasher`'s parameters, written out rather than made at import (hashing it cost
# every process 0.1 s of its start; tests/console/test_sign_in.py checks it).
NOBODY = "$argon2id$v=19$m=65536,t=3,p=4$sOTSQbwszanyFOKNSbpzVg$vtYa4eBW3PFDfWfhjz2oZ30L2yW/cHQzOc3OqSrqjzo"


def normal_email(email):
    return email.strip().lower()


def check_password(password):
    """Invalid unless `password` is 10 to 1,024 characters."""
    if not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        raise Invalid.field("password", f"must be {MIN_PASSWORD} to {MAX_PASSWORD} characters")


def create(account_id, email, password):
    """A new user of the account; Invalid for a malformed or taken email or a short password."""
    email = normal_email(email)
    if len(email) > 254 or not EMAIL.fullmatch(email):
        raise Invalid.field("email", "is not an email address")
    if ConsoleUser.select().where(ConsoleUser.email == email).exists():
        raise Invalid.field("email", "already has a user")
    check_password(password)
    return ConsoleUser.create(
        id=ids.new_id("user"), account=account_id, email=email, password_hash=hasher.hash(password)
    )


def set_password(email, password):
    """Replace the password of the user with `email` (and lift a lockout); every session
    of the user ends (a reset: whoever had the old password is signed out)."""
    check_password(password)
    user = ConsoleUser.get_or_none(ConsoleUser.email == normal_email(email))
    if user is None:
        raise Invalid.field("email", "has no user")
    _store_password(user, password)
    sessions.end_all(user)


def change_password(session, current, new, settings):
    """The signed-in user of `session` replaces their password, knowing the current one
    (Invalid otherwise, counted as a failed sign-in); their other sessions end."""
    user = session.user
    if not _verified(user, current, settings, clock.now_ms()):
        raise Invalid.field("currentPassword", "is not your password")
    if new == current:
        raise Invalid.field("newPassword", "must differ from the current password")
    try:
        check_password(new)
    except Invalid:
        raise Invalid.field("newPassword", f"must be {MIN_PASSWORD} to {MAX_PASSWORD} characters") from None
    _store_password(user, new)
    sessions.end_all(user, keep=session)


def _store_password(user, password):
    ConsoleUser.update(
        password_hash=hasher.hash(password), failed_sign_ins=0, locked_until=None, updated_at=clock.now_ms()
    ).where(ConsoleUser.id == user.id).execute()


def sign_in(email, password, settings):
    """The user whose email and password these are, or Unauthenticated (WRONG_PASSWORD,
    whatever the reason: see the module's docstring)."""
    now = clock.now_ms()
    user = ConsoleUser.get_or_none(ConsoleUser.email == normal_email(email))
    if user is None:
        _matches(NOBODY, password)  # the same work as for a user
        raise refusal(settings)
    if not _verified(user, password, settings, now):
        raise refusal(settings)
    if hasher.check_needs_rehash(user.password_hash):
        user.password_hash = hasher.hash(password)
    user.failed_sign_ins, user.locked_until, user.last_sign_in_at = 0, None, now
    user.save()
    return user


def refusal(settings):
    """The one answer to a sign-in that did not work, whatever the reason."""
    return Unauthenticated(
        f"Wrong email or password. After {settings['max_failed_sign_ins']} wrong passwords in a row, "
        f"signing in pauses for {settings['lockout_minutes']} minutes.",
        code="WRONG_PASSWORD",
    )


def _verified(user, password, settings, now):
    """Whether `password` is the user's and the user is not locked out; the hash is
    checked either way, and a wrong password is counted."""
    matches = _matches(user.password_hash, password)
    if user.locked_until is not None and user.locked_until > now:
        return False
    if not matches:
        _count_failure(user, settings, now)
    return matches


def _matches(password_hash, password):
    try:
        return hasher.verify(password_hash, password)
    except (VerificationError, InvalidHashError):
        return False


def _count_failure(user, settings, now):
    """One more failure, counted in the database (several app processes share it); the
    limit locks the user out and starts the count afresh."""
    ConsoleUser.update(failed_sign_ins=ConsoleUser.failed_sign_ins + 1).where(
        ConsoleUser.id == user.id
    ).execute()
    failures = ConsoleUser.get_by_id(user.id).failed_sign_ins
    if failures >= settings["max_failed_sign_ins"]:
        ConsoleUser.update(
            failed_sign_ins=0, locked_until=now + settings["lockout_minutes"] * clock.MINUTE_MS
        ).where(ConsoleUser.id == user.id).execute()


def set_time_zone(user, name):
    """Show the user's calendar in the IANA zone `name`."""
    if name not in zoneinfo.available_timezones():
        raise Invalid.field("timeZone", "is not an IANA time zone such as Europe/Berlin")
    user.time_zone = name
    user.save()
    return user
