"""The account's repository as the fake answers it: blobs (uploadBlob), records
(createRecord, validated as the PDS validates an app.bsky.feed.post; getRecord;
deleteRecord), and the profile the PDS proxies from the AppView."""

import re
import secrets
import time
import unicodedata
from datetime import datetime

from devtools.fakes.base import json_object
from devtools.fakes.bluesky.xrpc import content_id, ok, xrpc_error

POST = "app.bsky.feed.post"
TID = re.compile(r"[234567abcdefghij][234567abcdefghijklmnopqrstuvwxyz]{12}")
TID_ALPHABET = "234567abcdefghijklmnopqrstuvwxyz"
MAX_TEXT_BYTES = 3000
MAX_GRAPHEMES = 300
MAX_LANGS = 3
CREATE_POINTS, DELETE_POINTS = 3, 1
# The largest blob each embed takes, in bytes (the lexicons' maxSize).
IMAGE_BYTES, THUMB_BYTES, VIDEO_BYTES = 2_000_000, 1_000_000, 300_000_000
BLOB_NOT_FOUND = "Could not find blob: "
FEATURES = {
    "app.bsky.richtext.facet#mention": "did",
    "app.bsky.richtext.facet#link": "uri",
    "app.bsky.richtext.facet#tag": "tag",
}


def graphemes(text):
    """Grapheme clusters in `text`, as the PDS counts them, for what posts hold: a base
    character with its combining marks, variation selectors and skin tones, emoji joined
    by zero-width joiners, and flag pairs each count once; CR LF counts once."""
    count, previous, after_joiner, flags = 0, "", False, 0
    for char in text:
        code = ord(char)
        extends = (
            unicodedata.category(char) in ("Mn", "Me", "Mc")
            or 0xFE00 <= code <= 0xFE0F
            or 0x1F3FB <= code <= 0x1F3FF
            or 0xE0020 <= code <= 0xE007F
        )
        joined = after_joiner or extends or char == "\u200d" or (char == "\n" and previous == "\r")
        after_joiner, previous = char == "\u200d", char
        flags = flags + 1 if 0x1F1E6 <= code <= 0x1F1FF else 0
        if joined or flags % 2 == 0 and flags:
            continue
        count += 1
    return count


def new_tid():
    """A record key for now: microseconds since 1970 and a random clock id, base32-sortable."""
    value = (int(time.time() * 1_000_000) << 10) | secrets.randbelow(1024)
    return "".join(TID_ALPHABET[(value >> shift) & 31] for shift in range(60, -1, -5))


