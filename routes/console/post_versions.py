"""The post form's thread, first comment and per-platform texts (docs/console.md): what
the form shows of a post, what it sends back as the API's `thread`, `firstComment` and
`platforms`, and the messages of those fields, each under its own box.

The form edits the post's thread (text, and the media a part already has), its first
comment, and a text of each platform's own; everything else a version holds (its
media, options, a thread or comment of its own, set through the API) is kept as it was.
The thread goes where threads exist (X): for each platform without them, of the
channel's or with a text of its own, the form sends `thread: []` (that platform
publishes the post alone), and `firstComment: null` for one without comments (TikTok).
"""

from dataclasses import dataclass

from marshmallow import ValidationError

from postline import platforms
from postline.errors import Invalid, RefusedContent
from postline.platforms.bluesky import text as bluesky_text
from postline.platforms.threads import limits as threads_limits
from postline.platforms.x import text as x_text
from postline.posts import checks
from postline.schemas.versions import MAX_THREAD
from postline.web.errors import flatten_messages


@dataclass(frozen=True)
class Tab:
    """One platform's tab of the form: its name, how people write it, its adapter's
    limit of a post's text, and whether it publishes threads and first comments."""

    platform: str
    title: str
    limit: int
    threads: bool
    comments: bool


def _title(platform):
    """How people write a platform: its provider's name when the provider has this one
    platform alone ("LinkedIn"), else the platform's ("Facebook", "Instagram")."""
    provider = platforms.provider(platforms.provider_of(platform))
    if provider is not None and len(provider.platforms) == 1:
        return provider.name
    return platform.capitalize()


TABS = [
    Tab(name, _title(name), publisher.content_limit, publisher.threads, publisher.comments)
    for name, publisher in platforms.PUBLISHERS.items()
    if publisher.content_limit is not None
]
# The counters under a thread's part and the first comment: the platforms that publish
# them as replies within a post's limit (X).
THREAD_TABS = [tab for tab in TABS if tab.threads]
# Names of the form's boxes beside those of the API's schema.
THREAD, THREAD_MEDIA, FIRST_COMMENT = "thread", "threadMedia", "firstComment"


def version_field(platform):
    """The name of a platform's own text in the form, as the API names the field."""
    return f"platforms.{platform}.content"


def count(platform, text):
    """The length of `text` as `platform` counts it (X: weighted characters; Bluesky:
    graphemes; Threads: an emoji as its UTF-8 bytes; YouTube: a description's UTF-8 bytes)."""
    if platform == "x":
        return x_text.weighted_length(text)
    if platform == "bluesky":
        return bluesky_text.graphemes(text)
    if platform == "threads":
        return threads_limits.length(text)
    if platform == "youtube":
        return len((text or "").encode())
    return len(text or "")


def shown(post):
    """What the form shows of a post's thread, first comment and platform texts."""
    comment = post.first_comment_value
    versions = post.platform_versions
    return {
        THREAD: [
            {"content": part.get("content") or "", "media": part.get("media") or []}
            for part in post.thread_parts
        ],
        FIRST_COMMENT: comment["content"] if comment else "",
        **{version_field(tab.platform): versions.get(tab.platform, {}).get("content", "") for tab in TABS},
    }


def submitted(form):
    """What the form sent, as `shown` gives it (to show the form again): the thread's
    parts in their order, blank ones left out."""
    texts, media = form.getlist(THREAD), form.getlist(THREAD_MEDIA)
    media += [""] * (len(texts) - len(media))
    thread = [
        {"content": text, "media": keys.split()}
        for text, keys in zip(texts, media, strict=False)
        if text.strip() or keys.split()
    ]
    return {
        THREAD: thread,
        FIRST_COMMENT: form.get(FIRST_COMMENT, ""),
        **{version_field(tab.platform): form.get(version_field(tab.platform), "") for tab in TABS},
    }


def api_fields(values, channel_id, post=None):
    """The API's `thread`, `firstComment` and `platforms` of what the form sent
    (`submitted`), for a post on `channel_id` (`post`: the one edited, whose versions'
    other fields are kept)."""
    thread = [
        {
            **({"content": part["content"]} if part["content"].strip() else {}),
            **({"media": part["media"]} if part["media"] else {}),
        }
        for part in values[THREAD]
    ]
    comment = {"content": values[FIRST_COMMENT]} if values[FIRST_COMMENT].strip() else None
    kept = post.platform_versions if post is not None else {}
    versions = {platform: dict(version) for platform, version in kept.items()}
    for tab in TABS:
        text = values[version_field(tab.platform)]
        if text.strip():
            versions.setdefault(tab.platform, {})["content"] = text
        else:
            versions.get(tab.platform, {}).pop("content", None)
    connected = checks.platforms_of([channel_id]).get(channel_id, set()) if channel_id else set()
    # A version waiting for its platform is held to its threads and comments too.
    for platform in connected | {platform for platform, version in versions.items() if version}:
        publisher = platforms.for_platform(platform)
        if not publisher.threads:
            _leave_out(versions, platform, "thread", [], thread)
        if not publisher.comments:
            _leave_out(versions, platform, FIRST_COMMENT, None, comment)
    return {
        THREAD: thread,
        FIRST_COMMENT: comment,
        "platforms": {platform: version for platform, version in versions.items() if version},
    }


def _leave_out(versions, platform, field, nothing, wanted):
    """Give `platform`'s version `field: nothing` while the post has `wanted` (a thread, a
    comment) that platform cannot publish; drop it once the post has none."""
    if wanted:
        versions.setdefault(platform, {})[field] = nothing
    elif platform in versions and versions[platform].get(field, ...) == nothing:
        del versions[platform][field]


def field_errors(error):
    """{field as the API names it: message} of an error, for the boxes of this form
    (`thread[1].content` under the thread's second part, `platforms.x.content` under
    X's text); the console's form_errors names only the top field."""
    if isinstance(error, ValidationError):
        details = flatten_messages(error.messages)
    elif isinstance(error, (Invalid, RefusedContent)):
        details = error.details
    else:
        return {}
    return {detail["field"]: detail["message"] for detail in details}


def context(values, errors):
    """What _post_versions.html needs beside the form's `values`: the tabs, the counters,
    each box's message (`errors`: field_errors), and the messages of fields that have no
    box of their own (a version's media or options, set through the API)."""
    placed = {FIRST_COMMENT, f"{FIRST_COMMENT}.content", *(version_field(tab.platform) for tab in TABS)}
    placed |= {f"{THREAD}[{index}].content" for index in range(len(values.get(THREAD) or []))}
    unplaced = [
        (field, message)
        for field, message in errors.items()
        if field.split("[", 1)[0].split(".", 1)[0] in (THREAD, FIRST_COMMENT, "platforms")
        and field not in placed
    ]
    return {
        "tabs": TABS,
        "thread_tabs": THREAD_TABS,
        "max_thread": MAX_THREAD,
        "count": count,
        "field_errors": errors,
        "unplaced": unplaced,
    }
