from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="WebhookUpdate")


@_attrs_define
class WebhookUpdate:
    """
    Attributes:
        url (str | Unset): An https URL on the public internet. Refused (400): http, user names or passwords, localhost,
            and hosts that are or resolve to private, loopback, link-local, carrier-grade NAT, multicast or reserved
            addresses, or IPv4 in other than dotted-decimal form. Example: https://hooks.example.com/postline.
        events (list[str] | Unset): Event types to receive, from: post.created, post.delivered, post.failed,
            post.blocked, webhook.test, connection.expired, post.comment_failed, import.completed
        active (bool | Unset): false stops sending events; true sends them again
        description (None | str | Unset): A note for you, up to 500 characters, or null
        rotate_secret (bool | Unset): true: a new secret, in this answer only; the old one signs too for 24 h
    """

    url: str | Unset = UNSET
    events: list[str] | Unset = UNSET
    active: bool | Unset = UNSET
    description: None | str | Unset = UNSET
    rotate_secret: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        url = self.url

        events: list[str] | Unset = UNSET
        if not isinstance(self.events, Unset):
            events = self.events

        active = self.active

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        rotate_secret = self.rotate_secret

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if url is not UNSET:
            field_dict["url"] = url
        if events is not UNSET:
            field_dict["events"] = events
        if active is not UNSET:
            field_dict["active"] = active
        if description is not UNSET:
            field_dict["description"] = description
        if rotate_secret is not UNSET:
            field_dict["rotateSecret"] = rotate_secret

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        url = d.pop("url", UNSET)

        events = cast(list[str], d.pop("events", UNSET))

        active = d.pop("active", UNSET)

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        rotate_secret = d.pop("rotateSecret", UNSET)

        webhook_update = cls(
            url=url,
            events=events,
            active=active,
            description=description,
            rotate_secret=rotate_secret,
        )

        return webhook_update
