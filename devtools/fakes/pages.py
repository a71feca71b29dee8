"""The pages a person sees on a fake platform, in the playground (devtools/playground.py):

- the approval page at the platform's authorize URL ("Fake X: approve Postline for
  @postline_fake?"), whose Approve and Deny buttons send the browser on to the
  platform's own authorize step with APPROVAL set, which redirects to the callback;
- the received page at RECEIVED_PATH (`/_fake/`): what the platform was sent, newest
  first: posts, replies, comments and media, each with its answer. The same entries
  as JSON at RECEIPTS_PATH, for tests and scripts.

A fake shows the approval page only when its `approval_page` is on (the playground's
fakes, `--approval-page`); tests' fakes approve at once, as they always have. Which
requests are worth a receipt is per provider, in RECEIPTS below: the rest (tokens,
status checks, profile reads) are not what a person looks for.
"""

import html
import json
import re
import time
from urllib.parse import urlsplit

from werkzeug.wrappers import Response

RECEIVED_PATH = "/_fake/"
RECEIPTS_PATH = "/_fake/received"
# The query parameter the approval page's buttons add: "approve" or "deny".
APPROVAL = "fake_approval"
NAMES = {
    "x": "X",
    "linkedin": "LinkedIn",
    "meta": "Meta (Facebook and Instagram)",
    "tiktok": "TikTok",
    "mastodon": "Mastodon",
    "bluesky": "Bluesky",
    "threads": "Threads",
    "pinterest": "Pinterest",
    "youtube": "YouTube",
}
# (method, path pattern, kind) of the requests a receipt is kept of, per provider.
RECEIPTS = {
    "x": (
        ("POST", r"/2/tweets", "post"),
        ("POST", r"/2/media/upload(/initialize)?", "media"),
    ),
    "linkedin": (
        ("POST", r"/rest/posts", "post"),
        ("POST", r"/rest/socialActions/.+/comments", "comment"),
        ("PUT", r"/dms-uploads/.+", "media"),
    ),
    "meta": (
        ("POST", r"/v[0-9.]+/[0-9]+/(feed|photos|videos)", "post"),
        ("POST", r"/v[0-9.]+/[0-9]+/media", "media"),
        ("POST", r"/v[0-9.]+/[0-9]+/media_publish", "post"),
        ("POST", r"/v[0-9.]+/[0-9_]+/comments", "comment"),
    ),
    "tiktok": (
        ("POST", r"/v2/post/publish/(video|content)/init/", "post"),
        ("PUT", r"/upload/.*", "media"),
    ),
    "mastodon": (
        ("POST", r"/api/v1/statuses", "post"),
        ("POST", r"/api/v2/media", "media"),
    ),
    "bluesky": (
        ("POST", r"/xrpc/com\.atproto\.repo\.createRecord", "post"),
        ("POST", r"/xrpc/com\.atproto\.repo\.uploadBlob", "media"),
        ("POST", r"/xrpc/app\.bsky\.video\.uploadVideo", "media"),
    ),
    "threads": (
        ("POST", r"/v[0-9.]+/[0-9]+/threads", "post"),
        ("POST", r"/v[0-9.]+/[0-9]+/threads_publish", "post"),
    ),
    "pinterest": (
        ("POST", r"/v5/pins", "post"),
        ("POST", r"/v5/media", "media"),
        ("POST", r"/_s3/.+", "media"),
    ),
    "youtube": (
        ("POST", r"/upload/youtube/v3/videos", "post"),
        ("PUT", r"/upload/youtube/v3/videos", "media"),
        ("POST", r"/upload/youtube/v3/thumbnails/set", "media"),
        ("POST", r"/youtube/v3/commentThreads", "comment"),
    ),
}
# Body fields that hold what a person wrote, by the name each platform gives them.
TEXT_FIELDS = ("text", "commentary", "message", "caption", "title", "description", "status")
# Answer fields (or header) that name what the platform made.
ID_FIELDS = ("id", "media_id", "publish_id", "post_id")
LONGEST_BODY = 600
STYLE = (
    "body{font:15px/1.5 system-ui,sans-serif;margin:2em auto;max-width:75em;padding:0 1em;color:#1f2430}"
    ".fake{background:#fde68a;padding:.5em 1em;border-radius:6px}"
    "table{border-collapse:collapse;width:100%}td,th{text-align:left;padding:6px;"
    "border-bottom:1px solid #d5d9e2;vertical-align:top}"
    "pre{white-space:pre-wrap;word-break:break-all;margin:0}"
    "button{font:inherit;padding:8px 18px;margin-right:8px}"
)


def authorize_path(fake):
    """The path of the fake's authorize URL, where its approval page is (a fake whose
    settings name none, as a Mastodon instance's, says it: AUTHORIZE_PATH)."""
    return getattr(fake, "AUTHORIZE_PATH", None) or urlsplit(fake.settings()["auth_url"]).path


def wants_approval_page(fake, request):
    return (
        fake.approval_page
        and request.method == "GET"
        and request.path == authorize_path(fake)
        and APPROVAL not in request.args
    )


