from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="WebhookWithSecret")


@_attrs_define
class WebhookWithSecret:
    """
    Attributes:
        id (str): The webhook's id, `wh_...`
        user_id (str): The owning account
        url (str): Where events are POSTed
        events (list[str]): The event types it receives; known today: post.created, post.delivered, post.failed,
            post.blocked, webhook.test, connection.expired, post.comment_failed, import.completed
        active (bool): false: no events are sent to it
        disabled_reason (None | str): Why the service disabled it (its receiver answered 410 Gone, or every delivery
            failed for `[webhooks] disable_after_days`); null otherwise. PATCH `active: true` enables it again.
        description (None | str): Your note, or null
        created_at (int): When it was created (Unix ms)
        updated_at (int): When it last changed (Unix ms)
        secret (str | Unset): The signing secret; only in the answer that creates or rotates it
    """

    id: str
    user_id: str
    url: str
    events: list[str]
    active: bool
    disabled_reason: None | str
    description: None | str
    created_at: int
    updated_at: int
    secret: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        user_id = self.user_id

        url = self.url

        events = self.events

        active = self.active

        disabled_reason: None | str
        disabled_reason = self.disabled_reason

        description: None | str
        description = self.description

        created_at = self.created_at

        updated_at = self.updated_at

        secret = self.secret

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "userId": user_id,
                "url": url,
                "events": events,
                "active": active,
                "disabledReason": disabled_reason,
                "description": description,
                "createdAt": created_at,
                "updatedAt": updated_at,
            }
        )
        if secret is not UNSET:
            field_dict["secret"] = secret

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        user_id = d.pop("userId")

        url = d.pop("url")

        events = cast(list[str], d.pop("events"))

        active = d.pop("active")

        def _parse_disabled_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        disabled_reason = _parse_disabled_reason(d.pop("disabledReason"))

        def _parse_description(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        description = _parse_description(d.pop("description"))

        created_at = d.pop("createdAt")

        updated_at = d.pop("updatedAt")

        secret = d.pop("secret", UNSET)

        webhook_with_secret = cls(
            id=id,
            user_id=user_id,
            url=url,
            events=events,
            active=active,
            disabled_reason=disabled_reason,
            description=description,
            created_at=created_at,
            updated_at=updated_at,
            secret=secret,
        )

        webhook_with_secret.additional_properties = d
        return webhook_with_secret

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
