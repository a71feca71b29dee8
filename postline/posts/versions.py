"""What a post says on each platform (docs/api.md, Versions, threads and first comments).

A post has its own `content`, `media`, `thread` (follow-up parts, each `{content,
media}`) and `firstComment` (`{content}`); `platforms.<platform>` may give any of
these, and `options`, for one platform: what a version leaves out comes from the post.
A version is checked against its platform's adapter at create, PATCH and publish time,
each problem named as the client sent the field (`content` when the version took the
post's, `platforms.x.thread[2].content` in a version's own thread).

A target publishes its version as parts, in order: the post (position 0), the thread's
replies, the first comment.
"""

import json
from dataclasses import dataclass, field

from postline.statuses import PartKind

FIELDS = ("content", "media", "thread", "firstComment", "options")
MAX_THREAD = 25
# Kinds of post that take no first comment on a platform that takes comments, by the
# option that makes them (the adapters' check_comment sees a comment's text alone):
# an Instagram story has no comments, and Meta refuses one (docs/platforms/meta.md).
UNCOMMENTABLE = {"instagram": ("type", "story")}


@dataclass(frozen=True)
class Version:
    """One platform's version of a post; `sources` says, for each field, whether it came
    from the post ("") or from `platforms.<platform>` (that prefix)."""

    platform: str
    content: str | None
    media: list
    thread: list
    first_comment: dict | None
    options: dict
    sources: dict = field(default_factory=dict)

    def named(self, path):
        """`path` (relative to the version: "content", "media[1]", "thread[2].content",
        "firstComment.content", "options.poll") as the client sent it."""
        top = path.split(".", 1)[0].split("[", 1)[0]
        prefix = self.sources.get(top, "")
        return f"{prefix}{path}"

    def parts(self):
        """[(kind, content, media keys)] in publishing order."""
        parts = [(PartKind.POST, self.content, list(self.media))]
        parts += [(PartKind.REPLY, item.get("content"), list(item.get("media", []))) for item in self.thread]
        if self.first_comment is not None:
            parts.append((PartKind.COMMENT, self.first_comment.get("content"), []))
        return parts

    def media_keys(self):
        """Every media key the version names."""
        return [key for _, _, media in self.parts() for key in media]


def stored(platforms):
    """The `platforms` object as the post stores it (JSON), or None."""
    return json.dumps(platforms, separators=(",", ":"), sort_keys=True) if platforms else None


def loaded(text):
    return json.loads(text) if text else {}


def version_for(post, platform):
    """The post's version for `platform` (a Post row, or anything with its fields)."""
    own = loaded(post.platforms).get(platform, {})
    base = {
        "content": post.content,
        "media": list(post.media or []),
        "thread": loaded(post.thread) or [],
        "firstComment": loaded(post.first_comment) or None,
        "options": {},
    }
    merged = {name: own[name] if name in own else base[name] for name in FIELDS}
    # Options are a version's alone (a post has none of its own): always named under it.
    sources = {name: f"platforms.{platform}." for name in FIELDS if name in own or name == "options"}
    return Version(
        platform,
        merged["content"],
        merged["media"] or [],
        merged["thread"] or [],
        merged["firstComment"],
        merged["options"] or {},
        sources,
    )


def problems(version, publisher, media):
    """What breaks `publisher`'s rules in `version`, as [(field as sent, message)];
    `media` maps media keys to their Media rows (a missing key is checked elsewhere)."""
    shape = shape_problems(version, publisher)
    refused = {field for field, _ in shape}
    found = _named(version, "", publisher.check_content(version.content, _rows(media, version.media)))
    found += shape
    if version.named("thread") not in refused:
        for index, item in enumerate(version.thread):
            checked = publisher.check_content(item.get("content"), _rows(media, item.get("media", [])))
            found += _named(version, f"thread[{index}].", checked)
    if version.first_comment is not None and version.named("firstComment") not in refused:
        checked = publisher.check_comment(version.first_comment.get("content"))
        found += _named(version, "firstComment.", checked)
    return found + option_problems(version, publisher, media)


def shape_problems(version, publisher):
    """What `publisher` refuses of the version's shape on any account, as [(field as
    sent, message)]: a thread where its platform has none, or of more than MAX_THREAD
    parts; a first comment where it takes none, or under a kind of post that takes
    none. Checked again before a target sends anything: a channel may gain a platform
    after its posts were checked."""
    name = version.platform
    found = []
    if version.thread and not publisher.threads:
        found.append((version.named("thread"), f"{name}: has no threads; send `platforms.{name}.thread: []`"))
    elif len(version.thread) > MAX_THREAD:
        found.append((version.named("thread"), f"{name}: a thread has at most {MAX_THREAD} follow-up parts"))
    if version.first_comment is not None:
        if not publisher.comments:
            message = f"{name}: takes no first comment; send `platforms.{name}.firstComment: null`"
            found.append((version.named("firstComment"), message))
        elif kind := _uncommentable(version):
            message = f"{name}: a {kind} takes no comments; send `platforms.{name}.firstComment: null`"
            found.append((version.named("firstComment"), message))
    return found


def problems_anywhere(version, publisher, media):
    """What of `version` its platform refuses on any account, as [(field as sent,
    message)]: all a version for a platform the channel has no connection of yet is
    checked against. Its shape and its options beside its media, but neither the
    options whose check depends on the account (a publisher's `account_options`:
    Pinterest's board, Mastodon's content warning) nor its texts and media, whose
    limits may differ by account (Mastodon's, by instance): those are checked once the
    channel has the platform, and again at publish."""
    mine = {version.named(f"options.{name}") for name in getattr(publisher, "account_options", ())}
    options = [problem for problem in option_problems(version, publisher, media) if problem[0] not in mine]
    return shape_problems(version, publisher) + options


def option_problems(version, publisher, media):
    """What `publisher` refuses of the version's options beside its media, as [(field
    as sent, message)]."""
    return _named(version, "options.", publisher.check_options(version.options, _rows(media, version.media)))


def _rows(media, keys):
    return [media[key] for key in keys if key in media]


def _named(version, prefix, checked):
    return [(version.named(f"{prefix}{path}"), message) for path, message in checked]


def _uncommentable(version):
    """The kind of post ("story") the version's options make, if its platform takes no
    comment under it; else None."""
    option, kind = UNCOMMENTABLE.get(version.platform, (None, None))
    return kind if option is not None and version.options.get(option) == kind else None
