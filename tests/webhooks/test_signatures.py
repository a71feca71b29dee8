"""The webhook signature rule and the receivers' helper (docs/api.md, Webhooks)."""

import hashlib
import hmac
import re
import time

import pytest

from postline.webhooks.signatures import SignatureError, compute_signature, signature_header, verify_signature
from tests.support import ROOT

SECRET = "whsec_" + "k" * 43
OTHER = "whsec_" + "o" * 43
BODY = b'{"id":"evt_1","event":"webhook.test","data":{"message":"h\\u00e9"},"timestamp":1}'
T = 1_800_000_000


def test_signature_is_hmac_sha256_of_timestamp_dot_body_keyed_with_the_whole_secret():
    expected = hmac.new(SECRET.encode("utf-8"), f"{T}.".encode() + BODY, hashlib.sha256).hexdigest()
    assert compute_signature(BODY, SECRET, T) == expected
    assert signature_header(BODY, [SECRET], T) == f"t={T},v1={expected}"


def test_header_carries_one_v1_per_secret():
    header = signature_header(BODY, [SECRET, OTHER], T)
    assert re.fullmatch(r"t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}", header)
    assert verify_signature(BODY, header, SECRET, now=T) == T
    assert verify_signature(BODY, header, OTHER, now=T) == T


def test_verify_accepts_a_genuine_request_as_bytes_or_text():
    header = signature_header(BODY, [SECRET], T)
    assert verify_signature(BODY, header, SECRET, now=T) == T
    assert verify_signature(BODY.decode(), header, SECRET, now=T) == T


def test_verify_accepts_any_of_the_receivers_secrets():
    header = signature_header(BODY, [OTHER], T)
    assert verify_signature(BODY, header, [SECRET, OTHER], now=T) == T
    with pytest.raises(SignatureError, match="no v1 signature matches"):
        verify_signature(BODY, header, [SECRET], now=T)


@pytest.mark.parametrize("change", ["body", "secret", "timestamp"])
def test_verify_refuses_a_changed_body_secret_or_timestamp(change):
    header = signature_header(BODY, [SECRET], T)
    body, secret = BODY, SECRET
    if change == "body":
        body = BODY.replace(b"webhook.test", b"post.failed")
    elif change == "secret":
        secret = OTHER
    else:
        header = header.replace(f"t={T}", f"t={T + 1}")
    with pytest.raises(SignatureError, match="no v1 signature matches"):
        verify_signature(body, header, secret, now=T)


@pytest.mark.parametrize("offset, accepted", [(-300, True), (300, True), (-301, False), (301, False)])
def test_timestamp_tolerance_is_two_sided(offset, accepted):
    header = signature_header(BODY, [SECRET], T)
    if accepted:
        assert verify_signature(BODY, header, SECRET, now=T + offset) == T
    else:
        with pytest.raises(SignatureError, match="away from now"):
            verify_signature(BODY, header, SECRET, now=T + offset)


def test_tolerance_is_configurable():
    header = signature_header(BODY, [SECRET], T)
    with pytest.raises(SignatureError):
        verify_signature(BODY, header, SECRET, tolerance=10, now=T + 11)
    assert verify_signature(BODY, header, SECRET, tolerance=10, now=T + 10) == T


@pytest.mark.parametrize(
    "header, message",
    [
        (None, "exactly one t="),
        ("", "exactly one t="),
        ("v1=abc", "exactly one t="),
        ("t=abc,v1=abc", "exactly one t="),
        ("t=-5,v1=abc", "exactly one t="),
        ("t=1,t=2,v1=abc", "exactly one t="),
        (f"t={T}", "no v1= signature"),
        (f"t={T},v0=abc", "no v1= signature"),
        (f"t={T},v1=é", "no v1 signature matches"),
        (f"t={T},v1=", "no v1 signature matches"),
    ],
)
def test_malformed_headers_are_refused_clearly(header, message):
    with pytest.raises(SignatureError, match=message):
        verify_signature(BODY, header, SECRET, now=T)


def test_spaces_and_unknown_schemes_in_the_header_are_tolerated():
    signature = compute_signature(BODY, SECRET, T)
    assert verify_signature(BODY, f"t={T}, v0=old, v1={signature}", SECRET, now=T) == T


def readme_receiver():
    """The receiver example of docs/webhooks.md that needs no library, as source."""
    section = (ROOT / "docs" / "webhooks.md").read_text().split("### With signatures.py", 1)[1]
    return section.split("```python\n", 1)[1].split("```", 1)[0]


def test_readme_receiver_verifies_and_deduplicates(monkeypatch, capsys):
    monkeypatch.setenv("POSTLINE_WEBHOOK_SECRET", SECRET)
    # As a receiver would have it: signatures.py copied beside receiver.py, nothing else.
    monkeypatch.syspath_prepend(str(ROOT / "postline" / "webhooks"))
    namespace = {"__name__": "receiver"}
    exec(compile(readme_receiver(), "receiver.py", "exec"), namespace)
    client = namespace["app"].test_client()
    now = int(time.time())
    headers = {"Service-Signature": signature_header(BODY, [SECRET], now), "Content-Type": "application/json"}

    for _ in range(2):
        response = client.post("/postline-webhook", data=BODY, headers=headers)
        assert response.status_code == 200 and response.get_json() == {"received": True}
    assert capsys.readouterr().out.splitlines() == ["webhook.test: {'message': 'hé'}"]

    forged = {**headers, "Service-Signature": signature_header(BODY, [OTHER], now)}
    response = client.post("/postline-webhook", data=BODY, headers=forged)
    assert response.status_code == 400
    assert "no v1 signature matches" in response.get_json()["error"]
    assert client.post("/postline-webhook", data=BODY).status_code == 400
