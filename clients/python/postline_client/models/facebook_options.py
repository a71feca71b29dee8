from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="FacebookOptions")


@_attrs_define
class FacebookOptions:
    """
    Attributes:
        link (str | Unset): A link shown with its preview (a link post: no media beside it)
    """

    link: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        link = self.link

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if link is not UNSET:
            field_dict["link"] = link

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        link = d.pop("link", UNSET)

        facebook_options = cls(
            link=link,
        )

        return facebook_options
