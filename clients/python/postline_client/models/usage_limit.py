from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="UsageLimit")


@_attrs_define
class UsageLimit:
    """
    Attributes:
        limit (int): Requests allowed in the window
        used (int): Requests counted in the sliding window now
        remaining (int): Requests left in the window
        reset_at (int): When the window next frees capacity
    """

    limit: int
    used: int
    remaining: int
    reset_at: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        limit = self.limit

        used = self.used

        remaining = self.remaining

        reset_at = self.reset_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "limit": limit,
                "used": used,
                "remaining": remaining,
                "resetAt": reset_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        limit = d.pop("limit")

        used = d.pop("used")

        remaining = d.pop("remaining")

        reset_at = d.pop("resetAt")

        usage_limit = cls(
            limit=limit,
            used=used,
            remaining=remaining,
            reset_at=reset_at,
        )

        usage_limit.additional_properties = d
        return usage_limit

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
