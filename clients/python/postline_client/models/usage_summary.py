from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.mode import Mode

if TYPE_CHECKING:
    from ..models.usage_counts import UsageCounts
    from ..models.usage_limits import UsageLimits


T = TypeVar("T", bound="UsageSummary")


@_attrs_define
class UsageSummary:
    """
    Attributes:
        plan (str): The account's plan: free, stream, river, ocean or one of yours
        mode (Mode): `live` or `test`: test-mode keys see only test-mode resources, published by the sandbox.
        limits (None | UsageLimits): This key's rate-limit windows; null when rate limiting is switched off
        today (UsageCounts):
    """

    plan: str
    mode: Mode
    limits: None | UsageLimits
    today: UsageCounts
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.usage_limits import UsageLimits  # noqa: PLC0415

        plan = self.plan

        mode = self.mode.value

        limits: dict[str, Any] | None
        if isinstance(self.limits, UsageLimits):
            limits = self.limits.to_dict()
        else:
            limits = self.limits

        today = self.today.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "plan": plan,
                "mode": mode,
                "limits": limits,
                "today": today,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.usage_counts import UsageCounts  # noqa: PLC0415
        from ..models.usage_limits import UsageLimits  # noqa: PLC0415

        d = dict(src_dict)
        plan = d.pop("plan")

        mode = Mode(d.pop("mode"))

        def _parse_limits(data: object) -> None | UsageLimits:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                limits_type_0 = UsageLimits.from_dict(data)

                return limits_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UsageLimits, data)

        limits = _parse_limits(d.pop("limits"))

        today = UsageCounts.from_dict(d.pop("today"))

        usage_summary = cls(
            plan=plan,
            mode=mode,
            limits=limits,
            today=today,
        )

        usage_summary.additional_properties = d
        return usage_summary

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
