from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.first_comment import FirstComment
    from ..models.platform_versions import PlatformVersions
    from ..models.thread_part import ThreadPart


T = TypeVar("T", bound="SeriesUpdate")


@_attrs_define
class SeriesUpdate:
    """
    Attributes:
        recurrence (str | Unset): An RRULE of the subset docs/scheduling.md describes: FREQ (DAILY, WEEKLY, MONTHLY,
            YEARLY), INTERVAL, BYDAY, BYMONTHDAY, BYHOUR, BYMINUTE, and COUNT or UNTIL; at most 1,000 occurrences a year.
            Read in `timezone` (required with it) from `scheduledFor`. Example: FREQ=WEEKLY;BYDAY=TU;COUNT=3.
        timezone (str | Unset): The IANA zone the rule is read in Example: Europe/Berlin.
        content (str | Unset): The text of the coming occurrences
        media (list[str] | Unset): Media keys of the coming occurrences
        thread (list[ThreadPart] | Unset): Up to 25 follow-up parts, published after the post as replies, in order (on
            platforms that have threads; `[]` for none)
        first_comment (FirstComment | None | Unset): A comment right under the post, by the same account; null for none
        platforms (PlatformVersions | Unset):
    """

    recurrence: str | Unset = UNSET
    timezone: str | Unset = UNSET
    content: str | Unset = UNSET
    media: list[str] | Unset = UNSET
    thread: list[ThreadPart] | Unset = UNSET
    first_comment: FirstComment | None | Unset = UNSET
    platforms: PlatformVersions | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.first_comment import FirstComment  # noqa: PLC0415

        recurrence = self.recurrence

        timezone = self.timezone

        content = self.content

        media: list[str] | Unset = UNSET
        if not isinstance(self.media, Unset):
            media = self.media

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

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if recurrence is not UNSET:
            field_dict["recurrence"] = recurrence
        if timezone is not UNSET:
            field_dict["timezone"] = timezone
        if content is not UNSET:
            field_dict["content"] = content
        if media is not UNSET:
            field_dict["media"] = media
        if thread is not UNSET:
            field_dict["thread"] = thread
        if first_comment is not UNSET:
            field_dict["firstComment"] = first_comment
        if platforms is not UNSET:
            field_dict["platforms"] = platforms

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.first_comment import FirstComment  # noqa: PLC0415
        from ..models.platform_versions import PlatformVersions  # noqa: PLC0415
        from ..models.thread_part import ThreadPart  # noqa: PLC0415

        d = dict(src_dict)
        recurrence = d.pop("recurrence", UNSET)

        timezone = d.pop("timezone", UNSET)

        content = d.pop("content", UNSET)

        media = cast(list[str], d.pop("media", UNSET))

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

        series_update = cls(
            recurrence=recurrence,
            timezone=timezone,
            content=content,
            media=media,
            thread=thread,
            first_comment=first_comment,
            platforms=platforms,
        )

        return series_update
