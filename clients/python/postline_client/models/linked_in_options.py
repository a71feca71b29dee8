from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="LinkedInOptions")


@_attrs_define
class LinkedInOptions:
    """
    Attributes:
        visibility (str | Unset): Who sees the post: PUBLIC (the default) or CONNECTIONS
        title (str | Unset): The title of a document post (one PDF as its media); the file's name without its extension
            when omitted
    """

    visibility: str | Unset = UNSET
    title: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        visibility = self.visibility

        title = self.title

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if visibility is not UNSET:
            field_dict["visibility"] = visibility
        if title is not UNSET:
            field_dict["title"] = title

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        visibility = d.pop("visibility", UNSET)

        title = d.pop("title", UNSET)

        linked_in_options = cls(
            visibility=visibility,
            title=title,
        )

        return linked_in_options
