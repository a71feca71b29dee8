"""How the fake counts a status, as Mastodon's StatusLengthValidator does: the content
warning and the text together, in grapheme clusters, each http(s) URL as 23
characters, a mention of an account elsewhere (@user@domain) as @user.

The standard library has no grapheme segmentation; this one joins what a reader sees
as one character in the cases a status meets: combining marks, variation selectors,
emoji joined by ZWJ, skin tones, flags (pairs of regional indicators)."""

import re
import unicodedata

URL = re.compile(r"https?://[^\s<>\"]+[^\s<>\".,;:!?)'\]]", re.IGNORECASE)
MENTION = re.compile(r"(?<![=/\w])@([a-z0-9_]+(?:[.-]+[a-z0-9_]+)*)(?:@\w+(?:[.-]+\w+)*)?", re.IGNORECASE)
ZWJ = "\u200d"
REGIONAL = range(0x1F1E6, 0x1F200)
SKIN_TONES = range(0x1F3FB, 0x1F400)


def _extends(character):
    """Whether `character` belongs to the cluster before it."""
    code = ord(character)
    return (
        unicodedata.category(character) in ("Mn", "Me", "Mc")
        or 0xFE00 <= code <= 0xFE0F
        or code in SKIN_TONES
        or 0xE0020 <= code <= 0xE007F  # tag characters (subdivision flags)
        or character == ZWJ
    )


def graphemes(text):
    count, joined, regional = 0, False, False
    for character in text:
        if joined or _extends(character):
            joined = character == ZWJ
            continue
        if ord(character) in REGIONAL:
            if regional:
                regional = False
                continue
            regional = True
        else:
            regional = False
        count += 1
    return count


def countable(text, url_characters=23):
    text = URL.sub("x" * url_characters, text or "")
    return MENTION.sub(lambda mention: f"@{mention.group(1)}", text)


def status_length(text, spoiler_text, url_characters=23):
    return graphemes((spoiler_text or "") + countable(text, url_characters))
