"""Threads' limits on a post (docs/platforms/threads.md): 500 characters, an emoji
counting as many as its UTF-8 bytes; text, one image or video, or a carousel of 2 to
20; images up to 8 MB and no more than 10:1, videos up to 1 GB and 5 minutes; at most
5 links. A post is TEXT, IMAGE, VIDEO or CAROUSEL on Threads; a reply (a thread's
part, or the first comment) is any of them too.
"""

import re

CONTENT_LIMIT = 500
MAX_CAROUSEL = 20
MAX_LINKS = 5
MB = 1024 * 1024
IMAGE_BYTES = 8 * MB
VIDEO_BYTES = 1024 * MB
VIDEO_MS = 5 * 60 * 1000
MAX_ASPECT = 10  # the longer side at most 10 times the shorter
LINK = re.compile(r"https?://\S+|\bwww\.\S+", re.IGNORECASE)
# Code points that make up emoji: pictographs, symbols and dingbats, the variation
# selector and the joiner, tags and keycaps (a skin tone, a flag's regional indicators
# and most pictographs lie at U+1F000 and above).
EMOJI_RANGES = ((0x2190, 0x21FF), (0x2300, 0x23FF), (0x2460, 0x27BF), (0x2900, 0x2BFF), (0x3030, 0x303D))
EMOJI_POINTS = {0x00A9, 0x00AE, 0x200D, 0x203C, 0x2049, 0x20E3, 0x2122, 0x2139, 0x3297, 0x3299, 0xFE0F}


def _emoji(point):
    return (
        point >= 0x1F000 or point in EMOJI_POINTS or any(low <= point <= high for low, high in EMOJI_RANGES)
    )


def length(text):
    """Characters as Threads counts them: one each, but an emoji as many as its UTF-8
    bytes (a thumbs-up 4, a heart with its variation selector 6)."""
    return sum(len(char.encode()) if _emoji(ord(char)) else 1 for char in text or "")


def links(text):
    """The distinct links of `text`."""
    return len(set(LINK.findall(text or "")))


def is_video(item):
    return item.content_type.startswith("video/")


def _text_problems(content, what):
    problems = []
    used = length(content)
    if used > CONTENT_LIMIT:
        problems.append(
            (
                "content",
                f"threads: {used} of {CONTENT_LIMIT} characters in {what} (an emoji counts its UTF-8 bytes)",
            )
        )
    if links(content) > MAX_LINKS:
        problems.append(("content", f"threads: at most {MAX_LINKS} links in {what} ({links(content)} given)"))
    return problems


def check_content(content, media):
    """What of `content` and `media` (Media rows) Threads would refuse: [(field, message)]."""
    problems = _text_problems(content, "a post")
    if not content and not media:
        problems.append(("content", "threads: a post needs text or media"))
    if len(media) > MAX_CAROUSEL:
        problems.append(
            ("media", f"threads: at most {MAX_CAROUSEL} items in a carousel ({len(media)} given)")
        )
    for index, item in enumerate(media):
        problems += [(f"media[{index}]", message) for message in _item_problems(item)]
    return problems


def _item_problems(item):
    if not item.content_type.startswith(("image/", "video/")):
        return [f"threads: takes images and videos ({item.content_type} given)"]
    problems = []
    if is_video(item):
        if item.size > VIDEO_BYTES:
            problems.append(f"threads: a video may have at most 1 GB ({item.size} bytes)")
        if item.duration_ms is not None and item.duration_ms > VIDEO_MS:
            problems.append(f"threads: a video lasts at most 5 minutes ({item.duration_ms / 1000:g} s)")
    elif item.content_type in ("image/jpeg", "image/png") and item.size > IMAGE_BYTES:
        problems.append(f"threads: an image may have at most 8 MB ({item.size} bytes)")
    if (
        item.width
        and item.height
        and max(item.width, item.height) > MAX_ASPECT * min(item.width, item.height)
    ):
        problems.append(f"threads: at most 10:1 ({item.width}x{item.height} given)")
    return problems


def check_comment(content):
    """A first comment is a reply of text alone: 500 characters, as a post."""
    if not content:
        return [("content", "threads: a comment needs text")]
    return _text_problems(content, "a comment")


def check_options(options, media):
    """What of the post's options Threads would refuse beside `media`: a link attachment
    goes on a text post only (the options' shape is the API schema's)."""
    if options.get("linkAttachment") and media:
        return [("linkAttachment", "threads: a link attachment goes on a post without media")]
    return []
