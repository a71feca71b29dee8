from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.first_comment import FirstComment
    from ..models.occurrence import Occurrence
    from ..models.platform_versions import PlatformVersions
    from ..models.thread_part import ThreadPart


T = TypeVar("T", bound="Series")


@_attrs_define
class Series:
    """
    Attributes:
        id (str): The series' id, `ser_...`
        channel_id (str): The channel its posts go to
        recurrence (str): Its rule (docs/scheduling.md, Recurring posts)
        timezone (str): The IANA zone its rule is read in
        content (None | str): The text of its coming occurrences
        media (list[str]): Their media keys
        thread (list[ThreadPart]): Their thread
        first_comment (FirstComment | None): Their first comment, or null
        platforms (PlatformVersions):
        occurrences (list[Occurrence]): The coming occurrences, earliest first, up to 100 (skipped ones left out)
        created_at (int): When it was created (Unix ms)
        updated_at (int): When it last changed (Unix ms)
    """

    id: str
    channel_id: str
    recurrence: str
    timezone: str
    content: None | str
    media: list[str]
    thread: list[ThreadPart]
    first_comment: FirstComment | None
    platforms: PlatformVersions
    occurrences: list[Occurrence]
    created_at: int
    updated_at: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.first_comment import FirstComment  # noqa: PLC0415

        id = self.id

        channel_id = self.channel_id

        recurrence = self.recurrence

        timezone = self.timezone

        content: None | str
        content = self.content

        media = self.media

        thread = []
        for thread_item_data in self.thread:
            thread_item = thread_item_data.to_dict()
            thread.append(thread_item)

        first_comment: dict[str, Any] | None
        if isinstance(self.first_comment, FirstComment):
            first_comment = self.first_comment.to_dict()
        else:
            first_comment = self.first_comment

        platforms = self.platforms.to_dict()

        occurrences = []
        for occurrences_item_data in self.occurrences:
            occurrences_item = occurrences_item_data.to_dict()
            occurrences.append(occurrences_item)

        created_at = self.created_at

        updated_at = self.updated_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "channelId": channel_id,
                "recurrence": recurrence,
                "timezone": timezone,
                "content": content,
                "media": media,
                "thread": thread,
                "firstComment": first_comment,
                "platforms": platforms,
                "occurrences": occurrences,
                "createdAt": created_at,
                "updatedAt": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.first_comment import FirstComment  # noqa: PLC0415
        from ..models.occurrence import Occurrence  # noqa: PLC0415
        from ..models.platform_versions import PlatformVersions  # noqa: PLC0415
        from ..models.thread_part import ThreadPart  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        channel_id = d.pop("channelId")

        recurrence = d.pop("recurrence")

        timezone = d.pop("timezone")

        def _parse_content(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        content = _parse_content(d.pop("content"))

        media = cast(list[str], d.pop("media"))

        thread = []
        _thread = d.pop("thread")
        for thread_item_data in _thread:
            thread_item = ThreadPart.from_dict(thread_item_data)

            thread.append(thread_item)

        def _parse_first_comment(data: object) -> FirstComment | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                first_comment_type_0 = FirstComment.from_dict(data)

                return first_comment_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(FirstComment | None, data)

        first_comment = _parse_first_comment(d.pop("firstComment"))

        platforms = PlatformVersions.from_dict(d.pop("platforms"))

        occurrences = []
        _occurrences = d.pop("occurrences")
        for occurrences_item_data in _occurrences:
            occurrences_item = Occurrence.from_dict(occurrences_item_data)

            occurrences.append(occurrences_item)

        created_at = d.pop("createdAt")

        updated_at = d.pop("updatedAt")

        series = cls(
            id=id,
            channel_id=channel_id,
            recurrence=recurrence,
            timezone=timezone,
            content=content,
            media=media,
            thread=thread,
            first_comment=first_comment,
            platforms=platforms,
            occurrences=occurrences,
            created_at=created_at,
            updated_at=updated_at,
        )

        series.additional_properties = d
        return series

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
