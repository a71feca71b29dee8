"""A post's thread, first comment and per-platform versions with their options
(docs/api.md, Versions, threads and first comments): what a request may say, and what
an answer shows of them and of each target's parts."""

from marshmallow import Schema, fields, validate

from postline import platforms
from postline.schemas.common import ProblemSchema
from postline.web.choices import PART_KIND, TARGET_STATUS, Choice, PlatformChoice
from postline.web.envelopes import Answer
from postline.web.fields import NOT_BLANK, Timestamp, TimestampInput, described

MAX_THREAD = 25
TEXT = [validate.Length(min=1, max=10000), NOT_BLANK]


def _media_keys(description):
    return fields.List(
        fields.String(validate=validate.Length(min=1, max=255)),
        validate=validate.Length(max=35),
        metadata={"description": description},
    )


class ThreadPartSchema(Schema):
    content = described(fields.String, "The part's text", validate=TEXT)
    media = _media_keys("Media keys of this part, in order")


class FirstCommentSchema(Schema):
    content = described(fields.String, "The comment's text", required=True, validate=TEXT)


def thread_field():
    """A post's (or a version's) thread."""
    return fields.List(
        fields.Nested(ThreadPartSchema),
        validate=validate.Length(max=MAX_THREAD),
        metadata={
            "description": f"Up to {MAX_THREAD} follow-up parts, published after the post as replies, "
            "in order (on platforms that have threads; `[]` for none)"
        },
    )


def first_comment_field(**kwargs):
    """A post's (or a version's) first comment."""
    return fields.Nested(
        FirstCommentSchema,
        allow_none=True,
        metadata={"description": "A comment right under the post, by the same account; null for none"},
        **kwargs,
    )


class PollSchema(Schema):
    options = fields.List(
        fields.String(validate=validate.Length(min=1, max=25)),
        required=True,
        validate=validate.Length(min=2, max=4),
        metadata={"description": "2 to 4 choices of up to 25 characters"},
    )
    durationMinutes = fields.Integer(  # noqa: N815 (as the API spells it)
        required=True, validate=validate.Range(min=5, max=10080), metadata={"description": "5 to 10,080"}
    )


class PlatformOptions(Schema):
    """A platform's options (`platforms.<platform>.options`): one subclass per platform
    that has any, naming its `platform` and how people write it (`title`)."""

    platform = None
    title = None


class XOptionsSchema(PlatformOptions):
    platform, title = "x", "X"

    replySettings = PlatformChoice(  # noqa: N815
        ("following", "mentionedUsers", "subscribers", "verified"),
        metadata={
            "description": "Who may reply: following, mentionedUsers, subscribers or verified; everyone "
            "when omitted"
        },
    )
    poll = fields.Nested(
        PollSchema, metadata={"description": "A poll; X takes no media beside it (400 naming the poll)"}
    )


class LinkedInOptionsSchema(PlatformOptions):
    platform = "linkedin"

    visibility = PlatformChoice(
        ("PUBLIC", "CONNECTIONS"),
        metadata={"description": "Who sees the post: PUBLIC (the default) or CONNECTIONS"},
    )
    title = fields.String(
        validate=validate.Length(min=1, max=400),
        metadata={
            "description": "The title of a document post (one PDF as its media); the file's name "
            "without its extension when omitted"
        },
    )


class FacebookOptionsSchema(PlatformOptions):
    platform, title = "facebook", "Facebook"

    link = fields.Url(
        schemes={"http", "https"},
        metadata={"description": "A link shown with its preview (a link post: no media beside it)"},
    )


class InstagramOptionsSchema(PlatformOptions):
    platform, title = "instagram", "Instagram"

    type = PlatformChoice(
        ("feed", "reel", "story"),
        metadata={
            "description": "feed (the default; 2-10 media make a carousel), reel (one video), "
            "story (one image or video, no caption)"
        },
    )
    shareToFeed = fields.Boolean(metadata={"description": "A reel also shown in the feed"})  # noqa: N815
    coverMedia = fields.String(  # noqa: N815
        metadata={"description": "A reel's cover image (a media key); not with thumbOffsetMs"}
    )
    thumbOffsetMs = fields.Integer(  # noqa: N815
        validate=validate.Range(min=0), metadata={"description": "A reel's cover frame, ms into the video"}
    )


