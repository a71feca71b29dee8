from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.usage_limit import UsageLimit


T = TypeVar("T", bound="UsageLimits")


@_attrs_define
class UsageLimits:
    """
    Attributes:
        minute (None | UsageLimit): The 60-second window
        hour (None | UsageLimit): null for test keys
        day (None | UsageLimit): null for test keys
    """

    minute: None | UsageLimit
    hour: None | UsageLimit
    day: None | UsageLimit
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.usage_limit import UsageLimit  # noqa: PLC0415

        minute: dict[str, Any] | None
        if isinstance(self.minute, UsageLimit):
            minute = self.minute.to_dict()
        else:
            minute = self.minute

        hour: dict[str, Any] | None
        if isinstance(self.hour, UsageLimit):
            hour = self.hour.to_dict()
        else:
            hour = self.hour

        day: dict[str, Any] | None
        if isinstance(self.day, UsageLimit):
            day = self.day.to_dict()
        else:
            day = self.day

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "minute": minute,
                "hour": hour,
                "day": day,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.usage_limit import UsageLimit  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_minute(data: object) -> None | UsageLimit:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                minute_type_0 = UsageLimit.from_dict(data)

                return minute_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UsageLimit, data)

        minute = _parse_minute(d.pop("minute"))

        def _parse_hour(data: object) -> None | UsageLimit:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                hour_type_0 = UsageLimit.from_dict(data)

                return hour_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UsageLimit, data)

        hour = _parse_hour(d.pop("hour"))

        def _parse_day(data: object) -> None | UsageLimit:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                day_type_0 = UsageLimit.from_dict(data)

                return day_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UsageLimit, data)

        day = _parse_day(d.pop("day"))

        usage_limits = cls(
            minute=minute,
            hour=hour,
            day=day,
        )

        usage_limits.additional_properties = d
        return usage_limits

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
