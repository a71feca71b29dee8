from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.platform_versions import PlatformVersions
    from ..models.problem import Problem


T = TypeVar("T", bound="Evergreen")


@_attrs_define
class Evergreen:
    """
    Attributes:
        min_interval_days (int): Days from a publication to its repeat
        max_repeats (int | None): How many repeats at most; null: no limit
        until (int | None): No repeat after this (Unix ms), or null
        rotation (list[PlatformVersions]): The per-platform versions repeats rotate through
        repeat (int): 0 for the original, n for its nth repeat
        state (str): waiting (repeated once published), repeated (its repeat is queued), ended (see endedReason)
        ended_reason (None | Problem): Why the run ended, or null
    """

    min_interval_days: int
    max_repeats: int | None
    until: int | None
    rotation: list[PlatformVersions]
    repeat: int
    state: str
    ended_reason: None | Problem
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.problem import Problem  # noqa: PLC0415

        min_interval_days = self.min_interval_days

        max_repeats: int | None
        max_repeats = self.max_repeats

        until: int | None
        until = self.until

        rotation = []
        for rotation_item_data in self.rotation:
            rotation_item = rotation_item_data.to_dict()
            rotation.append(rotation_item)

        repeat = self.repeat

        state = self.state

        ended_reason: dict[str, Any] | None
        if isinstance(self.ended_reason, Problem):
            ended_reason = self.ended_reason.to_dict()
        else:
            ended_reason = self.ended_reason

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "minIntervalDays": min_interval_days,
                "maxRepeats": max_repeats,
                "until": until,
                "rotation": rotation,
                "repeat": repeat,
                "state": state,
                "endedReason": ended_reason,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.platform_versions import PlatformVersions  # noqa: PLC0415
        from ..models.problem import Problem  # noqa: PLC0415

        d = dict(src_dict)
        min_interval_days = d.pop("minIntervalDays")

        def _parse_max_repeats(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        max_repeats = _parse_max_repeats(d.pop("maxRepeats"))

        def _parse_until(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        until = _parse_until(d.pop("until"))

        rotation = []
        _rotation = d.pop("rotation")
        for rotation_item_data in _rotation:
            rotation_item = PlatformVersions.from_dict(rotation_item_data)

            rotation.append(rotation_item)

        repeat = d.pop("repeat")

        state = d.pop("state")

        def _parse_ended_reason(data: object) -> None | Problem:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                ended_reason_type_0 = Problem.from_dict(data)

                return ended_reason_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Problem, data)

        ended_reason = _parse_ended_reason(d.pop("endedReason"))

        evergreen = cls(
            min_interval_days=min_interval_days,
            max_repeats=max_repeats,
            until=until,
            rotation=rotation,
            repeat=repeat,
            state=state,
            ended_reason=ended_reason,
        )

        evergreen.additional_properties = d
        return evergreen

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