class TikTokOptionsSchema(PlatformOptions):
    platform, title = "tiktok", "TikTok"

    privacyLevel = PlatformChoice(  # noqa: N815
        ("PUBLIC_TO_EVERYONE", "MUTUAL_FOLLOW_FRIENDS", "FOLLOWER_OF_CREATOR", "SELF_ONLY"),
        metadata={
            "description": "Who sees the post: PUBLIC_TO_EVERYONE, MUTUAL_FOLLOW_FRIENDS, "
            "FOLLOWER_OF_CREATOR or SELF_ONLY; one the creator allows (checked at publish time)"
        },
    )
    disableComment = fields.Boolean(metadata={"description": "No comments on the post"})  # noqa: N815
    disableDuet = fields.Boolean(metadata={"description": "No duets (videos only)"})  # noqa: N815
    disableStitch = fields.Boolean(metadata={"description": "No stitches of the video"})  # noqa: N815
    brandedContent = fields.Boolean(  # noqa: N815
        metadata={"description": "Paid partnership disclosure (never with SELF_ONLY)"}
    )
    brandOrganic = fields.Boolean(metadata={"description": "Promotes the creator's own business"})  # noqa: N815
    title = fields.String(validate=validate.Length(max=90), metadata={"description": "A photo post's title"})
    coverIndex = fields.Integer(  # noqa: N815
        validate=validate.Range(min=0), metadata={"description": "A photo post's cover, from 0"}
    )


class BlueskyOptionsSchema(PlatformOptions):
    platform, title = "bluesky", "Bluesky"

    langs = fields.List(
        fields.String(
            validate=validate.Regexp(
                r"^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$", error="must be a BCP 47 language tag"
            )
        ),
        validate=validate.Length(min=1, max=3),
        metadata={
            "description": "The text's languages, 1 to 3 BCP 47 tags (`en`, `pt-BR`), for feeds and filters"
        },
    )
    linkCard = fields.Boolean(  # noqa: N815
        metadata={
            "description": "A preview card of the text's first link, made from the page's OpenGraph tags "
            "(true, the default, for a post without media)"
        }
    )


class MastodonOptionsSchema(PlatformOptions):
    platform, title = "mastodon", "Mastodon"

    visibility = PlatformChoice(
        ("public", "unlisted", "private", "direct"),
        metadata={
            "description": "Who sees the post and its thread: public, unlisted (kept out of public "
            "timelines), private (followers only) or direct (the accounts it mentions); the account's "
            "own default when omitted"
        },
    )
    spoilerText = fields.String(  # noqa: N815
        validate=validate.Length(min=1, max=10000),
        metadata={
            "description": "A content warning shown instead of the text until the reader opens it, on "
            "every status of the post; it counts toward the instance's character limit"
        },
    )
    sensitive = fields.Boolean(metadata={"description": "The media are hidden until the reader opens them"})
    language = fields.String(
        validate=validate.Regexp(r"^[a-z]{2}$", error="must be an ISO 639-1 code, such as en"),
        metadata={"description": "The text's language, an ISO 639-1 code (`en`, `de`)"},
    )


class ThreadsOptionsSchema(PlatformOptions):
    platform, title = "threads", "Threads"

    replyControl = PlatformChoice(  # noqa: N815
        ("everyone", "accounts_you_follow", "mentioned_only"),
        metadata={
            "description": "Who may reply: everyone (the default), accounts_you_follow or mentioned_only"
        },
    )
    topicTag = fields.String(  # noqa: N815
        validate=[
            validate.Length(min=1, max=50),
            validate.Regexp(r"^[^.&]+$", error="takes no periods or ampersands"),
        ],
        metadata={"description": "The post's topic, 1 to 50 characters without periods or ampersands"},
    )
    linkAttachment = fields.Url(  # noqa: N815
        schemes={"http", "https"},
        validate=validate.Length(max=2048),
        metadata={"description": "A link shown as the post's preview card (a post without media)"},
    )


class PinterestOptionsSchema(PlatformOptions):
    platform, title = "pinterest", "Pinterest"

    boardId = fields.String(  # noqa: N815
        validate=validate.Regexp(r"^[0-9]{1,32}$", error="must be a board's id (digits)"),
        metadata={
            "description": "The board the pin goes on, required on Pinterest: an id of "
            "GET /v1/connections/{id}/boards"
        },
    )
    boardSectionId = fields.String(  # noqa: N815
        validate=validate.Regexp(r"^[0-9]{1,32}$", error="must be a board section's id (digits)"),
        metadata={"description": "A section of that board"},
    )
    title = fields.String(
        validate=validate.Length(min=1, max=100), metadata={"description": "The pin's title"}
    )
    link = fields.Url(
        schemes={"http", "https"},
        validate=validate.Length(max=2048),
        metadata={"description": "Where the pin leads when clicked"},
    )
    coverMedia = fields.String(  # noqa: N815
        metadata={"description": "A video pin's cover image (a media key); the first frame when omitted"}
    )


