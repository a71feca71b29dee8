from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.slot import Slot


T = TypeVar("T", bound="ScheduleInput")


@_attrs_define
class ScheduleInput:
    """
    Attributes:
        timezone (str): The IANA zone the slots' times are read in Example: Europe/Berlin.
        slots (list[Slot]): Up to 336 weekly slots, each once; `[]` for none
        max_per_slot (int | Unset): How many posts one slot takes, 1 to 100 (default 1)
        paused (bool | Unset): True: queue posts are refused (409 SCHEDULE_PAUSED)
    """

    timezone: str
    slots: list[Slot]
    max_per_slot: int | Unset = UNSET
    paused: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        timezone = self.timezone

        slots = []
        for slots_item_data in self.slots:
            slots_item = slots_item_data.to_dict()
            slots.append(slots_item)

        max_per_slot = self.max_per_slot

        paused = self.paused

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "timezone": timezone,
                "slots": slots,
            }
        )
        if max_per_slot is not UNSET:
            field_dict["maxPerSlot"] = max_per_slot
        if paused is not UNSET:
            field_dict["paused"] = paused

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.slot import Slot  # noqa: PLC0415

        d = dict(src_dict)
        timezone = d.pop("timezone")

        slots = []
        _slots = d.pop("slots")
        for slots_item_data in _slots:
            slots_item = Slot.from_dict(slots_item_data)

            slots.append(slots_item)

        max_per_slot = d.pop("maxPerSlot", UNSET)

        paused = d.pop("paused", UNSET)

        schedule_input = cls(
            timezone=timezone,
            slots=slots,
            max_per_slot=max_per_slot,
            paused=paused,
        )

        return schedule_input
