from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.service_checks import ServiceChecks


T = TypeVar("T", bound="ServiceCheck")


@_attrs_define
class ServiceCheck:
    """
    Attributes:
        status (str): `ok` (200); `degraded` (200: this server takes requests, but no worker publishes); `unavailable`
            (503)
        checks (ServiceChecks):
    """

    status: str
    checks: ServiceChecks
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        status = self.status

        checks = self.checks.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "status": status,
                "checks": checks,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.service_checks import ServiceChecks  # noqa: PLC0415

        d = dict(src_dict)
        status = d.pop("status")

        checks = ServiceChecks.from_dict(d.pop("checks"))

        service_check = cls(
            status=status,
            checks=checks,
        )

        service_check.additional_properties = d
        return service_check

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
