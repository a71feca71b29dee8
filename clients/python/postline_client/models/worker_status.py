from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="WorkerStatus")


@_attrs_define
class WorkerStatus:
    """
    Attributes:
        last_seen_at (int | None): The newest heartbeat of any worker (Unix ms), or null
        lag_ms (int | None): Milliseconds since that heartbeat
    """

    last_seen_at: int | None
    lag_ms: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        last_seen_at: int | None
        last_seen_at = self.last_seen_at

        lag_ms: int | None
        lag_ms = self.lag_ms

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "lastSeenAt": last_seen_at,
                "lagMs": lag_ms,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_last_seen_at(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        last_seen_at = _parse_last_seen_at(d.pop("lastSeenAt"))

        def _parse_lag_ms(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        lag_ms = _parse_lag_ms(d.pop("lagMs"))

        worker_status = cls(
            last_seen_at=last_seen_at,
            lag_ms=lag_ms,
        )

        worker_status.additional_properties = d
        return worker_status

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
