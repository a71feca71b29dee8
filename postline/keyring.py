"""The server secret and the keys derived from it.

One secret (configured, or generated once into the data directory) yields a key
for hashing API-key secrets, a key for encrypting values at rest and keys for
signing public media URLs, OAuth states and list cursors. HKDF keeps them
independent, so knowing one reveals nothing of the others.
"""

import base64
import hmac
import os
import secrets
import tempfile
from pathlib import Path

from cryptography.fernet import Fernet
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

SECRET_FILE = "secret_key"


def resolve_secret(config):
    """The configured secret, else the one stored in the data directory (created on first use)."""
    configured = config["server"]["secret_key"]
    if configured:
        return configured
    path = Path(config["server"]["data_dir"]) / SECRET_FILE
    if not path.exists():
        _create_secret_file(path)
    return path.read_text().strip()


def _create_secret_file(path):
    """Write a new secret readable by the owner only; the first of racing processes wins."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=".secret-")
    try:
        with os.fdopen(fd, "w") as file:
            file.write(secrets.token_urlsafe(48) + "\n")
        os.chmod(temporary, 0o600)
        # link() refuses to replace an existing file, so a concurrent start keeps the first secret.
        os.link(temporary, path)
    except FileExistsError:
        pass
    finally:
        os.unlink(temporary)


def _derive(secret, label):
    return HKDF(algorithm=hashes.SHA256(), length=32, salt=None, info=label).derive(secret.encode())


class Keyring:
    """Keys derived from the server secret; `init()` is called once per process."""

    def __init__(self):
        self._hash_key = None
        self._fernet = None
        self._media_url_key = None
        self._oauth_state_key = None
        self._cursor_key = None

    def init(self, secret):
        self._hash_key = _derive(secret, b"postline api-key hash")
        self._fernet = Fernet(base64.urlsafe_b64encode(_derive(secret, b"postline encryption")))
        self._media_url_key = _derive(secret, b"postline media url")
        self._oauth_state_key = _derive(secret, b"postline oauth state")
        self._cursor_key = _derive(secret, b"postline list cursor")

    def keyed_hash(self, value):
        """Hex HMAC-SHA256 of `value` under the server secret."""
        return hmac.digest(self._hash_key, value.encode(), "sha256").hex()

    def media_url_signature(self, message):
        """HMAC-SHA256 of `message` under the media-URL key, base64url without padding."""
        digest = hmac.digest(self._media_url_key, message.encode(), "sha256")
        return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()

    def oauth_state_signature(self, message):
        """HMAC-SHA256 of `message` under the OAuth-state key, base64url without padding."""
        digest = hmac.digest(self._oauth_state_key, message.encode(), "sha256")
        return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()

    def cursor_signature(self, message):
        """HMAC-SHA256 of `message` under the list-cursor key, base64url without padding."""
        digest = hmac.digest(self._cursor_key, message.encode(), "sha256")
        return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()

    def encrypt(self, plaintext):
        return self._fernet.encrypt(plaintext.encode()).decode()

    def decrypt(self, token):
        return self._fernet.decrypt(token.encode()).decode()


keyring = Keyring()
