from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="Poll")


@_attrs_define
class Poll:
    """
    Attributes:
        options (list[str]): 2 to 4 choices of up to 25 characters
        duration_minutes (int): 5 to 10,080
    """

    options: list[str]
    duration_minutes: int

    def to_dict(self) -> dict[str, Any]:
        options = self.options

        duration_minutes = self.duration_minutes

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "options": options,
                "durationMinutes": duration_minutes,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        options = cast(list[str], d.pop("options"))

        duration_minutes = d.pop("durationMinutes")

        poll = cls(
            options=options,
            duration_minutes=duration_minutes,
        )

        return poll
