"""Pinterest's limits on a pin (docs/platforms/pinterest.md): media is required (one
image, 2 to 5 images, or one video, never mixed); the description (the post's text)
has at most 800 characters, the title 100, alt text 500; images are JPEG, PNG or WebP
of at most 20 MB, a video is MP4 or MOV of 4 seconds to 15 minutes and at most 2 GB;
every pin goes on a board, `options.boardId`, chosen per post."""

DESCRIPTION_LIMIT = 800
ALT_TEXT_LIMIT = 500
MAX_IMAGES = 5
MB = 1024 * 1024
IMAGE_TYPES = ("image/jpeg", "image/png", "image/webp")
IMAGE_BYTES = 20 * MB
VIDEO_BYTES = 2048 * MB
VIDEO_MS = (4_000, 15 * 60 * 1000)


def is_video(item):
    return item.content_type.startswith("video/")


def check_content(content, media):
    """What of `content` and `media` (Media rows) Pinterest would refuse: [(field, message)]."""
    if not media:
        return [("media", "pinterest: a pin needs an image or a video")]
    problems = []
    if len(content or "") > DESCRIPTION_LIMIT:
        problems.append(
            ("content", f"pinterest: {len(content)} of {DESCRIPTION_LIMIT} characters in a pin's description")
        )
    videos = [item for item in media if is_video(item)]
    if videos and len(media) > 1:
        problems.append(("media", "pinterest: a video goes alone: one video, or 1 to 5 images"))
    elif len(media) > MAX_IMAGES:
        problems.append(("media", f"pinterest: at most {MAX_IMAGES} images in a pin ({len(media)} given)"))
    for index, item in enumerate(media):
        problems += [(f"media[{index}]", message) for message in _item_problems(item)]
    return problems


def _item_problems(item):
    problems = []
    if is_video(item):
        if item.size > VIDEO_BYTES:
            problems.append(f"pinterest: a video may have at most 2 GB ({item.size} bytes)")
        if item.duration_ms is not None and not VIDEO_MS[0] <= item.duration_ms <= VIDEO_MS[1]:
            problems.append(f"pinterest: a video lasts 4 s to 15 minutes ({item.duration_ms / 1000:g} s)")
    elif item.content_type not in IMAGE_TYPES:
        problems.append(
            f"pinterest: takes JPEG, PNG or WebP images and MP4 or MOV videos ({item.content_type} given)"
        )
    elif item.size > IMAGE_BYTES:
        problems.append(f"pinterest: an image may have at most 20 MB ({item.size} bytes)")
    if item.alt_text and len(item.alt_text) > ALT_TEXT_LIMIT:
        problems.append(
            f"pinterest: alt text has at most {ALT_TEXT_LIMIT} characters ({len(item.alt_text)} given)"
        )
    return problems


def check_comment(content):
    """Pinterest's API takes no comments (the adapter answers no first comment)."""
    return [("content", "pinterest: takes no first comment")]


def check_options(options, media):
    """What of the pin's options Pinterest would refuse beside `media`: a board is
    required, a cover is for a video (the options' shape is the API schema's)."""
    problems = []
    if not options.get("boardId"):
        message = (
            "pinterest: a pin goes on a board: send platforms.pinterest.options.boardId "
            "(GET /v1/connections/{id}/boards lists the account's boards)"
        )
        problems.append(("boardId", message))
    if options.get("coverMedia") and not any(is_video(item) for item in media):
        problems.append(("coverMedia", "pinterest: coverMedia is a video pin's cover"))
    return problems
