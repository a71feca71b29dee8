from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ChannelUpdate")


@_attrs_define
class ChannelUpdate:
    """
    Attributes:
        name (str | Unset): 1 to 100 characters, not blank
        color (str | Unset): A hex color, #RRGGBB; a palette color when omitted at create
    """

    name: str | Unset = UNSET
    color: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        color = self.color

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if name is not UNSET:
            field_dict["name"] = name
        if color is not UNSET:
            field_dict["color"] = color

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name", UNSET)

        color = d.pop("color", UNSET)

        channel_update = cls(
            name=name,
            color=color,
        )

        return channel_update
