from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.target_status import TargetStatus

if TYPE_CHECKING:
    from ..models.event_part import EventPart


T = TypeVar("T", bound="EventTarget")


@_attrs_define
class EventTarget:
    """
    Attributes:
        connection_id (None | str): The platform connection, `conn_...` (null for the sandbox)
        platform (str): Where it went; known today: x, linkedin, facebook, instagram, tiktok, bluesky, mastodon,
            threads, youtube, pinterest, sandbox
        status (TargetStatus): Where one platform's copy of a post stands: `pending`, `sending` (a call is in flight),
            `processing` (the platform took it and finishes later), `published`, `failed`, or `unconfirmed` (the outcome of
            a send is unknown: never re-sent on its own).
        platform_post_id (None | str): The post's id on the platform
        url (None | str): The published post's address, where the platform gives one
        published_at (int | None): When the platform confirmed it (Unix ms)
        parts (list[EventPart]): What it published, in order: the post, its thread's replies, its first comment
    """

    connection_id: None | str
    platform: str
    status: TargetStatus
    platform_post_id: None | str
    url: None | str
    published_at: int | None
    parts: list[EventPart]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        connection_id: None | str
        connection_id = self.connection_id

        platform = self.platform

        status = self.status.value

        platform_post_id: None | str
        platform_post_id = self.platform_post_id

        url: None | str
        url = self.url

        published_at: int | None
        published_at = self.published_at

        parts = []
        for parts_item_data in self.parts:
            parts_item = parts_item_data.to_dict()
            parts.append(parts_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "connection_id": connection_id,
                "platform": platform,
                "status": status,
                "platform_post_id": platform_post_id,
                "url": url,
                "published_at": published_at,
                "parts": parts,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.event_part import EventPart  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_connection_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        connection_id = _parse_connection_id(d.pop("connection_id"))

        platform = d.pop("platform")

        status = TargetStatus(d.pop("status"))

        def _parse_platform_post_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        platform_post_id = _parse_platform_post_id(d.pop("platform_post_id"))

        def _parse_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        url = _parse_url(d.pop("url"))

        def _parse_published_at(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        published_at = _parse_published_at(d.pop("published_at"))

        parts = []
        _parts = d.pop("parts")
        for parts_item_data in _parts:
            parts_item = EventPart.from_dict(parts_item_data)

            parts.append(parts_item)

        event_target = cls(
            connection_id=connection_id,
            platform=platform,
            status=status,
            platform_post_id=platform_post_id,
            url=url,
            published_at=published_at,
            parts=parts,
        )

        event_target.additional_properties = d
        return event_target

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
