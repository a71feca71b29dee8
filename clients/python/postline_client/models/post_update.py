from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.post_update_status import PostUpdateStatus
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.evergreen_input import EvergreenInput
    from ..models.first_comment import FirstComment
    from ..models.platform_versions import PlatformVersions
    from ..models.thread_part import ThreadPart


T = TypeVar("T", bound="PostUpdate")


@_attrs_define
class PostUpdate:
    """
    Attributes:
        channel_id (str | Unset): The channel to publish to
        content (str | Unset): The text, 1 to 10,000 characters (and within the limits of each platform the channel is
            connected to). Required to create a post unless `media` names at least one file.
        scheduled_for (int | str | Unset): When to publish: Unix milliseconds (a number below 100,000,000,000 looks like
            seconds and is refused) or ISO 8601. Without Z or an offset, read in `timezone`. At most `[posts]
            max_past_seconds` (1 hour) in the past. Omitted on create: as soon as possible.
        timezone (None | str | Unset): An IANA time zone name, e.g. Europe/Berlin, in which `scheduledFor` is read when
            it has no offset; null for none. The server's tz database decides which names exist: an unknown one is a 400
            naming `timezone`. Example: Europe/Berlin.
        media (list[str] | Unset): Media keys from POST /v1/media/upload
        status (PostUpdateStatus | Unset): draft holds the post; queued (the default) schedules it
        thread (list[ThreadPart] | Unset): Up to 25 follow-up parts, published after the post as replies, in order (on
            platforms that have threads; `[]` for none)
        first_comment (FirstComment | None | Unset): A comment right under the post, by the same account; null for none
        platforms (PlatformVersions | Unset):
        evergreen (EvergreenInput | None | Unset): Repeat the post once published: queued again in its channel's queue
            after `minIntervalDays`, as a new post (`evergreenOf`); null for none Example: {'minIntervalDays': 30,
            'maxRepeats': 5}.
    """

    channel_id: str | Unset = UNSET
    content: str | Unset = UNSET
    scheduled_for: int | str | Unset = UNSET
    timezone: None | str | Unset = UNSET
    media: list[str] | Unset = UNSET
    status: PostUpdateStatus | Unset = UNSET
    thread: list[ThreadPart] | Unset = UNSET
    first_comment: FirstComment | None | Unset = UNSET
    platforms: PlatformVersions | Unset = UNSET
    evergreen: EvergreenInput | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.evergreen_input import EvergreenInput  # noqa: PLC0415
        from ..models.first_comment import FirstComment  # noqa: PLC0415

        channel_id = self.channel_id

        content = self.content

        scheduled_for: int | str | Unset
        if isinstance(self.scheduled_for, Unset):
            scheduled_for = UNSET
        else:
            scheduled_for = self.scheduled_for

        timezone: None | str | Unset
        if isinstance(self.timezone, Unset):
            timezone = UNSET
        else:
            timezone = self.timezone

        media: list[str] | Unset = UNSET
        if not isinstance(self.media, Unset):
            media = self.media

        status: str | Unset = UNSET
        if not isinstance(self.status, Unset):
            status = self.status.value

        thread: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.thread, Unset):
            thread = []
            for thread_item_data in self.thread:
                thread_item = thread_item_data.to_dict()
                thread.append(thread_item)

        first_comment: dict[str, Any] | None | Unset
        if isinstance(self.first_comment, Unset):
            first_comment = UNSET
        elif isinstance(self.first_comment, FirstComment):
            first_comment = self.first_comment.to_dict()
        else:
            first_comment = self.first_comment

        platforms: dict[str, Any] | Unset = UNSET
        if not isinstance(self.platforms, Unset):
            platforms = self.platforms.to_dict()

        evergreen: dict[str, Any] | None | Unset
        if isinstance(self.evergreen, Unset):
            evergreen = UNSET
        elif isinstance(self.evergreen, EvergreenInput):
            evergreen = self.evergreen.to_dict()
        else:
            evergreen = self.evergreen

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if channel_id is not UNSET:
            field_dict["channelId"] = channel_id
        if content is not UNSET:
            field_dict["content"] = content
        if scheduled_for is not UNSET:
            field_dict["scheduledFor"] = scheduled_for
        if timezone is not UNSET:
            field_dict["timezone"] = timezone
        if media is not UNSET:
            field_dict["media"] = media
        if status is not UNSET:
            field_dict["status"] = status
        if thread is not UNSET:
            field_dict["thread"] = thread
        if first_comment is not UNSET:
            field_dict["firstComment"] = first_comment
        if platforms is not UNSET:
            field_dict["platforms"] = platforms
        if evergreen is not UNSET:
            field_dict["evergreen"] = evergreen

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.evergreen_input import EvergreenInput  # noqa: PLC0415
        from ..models.first_comment import FirstComment  # noqa: PLC0415
        from ..models.platform_versions import PlatformVersions  # noqa: PLC0415
        from ..models.thread_part import ThreadPart  # noqa: PLC0415

        d = dict(src_dict)
        channel_id = d.pop("channelId", UNSET)

        content = d.pop("content", UNSET)

        def _parse_scheduled_for(data: object) -> int | str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(int | str | Unset, data)

        scheduled_for = _parse_scheduled_for(d.pop("scheduledFor", UNSET))

        def _parse_timezone(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        timezone = _parse_timezone(d.pop("timezone", UNSET))

        media = cast(list[str], d.pop("media", UNSET))

        _status = d.pop("status", UNSET)
        status: PostUpdateStatus | Unset
        if isinstance(_status, Unset):
            status = UNSET
        else:
            status = PostUpdateStatus(_status)

        _thread = d.pop("thread", UNSET)
        thread: list[ThreadPart] | Unset = UNSET
        if _thread is not UNSET:
            thread = []
            for thread_item_data in _thread:
                thread_item = ThreadPart.from_dict(thread_item_data)

                thread.append(thread_item)

        def _parse_first_comment(data: object) -> FirstComment | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                first_comment_type_0 = FirstComment.from_dict(data)

                return first_comment_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(FirstComment | None | Unset, data)

        first_comment = _parse_first_comment(d.pop("firstComment", UNSET))

        _platforms = d.pop("platforms", UNSET)
        platforms: PlatformVersions | Unset
        if isinstance(_platforms, Unset):
            platforms = UNSET
        else:
            platforms = PlatformVersions.from_dict(_platforms)

        def _parse_evergreen(data: object) -> EvergreenInput | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                evergreen_type_0 = EvergreenInput.from_dict(data)

                return evergreen_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(EvergreenInput | None | Unset, data)

        evergreen = _parse_evergreen(d.pop("evergreen", UNSET))

        post_update = cls(
            channel_id=channel_id,
            content=content,
            scheduled_for=scheduled_for,
            timezone=timezone,
            media=media,
            status=status,
            thread=thread,
            first_comment=first_comment,
            platforms=platforms,
            evergreen=evergreen,
        )

        return post_update
