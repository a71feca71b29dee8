"""Mastodon's limits (docs/platforms/mastodon.md, Limits): each instance sets its own and
says them at `GET /api/v2/instance`. `Limits` holds one instance's (Mastodon's defaults
until the instance has said), `check_content` and its kin apply them as Mastodon does.

Mastodon counts a status as its content warning and its text together, in grapheme
clusters (what a reader sees as one character), with every http(s) URL counting as
`characters_reserved_per_url` (23) whatever its length, and a mention of an account on
another server (@user@example.social) counting as @user alone. A status takes up to
`max_media_attachments` images (GIFs among them), or one video or audio file alone.
"""

from dataclasses import asdict, dataclass, field

import regex

# Mastodon's own defaults (4.x), which an instance's answer replaces field by field.
DEFAULT_TYPES = (
    "image/jpeg",
    "image/png",
    "image/gif",
    "image/heic",
    "image/heif",
    "image/webp",
    "image/avif",
    "video/webm",
    "video/mp4",
    "video/quicktime",
    "video/ogg",
    "audio/wave",
    "audio/wav",
    "audio/x-wav",
    "audio/ogg",
    "audio/mpeg",
    "audio/mp3",
    "audio/webm",
    "audio/flac",
    "audio/aac",
    "audio/m4a",
    "audio/x-m4a",
    "audio/mp4",
    "audio/3gpp",
)
# A mention as Mastodon finds one (Account::MENTION_RE): @, a username, and for an
# account elsewhere @ and its domain, which does not count.
MENTION = regex.compile(
    r"(?<![=/\w])@([a-z0-9_]+(?:[.-]+[a-z0-9_]+)*)(?:@\w+(?:[.-]+\w+)*)?", regex.IGNORECASE
)
# Where each of the instance's answer's fields is (`configuration.<section>.<name>`).
FIELDS = {
    "max_characters": ("statuses", "max_characters"),
    "max_media": ("statuses", "max_media_attachments"),
    "url_characters": ("statuses", "characters_reserved_per_url"),
    "mime_types": ("media_attachments", "supported_mime_types"),
    "image_bytes": ("media_attachments", "image_size_limit"),
    "image_pixels": ("media_attachments", "image_matrix_limit"),
    "video_bytes": ("media_attachments", "video_size_limit"),
    "video_pixels": ("media_attachments", "video_matrix_limit"),
    "description_characters": ("media_attachments", "description_limit"),
}


@dataclass(frozen=True)
class Limits:
    """One instance's limits, Mastodon's defaults where it said nothing."""

    max_characters: int = 500
    max_media: int = 4
    url_characters: int = 23
    mime_types: tuple = field(default=DEFAULT_TYPES)
    image_bytes: int = 16_777_216
    image_pixels: int = 33_177_600  # 7680 x 4320
    video_bytes: int = 103_809_024
    video_pixels: int = 8_294_400  # 3840 x 2160
    description_characters: int = 1500

    @classmethod
    def from_instance(cls, answer):
        """The limits an instance's `GET /api/v2/instance` (or v1) answer gives; a
        field missing or of the wrong type keeps Mastodon's default."""
        configuration = answer.get("configuration") if isinstance(answer, dict) else None
        configuration = configuration if isinstance(configuration, dict) else {}
        found = {}
        for name, (section, key) in FIELDS.items():
            value = (configuration.get(section) or {}).get(key)
            if name == "mime_types":
                if isinstance(value, list) and all(isinstance(item, str) for item in value):
                    found[name] = tuple(value)
            elif isinstance(value, int) and not isinstance(value, bool) and value > 0:
                found[name] = value
        # Forks before `configuration` (and Pleroma) said only this.
        legacy = answer.get("max_toot_chars") if isinstance(answer, dict) else None
        if "max_characters" not in found and isinstance(legacy, int) and legacy > 0:
            found["max_characters"] = legacy
        return cls(**found)

    @classmethod
    def stored(cls, value):
        """Limits as `stored()` kept them (None: the defaults)."""
        if not value:
            return cls()
        known = {name: value[name] for name in FIELDS if name in value}
        if "mime_types" in known:
            known["mime_types"] = tuple(known["mime_types"])
        return cls(**known)

    def kept(self):
        """These limits as JSON-able data (InstanceApp.limits)."""
        return {**asdict(self), "mime_types": list(self.mime_types)}

    @classmethod
    def narrowest(cls, many):
        """The limits that every one of `many` allows (a post to accounts on several instances)."""
        many = list(many)
        if not many:
            return cls()
        types = [item for item in many[0].mime_types if all(item in other.mime_types for other in many)]
        numbers = {name: min(getattr(item, name) for item in many) for name in FIELDS if name != "mime_types"}
        # A URL counts for more where an instance reserves more for it.
        numbers["url_characters"] = max(item.url_characters for item in many)
        return cls(**numbers, mime_types=tuple(types))


