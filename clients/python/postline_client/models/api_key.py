from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.mode import Mode

T = TypeVar("T", bound="ApiKey")


@_attrs_define
class ApiKey:
    """
    Attributes:
        id (str): The key's id, `key_...` (not the key itself)
        name (str): Its label
        prefix (str): The key's visible 8-character prefix
        mode (Mode): `live` or `test`: test-mode keys see only test-mode resources, published by the sandbox.
        permissions (list[str]): What the key may do
        last_used_at (int | None): When it was last used (Unix ms; updated at most once a minute)
        expires_at (int | None): When it stops working (Unix ms), or null
        created_at (int): When it was created (Unix ms)
        updated_at (int): When it last changed (Unix ms)
    """

    id: str
    name: str
    prefix: str
    mode: Mode
    permissions: list[str]
    last_used_at: int | None
    expires_at: int | None
    created_at: int
    updated_at: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        prefix = self.prefix

        mode = self.mode.value

        permissions = self.permissions

        last_used_at: int | None
        last_used_at = self.last_used_at

        expires_at: int | None
        expires_at = self.expires_at

        created_at = self.created_at

        updated_at = self.updated_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "name": name,
                "prefix": prefix,
                "mode": mode,
                "permissions": permissions,
                "lastUsedAt": last_used_at,
                "expiresAt": expires_at,
                "createdAt": created_at,
                "updatedAt": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        prefix = d.pop("prefix")

        mode = Mode(d.pop("mode"))

        permissions = cast(list[str], d.pop("permissions"))

        def _parse_last_used_at(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        last_used_at = _parse_last_used_at(d.pop("lastUsedAt"))

        def _parse_expires_at(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        expires_at = _parse_expires_at(d.pop("expiresAt"))

        created_at = d.pop("createdAt")

        updated_at = d.pop("updatedAt")

        api_key = cls(
            id=id,
            name=name,
            prefix=prefix,
            mode=mode,
            permissions=permissions,
            last_used_at=last_used_at,
            expires_at=expires_at,
            created_at=created_at,
            updated_at=updated_at,
        )

        api_key.additional_properties = d
        return api_key

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
