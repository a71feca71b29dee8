from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Channel")


@_attrs_define
class Channel:
    """
    Attributes:
        id (str): The channel's id, `ch_...`
        name (str): The channel's name
        color (str): Its color, #RRGGBB
        connection_ids (list[str]): The platform connections its posts are published to (POST /v1/connections/{id}/add-
            to-channel)
        created_at (int): When it was created (Unix ms)
        updated_at (int): When it last changed (Unix ms)
    """

    id: str
    name: str
    color: str
    connection_ids: list[str]
    created_at: int
    updated_at: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        color = self.color

        connection_ids = self.connection_ids

        created_at = self.created_at

        updated_at = self.updated_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "name": name,
                "color": color,
                "connectionIds": connection_ids,
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

        color = d.pop("color")

        connection_ids = cast(list[str], d.pop("connectionIds"))

        created_at = d.pop("createdAt")

        updated_at = d.pop("updatedAt")

        channel = cls(
            id=id,
            name=name,
            color=color,
            connection_ids=connection_ids,
            created_at=created_at,
            updated_at=updated_at,
        )

        channel.additional_properties = d
        return channel

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
