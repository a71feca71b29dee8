"""What a post embeds (one embed a post): up to four images, uploaded as blobs right
before the record that references them (the PDS deletes a blob no record names);
one video, through the video service, which processes it and stores it on the PDS as
a blob while the part waits `processing`; or, for text with a link and no media, a
link card made by Postline from the page's OpenGraph tags (Bluesky unfurls nothing).
"""

import time
from html.parser import HTMLParser
from urllib.parse import urljoin

from postline.net import client
from postline.platforms.base import BLOCKED, PERMANENT, PublishError
from postline.platforms.bluesky import xrpc

VIDEO_SERVICE_TOKEN_SECONDS = 30 * 60
COMPLETED, FAILED = "JOB_STATE_COMPLETED", "JOB_STATE_FAILED"
# A link card reads this much of the page (its <head> is near the start) and a
# thumbnail of at most Bluesky's 1,000,000 bytes.
PAGE_BYTES = 512 * 1024
THUMB_BYTES = 1_000_000
CARD_TEXT = {"title": 300, "description": 1000}


def aspect_ratio(item):
    """`{"width", "height"}` of a Media row whose dimensions are known, else None."""
    if item.width and item.height:
        return {"width": item.width, "height": item.height}
    return None


def images_embed(pds, files, items):
    """An app.bsky.embed.images of `items` (Media rows), each uploaded now, with its alt
    text (Bluesky requires the field, empty when none) and aspect ratio."""
    images = []
    for item in items:
        image = {"image": pds.upload_blob(files.read(item), item.content_type), "alt": item.alt_text or ""}
        if aspect_ratio(item):
            image["aspectRatio"] = aspect_ratio(item)
        images.append(image)
    return {"$type": "app.bsky.embed.images", "images": images}


def video_embed(blob, item):
    """An app.bsky.embed.video of the processed video `blob` (of the Media row `item`)."""
    embed = {"$type": "app.bsky.embed.video", "video": blob}
    if item.alt_text:
        embed["alt"] = item.alt_text
    if aspect_ratio(item):
        embed["aspectRatio"] = aspect_ratio(item)
    return embed


def start_video(pds, files, item):
    """Hand the video to the video service, if the account may upload one today; the
    job's status (`blob` in it once processed: at once for a file processed before)."""
    video_service = pds.settings["video_url"]
    limits_token = service_token(pds, xrpc.did_web(video_service), "app.bsky.video.getUploadLimits")
    limits = pds.query("app.bsky.video.getUploadLimits", token=limits_token, base=video_service)
    if not limits.get("canUpload"):
        said = limits.get("message") or limits.get("error") or "the account may upload no more videos today"
        raise PublishError(BLOCKED, "VIDEO_LIMIT_REACHED", f"bluesky: {said}")
    upload_token = service_token(pds, xrpc.did_web(pds.url), "com.atproto.repo.uploadBlob")
    params = {"did": pds.did, "name": f"{item.id}.mp4"}
    url = xrpc.method_url(video_service, "app.bsky.video.uploadVideo", params)
    headers = {**pds.headers(upload_token), "Content-Type": "video/mp4"}
    response = pds.send("POST", url, files.read(item), headers)
    status = job_of(xrpc.parsed(response.body))
    if status is None:  # not a job: an error answer (a job comes with 409 too: already_exists)
        pds.json(response)
        raise PublishError(PERMANENT, "MEDIA_REFUSED", "bluesky: the video service answered no job")
    return checked_job(status)


def job_status(pds, job_id):
    """The video job's status now (the video service answers it without a token)."""
    answer = pds.query("app.bsky.video.getJobStatus", {"jobId": job_id}, base=pds.settings["video_url"])
    status = job_of(answer)
    if status is None:
        raise PublishError(PERMANENT, "MEDIA_REFUSED", "bluesky: the video job has no status")
    return checked_job(status)


def job_of(answer):
    """The job status in an answer: wrapped (`{"jobStatus": ...}`, as the lexicon has it)
    or not (as uploadVideo answers)."""
    status = answer.get("jobStatus", answer)
    return status if isinstance(status, dict) and status.get("jobId") else None


def checked_job(status):
    if status.get("state") == FAILED and not status.get("blob"):
        said = status.get("message") or status.get("error") or "the video could not be processed"
        raise PublishError(PERMANENT, "MEDIA_PROCESSING_FAILED", f"bluesky: {said}")
    return status


def service_token(pds, audience, method):
    """A token the PDS signs for `audience` (a service's DID), good for `method` only."""
    expires = int(time.time()) + VIDEO_SERVICE_TOKEN_SECONDS
    params = {"aud": audience, "lxm": method, "exp": expires}
    return pds.query("com.atproto.server.getServiceAuth", params)["token"]


def link_card(pds, url):
    """An app.bsky.embed.external for the page at `url` from its OpenGraph tags, with
    its og:image as the thumbnail; None when the page cannot be read (the post goes
    without a card: its link still works). Fetched under the SSRF rules of webhooks
    unless `[bluesky] link_cards_allow_http` or `link_cards_allow_private_targets`
    relax them."""
    page = _fetch(pds, url, PAGE_BYTES)
    if page is None or not page.headers.get("Content-Type", "").startswith("text/html"):
        return None
    tags = OpenGraph.of(page.text())
    external = {
        "uri": url,
        "title": (tags.get("og:title") or tags.get("title") or "")[: CARD_TEXT["title"]],
        "description": (tags.get("og:description") or tags.get("description") or "")[
            : CARD_TEXT["description"]
        ],
    }
    image = _fetch(pds, urljoin(url, tags["og:image"]), THUMB_BYTES) if tags.get("og:image") else None
    content_type = image.headers.get("Content-Type", "") if image is not None else ""
    if image is not None and content_type.startswith("image/") and not image.truncated:
        external["thumb"] = pds.upload_blob(image.body, content_type.split(";")[0])
    return {"$type": "app.bsky.embed.external", "external": external}


def _fetch(pds, url, max_bytes):
    """The 200 answer at `url` (at most `max_bytes` of it), or None."""
    settings = pds.settings
    policy = client.Policy(settings["link_cards_allow_http"], settings["link_cards_allow_private_targets"])
    try:
        response = client.request("GET", url, policy, pds.timeout, max_bytes=max_bytes)
    except client.RequestFailed:
        return None
    return response if response.status == 200 else None


class OpenGraph(HTMLParser):
    """The OpenGraph properties of a page's <meta> tags, and its <title> and meta
    description as fallbacks."""

    def __init__(self):
        super().__init__()
        self.found = {}
        self._in_title = False

    @classmethod
    def of(cls, html):
        parser = cls()
        parser.feed(html)
        return parser.found

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        name = attrs.get("property") or attrs.get("name")
        if tag == "meta" and name in ("og:title", "og:description", "og:image", "description"):
            self.found.setdefault(name, (attrs.get("content") or "").strip())
        self._in_title = tag == "title"

    def handle_endtag(self, tag):
        self._in_title = False

    def handle_data(self, data):
        if self._in_title and data.strip():
            self.found.setdefault("title", data.strip())
