"""Posting to Bluesky: each part is an app.bsky.feed.post record made by
com.atproto.repo.createRecord in the account's repository, with its facets computed
here, one embed (postline/platforms/bluesky/media.py), and for a thread's reply or
the first comment a `reply` naming the thread's root and the part it answers.

Bluesky has no idempotency key, but the client may name the record: each part's key
(a TID, as Bluesky's own are) is derived from its target and its place, so every
attempt of a part names the same record, and a key in use is refused, never
duplicated. A part that may have been made before (a retry, or a part made anew by a
PATCH after an unknown outcome) is looked for with getRecord before it is sent: found,
it is published. Only createRecord makes what readers see: a time-out there is an
unknown outcome (`unconfirmed`), never re-sent on its own.
"""

import hashlib
import json
from datetime import UTC, datetime

from postline import clock
from postline.platforms.attachments import checked_comment, checked_media, checked_options, media_of
from postline.platforms.base import PERMANENT, RETRYABLE, Processing, Published, PublishError
from postline.platforms.bluesky import media, text, xrpc
from postline.platforms.bluesky.pds import Pds
from postline.platforms.bluesky.text import check_comment, check_content, check_options
from postline.statuses import PartKind

COLLECTION = "app.bsky.feed.post"
TID_ALPHABET = "234567abcdefghijklmnopqrstuvwxyz"


def publish(post, target, part, call):
    """Post the part (with its media, or a link card), or Processing while the video
    service processes its video."""
    pds = Pds(call)
    rkey = record_key(target, part)
    if may_exist(target, part):
        found = pds.record(f"at://{pds.did}/{COLLECTION}/{rkey}")
        if found is not None:
            return published(pds, found["uri"])
    if part.kind == PartKind.COMMENT:
        return create(pds, part, rkey, checked_comment(part, check_comment), None, {})
    files = checked_media(part, "bluesky", check_content)
    options = checked_options(part, files, check_options)
    videos = [item for item in files if item.content_type.startswith("video/")]
    if videos:
        job = media.start_video(pds, call.files, videos[0])
        if not job.get("blob"):
            return wait(call, {"job": job["jobId"]})
        return create(pds, part, rkey, part.content, media.video_embed(job["blob"], videos[0]), options)
    if files:
        embed = media.images_embed(pds, call.files, files)
    else:
        embed = link_card(pds, part.content, options)
    return create(pds, part, rkey, part.content, embed, options)


def check(post, target, part, call):
    """Ask the video service about the part's video; post it once it is processed."""
    state = json.loads(part.platform_state)
    pds = Pds(call)
    job = media.job_status(pds, state["job"])
    if not job.get("blob"):
        return wait(call, state)
    [video] = [item for item in media_of(part, "bluesky") if item.content_type.startswith("video/")]
    embed = media.video_embed(job["blob"], video)
    return create(pds, part, record_key(target, part), part.content, embed, part.options or {})


def wait(call, state):
    return Processing(clock.now_ms() + int(call.settings["status_interval"]) * 1000, state)


def record_key(target, part):
    """The part's record key: a TID (base32-sortable microseconds and a clock id) of its
    target's first attempt, one microsecond a place, so a thread's keys sort in order."""
    clock_id = int.from_bytes(hashlib.sha256(str(target.id).encode()).digest()[:2]) % 1024
    return tid(target.created_at * 1000 + part.position, clock_id)


def tid(microseconds, clock_id):
    """A TID: 53 bits of microseconds since 1970 and a 10-bit clock id, written in 13
    characters of base32-sortable."""
    value = (microseconds << 10) | clock_id
    return "".join(TID_ALPHABET[(value >> shift) & 31] for shift in range(60, -1, -5))


def may_exist(target, part):
    """Whether the part's record may have been made already: this is not the part's
    first attempt, or the part was made anew (a PATCH after it failed or its outcome
    was unknown) after its target's first attempt."""
    return part.attempts > 1 or part.created_at != target.created_at


def link_card(pds, content, options):
    """The card of the text's first link, unless the post's options turn cards off."""
    if options.get("linkCard") is False:
        return None
    links = [span.value for span in text.spans(content) if span.kind == "link"]
    return media.link_card(pds, links[0]) if links else None


def create(pds, part, rkey, content, embed, options):
    """Make the part's record; Published with its at:// URI and its bsky.app address."""
    record = {"$type": COLLECTION, "text": content or "", "createdAt": _now()}
    found = text.spans(content)
    made = text.facets(found, mentioned(pds, found))
    if made:
        record["facets"] = made
    if embed is not None:
        record["embed"] = embed
    if options.get("langs"):
        record["langs"] = list(options["langs"])
    if part.parent is not None:
        record["reply"] = reply_to(pds, part.parent)
    body = {"repo": pds.did, "collection": COLLECTION, "rkey": rkey, "record": record}
    answer = pds.procedure("com.atproto.repo.createRecord", body, creates=True)
    return published(pds, answer["uri"])


def published(pds, uri):
    rkey = uri.rsplit("/", 1)[1]
    return Published(uri, f"https://bsky.app/profile/{pds.handle or pds.did}/post/{rkey}")


def _now():
    moment = datetime.fromtimestamp(clock.now_ms() / 1000, UTC)
    return moment.strftime("%Y-%m-%dT%H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"


def mentioned(pds, found):
    """{handle: DID} of the handles mentioned in `found` that resolve; a handle Bluesky
    does not know is left out (its mention stays plain text)."""
    dids = {}
    for handle in {span.value for span in found if span.kind == "mention"}:
        url = xrpc.method_url(
            pds.settings["service_url"], "com.atproto.identity.resolveHandle", {"handle": handle}
        )
        response = pds.send("GET", url, None, {"Accept": "application/json"})
        answer = xrpc.parsed(response.body)
        if response.status == 200 and str(answer.get("did", "")).startswith("did:"):
            dids[handle] = answer["did"]
        elif response.status >= 500:
            raise PublishError(
                RETRYABLE, "PLATFORM_ERROR", f"bluesky: resolving @{handle}: HTTP {response.status}"
            )
    return dids


def reply_to(pds, parent):
    """The `reply` of a part answering `parent` (published): the parent's strong
    reference (its URI and CID, read back with getRecord), and the thread's root,
    which the parent names when it is a reply itself, else the parent."""
    found = pds.record(parent.platform_post_id)
    if found is None:
        raise PublishError(
            PERMANENT,
            "PARENT_MISSING",
            f"bluesky: {parent.platform_post_id}, which this part answers, is gone",
        )
    reference = {"uri": found["uri"], "cid": found["cid"]}
    root = (found.get("value") or {}).get("reply", {}).get("root") or reference
    return {"root": root, "parent": reference}