class Repo:
    """The repository side of FakeBluesky (a mixin: FakeBluesky holds the state)."""

    blob_limit = 100_000_000

    def upload_blob(self, request, account):
        reply = self.next_reply(self.blob_replies)
        data = request.get_data()
        if reply == "500":
            return xrpc_error(500, "InternalServerError", "Internal Server Error")
        if reply == "413" or len(data) > self.blob_limit:
            return xrpc_error(413, "PayloadTooLarge", "request entity too large")
        mime_type = request.mimetype or "application/octet-stream"
        cid = content_id(data, "bafkrei")
        with self._lock:
            self.blobs[cid] = {"did": account["did"], "mimeType": mime_type, "size": len(data)}
        blob = {"$type": "blob", "ref": {"$link": cid}, "mimeType": mime_type, "size": len(data)}
        return ok({"blob": blob})

    def create_record(self, request, account):
        body = json_object(request)
        if body is None or not isinstance(body.get("record"), dict) or not body.get("collection"):
            return xrpc_error(400, "InvalidRequest", "Input must have the properties collection and record")
        record, collection = body["record"], body["collection"]
        if collection == POST:
            self.count_received(record.get("text", ""))
        if body.get("repo") not in (account["did"], account["handle"]):
            return xrpc_error(401, "AuthenticationRequired", "Authentication Required")
        reply = self.next_reply(self.record_replies)
        refusal = self.scripted(reply) or self.spend_points(account["did"], CREATE_POINTS)
        if refusal is not None:
            return refusal
        problem = record_problem(collection, record, body.get("rkey"), self.blob_of(account))
        if problem is not None:
            return xrpc_error(400, *problem)
        rkey = body.get("rkey") or new_tid()
        made = self.keep(account, collection, rkey, record)
        if made is None:  # the PDS's answer to a key in use: an unhandled error
            return xrpc_error(500, "InternalServerError", "Internal Server Error")
        if reply == "hang":
            time.sleep(self.hang_seconds)
        if reply == "lost":  # made, but its answer lost on the way (a proxy's 502)
            return xrpc_error(502, "UpstreamFailure", "Upstream Failure")
        commit = {"cid": content_id(made["cid"].encode()), "rev": new_tid()}
        return ok({**made, "commit": commit, "validationStatus": "valid"})

    def scripted(self, reply):
        """The answer a scripted createRecord reply stands for (None: go on)."""
        errors = {
            "500": (500, "InternalServerError", "Internal Server Error"),
            "502": (502, "UpstreamFailure", "Upstream Failure"),
            "503": (503, "NotEnoughResources", "Service Unavailable"),
            "invalid": (400, "InvalidRequest", "Invalid app.bsky.feed.post record: Record/text is invalid"),
            "expired": (400, "ExpiredToken", "Token has expired"),
            "401": (401, "AuthenticationRequired", "Authentication Required"),
            "takedown": (400, "AccountTakedown", "Account has been taken down"),
        }
        if reply == "429":
            return self.rate_limited(5000, 3600, self.rate_limit_reset or int(time.time()) + 600)
        return xrpc_error(*errors[reply]) if reply in errors else None

    def blob_of(self, account):
        """A look-up of the account's uploaded blobs by CID."""

        def blob(cid):
            stored = self.blobs.get(cid)
            return stored if stored is not None and stored["did"] == account["did"] else None

        return blob

    def keep(self, account, collection, rkey, record):
        """Store the record; its {uri, cid}, or None when its key is in use."""
        uri = f"at://{account['did']}/{collection}/{rkey}"
        cid = content_id(repr(sorted(record.items())).encode())
        with self._lock:
            if (account["did"], collection, rkey) in self.records:
                return None
            self.records[(account["did"], collection, rkey)] = {"uri": uri, "cid": cid, "value": record}
            if collection == POST:
                self.posts.append({"id": uri, "cid": cid, "did": account["did"], "rkey": rkey, **record})
        return {"uri": uri, "cid": cid}

    def get_record(self, request):
        args = request.args
        for name in ("repo", "collection", "rkey"):
            if not args.get(name):
                return xrpc_error(400, "InvalidRequest", f'Error: Params must have the property "{name}"')
        account = self.account_of(args["repo"])
        did = account["did"] if account else args["repo"]
        found = self.records.get((did, args["collection"], args["rkey"]))
        if found is None:
            at = f"at://{did}/{args['collection']}/{args['rkey']}"
            return xrpc_error(400, "RecordNotFound", f"Could not locate record: {at}")
        return ok(found)

    def delete_record(self, request, account):
        body = json_object(request) or {}
        if body.get("repo") not in (account["did"], account["handle"]):
            return xrpc_error(401, "AuthenticationRequired", "Authentication Required")
        refusal = self.spend_points(account["did"], DELETE_POINTS)
        if refusal is not None:
            return refusal
        with self._lock:
            removed = self.records.pop((account["did"], body.get("collection"), body.get("rkey")), None)
            if removed is not None:
                self.posts = [post for post in self.posts if post["id"] != removed["uri"]]
        return ok({"commit": {"cid": content_id(secrets.token_bytes(8)), "rev": new_tid()}})

    def get_profile(self, request, account):
        actor = self.account_of(request.args.get("actor", ""))
        if actor is None:
            return xrpc_error(400, "InvalidRequest", "Profile not found")
        fields = ("did", "handle", "displayName", "avatar")
        return ok({name: actor[name] for name in fields} | {"followersCount": 0})


def record_problem(collection, record, rkey, blob_of):
    """(error name, message) of what the PDS refuses in a record, or None."""
    if rkey is not None and (not isinstance(rkey, str) or (collection == POST and not TID.fullmatch(rkey))):
        return "InvalidRequest", f"Invalid record key for {collection}: must be a valid TID"
    if record.get("$type") != collection:
        return "InvalidRequest", f"Invalid $type: expected {collection}, got {record.get('$type')}"
    if collection != POST:
        return None
    problem = text_problem(record) or facets_problem(record.get("facets"))
    problem = problem or reply_problem(record.get("reply")) or embed_problem(record.get("embed"), blob_of)
    if problem is None:
        return None
    if problem.startswith(BLOB_NOT_FOUND):
        return "BlobNotFound", problem
    return "InvalidRequest", f"Invalid {POST} record: {problem}"


