from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.api_key_create_mode import ApiKeyCreateMode
from ..models.api_key_create_permissions_item import ApiKeyCreatePermissionsItem
from ..types import UNSET, Unset

T = TypeVar("T", bound="ApiKeyCreate")


@_attrs_define
class ApiKeyCreate:
    """
    Attributes:
        name (str): A label, 1 to 100 characters
        permissions (list[ApiKeyCreatePermissionsItem] | Unset): Default: every permission of the creating key
        mode (ApiKeyCreateMode | Unset): live or test; default the creating key's (a test key cannot create a live key)
        expires_in (int | Unset): Days until the key stops working
    """

    name: str
    permissions: list[ApiKeyCreatePermissionsItem] | Unset = UNSET
    mode: ApiKeyCreateMode | Unset = UNSET
    expires_in: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        permissions: list[str] | Unset = UNSET
        if not isinstance(self.permissions, Unset):
            permissions = []
            for permissions_item_data in self.permissions:
                permissions_item = permissions_item_data.value
                permissions.append(permissions_item)

        mode: str | Unset = UNSET
        if not isinstance(self.mode, Unset):
            mode = self.mode.value

        expires_in = self.expires_in

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
            }
        )
        if permissions is not UNSET:
            field_dict["permissions"] = permissions
        if mode is not UNSET:
            field_dict["mode"] = mode
        if expires_in is not UNSET:
            field_dict["expiresIn"] = expires_in

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        _permissions = d.pop("permissions", UNSET)
        permissions: list[ApiKeyCreatePermissionsItem] | Unset = UNSET
        if _permissions is not UNSET:
            permissions = []
            for permissions_item_data in _permissions:
                permissions_item = ApiKeyCreatePermissionsItem(permissions_item_data)

                permissions.append(permissions_item)

        _mode = d.pop("mode", UNSET)
        mode: ApiKeyCreateMode | Unset
        if isinstance(_mode, Unset):
            mode = UNSET
        else:
            mode = ApiKeyCreateMode(_mode)

        expires_in = d.pop("expiresIn", UNSET)

        api_key_create = cls(
            name=name,
            permissions=permissions,
            mode=mode,
            expires_in=expires_in,
        )

        return api_key_create