class YouTubeOptionsSchema(PlatformOptions):
    platform = "youtube"

    title = fields.String(
        validate=validate.Length(min=1, max=100),
        metadata={
            "description": "The video's title, 1 to 100 characters without < or >; when omitted, the "
            "text's first line (cut at a word to 100 characters), or else the file's name"
        },
    )
    tags = fields.List(
        fields.String(validate=validate.Length(min=1, max=500)),
        validate=validate.Length(max=500),
        metadata={"description": "Keywords, at most 500 characters together as YouTube counts them"},
    )
    privacyStatus = PlatformChoice(  # noqa: N815
        ("public", "unlisted", "private"),
        metadata={"description": "public (the default), unlisted or private (the default with publishAt)"},
    )
    categoryId = fields.String(  # noqa: N815
        validate=validate.Regexp(r"^[0-9]{1,3}$", error="must be a video category's id, such as 22"),
        metadata={"description": "The video's category (22, People & Blogs, when omitted)"},
    )
    madeForKids = fields.Boolean(  # noqa: N815
        metadata={"description": "Made for kids (false when omitted); such a video takes no comments"}
    )
    publishAt = TimestampInput(  # noqa: N815
        metadata={
            "description": "When YouTube makes the private video public (Unix ms or ISO 8601 with a "
            "zone); only with privacyStatus private or omitted"
        }
    )
    thumbnail = fields.String(
        validate=validate.Length(min=1, max=255),
        metadata={"description": "The video's thumbnail: a media key of a JPEG or PNG of at most 2 MB"},
    )
    shorts = fields.Boolean(
        metadata={
            "description": "A Short: a vertical or square video of at most 3 minutes (400 when longer); "
            "#Shorts is added to its description"
        }
    )


# How people write them: set after the classes, whose `title` is the option of that name.
LinkedInOptionsSchema.title = "LinkedIn"
YouTubeOptionsSchema.title = "YouTube"


OPTIONS = {options.platform: options for options in PlatformOptions.__subclasses__()}


def _version(platform):
    """The schema of `platform`'s version of a post."""
    options = OPTIONS.get(platform, PlatformOptions)
    title = options.title or platform.capitalize()
    return Schema.from_dict(
        {
            "content": described(fields.String, "The text on this platform", validate=TEXT),
            "media": _media_keys("Media keys on this platform, in order"),
            "thread": thread_field(),
            "firstComment": first_comment_field(),
            "options": fields.Nested(options, metadata={"description": f"{title}'s own options"}),
        },
        name=f"{title}Version",
    )


PlatformVersionsSchema = Schema.from_dict(
    {
        platform: fields.Nested(_version(platform), metadata={"description": f"The post on {platform}"})
        for platform in platforms.PUBLISHERS
        if platform != platforms.sandbox.ADAPTER.platform
    },
    name="PlatformVersions",
)


def platforms_field():
    """A post's per-platform versions."""
    return fields.Nested(
        PlatformVersionsSchema,
        metadata={
            "description": "Per-platform versions, keyed by platform: what a version leaves out comes "
            "from the post. A version for a platform the channel has no connection of is kept, "
            "with a `warnings` entry in the answer."
        },
    )


class PostPartSchema(Answer):
    class Meta:
        optional = ()

    position = described(fields.Integer, "Its place among the target's parts, from 0", data_key="index")
    kind = described(Choice, "post, reply (a thread's part) or comment (the first comment)", PART_KIND)
    content = described(fields.String, "The text this platform was sent", allow_none=True)
    status = described(Choice, "Where this part stands", TARGET_STATUS)
    platform_post_id = described(
        fields.String, "Its id on the platform, once published", data_key="platformPostId", allow_none=True
    )
    url = described(fields.String, "Its address, where the platform gives one", allow_none=True)
    error = described(fields.Nested, "Why its last attempt failed, or null", ProblemSchema, allow_none=True)
    next_attempt_at = described(
        Timestamp,
        "A first comment that failed: when it is tried again on its own (Unix ms); null otherwise",
        data_key="nextAttemptAt",
        allow_none=True,
    )
