from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.mode import Mode

T = TypeVar("T", bound="HealthKey")


@_attrs_define
class HealthKey:
    """
    Attributes:
        id (str): The calling key's id
        name (str): Its label
        mode (Mode): `live` or `test`: test-mode keys see only test-mode resources, published by the sandbox.
        permissions (list[str]): What it may do
    """

    id: str
    name: str
    mode: Mode
    permissions: list[str]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        mode = self.mode.value

        permissions = self.permissions

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "name": name,
                "mode": mode,
                "permissions": permissions,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        mode = Mode(d.pop("mode"))

        permissions = cast(list[str], d.pop("permissions"))

        health_key = cls(
            id=id,
            name=name,
            mode=mode,
            permissions=permissions,
        )

        health_key.additional_properties = d
        return health_key

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