def approval_page(fake, request):
    """Ask the person to approve; each button repeats the authorize request with APPROVAL."""
    name = NAMES.get(fake.PROVIDER, fake.PROVIDER)
    account = fake.signed_in
    who = f"@{account['username']}" if account.get("username") else account.get("name", "you")
    kept = "".join(
        f'<input type="hidden" name="{html.escape(key)}" value="{html.escape(value)}">'
        for key, value in request.args.items(multi=True)
    )
    scopes = html.escape(request.args.get("scope", ""))
    body = (
        f"<h1>Fake {html.escape(name)}: approve Postline for {html.escape(who)}?</h1>"
        '<p class="fake">A local fake of the platform (the Postline playground): nothing '
        "leaves this machine.</p>"
        f"<p>Postline asks for: <code>{scopes}</code></p>"
        f'<form method="get" action="{html.escape(request.path)}">{kept}'
        f'<button type="submit" name="{APPROVAL}" value="approve">Approve</button>'
        f'<button type="submit" name="{APPROVAL}" value="deny">Deny</button></form>'
        f'<p><a href="{RECEIVED_PATH}">What this fake received</a></p>'
    )
    return page(f"Fake {name}: approve Postline", body)


def page(title, body):
    document = (
        f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{html.escape(title)}</title>'
        f"<style>{STYLE}</style></head><body>{body}</body></html>"
    )
    headers = {"Cache-Control": "no-store", "X-Frame-Options": "DENY"}
    return Response(document, 200, headers=headers, content_type="text/html; charset=utf-8")


def receipt(provider, request, response):
    """What a person would want to see of this request, or None: its kind, when, the
    request line, the answer's status and the id it names, the text and the body."""
    kind = _kind(provider, request)
    if kind is None:
        return None
    body = _body(request)
    text = _text(body) if isinstance(body, dict) else None
    if isinstance(body, dict) and kind == "post":
        if (body.get("reply") or {}).get("in_reply_to_tweet_id") or body.get("in_reply_to_id"):
            kind = "reply"
        elif (body.get("record") or {}).get("reply"):  # a Bluesky record's reference to its parent
            kind = "reply"
        elif str(body.get("published")).lower() == "false":
            kind = "media"  # a Facebook photo uploaded unpublished, for a post to attach
    return {
        "kind": kind,
        "at": time.strftime("%H:%M:%S"),
        "request": f"{request.method} {request.full_path.rstrip('?')}",
        "status": response.status_code,
        "id": _made_id(response),
        "text": text,
        "body": body,
    }


def received_page(fake, receipts):
    name = NAMES.get(fake.PROVIDER, fake.PROVIDER)
    rows = "".join(
        f"<tr><td>{item['at']}</td><td><strong>{item['kind']}</strong></td>"
        f"<td>{html.escape(item['text'] or '')}</td>"
        f"<td>{item['status']}{' ' + html.escape(item['id']) if item['id'] else ''}</td>"
        f"<td><code>{html.escape(item['request'])}</code>"
        f"<pre>{html.escape(_shown(item['body']))}</pre></td></tr>"
        for item in receipts
    )
    body = (
        f"<h1>Fake {html.escape(name)}: what it received</h1>"
        '<p class="fake">A local fake of the platform (the Postline playground): these '
        "posts went nowhere else. Newest first; reload to see more.</p>"
        "<table><tr><th>At</th><th>What</th><th>Text</th><th>Answer</th><th>Request</th></tr>"
        f"{rows or '<tr><td colspan=5>Nothing yet.</td></tr>'}</table>"
    )
    return page(f"Fake {name}: received", body)


def receipts_answer(receipts):
    return Response(json.dumps(receipts), 200, content_type="application/json")


def fetched_receipt(platform, url, status, content_type, body):
    """A receipt of media a platform fetched itself from a URL (Threads, Pinterest), so
    that the received page shows it beside the requests that named it."""
    return {
        "kind": "media",
        "at": time.strftime("%H:%M:%S"),
        "request": f"GET {url} (fetched by {platform})",
        "status": status,
        "id": None,
        "text": None,
        "body": f"{len(body)} bytes of {content_type or 'unknown type'}",
    }


def _kind(provider, request):
    for method, pattern, kind in RECEIPTS.get(provider, ()):
        if request.method == method and re.fullmatch(pattern, request.path):
            return kind
    return None


def _body(request):
    """The request's body as a person would read it: JSON or form fields, the files of
    a multipart body (name, type, size), or the size and type of raw bytes."""
    if request.mimetype in ("multipart/form-data", "application/x-www-form-urlencoded"):
        fields = dict(request.form.items())
        for name, file in request.files.items():
            file.stream.seek(0, 2)
            fields[name] = f"{file.filename or 'file'} ({file.mimetype}, {file.stream.tell()} bytes)"
        return fields
    data = request.get_data()
    if request.mimetype == "application/json":
        try:
            return json.loads(data)
        except ValueError:
            pass
    return f"{len(data)} bytes of {request.mimetype or 'unknown type'}" if data else None


def _text(body):
    """The first text field of `body` or of an object in it (TikTok's post_info), or None."""
    for field in TEXT_FIELDS:
        if isinstance(body.get(field), str) and body[field]:
            return body[field]
    for value in body.values():
        if isinstance(value, dict):
            found = _text(value)
            if found:
                return found
    return None


def _made_id(response):
    if response.headers.get("x-restli-id"):
        return response.headers["x-restli-id"]
    if response.mimetype != "application/json":
        return None
    try:
        answer = json.loads(response.get_data())
    except ValueError:
        return None
    for scope in (answer, answer.get("data")) if isinstance(answer, dict) else ():
        if isinstance(scope, dict):
            for field in ID_FIELDS:
                if isinstance(scope.get(field), str | int):
                    return str(scope[field])
    return None


def _shown(body):
    if body is None:
        return ""
    text = body if isinstance(body, str) else json.dumps(body, indent=1, ensure_ascii=False)
    return text if len(text) <= LONGEST_BODY else text[:LONGEST_BODY] + " ..."
