from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="UsageDay")


@_attrs_define
class UsageDay:
    """
    Attributes:
        requests (int): Requests admitted (not those refused with 429)
        posts_created (int): Posts created (a batch of 20 counts 20)
        posts_delivered (int): Posts that reached `done`
        posts_failed (int): Publishing attempts that ended `failed`
        webhook_deliveries (int): Webhook delivery attempts made
        media_bytes (int): Bytes of media uploaded or imported
        date (datetime.date): The UTC day
    """

    requests: int
    posts_created: int
    posts_delivered: int
    posts_failed: int
    webhook_deliveries: int
    media_bytes: int
    date: datetime.date
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        requests = self.requests

        posts_created = self.posts_created

        posts_delivered = self.posts_delivered

        posts_failed = self.posts_failed

        webhook_deliveries = self.webhook_deliveries

        media_bytes = self.media_bytes

        date = self.date.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "requests": requests,
                "postsCreated": posts_created,
                "postsDelivered": posts_delivered,
                "postsFailed": posts_failed,
                "webhookDeliveries": webhook_deliveries,
                "mediaBytes": media_bytes,
                "date": date,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        requests = d.pop("requests")

        posts_created = d.pop("postsCreated")

        posts_delivered = d.pop("postsDelivered")

        posts_failed = d.pop("postsFailed")

        webhook_deliveries = d.pop("webhookDeliveries")

        media_bytes = d.pop("mediaBytes")

        date = datetime.date.fromisoformat(d.pop("date"))

        usage_day = cls(
            requests=requests,
            posts_created=posts_created,
            posts_delivered=posts_delivered,
            posts_failed=posts_failed,
            webhook_deliveries=webhook_deliveries,
            media_bytes=media_bytes,
            date=date,
        )

        usage_day.additional_properties = d
        return usage_day

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
