"""Bluesky's limits and rich text (docs/platforms/bluesky.md): a post's text is at most
300 graphemes and 3,000 UTF-8 bytes; it carries up to four images or one MP4 video;
and nothing in it is a link, a mention or a hashtag until a facet says so, by the
UTF-8 byte offsets of its span. `facets` finds them (mentions need a DID, which the
caller resolves)."""

from dataclasses import dataclass

import regex

MAX_GRAPHEMES = 300
MAX_BYTES = 3000
MAX_IMAGES = 4
# The lexicons' limits (app.bsky.embed.images and .video): 2,000,000 bytes an image
# (1 MB until April 2026), 300,000,000 bytes a video (100 MB until August 2026).
IMAGE_BYTES = 2_000_000
VIDEO_BYTES = 300_000_000
VIDEO_MS = 180_000
MAX_TAG_GRAPHEMES = 64

# Written as Bluesky's own app finds them: a link starts with http(s)://; a mention is
# @ and a handle (a domain name) after a space or the start; a hashtag is # and at
# least one character that is not a digit, up to a space. Trailing punctuation is not
# part of a link or a tag.
LINK = regex.compile(r"https?://[^\s<>\"]+", regex.IGNORECASE)
MENTION = regex.compile(
    r"(?<=^|[\s(])@((?:[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\.)+[a-zA-Z](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)"
)
TAG = regex.compile(r"(?<=^|\s)[#＃]((?!\ufe0f)[^\s\u00ad\u2060\u200a\u200b\u200c\u200d\u20e2]+)")
TAG_TRAILING = regex.compile(r"\p{P}+$")
LINK_TRAILING = ".,;:!?\"'"


def graphemes(text):
    """How many grapheme clusters (what a person sees as one character) `text` has."""
    return len(regex.findall(r"\X", text or ""))


def check_content(content, media):
    """What of `content` and `media` (Media rows) Bluesky would refuse: [(field, message)]."""
    problems = _text_problems(content)
    if not content and not media:
        problems.append(("content", "bluesky: a post needs text or media"))
    kinds = [_kind(item) for item in media]
    if "document" in kinds:
        return problems + [("media", "bluesky: takes images or a video, not documents (PDF)")]
    if "other video" in kinds:
        return problems + [("media", "bluesky: takes MP4 video only (not QuickTime)")]
    if "video" in kinds and len(media) > 1:
        problems.append(("media", "bluesky: a video goes alone: no other media beside it"))
    elif len(media) > MAX_IMAGES:
        problems.append(("media", f"bluesky: at most {MAX_IMAGES} images ({len(media)} given)"))
    for index, (item, kind) in enumerate(zip(media, kinds, strict=True)):
        field = f"media[{index}]"
        limit = IMAGE_BYTES if kind == "image" else VIDEO_BYTES
        if item.size > limit:
            noun = "an image" if kind == "image" else "a video"
            problems.append((field, f"bluesky: {noun} may have at most {limit:,} bytes ({item.size:,})"))
        if kind == "video" and item.duration_ms is not None and item.duration_ms > VIDEO_MS:
            problems.append(
                (field, f"bluesky: a video lasts at most 3 minutes ({item.duration_ms / 1000:g} s)")
            )
    return problems


def _text_problems(content):
    problems = []
    length = graphemes(content)
    if length > MAX_GRAPHEMES:
        problems.append(("content", f"bluesky: {length} of {MAX_GRAPHEMES} graphemes"))
    size = len((content or "").encode())
    if size > MAX_BYTES:
        problems.append(("content", f"bluesky: {size:,} of {MAX_BYTES:,} bytes (UTF-8)"))
    return problems


def _kind(item):
    if item.content_type.startswith("image/"):
        return "image"
    if item.content_type == "video/mp4":
        return "video"
    return "other video" if item.content_type.startswith("video/") else "document"


def check_comment(content):
    """A first comment is a reply of text alone: within the same limits."""
    return check_content(content, [])


def check_options(options, media):
    """Bluesky refuses none of its options beside media (their shape is the API schema's):
    a link card is simply not made for a post with media (one embed per post)."""
    return []


@dataclass(frozen=True)
class Span:
    """Part of a text a facet is about: UTF-8 byte offsets (end exclusive), its kind
    (link, mention, tag) and what it stands for (the URL, the handle, the tag)."""

    start: int
    end: int
    kind: str
    value: str


def spans(text):
    """The links, mentions and hashtags of `text`, in the order they appear."""
    found = []
    for match in LINK.finditer(text or ""):
        url = _trimmed(match.group())
        found.append(_span(text, match.start(), match.start() + len(url), "link", url))
    for match in MENTION.finditer(text or ""):
        found.append(_span(text, match.start(), match.end(), "mention", match.group(1).lower()))
    for match in TAG.finditer(text or ""):
        tag = TAG_TRAILING.sub("", match.group(1))
        if tag and not tag.isdigit() and graphemes(tag) <= MAX_TAG_GRAPHEMES:
            found.append(_span(text, match.start(), match.start(1) + len(tag), "tag", tag))
    inside_links = [(span.start, span.end) for span in found if span.kind == "link"]
    found = [span for span in found if span.kind == "link" or not _within(span, inside_links)]
    return sorted(found, key=lambda span: span.start)


def _trimmed(url):
    """A link without the punctuation that ends the sentence around it, nor a closing
    parenthesis it did not open (a link may end in one it opened: Wikipedia's do)."""
    while url and (url[-1] in LINK_TRAILING or (url[-1] == ")" and url.count("(") < url.count(")"))):
        url = url[:-1]
    return url


def _span(text, start, end, kind, value):
    """A Span of the characters start:end of `text`, as UTF-8 byte offsets."""
    byte_start = len(text[:start].encode())
    return Span(byte_start, byte_start + len(text[start:end].encode()), kind, value)


def _within(span, ranges):
    return any(start <= span.start < end for start, end in ranges)


def facets(found, dids):
    """The record's `facets` for `found` Spans; a mention whose handle has no DID in
    `dids` (it did not resolve) stays plain text."""
    made = []
    for span in found:
        if span.kind == "link":
            feature = {"$type": "app.bsky.richtext.facet#link", "uri": span.value}
        elif span.kind == "tag":
            feature = {"$type": "app.bsky.richtext.facet#tag", "tag": span.value}
        elif dids.get(span.value):
            feature = {"$type": "app.bsky.richtext.facet#mention", "did": dids[span.value]}
        else:
            continue
        made.append({"index": {"byteStart": span.start, "byteEnd": span.end}, "features": [feature]})
    return made
