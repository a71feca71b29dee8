"""TikTok's limits on a post (README, TikTok): media is required, a post is one video
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
    """TikTok's options are checked by the API's schema, and the privacy level again at
    publish time against what the creator allows."""
    return []
