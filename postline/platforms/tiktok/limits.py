"""TikTok's limits on a post (docs/platforms/tiktok.md): media is required, a post is one video
or up to 35 photos (JPEG or WebP), never both; a video's title (the post's text) has
at most 2,200 characters, a photo post's description 4,000. TikTok counts UTF-16 code
units, so an emoji outside the Basic Multilingual Plane counts 2.

The creator's own limits (longest video, privacy levels) are read from TikTok before
each post (postline/platforms/tiktok/posting.py)."""

VIDEO_TITLE_MAX = 2200
PHOTO_DESCRIPTION_MAX = 4000
MAX_PHOTOS = 35
PHOTO_TYPES = ("image/jpeg", "image/webp")
VIDEO_BYTES = 4 * 1024 * 1024 * 1024
# Options that belong to one kind of post.
PHOTO_ONLY = ("title", "coverIndex")
VIDEO_ONLY = ("disableDuet", "disableStitch")
WHAT = {
    "title": "photo posts (a video's title is the post's text)",
    "coverIndex": "photo posts",
    "disableDuet": "videos",
    "disableStitch": "videos",
}


def length(text):
    """Characters as TikTok counts them: UTF-16 code units."""
    return len((text or "").encode("utf-16-le")) // 2


def is_video(item):
    return item.content_type.startswith("video/")


def check_content(content, media):
    """What of `content` and `media` (Media rows) TikTok would refuse: [(field, message)]."""
    if not media:
        return [("media", "tiktok: a post needs a video or photos")]
    videos = [item for item in media if is_video(item)]
    if videos and len(videos) != len(media):
        return [("media", "tiktok: photos and a video cannot be mixed in one post")]
    if len(videos) > 1:
        return [("media", f"tiktok: one video per post ({len(videos)} given)")]
    problems = []
    used = length(content)
    if videos:
        if used > VIDEO_TITLE_MAX:
            problems.append(("content", f"tiktok: {used} of {VIDEO_TITLE_MAX} characters in a video's title"))
        if videos[0].size > VIDEO_BYTES:
            problems.append(("media[0]", f"tiktok: a video may have at most 4 GB ({videos[0].size} bytes)"))
        return problems
    if used > PHOTO_DESCRIPTION_MAX:
        problems.append(
            ("content", f"tiktok: {used} of {PHOTO_DESCRIPTION_MAX} characters in a photo post's description")
        )
    if len(media) > MAX_PHOTOS:
        problems.append(("media", f"tiktok: at most {MAX_PHOTOS} photos ({len(media)} given)"))
    for index, item in enumerate(media):
        if item.content_type not in PHOTO_TYPES:
            problems.append(
                (f"media[{index}]", f"tiktok: photos must be JPEG or WebP ({item.content_type} given)")
            )
    return problems


def check_comment(content):
    """TikTok's API takes no comments (the post answers no first comment)."""
    return [("content", "tiktok: takes no first comment")]


def check_options(options, media):
    """What of the post's options TikTok would refuse beside `media`: a photo post's
    `title` and `coverIndex` (a photo of the post), a video's duets and stitches, and
    branded content made private. Whether the creator allows the privacy level is
    known only at publish time (creator_info)."""
    video = any(is_video(item) for item in media)
    wrong = VIDEO_ONLY if not video else PHOTO_ONLY
    problems = [(name, f"tiktok: {name} is for {WHAT[name]}") for name in wrong if name in options]
    cover = options.get("coverIndex")
    if not video and cover is not None and cover >= len(media):
        problems.append(("coverIndex", f"tiktok: coverIndex {cover} names no photo ({len(media)} given)"))
    if options.get("brandedContent") and options.get("privacyLevel") == "SELF_ONLY":
        problems.append(("privacyLevel", "tiktok: branded content cannot be private (SELF_ONLY)"))
    return problems
