from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.slot_day import SlotDay

T = TypeVar("T", bound="Slot")


@_attrs_define
class Slot:
    """
    Attributes:
        day (SlotDay): mon, tue, wed, thu, fri, sat or sun
        time (str): A wall-clock time in the schedule's zone, HH:MM (24-hour) Example: 09:00.
    """

    day: SlotDay
    time: str

    def to_dict(self) -> dict[str, Any]:
        day = self.day.value

        time = self.time

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "day": day,
                "time": time,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        day = SlotDay(d.pop("day"))

        time = d.pop("time")

        slot = cls(
            day=day,
            time=time,
        )

        return slot
