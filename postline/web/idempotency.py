"""Idempotency keys for POST endpoints (docs/api-notes.md: Idempotency keys).

A key is scoped to (API key, method + route, key). The first request reserves it;
its 2xx answer is stored in the same transaction as what it created, so either both
exist or neither does. A repeat with the same body within 24 h replays the answer
(200, `Idempotent-Replayed: true`); a different body is 422; a repeat while the first
is still running is 409. Failed requests store nothing, so the client may retry.
Stored answers are encrypted: some (an API key, a webhook secret) are shown once.
"""

import functools
import hashlib
import json

import peewee
from flask import Response, g, request

from models import IdempotencyKey
from postline import clock, db
from postline.errors import Conflict, Invalid
from postline.keyring import keyring
from postline.web.api import JSON, MULTIPART, RAW_TYPES, Blueprint
from postline.web.body import json_body, raw_body
from postline.web.errors import ApiError

HEADER = "Idempotency-Key"
TTL_MS = clock.DAY_MS
# How long a reservation stays "in flight" if its request dies without an answer
# (gunicorn kills a request after 30 s, so a live request never outlasts this).
IN_FLIGHT_MS = 60_000
MAX_KEY_LENGTH = 255


def idempotent(replay_schema, example):
    """Accept an Idempotency-Key on this POST view; `replay_schema` and `example` document
    the 200 replay (the first answer again)."""
    doc = {
        "parameters": [
            {
                "in": "header",
                "name": HEADER,
                "required": False,
                "schema": {"type": "string", "minLength": 1, "maxLength": MAX_KEY_LENGTH},
                "description": "Makes the request safe to retry for 24 hours.",
            }
        ],
        "responses": {
            "200": {
                "description": "Replay of the first answer to this Idempotency-Key",
                "content": {JSON: {"schema": replay_schema, "example": example}},
            },
            "409": "CONFLICT",
            "422": "UNPROCESSABLE_ENTITY",
        },
    }

    def decorator(view):
        @functools.wraps(view)
        def wrapper(*args, **kwargs):
            client_key = request.headers.get(HEADER)
            # Keys are an API-key feature: the deprecated /api never had them.
            if client_key is None or g.get("legacy"):
                return view(*args, **kwargs)
            reservation = _reserve(client_key)
            if isinstance(reservation, Response):
                return reservation
            try:
                with db.database.atomic():
                    response = view(*args, **kwargs)
                    if 200 <= response.status_code < 300:
                        _store(reservation, response)
                        return response
            except BaseException:
                _release(reservation)
                raise
            _release(reservation)
            return response

        return Blueprint.doc(**doc)(wrapper)

    return decorator


def fingerprint():
    """SHA-256 of the request body: canonical JSON (sorted keys), the multipart parts, or
    the bytes of a file's body (CSV, NDJSON)."""
    digest = hashlib.sha256()
    if request.mimetype == MULTIPART:
        for name, upload in sorted(request.files.items(multi=True), key=lambda item: item[0]):
            digest.update(f"{name}\0{upload.filename}\0".encode())
            # Upload views stream files into staged files that hash them as they arrive
            # (postline/web/uploads.py): no second read of what may be half a gigabyte.
            digest.update(upload.stream.sha256.encode())
        for name, value in sorted(request.form.items(multi=True)):
            digest.update(f"{name}\0{value}\0".encode())
    elif request.mimetype in RAW_TYPES:
        digest.update(raw_body())  # a file import: its bytes as sent
    else:
        body = json_body()
        digest.update(json.dumps(body, sort_keys=True, separators=(",", ":")).encode())
    return digest.hexdigest()


def _reserve(client_key):
    """A new reservation, a replay Response, or an ApiError for reuse and in-flight keys."""
    if not 1 <= len(client_key) <= MAX_KEY_LENGTH:
        raise Invalid.field(HEADER, f"must be 1 to {MAX_KEY_LENGTH} characters", "INVALID_IDEMPOTENCY_KEY")
    scope = {
        "api_key": g.api_key.id,
        "endpoint": g.endpoint,
        "key": client_key,
    }
    body_hash = fingerprint()
    try:
        return _claim(scope, body_hash)
    except peewee.IntegrityError:
        # Another request inserted the same key between our read and our insert.
        return _claim(scope, body_hash)


def _claim(scope, body_hash):
    now = clock.now_ms()
    with db.database.atomic():
        row = db.for_update(
            IdempotencyKey.select().where(
                (IdempotencyKey.api_key == scope["api_key"])
                & (IdempotencyKey.endpoint == scope["endpoint"])
                & (IdempotencyKey.key == scope["key"])
            )
        ).first()
        if row is not None and row.expires_at <= now:
            row.delete_instance()
            row = None
        if row is None:
            return IdempotencyKey.create(
                **scope, fingerprint=body_hash, locked_until=now + IN_FLIGHT_MS, expires_at=now + TTL_MS
            )
        if row.fingerprint != body_hash:
            raise ApiError(
                422,
                "idempotency_error",
                "IDEMPOTENCY_KEY_REUSED",
                "This Idempotency-Key was used with a different request body; use a new key.",
                [{"field": HEADER, "message": "already used with a different body"}],
            )
        if row.response_body is None:
            if row.locked_until > now:
                raise Conflict(
                    "IDEMPOTENCY_KEY_IN_USE",
                    "A request with this Idempotency-Key is still in progress; retry shortly.",
                    retry_after=1,
                )
            # The first request died without answering: this one takes its place.
            row.locked_until = now + IN_FLIGHT_MS
            row.save()
            return row
    return Response(
        keyring.decrypt(row.response_body),
        status=200,
        mimetype=JSON,
        headers={"Idempotent-Replayed": "true"},
    )


def _store(reservation, response):
    IdempotencyKey.update(
        response_status=response.status_code,
        response_body=keyring.encrypt(response.get_data(as_text=True)),
        updated_at=clock.now_ms(),
    ).where(IdempotencyKey.id == reservation.id).execute()


def _release(reservation):
    IdempotencyKey.delete().where(
        (IdempotencyKey.id == reservation.id) & IdempotencyKey.response_body.is_null()
    ).execute()
