from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.import_completed_event_event import ImportCompletedEventEvent

if TYPE_CHECKING:
    from ..models.import_completed_data import ImportCompletedData


T = TypeVar("T", bound="ImportCompletedEvent")


@_attrs_define
class ImportCompletedEvent:
    """
    Attributes:
        id (str): The event's id, `evt_...`: the same in every attempt
        event (ImportCompletedEventEvent): The event's type
        data (ImportCompletedData):
        timestamp (int): When it happened (Unix ms)
    """

    id: str
    event: ImportCompletedEventEvent
    data: ImportCompletedData
    timestamp: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        event = self.event.value

        data = self.data.to_dict()

        timestamp = self.timestamp

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "event": event,
                "data": data,
                "timestamp": timestamp,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.import_completed_data import ImportCompletedData  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        event = ImportCompletedEventEvent(d.pop("event"))

        data = ImportCompletedData.from_dict(d.pop("data"))

        timestamp = d.pop("timestamp")

        import_completed_event = cls(
            id=id,
            event=event,
            data=data,
            timestamp=timestamp,
        )

        import_completed_event.additional_properties = d
        return import_completed_event

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
