from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.platform_versions import PlatformVersions


T = TypeVar("T", bound="EvergreenInput")


@_attrs_define
class EvergreenInput:
    """
    Attributes:
        min_interval_days (int): Days from a publication to its repeat's earliest slot, 1 to 3,650
        max_repeats (int | None | Unset): How many times it is repeated, 1 to 1,000; null or omitted: no limit
        until (datetime.datetime | int | Unset): A moment: Unix milliseconds, or ISO 8601 with `Z` or an offset
            (`2027-01-15T09:30:00+01:00`)
        rotation (list[PlatformVersions] | Unset): Up to 20 sets of per-platform versions (as `platforms`): repeat n
            takes set (n - 1) mod their number, so a platform that refuses duplicates (X) gets other text
    """

    min_interval_days: int
    max_repeats: int | None | Unset = UNSET
    until: datetime.datetime | int | Unset = UNSET
    rotation: list[PlatformVersions] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        min_interval_days = self.min_interval_days

        max_repeats: int | None | Unset
        if isinstance(self.max_repeats, Unset):
            max_repeats = UNSET
        else:
            max_repeats = self.max_repeats

        until: int | str | Unset
        if isinstance(self.until, Unset):
            until = UNSET
        elif isinstance(self.until, datetime.datetime):
            until = self.until.isoformat()
        else:
            until = self.until

        rotation: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.rotation, Unset):
            rotation = []
            for rotation_item_data in self.rotation:
                rotation_item = rotation_item_data.to_dict()
                rotation.append(rotation_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "minIntervalDays": min_interval_days,
            }
        )
        if max_repeats is not UNSET:
            field_dict["maxRepeats"] = max_repeats
        if until is not UNSET:
            field_dict["until"] = until
        if rotation is not UNSET:
            field_dict["rotation"] = rotation

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.platform_versions import PlatformVersions  # noqa: PLC0415

        d = dict(src_dict)
        min_interval_days = d.pop("minIntervalDays")

        def _parse_max_repeats(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        max_repeats = _parse_max_repeats(d.pop("maxRepeats", UNSET))

        def _parse_until(data: object) -> datetime.datetime | int | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                componentsschemas_instant_type_1 = datetime.datetime.fromisoformat(data)

                return componentsschemas_instant_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | int | Unset, data)

        until = _parse_until(d.pop("until", UNSET))

        _rotation = d.pop("rotation", UNSET)
        rotation: list[PlatformVersions] | Unset = UNSET
        if _rotation is not UNSET:
            rotation = []
            for rotation_item_data in _rotation:
                rotation_item = PlatformVersions.from_dict(rotation_item_data)

                rotation.append(rotation_item)

        evergreen_input = cls(
            min_interval_days=min_interval_days,
            max_repeats=max_repeats,
            until=until,
            rotation=rotation,
        )

        return evergreen_input
