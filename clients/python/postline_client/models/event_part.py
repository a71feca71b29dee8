from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.part_kind import PartKind
from ..models.target_status import TargetStatus

if TYPE_CHECKING:
    from ..models.problem import Problem


T = TypeVar("T", bound="EventPart")


@_attrs_define
class EventPart:
    """
    Attributes:
        index (int): Its place among the target's parts, from 0
        kind (PartKind): What a part of a target is: `post` (the post itself), `reply` (a part of its thread, replying
            to the part before) or `comment` (its first comment).
        content (None | str): The text this platform was sent
        status (TargetStatus): Where one platform's copy of a post stands: `pending`, `sending` (a call is in flight),
            `processing` (the platform took it and finishes later), `published`, `failed`, or `unconfirmed` (the outcome of
            a send is unknown: never re-sent on its own).
        platform_post_id (None | str): Its id on the platform
        url (None | str): Its address, where the platform gives one
        error (None | Problem): Why its last attempt failed (a first comment to be tried again on its own), or null
    """

    index: int
    kind: PartKind
    content: None | str
    status: TargetStatus
    platform_post_id: None | str
    url: None | str
    error: None | Problem
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.problem import Problem  # noqa: PLC0415

        index = self.index

        kind = self.kind.value

        content: None | str
        content = self.content

        status = self.status.value

        platform_post_id: None | str
        platform_post_id = self.platform_post_id

        url: None | str
        url = self.url

        error: dict[str, Any] | None
        if isinstance(self.error, Problem):
            error = self.error.to_dict()
        else:
            error = self.error

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "index": index,
                "kind": kind,
                "content": content,
                "status": status,
                "platform_post_id": platform_post_id,
                "url": url,
                "error": error,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.problem import Problem  # noqa: PLC0415

        d = dict(src_dict)
        index = d.pop("index")

        kind = PartKind(d.pop("kind"))

        def _parse_content(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        content = _parse_content(d.pop("content"))

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

        def _parse_error(data: object) -> None | Problem:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                error_type_0 = Problem.from_dict(data)

                return error_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Problem, data)

        error = _parse_error(d.pop("error"))

        event_part = cls(
            index=index,
            kind=kind,
            content=content,
            status=status,
            platform_post_id=platform_post_id,
            url=url,
            error=error,
        )

        event_part.additional_properties = d
        return event_part

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
