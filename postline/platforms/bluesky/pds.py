"""One connection's calls while it publishes: to its PDS (records, blobs, service
tokens, handles), and to the video service; each error answer classified into the
kinds of postline/platforms/base.py, in `classify`."""

import json

from postline.platforms import calls
from postline.platforms.base import BLOCKED, PERMANENT, RETRYABLE, TOKEN, PublishError
from postline.platforms.bluesky import xrpc
from postline.platforms.bluesky.sessions import ACCOUNT_GONE, Access

PLATFORM = "bluesky"
TOKEN_ERRORS = ("ExpiredToken", "InvalidToken")
MEDIA_ERRORS = ("BlobNotFound", "InvalidMimeType", "PayloadTooLarge", "BlobTooLarge")


class Pds:
    """A connection's Call as Bluesky needs it: its PDS and access JWT (the connection's
    Access), its DID and handle, the `[bluesky]` settings and the time a call may take."""

    def __init__(self, call):
        access = Access.parse(call.access_token)
        self.url, self.jwt, self.did = access.pds, access.jwt, access.did
        self.handle = call.username
        self.settings = call.settings
        self.timeout = call.timeout

    def query(self, nsid, params=None, token=None, base=None):
        """GET a query of the PDS (or of `base`) with the access JWT (or `token`); its JSON."""
        url = xrpc.method_url(base or self.url, nsid, params)
        return self.json(self.send("GET", url, None, self.headers(token)))

    def procedure(self, nsid, payload, creates=False):
        """POST a JSON procedure to the PDS; its JSON. `creates`: it makes what readers see."""
        headers = {**self.headers(), "Content-Type": "application/json"}
        return self.json(
            self.send("POST", xrpc.method_url(self.url, nsid), json.dumps(payload).encode(), headers, creates)
        )

    def upload_blob(self, data, content_type):
        """Upload bytes to the PDS; the blob reference a record embeds."""
        headers = {**self.headers(), "Content-Type": content_type}
        url = xrpc.method_url(self.url, "com.atproto.repo.uploadBlob")
        return self.json(self.send("POST", url, data, headers))["blob"]

    def record(self, uri):
        """The record at the at:// `uri` ({uri, cid, value}), or None when there is none."""
        did, collection, rkey = uri.removeprefix("at://").split("/")
        url = xrpc.method_url(
            self.url, "com.atproto.repo.getRecord", {"repo": did, "collection": collection, "rkey": rkey}
        )
        response = self.send("GET", url, None, self.headers())
        answer = xrpc.Answer(response.status, response.headers, xrpc.parsed(response.body))
        if answer.status == 400 and answer.error == "RecordNotFound":
            return None
        return self.json(response)

    def headers(self, token=None):
        return {"Accept": "application/json", "Authorization": f"Bearer {token or self.jwt}"}

    def send(self, method, url, body, headers, creates=False):
        """One call; the platform's answer, whatever its status (PublishError when none came)."""
        policy = xrpc.policy_for(self.settings, url)
        return calls.send(PLATFORM, method, url, self.timeout, body, headers, creates, policy=policy)

    def json(self, response):
        """A successful answer's JSON, or the PublishError its error answer stands for."""
        if 200 <= response.status < 300:
            return calls.json_answer(PLATFORM, response)
        raise classify(response.status, response.headers, response.body)


def classify(status, headers, body):
    """Bluesky's error answer (`{"error": Name, "message"}`) as a PublishError."""
    answer = xrpc.Answer(status, headers, xrpc.parsed(body))
    name, message = answer.error, answer.message
    if name in ACCOUNT_GONE:
        return PublishError(PERMANENT, "ACCOUNT_UNAVAILABLE", message)
    if status == 401 or name in TOKEN_ERRORS:
        return PublishError(TOKEN, "PLATFORM_UNAUTHORIZED", message)
    if status == 429:
        reset = headers.get("ratelimit-reset") if headers else None
        resume_at = int(reset) * 1000 if reset and reset.isdigit() else None
        return PublishError(BLOCKED, "RATE_LIMITED", message, resume_at)
    if status >= 500:
        return PublishError(RETRYABLE, "PLATFORM_ERROR", message)
    if status == 413 or name in MEDIA_ERRORS:
        return PublishError(PERMANENT, "MEDIA_REFUSED", message)
    return PublishError(PERMANENT, "PLATFORM_REFUSED", message)
