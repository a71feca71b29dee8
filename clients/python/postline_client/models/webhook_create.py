from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="WebhookCreate")


@_attrs_define
class WebhookCreate:
    """
    Attributes:
        url (str): An https URL on the public internet. Refused (400): http, user names or passwords, localhost, and
            hosts that are or resolve to private, loopback, link-local, carrier-grade NAT, multicast or reserved addresses,
            or IPv4 in other than dotted-decimal form. Example: https://hooks.example.com/postline.
        events (list[str]): Event types to receive, from: post.created, post.delivered, post.failed, post.blocked,
            webhook.test, connection.expired, post.comment_failed, import.completed
        description (None | str | Unset): A note for you, up to 500 characters, or null
    """

    url: str
    events: list[str]
    description: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        url = self.url

        events = self.events

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "url": url,
                "events": events,
            }
        )
        if description is not UNSET:
            field_dict["description"] = description

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        url = d.pop("url")

        events = cast(list[str], d.pop("events"))

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        webhook_create = cls(
            url=url,
            events=events,
            description=description,
        )

        return webhook_create
