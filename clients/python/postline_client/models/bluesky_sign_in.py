from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="BlueskySignIn")


@_attrs_define
class BlueskySignIn:
    """
    Attributes:
        handle (str): The account's handle, such as alice.bsky.social (a leading @ is fine)
        app_password (str): An app password made in Bluesky's settings (xxxx-xxxx-xxxx-xxxx), never the account's own
            password; kept encrypted, to sign in again when a session cannot be refreshed
        channel_id (str | Unset): A channel to add the connection to, `ch_...`
    """

    handle: str
    app_password: str
    channel_id: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        handle = self.handle

        app_password = self.app_password

        channel_id = self.channel_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "handle": handle,
                "appPassword": app_password,
            }
        )
        if channel_id is not UNSET:
            field_dict["channelId"] = channel_id

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        handle = d.pop("handle")

        app_password = d.pop("appPassword")

        channel_id = d.pop("channelId", UNSET)

        bluesky_sign_in = cls(
            handle=handle,
            app_password=app_password,
            channel_id=channel_id,
        )

        return bluesky_sign_in
