"""The YouTube Data API's calls besides uploads, as the fake answers them: the caller's
channel (channels.list, mine), videos and their processing (videos.list), thumbnails
(thumbnails.set, a verified channel's, JPEG or PNG of at most 2 MB) and top-level
comments (commentThreads.insert, with the force-ssl scope; none on a video made for
kids); and the project's daily quota, counted per call in YouTube's costs."""

import datetime
import secrets
from zoneinfo import ZoneInfo

from devtools.fakes.base import answer, json_object
from devtools.fakes.youtube.errors import ERRORS, QUOTA_MESSAGE, error, invalid, scripted

PACIFIC = ZoneInfo("America/Los_Angeles")
SCOPE = "https://www.googleapis.com/auth/"
READ_SCOPES = tuple(
    SCOPE + name for name in ("youtube", "youtube.readonly", "youtube.force-ssl", "youtube.upload")
)
# What each call costs of the shared units; videos.insert is the "insert" of the quota model.
COSTS = {"list": 1, "thumbnail": 50, "comment": 50}
THUMBNAIL_TYPES = ("image/jpeg", "image/png")
THUMBNAIL_BYTES = 2 * 1024 * 1024
COMMENT_MAX = 10_000


class Api:
    """The API side of FakeYouTube (a mixin: FakeYouTube holds the state and controls)."""

    def spend(self, call):
        """Count `call` against today's quota (Pacific time); YouTube's 403 when over, else None."""
        day = datetime.datetime.now(PACIFIC).date().isoformat()
        with self._lock:
            spent = self.quota_spent.setdefault(day, {"units": 0, "uploads": 0})
            if call == "insert" and self.quota_model == "uploads":
                if spent["uploads"] + 1 > self.daily_uploads:
                    return error(403, "quotaExceeded", QUOTA_MESSAGE, "youtube.quota", "PERMISSION_DENIED")
                spent["uploads"] += 1
                return None
            cost = self.upload_units if call == "insert" else COSTS[call]
            if spent["units"] + cost > self.daily_units:
                return error(403, "quotaExceeded", QUOTA_MESSAGE, "youtube.quota", "PERMISSION_DENIED")
            spent["units"] += cost
        return None

    def insufficient_scopes(self):
        return error(
            403,
            "insufficientPermissions",
            "Request had insufficient authentication scopes.",
            "global",
            "PERMISSION_DENIED",
        )

    def channels(self, request, token):
        if request.args.get("mine") != "true" or "snippet" not in request.args.get("part", "").split(","):
            return invalid(
                "missingRequiredParameter", "No filter selected. Expected one of: mine, id, forHandle."
            )
        if not any(scope in token["scopes"] for scope in READ_SCOPES):
            return self.insufficient_scopes()
        refused = self.spend("list")
        if refused:
            return refused
        user = token["user"]
        items = [] if self.no_channel else [channel_resource(user)]
        return answer(
            {"kind": "youtube#channelListResponse", "pageInfo": {"totalResults": len(items)}, "items": items}
        )

    def list_videos(self, request, token):
        if not any(scope in token["scopes"] for scope in READ_SCOPES):
            return self.insufficient_scopes()
        refused = self.spend("list")
        if refused:
            return refused
        parts = request.args.get("part", "").split(",")
        items = []
        for video_id in filter(None, request.args.get("id", "").split(",")):
            video = self.videos.get(video_id)
            if video is not None:
                self.advance(video)
                resource = video["resource"]
                shown = {"kind": "youtube#video", "id": video_id}
                shown.update({part: resource[part] for part in parts if part in resource})
                items.append(shown)
        return answer({"kind": "youtube#videoListResponse", "items": items})

    def advance(self, video):
        """One look at a video YouTube is processing: done after `processing_checks` looks."""
        resource = video["resource"]
        if resource["status"]["uploadStatus"] != "uploaded":
            return
        video["checks"] += 1
        if video["checks"] <= self.processing_checks:
            resource["processingDetails"] = {"processingStatus": "processing"}
        elif video["duplicate"]:
            resource["status"].update(uploadStatus="rejected", rejectionReason="duplicate")
            resource["processingDetails"] = {"processingStatus": "terminated"}
        elif self.processing_fails:
            resource["status"].update(uploadStatus="failed", failureReason="codec")
            resource["processingDetails"] = {"processingStatus": "failed", "processingFailureReason": "other"}
        else:
            resource["status"]["uploadStatus"] = "processed"
            resource["processingDetails"] = {"processingStatus": "succeeded"}

    def set_thumbnail(self, request, token):
        video = self.videos.get(request.args.get("videoId", ""))
        if video is None:
            return error(404, "videoNotFound", "The video that you are trying to update cannot be found.")
        if video["channel"]["id"] != token["user"]["id"]:
            return error(
                403, "forbidden", "The thumbnail can't be set for the specified video.", "youtube.thumbnail"
            )
        reply = self.next_reply(self.thumbnail_replies)
        if reply in ERRORS:
            return scripted(reply)
        refused = self.spend("thumbnail")
        if refused:
            return refused
        if not token["user"].get("verified", True):
            return error(
                403,
                "forbidden",
                "The authenticated user doesn't have permissions to upload and set custom video thumbnails.",
                "youtube.thumbnail",
            )
        data = request.get_data()
        if request.mimetype not in THUMBNAIL_TYPES:
            return invalid("invalidImage", "The provided image content is invalid.")
        if len(data) > THUMBNAIL_BYTES:
            return error(
                413, "mediaBodyTooLarge", "The image is larger than 2 MB.", "global", "INVALID_ARGUMENT"
            )
        with self._lock:
            self.thumbnails[video["id"]] = data
        url = f"https://i.ytimg.com/vi/{video['id']}/default.jpg"
        return answer(
            {"kind": "youtube#thumbnailSetResponse", "items": [{"default": {"url": url, "width": 120}}]}
        )

    def comment(self, request, token):
        if SCOPE + "youtube.force-ssl" not in token["scopes"]:
            return self.insufficient_scopes()
        body = json_object(request) or {}
        snippet = body.get("snippet") or {}
        text = ((snippet.get("topLevelComment") or {}).get("snippet") or {}).get("textOriginal")
        if isinstance(text, str):
            self.count_received(text)
        reply = self.next_reply(self.comment_replies)
        if reply in ERRORS:
            return scripted(reply)
        refused = self.spend("comment")
        if refused:
            return refused
        if not snippet.get("videoId") or not snippet.get("channelId"):
            return invalid("channelOrVideoIdMissing", "The comment thread must be linked to a video.")
        video = self.videos.get(snippet["videoId"])
        if video is None:
            return error(
                404, "videoNotFound", "The video identified by the videoId parameter could not be found."
            )
        if video["resource"]["status"]["madeForKids"]:
            return error(403, "forbidden", "Comments are turned off for this video.", "youtube.commentThread")
        if not isinstance(text, str) or not text.strip():
            return invalid("commentTextRequired", "The comment resource must specify a textOriginal value.")
        if len(text) > COMMENT_MAX:
            return invalid("commentTextTooLong", "The comment's textOriginal has too many characters.")
        thread_id = "Ugz" + secrets.token_urlsafe(18)[:23]
        author = token["user"]
        comment = {"id": thread_id, "videoId": video["id"], "channelId": author["id"], "text": text}
        with self._lock:
            self.comments.append(comment)
        top = {
            "kind": "youtube#comment",
            "id": thread_id,
            "snippet": {
                "videoId": video["id"],
                "textOriginal": text,
                "textDisplay": text,
                "authorDisplayName": author["title"],
                "authorChannelId": {"value": author["id"]},
            },
        }
        snippet = {"channelId": video["channel"]["id"], "videoId": video["id"], "topLevelComment": top}
        return answer({"kind": "youtube#commentThread", "id": thread_id, "snippet": snippet})


def channel_resource(user):
    return {
        "kind": "youtube#channel",
        "id": user["id"],
        "snippet": {
            "title": user["title"],
            "description": "",
            "customUrl": f"@{user['handle']}",
            "thumbnails": {"default": {"url": user["avatar"], "width": 88, "height": 88}},
        },
    }
