from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ConnectionChannel")


@_attrs_define
class ConnectionChannel:
    """
    Attributes:
        channel_id (str): The channel, `ch_...`
    """

    channel_id: str

    def to_dict(self) -> dict[str, Any]:
        channel_id = self.channel_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "channelId": channel_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        channel_id = d.pop("channelId")

        connection_channel = cls(
            channel_id=channel_id,
        )

        return connection_channel
