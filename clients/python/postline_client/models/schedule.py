from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.slot_answer import SlotAnswer


T = TypeVar("T", bound="Schedule")


@_attrs_define
class Schedule:
    """
    Attributes:
        channel_id (str): The channel it belongs to
        timezone (str): The IANA zone its slots are read in
        slots (list[SlotAnswer]): Its weekly slots, in week order
        max_per_slot (int): How many posts one slot takes
        paused (bool): True while queue posts are refused
        created_at (int): When it was created (Unix ms)
        updated_at (int): When it last changed (Unix ms)
    """

    channel_id: str
    timezone: str
    slots: list[SlotAnswer]
    max_per_slot: int
    paused: bool
    created_at: int
    updated_at: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        channel_id = self.channel_id

        timezone = self.timezone

        slots = []
        for slots_item_data in self.slots:
            slots_item = slots_item_data.to_dict()
            slots.append(slots_item)

        max_per_slot = self.max_per_slot

        paused = self.paused

        created_at = self.created_at

        updated_at = self.updated_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "channelId": channel_id,
                "timezone": timezone,
                "slots": slots,
                "maxPerSlot": max_per_slot,
                "paused": paused,
                "createdAt": created_at,
                "updatedAt": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.slot_answer import SlotAnswer  # noqa: PLC0415

        d = dict(src_dict)
        channel_id = d.pop("channelId")

        timezone = d.pop("timezone")

        slots = []
        _slots = d.pop("slots")
        for slots_item_data in _slots:
            slots_item = SlotAnswer.from_dict(slots_item_data)

            slots.append(slots_item)

        max_per_slot = d.pop("maxPerSlot")

        paused = d.pop("paused")

        created_at = d.pop("createdAt")

        updated_at = d.pop("updatedAt")

        schedule = cls(
            channel_id=channel_id,
            timezone=timezone,
            slots=slots,
            max_per_slot=max_per_slot,
            paused=paused,
            created_at=created_at,
            updated_at=updated_at,
        )

        schedule.additional_properties = d
        return schedule

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
