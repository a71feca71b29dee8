from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ThreadPart")


@_attrs_define
class ThreadPart:
    """
    Attributes:
        content (str | Unset): The part's text
        media (list[str] | Unset): Media keys of this part, in order
    """

    content: str | Unset = UNSET
    media: list[str] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        content = self.content

        media: list[str] | Unset = UNSET
        if not isinstance(self.media, Unset):
            media = self.media

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if content is not UNSET:
            field_dict["content"] = content
        if media is not UNSET:
            field_dict["media"] = media

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        content = d.pop("content", UNSET)

        media = cast(list[str], d.pop("media", UNSET))

        thread_part = cls(
            content=content,
            media=media,
        )

        return thread_part