def text_problem(record):
    text = record.get("text")
    if not isinstance(text, str):
        return 'Record must have the property "text"'
    if len(text.encode()) > MAX_TEXT_BYTES:
        return f"Record/text must not be longer than {MAX_TEXT_BYTES} characters"
    if graphemes(text) > MAX_GRAPHEMES:
        return f"Record/text must not be longer than {MAX_GRAPHEMES} graphemes"
    try:
        datetime.fromisoformat(str(record.get("createdAt")).replace("Z", "+00:00"))
    except ValueError:
        return "Record/createdAt must be an valid atproto datetime (both RFC-3339 and ISO-8601)"
    langs = record.get("langs", [])
    if not isinstance(langs, list) or len(langs) > MAX_LANGS or any(not isinstance(x, str) for x in langs):
        return f"Record/langs must not have more than {MAX_LANGS} elements"
    return None


def facets_problem(facets):
    if facets is None:
        return None
    if not isinstance(facets, list):
        return "Record/facets must be an array"
    for number, facet in enumerate(facets):
        index = facet.get("index") if isinstance(facet, dict) else None
        bounds = [index.get(name) if isinstance(index, dict) else None for name in ("byteStart", "byteEnd")]
        if not all(isinstance(bound, int) and bound >= 0 for bound in bounds):
            return f"Record/facets/{number}/index must have byteStart and byteEnd, integers from 0"
        for feature in facet.get("features") or [None]:
            kind = feature.get("$type") if isinstance(feature, dict) else None
            if kind not in FEATURES or not isinstance(feature.get(FEATURES[kind]), str):
                return f"Record/facets/{number}/features must be mentions (did), links (uri) or tags (tag)"
            if kind.endswith("#tag") and graphemes(feature["tag"]) > 64:
                return f"Record/facets/{number}/features/tag must not be longer than 64 graphemes"
    return None


def reply_problem(reply):
    if reply is None:
        return None
    for name in ("root", "parent"):
        ref = reply.get(name) if isinstance(reply, dict) else None
        if not isinstance(ref, dict) or not str(ref.get("uri", "")).startswith("at://") or not ref.get("cid"):
            return f"Record/reply/{name} must be a strong reference (uri and cid)"
    return None


def embed_problem(embed, blob_of):
    if embed is None:
        return None
    kind = embed.get("$type") if isinstance(embed, dict) else None
    if kind == "app.bsky.embed.images":
        images = embed.get("images")
        if not isinstance(images, list) or not 1 <= len(images) <= 4:
            return "Record/embed/images must have 1 to 4 elements"
        for number, image in enumerate(images):
            if not isinstance(image, dict) or not isinstance(image.get("alt"), str):
                return f'Record/embed/images/{number} must have the property "alt"'
            path = f"images/{number}/image"
            problem = blob_problem(image.get("image"), "image/", IMAGE_BYTES, blob_of, path)
            if problem is not None:
                return problem
        return None
    if kind == "app.bsky.embed.video":
        return blob_problem(embed.get("video"), "video/mp4", VIDEO_BYTES, blob_of, "video")
    if kind == "app.bsky.embed.external":
        external = embed.get("external")
        fields = ("uri", "title", "description")
        if not isinstance(external, dict) or any(not isinstance(external.get(f), str) for f in fields):
            return "Record/embed/external must have uri, title and description"
        if external.get("thumb") is None:
            return None
        return blob_problem(external["thumb"], "image/", THUMB_BYTES, blob_of, "external/thumb")
    return f"Record/embed must be an images, video or external embed, not {kind}"


def blob_problem(blob, accepted, largest, blob_of, path):
    """What is wrong with a blob reference of the record, or None."""
    ref = blob.get("ref") if isinstance(blob, dict) else None
    cid = ref.get("$link") if isinstance(ref, dict) else None
    if not isinstance(blob, dict) or blob.get("$type") != "blob" or cid is None:
        return f"Record/embed/{path} should be a blob ref"
    stored = blob_of(cid)
    if stored is None:
        return f"{BLOB_NOT_FOUND}{cid}"
    if not stored["mimeType"].startswith(accepted):
        return f"Record/embed/{path} mimeType is not accepted: {stored['mimeType']}"
    if stored["size"] > largest:
        return f"Record/embed/{path} file too large ({stored['size']} bytes, max {largest})"
    return None