def graphemes(text):
    return len(regex.findall(r"\X", text or ""))


def countable(text, url_characters):
    """`text` as Mastodon counts it: each URL as that many x, a remote mention as @user."""
    # twitter-text loads on the first count, not at every process's start (x/text.py).
    from twitter_text import extract_urls_with_indices

    text = text or ""
    spans = [
        (url["indices"][0], url["indices"][1], "x" * url_characters)
        for url in extract_urls_with_indices(text, extract_urls_without_protocol=False)
    ]
    for mention in MENTION.finditer(text):
        start, end = mention.span()
        if not any(start < url_end and url_start < end for url_start, url_end, _ in spans):
            spans.append((start, end, f"@{mention.group(1)}"))
    pieces, at = [], 0
    for start, end, replacement in sorted(spans):
        pieces += [text[at:start], replacement]
        at = end
    return "".join(pieces) + text[at:]


def length(text, spoiler_text, limits):
    """A status's length as Mastodon counts it: its content warning and its text."""
    return graphemes((spoiler_text or "") + countable(text, limits.url_characters))


def kind(item):
    """ "image" (a GIF too), "video", "audio" or "other" of a Media row."""
    family = item.content_type.split("/", 1)[0]
    return family if family in ("image", "video", "audio") else "other"


def check_content(content, media, limits):
    """What of `content` and `media` (Media rows) an instance with `limits` would refuse."""
    problems = []
    counted = length(content, None, limits)
    if counted > limits.max_characters:
        problems.append(("content", f"mastodon: {counted} of {limits.max_characters} characters"))
    if not content and not media:
        problems.append(("content", "mastodon: a status needs text or media"))
    kinds = [kind(item) for item in media]
    if len(media) > 1 and ("video" in kinds or "audio" in kinds):
        problems.append(("media", "mastodon: a video or an audio file goes alone: no other media beside it"))
    elif len(media) > limits.max_media:
        problems.append(("media", f"mastodon: at most {limits.max_media} media ({len(media)} given)"))
    for index, item in enumerate(media):
        problems += [(f"media[{index}]", message) for message in _item_problems(item, limits)]
    return problems


def _item_problems(item, limits):
    if item.content_type not in limits.mime_types:
        return [f"mastodon: the instance takes no {item.content_type} files"]
    found = []
    image = kind(item) == "image"
    size, pixels = (
        (limits.image_bytes, limits.image_pixels) if image else (limits.video_bytes, limits.video_pixels)
    )
    if item.size > size:
        found.append(f"mastodon: at most {size:,} bytes for this file ({item.size:,})")
    if item.width and item.height and item.width * item.height > pixels:
        found.append(f"mastodon: at most {pixels:,} pixels ({item.width} x {item.height})")
    described = len(item.alt_text or "")
    if described > limits.description_characters:
        found.append(
            f"mastodon: alt text of at most {limits.description_characters} characters ({described})"
        )
    return found


def check_comment(content, limits):
    """A first comment is a reply of text alone, within the same limit."""
    if not content:
        return [("content", "mastodon: a comment needs text")]
    return check_content(content, [], limits)


def check_options(options, media, limits):
    """The content warning takes its share of the limit (the text's is checked at publish)."""
    counted = graphemes(options.get("spoilerText"))
    if counted > limits.max_characters:
        return [("spoilerText", f"mastodon: {counted} of {limits.max_characters} characters")]
    return []


def check_status(content, spoiler_text, limits):
    """The text and content warning of one status together, as Mastodon counts them."""
    counted = length(content, spoiler_text, limits)
    if spoiler_text and counted > limits.max_characters:
        message = f"mastodon: {counted} of {limits.max_characters} characters with the content warning"
        return [("content", message)]
    return []
