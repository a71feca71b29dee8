from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="SeriesSkip")


@_attrs_define
class SeriesSkip:
    """
    Attributes:
        scheduled_for (datetime.datetime | int): A moment: Unix milliseconds, or ISO 8601 with `Z` or an offset
            (`2027-01-15T09:30:00+01:00`)
    """

    scheduled_for: datetime.datetime | int

    def to_dict(self) -> dict[str, Any]:
        scheduled_for: int | str
        if isinstance(self.scheduled_for, datetime.datetime):
            scheduled_for = self.scheduled_for.isoformat()
        else:
            scheduled_for = self.scheduled_for

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "scheduledFor": scheduled_for,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_scheduled_for(data: object) -> datetime.datetime | int:
            try:
                if not isinstance(data, str):
                    raise TypeError()
                componentsschemas_instant_type_1 = datetime.datetime.fromisoformat(data)

                return componentsschemas_instant_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | int, data)

        scheduled_for = _parse_scheduled_for(d.pop("scheduledFor"))

        series_skip = cls(
            scheduled_for=scheduled_for,
        )

        return series_skip
