"""LinkedIn's limits: 3,000 characters of commentary (text alone is a post), and one
MP4 video of at most 500 MB, up to 20 images (2 or more go as a multiImage), or one
PDF of at most 100 MB (a document post), never two of these (docs/platforms/linkedin.md)."""

CONTENT_LIMIT = 3000
MAX_IMAGES = 20
IMAGE_TYPES = ("image/jpeg", "image/png", "image/gif")
VIDEO_TYPE = "video/mp4"
VIDEO_BYTES = 500 * 1024 * 1024
DOCUMENT_TYPE = "application/pdf"
DOCUMENT_BYTES = 100 * 1024 * 1024


def is_document(item):
    return item.content_type == DOCUMENT_TYPE


def check_content(content, media):
    """What of `content` and `media` (Media rows) LinkedIn would refuse: [(field, message)]."""
    problems = []
    length = len(content or "")
    if length > CONTENT_LIMIT:
        problems.append(("content", f"linkedin: {length} of {CONTENT_LIMIT} characters"))
    if not content and not media:
        problems.append(("content", "linkedin: a post needs text or media"))
    videos = [item for item in media if item.content_type.startswith("video/")]
    documents = [item for item in media if is_document(item)]
    if documents and len(media) > 1:
        problems.append(("media", "linkedin: a document (PDF) goes alone: no other media beside it"))
    elif videos and len(videos) < len(media):
        problems.append(("media", "linkedin: a post carries one video or images, not both"))
    elif len(videos) > 1:
        problems.append(("media", f"linkedin: at most one video ({len(videos)} given)"))
    elif len(media) > MAX_IMAGES:
        problems.append(("media", f"linkedin: at most {MAX_IMAGES} images ({len(media)} given)"))
    for index, item in enumerate(media):
        field = f"media[{index}]"
        if is_document(item):
            if item.size > DOCUMENT_BYTES:
                problems.append((field, f"linkedin: a document may have at most 100 MB ({item.size} bytes)"))
        elif item.content_type.startswith("video/"):
            if item.content_type != VIDEO_TYPE:
                problems.append((field, f"linkedin: a video must be MP4 ({item.content_type} given)"))
            elif item.size > VIDEO_BYTES:
                problems.append((field, f"linkedin: a video may have at most 500 MB ({item.size} bytes)"))
        elif item.content_type not in IMAGE_TYPES:
            problems.append((field, f"linkedin: images must be JPEG, PNG or GIF ({item.content_type} given)"))
    return problems


COMMENT_LIMIT = 1250


def check_comment(content):
    """What of a first comment's text LinkedIn would refuse: [(field, message)]."""
    length = len(content or "")
    if not content:
        return [("content", "linkedin: a comment needs text")]
    if length > COMMENT_LIMIT:
        return [("content", f"linkedin: a comment has at most {COMMENT_LIMIT} characters ({length} given)")]
    return []


def check_options(options, media):
    """What of the post's options LinkedIn would refuse beside `media`: a document title
    goes with a document post (one PDF as its media)."""
    if options.get("title") and not any(is_document(item) for item in media):
        return [("title", "linkedin: title is for a document post: one PDF as its media")]
    return []
