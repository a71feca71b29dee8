from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.target_status import TargetStatus

if TYPE_CHECKING:
    from ..models.post_part import PostPart
    from ..models.problem import Problem


T = TypeVar("T", bound="PostTarget")


@_attrs_define
class PostTarget:
    """
    Attributes:
        connection_id (None | str): The platform connection it goes to (null for the sandbox)
        platform (str): Where it goes; known today: x, linkedin, facebook, instagram, tiktok, bluesky, mastodon,
            threads, youtube, pinterest, sandbox
        status (TargetStatus): Where one platform's copy of a post stands: `pending`, `sending` (a call is in flight),
            `processing` (the platform took it and finishes later), `published`, `failed`, or `unconfirmed` (the outcome of
            a send is unknown: never re-sent on its own).
        platform_post_id (None | str): The post's id on the platform, once published
        url (None | str): The published post's address, where the platform gives one
        error (None | Problem): Why its last attempt failed, or null
        published_at (int | None): When the platform confirmed it, its whole thread included (Unix ms)
        parts (list[PostPart]): What it publishes, in order: the post, its thread's replies, its first comment;
            `platformPostId`, `url` and `error` above are the post part's
    """

    connection_id: None | str
    platform: str
    status: TargetStatus
    platform_post_id: None | str
    url: None | str
    error: None | Problem
    published_at: int | None
    parts: list[PostPart]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.problem import Problem  # noqa: PLC0415

        connection_id: None | str
        connection_id = self.connection_id

        platform = self.platform

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
                "connectionId": connection_id,
                "platform": platform,
                "status": status,
                "platformPostId": platform_post_id,
                "url": url,
                "error": error,
                "publishedAt": published_at,
                "parts": parts,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.post_part import PostPart  # noqa: PLC0415
        from ..models.problem import Problem  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_connection_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        connection_id = _parse_connection_id(d.pop("connectionId"))

        platform = d.pop("platform")

        status = TargetStatus(d.pop("status"))

        def _parse_platform_post_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        platform_post_id = _parse_platform_post_id(d.pop("platformPostId"))

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

        def _parse_published_at(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        published_at = _parse_published_at(d.pop("publishedAt"))

        parts = []
        _parts = d.pop("parts")
        for parts_item_data in _parts:
            parts_item = PostPart.from_dict(parts_item_data)

            parts.append(parts_item)

        post_target = cls(
            connection_id=connection_id,
            platform=platform,
            status=status,
            platform_post_id=platform_post_id,
            url=url,
            error=error,
            published_at=published_at,
            parts=parts,
        )

        post_target.additional_properties = d
        return post_target

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
