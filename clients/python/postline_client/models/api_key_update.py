from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.api_key_update_permissions_item import ApiKeyUpdatePermissionsItem
from ..types import UNSET, Unset

T = TypeVar("T", bound="ApiKeyUpdate")


@_attrs_define
class ApiKeyUpdate:
    """
    Attributes:
        name (str | Unset): A label, 1 to 100 characters
        permissions (list[ApiKeyUpdatePermissionsItem] | Unset): The new permissions, within the caller's own
    """

    name: str | Unset = UNSET
    permissions: list[ApiKeyUpdatePermissionsItem] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        permissions: list[str] | Unset = UNSET
        if not isinstance(self.permissions, Unset):
            permissions = []
            for permissions_item_data in self.permissions:
                permissions_item = permissions_item_data.value
                permissions.append(permissions_item)

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if name is not UNSET:
            field_dict["name"] = name
        if permissions is not UNSET:
            field_dict["permissions"] = permissions

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name", UNSET)

        _permissions = d.pop("permissions", UNSET)
        permissions: list[ApiKeyUpdatePermissionsItem] | Unset = UNSET
        if _permissions is not UNSET:
            permissions = []
            for permissions_item_data in _permissions:
                permissions_item = ApiKeyUpdatePermissionsItem(permissions_item_data)

                permissions.append(permissions_item)

        api_key_update = cls(
            name=name,
            permissions=permissions,
        )

        return api_key_update
