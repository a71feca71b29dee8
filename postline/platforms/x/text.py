"""X's limits: 280 weighted characters (URLs count 23, CJK and emoji 2, as
twitter-text counts them), the media one post may carry (images, a GIF or a video:
no documents), and what its options allow (docs/platforms/x.md)."""

MAX_WEIGHTED = 280
MAX_IMAGES = 4
IMAGE_BYTES = 5 * 1024 * 1024
GIF_BYTES = 15 * 1024 * 1024
VIDEO_BYTES = 512 * 1024 * 1024
VIDEO_MS = (500, 140_000)
MB = 1024 * 1024


def weighted_length(text):
    # twitter-text compiles its patterns when imported (0.3 s of every process's start):
    # it loads on the first count.
    from twitter_text import parse_tweet

    return parse_tweet(text or "").weightedLength


def check_content(content, media):
    """What of `content` and `media` (Media rows) X would refuse: [(field, message)]."""
    problems = []
    length = weighted_length(content)
    if length > MAX_WEIGHTED:
        problems.append(("content", f"x: {length} of {MAX_WEIGHTED} weighted characters"))
    if not content and not media:
        problems.append(("content", "x: a post needs text or media"))
    kinds = [_kind(item) for item in media]
    if "document" in kinds:
        return problems + [("media", "x: takes images, a GIF or a video, not documents (PDF)")]
    if len(media) > 1 and ("gif" in kinds or "video" in kinds):
        problems.append(("media", "x: a GIF or a video goes alone: no other media beside it"))
    elif kinds.count("image") > MAX_IMAGES:
        problems.append(("media", f"x: at most {MAX_IMAGES} images ({len(media)} given)"))
    for index, (item, kind) in enumerate(zip(media, kinds, strict=True)):
        field = f"media[{index}]"
        limit = {"image": IMAGE_BYTES, "gif": GIF_BYTES, "video": VIDEO_BYTES}[kind]
        if item.size > limit:
            problems.append((field, f"x: a {kind} may have at most {limit // MB} MB ({item.size} bytes)"))
        if (
            kind == "video"
            and item.duration_ms is not None
            and not VIDEO_MS[0] <= item.duration_ms <= VIDEO_MS[1]
        ):
            problems.append((field, f"x: a video lasts 0.5 to 140 s ({item.duration_ms / 1000:g} s)"))
    return problems


def _kind(item):
    if item.content_type == "image/gif":
        return "gif"
    if item.content_type.startswith("video/"):
        return "video"
    return "image" if item.content_type.startswith("image/") else "document"


def check_comment(content):
    """A first comment is a reply of text alone: within the same 280 weighted characters."""
    return check_content(content, [])


def check_options(options, media):
    """What of the post's options X would refuse beside `media`: a poll goes without media
    (the options' shape and ranges are the API schema's)."""
    if options.get("poll") and media:
        return [("poll", "x: a poll takes no media: send the media in a thread's part instead")]
    return []
