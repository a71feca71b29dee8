from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="MediaUpdate")


@_attrs_define
class MediaUpdate:
    """
    Attributes:
        alt_text (None | str): Up to 1,000 characters, passed to platforms that take alt text
    """

    alt_text: None | str

    def to_dict(self) -> dict[str, Any]:
        alt_text: None | str
        alt_text = self.alt_text

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "altText": alt_text,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_alt_text(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        alt_text = _parse_alt_text(d.pop("altText"))

        media_update = cls(
            alt_text=alt_text,
        )

        return media_update
