"""YouTube's limits on a post (docs/platforms/youtube.md): a post is one video, its text
the description (at most 5,000 bytes of UTF-8), its title the `title` option or else
the text's first line; neither may hold `<` or `>`, which YouTube refuses. Tags are at
most 500 characters together, as YouTube counts them (commas between, quotes around a
tag with a space); `publishAt` schedules a private video; a Short lasts at most 3
minutes.
"""

from postline.platforms.base import Limits

DESCRIPTION_BYTES = 5000
TITLE_MAX = 100
TAGS_MAX = 500
SHORT_MAX_MS = 180_000  # since 2024-10-15; 60 s before
VIDEO_BYTES = 256 * 1024**3
VIDEO_MAX_MS = 12 * 3600 * 1000  # a verified channel's longest upload (15 minutes unverified)
FORBIDDEN = "<>"
LIMITS = Limits(characters=DESCRIPTION_BYTES, images=0, videos=1, video_bytes=VIDEO_BYTES)


def check_content(content, media):
    """What of `content` (the description) and `media` (Media rows) YouTube would refuse."""
    problems = []
    size = len((content or "").encode())
    if size > DESCRIPTION_BYTES:
        problems.append(("content", f"youtube: {size} of {DESCRIPTION_BYTES} bytes (UTF-8) of description"))
    if _forbidden(content):
        problems.append(("content", "youtube: the description may not hold < or >"))
    videos = [item for item in media if item.content_type.startswith("video/")]
    if len(media) != 1 or len(videos) != 1:
        problems.append(("media", f"youtube: a post is one video ({_described(media)} given)"))
    for index, item in enumerate(media):
        field = f"media[{index}]"
        if not item.content_type.startswith("video/"):
            continue
        if item.size > VIDEO_BYTES:
            problems.append((field, f"youtube: a video may have at most 256 GB ({item.size} bytes)"))
        if item.duration_ms is not None and item.duration_ms > VIDEO_MAX_MS:
            problems.append((field, "youtube: a video may last at most 12 hours"))
    return problems


def check_comment(content):
    """What of a first comment's text YouTube would refuse (its 10,000 characters are the
    API's own limit on a comment)."""
    if not content or not content.strip():
        return [("content", "youtube: a comment needs text")]
    return []


def check_options(options, media):
    """What of the version's options YouTube would refuse beside `media`."""
    problems = []
    if _forbidden(options.get("title")):
        problems.append(("title", "youtube: a title may not hold < or >"))
    tags = options.get("tags") or []
    if tags_length(tags) > TAGS_MAX:
        problems.append(
            (
                "tags",
                f"youtube: tags take {tags_length(tags)} of {TAGS_MAX} characters (commas and quotes count)",
            )
        )
    if any(_forbidden(tag) or "," in tag for tag in tags):
        problems.append(("tags", "youtube: a tag may not hold <, > or a comma"))
    if options.get("publishAt") is not None and options.get("privacyStatus", "private") != "private":
        problems.append(
            (
                "publishAt",
                "youtube: a scheduled video (publishAt) is private until then: privacyStatus private",
            )
        )
    long = [item for item in media if item.duration_ms is not None and item.duration_ms > SHORT_MAX_MS]
    if options.get("shorts") and long:
        seconds = long[0].duration_ms / 1000
        problems.append(("shorts", f"youtube: a Short lasts at most 3 minutes (this video: {seconds:g} s)"))
    return problems


def fits(description):
    """Whether `description` is within YouTube's 5,000 bytes."""
    return len(description.encode()) <= DESCRIPTION_BYTES


def tags_length(tags):
    """The characters tags take as YouTube counts them: a comma between two, quotes
    around a tag holding a space."""
    if not tags:
        return 0
    return sum(len(tag) + (2 if " " in tag else 0) for tag in tags) + len(tags) - 1


def title_of(options, content, media):
    """The video's title: the `title` option; else the text's first line (cut at a word
    to 100 characters, the last an ellipsis); else the video file's name without its
    extension."""
    if options.get("title"):
        return options["title"]
    first = next((line.strip() for line in (content or "").splitlines() if line.strip()), "")
    if len(first) > TITLE_MAX:
        room = first[: TITLE_MAX - 1]
        first = (room.rsplit(" ", 1)[0] if " " in room else room).rstrip() + "…"
    if first:
        return first
    stem = media.filename.rsplit(".", 1)[0] if media is not None and media.filename else ""
    stem = "".join(character for character in stem if character not in FORBIDDEN).strip()
    return stem[:TITLE_MAX] or "Video"


def _forbidden(text):
    return bool(text) and any(character in text for character in FORBIDDEN)


def _described(media):
    return ", ".join(item.content_type for item in media) or "no media"
