"""The media a post names, wherever it names them (docs/api.md, Versions, threads and first
comments): its own `media`, its thread's parts', and in each `platforms.<platform>`
version the same again and the options that name media (a reel's `coverMedia`, a
video's `thumbnail`).

The one list both rules read: a post may name only the caller's media (checked at
create and PATCH, each key named as the client sent it), and media a post not yet
done names cannot be deleted (library.delete, 409 MEDIA_IN_USE).
"""

import json

# The options that name a media key: a reel's (or a video pin's) cover, a video's thumbnail.
MEDIA_OPTIONS = ("coverMedia", "thumbnail")


def named(fields):
    """[(field as sent, media key)] of every media key in a post's `fields` (`media`,
    `thread`, `platforms`, as the API takes them)."""
    found = [(f"media[{i}]", key) for i, key in enumerate(fields.get("media") or [])]
    for index, part in enumerate(fields.get("thread") or []):
        found += [(f"thread[{index}].media[{i}]", key) for i, key in enumerate(part.get("media") or [])]
    for option in MEDIA_OPTIONS:
        key = (fields.get("options") or {}).get(option)
        if key:
            found.append((f"options.{option}", key))
    for platform, version in (fields.get("platforms") or {}).items():
        found += [(f"platforms.{platform}.{field}", key) for field, key in named(version or {})]
    return found


def named_by_post(post):
    """The media keys a Post row names."""
    fields = {
        "media": post.media,
        "thread": json.loads(post.thread) if post.thread else [],
        "platforms": json.loads(post.platforms) if post.platforms else {},
    }
    return {key for _, key in named(fields)}
