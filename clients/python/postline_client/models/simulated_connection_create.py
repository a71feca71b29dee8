from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="SimulatedConnectionCreate")


@_attrs_define
class SimulatedConnectionCreate:
    """
    Attributes:
        platform (str): The network it simulates; known today: x, linkedin, facebook, instagram, tiktok, bluesky,
            mastodon, threads, youtube, pinterest
        channel_id (str): The test channel it publishes for
        username (str | Unset): The account's handle (default `<platform>_tester`)
    """

    platform: str
    channel_id: str
    username: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        platform = self.platform

        channel_id = self.channel_id

        username = self.username

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "platform": platform,
                "channelId": channel_id,
            }
        )
        if username is not UNSET:
            field_dict["username"] = username

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        platform = d.pop("platform")

        channel_id = d.pop("channelId")

        username = d.pop("username", UNSET)

        simulated_connection_create = cls(
            platform=platform,
            channel_id=channel_id,
            username=username,
        )

        return simulated_connection_create
