"""The webhook signature rule, for the sender and for receivers (docs/webhooks.md).

`Service-Signature: t=<unix seconds>,v1=<hex>[,v1=<hex>]` where each hex value is
HMAC-SHA256, keyed with a whole secret string (`whsec_...`, UTF-8), of
`"<t>.<raw body bytes>"`. While a secret is being rotated the header carries one
`v1=` value per secret.

This module needs only the standard library: a receiver may copy it as-is.
"""

import base64
import hashlib
import hmac
import time

DEFAULT_TOLERANCE = 300


class SignatureError(ValueError):
    """The request is not a fresh delivery signed with the secret; the message says why."""


def compute_signature(payload, secret, timestamp):
    """The lowercase hex HMAC-SHA256 of `"<timestamp>.<payload>"` keyed with `secret`."""
    message = str(timestamp).encode() + b"." + _bytes(payload)
    return hmac.new(secret.encode(), message, hashlib.sha256).hexdigest()


def signature_header(payload, secrets, timestamp):
    """The `Service-Signature` value: `t=...` and one `v1=...` per secret."""
    values = [f"t={timestamp}"]
    values += [f"v1={compute_signature(payload, secret, timestamp)}" for secret in secrets]
    return ",".join(values)


def standard_webhooks_headers(message_id, payload, secrets, timestamp):
    """The Standard Webhooks headers (https://www.standardwebhooks.com), which its
    libraries (standardwebhooks, svix) verify: `webhook-id`, `webhook-timestamp` and
    `webhook-signature`, one `v1,<base64>` per secret, space-separated. Each signs
    `"<id>.<timestamp>.<payload>"` keyed with the secret's bytes: the base64 after
    `whsec_`, decoded as those libraries decode it."""
    message = f"{message_id}.{timestamp}.".encode() + _bytes(payload)
    signatures = [
        base64.b64encode(hmac.new(_secret_bytes(secret), message, hashlib.sha256).digest()).decode()
        for secret in secrets
    ]
    return {
        "webhook-id": message_id,
        "webhook-timestamp": str(timestamp),
        "webhook-signature": " ".join(f"v1,{signature}" for signature in signatures),
    }


def _secret_bytes(secret):
    # As the Standard Webhooks libraries read it: padding added, other characters skipped.
    return base64.b64decode(secret.removeprefix("whsec_") + "==")


def verify_signature(payload, header, secret, tolerance=DEFAULT_TOLERANCE, now=None):
    """Check a delivery; return its timestamp, or raise SignatureError.

    `payload` is the raw request body (bytes, exactly as received: not re-encoded
    JSON). `secret` is your `whsec_...` string, or a list of them while you rotate.
    The timestamp must be within `tolerance` seconds of `now` (default: the current
    time), in either direction, so a captured request cannot be replayed later.
    """
    timestamp, candidates = _parse(header)
    now = time.time() if now is None else now
    if abs(now - timestamp) > tolerance:
        raise SignatureError(f"timestamp {timestamp} is more than {tolerance} s away from now")
    secrets = [secret] if isinstance(secret, str) else list(secret)
    # Compare against every value without stopping early: constant time per comparison,
    # and the loop's length does not depend on which value matched.
    matched = False
    for key in secrets:
        expected = compute_signature(payload, key, timestamp)
        for candidate in candidates:
            matched |= hmac.compare_digest(expected.encode(), candidate.encode())
    if not matched:
        raise SignatureError("no v1 signature matches the secret")
    return timestamp


def _parse(header):
    timestamps, candidates = [], []
    for item in (header or "").split(","):
        name, _, value = item.strip().partition("=")
        if name == "t":
            timestamps.append(value)
        elif name == "v1":
            candidates.append(value)
    if len(timestamps) != 1 or not (timestamps[0].isascii() and timestamps[0].isdigit()):
        raise SignatureError("the header needs exactly one t=<unix seconds>")
    if not candidates:
        raise SignatureError("the header has no v1= signature")
    return int(timestamps[0]), candidates


def _bytes(payload):
    return payload.encode() if isinstance(payload, str) else bytes(payload)
