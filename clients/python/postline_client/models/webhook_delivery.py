from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.delivery_status import DeliveryStatus
from ..models.delivery_trigger import DeliveryTrigger

T = TypeVar("T", bound="WebhookDelivery")


@_attrs_define
class WebhookDelivery:
    """
    Attributes:
        id (str): The delivery's id, `whd_...`
        webhook_id (str): The webhook it goes to
        event_id (str): The event it carries (the same across retries: `Service-Event-Id`)
        event (str): The event's type; known today: post.created, post.delivered, post.failed, post.blocked,
            webhook.test, connection.expired, post.comment_failed, import.completed
        status (DeliveryStatus): `pending` (an attempt is due), `succeeded` (the receiver answered 2xx) or `failed`
            (every attempt failed).
        attempts (int): Attempts made so far (at most 7)
        next_attempt_at (int | None): When the next attempt is due (Unix ms), or null
        last_attempt_at (int | None): When the last attempt started (Unix ms)
        response_status (int | None): The HTTP status the receiver last answered
        response_body (None | str): The first 1 KB of the answer
        error (None | str): What went wrong with the last attempt, in words
        duration_ms (int | None): How long the last attempt took
        trigger (DeliveryTrigger): What made the delivery: `event` (the event happened), `test` (POST
            /v1/webhooks/{webhook_id}/test) or `manual` (a retry asked for through the API).
        created_at (int): When it was created (Unix ms)
        delivered_at (int | None): When a 2xx answer came (Unix ms)
    """

    id: str
    webhook_id: str
    event_id: str
    event: str
    status: DeliveryStatus
    attempts: int
    next_attempt_at: int | None
    last_attempt_at: int | None
    response_status: int | None
    response_body: None | str
    error: None | str
    duration_ms: int | None
    trigger: DeliveryTrigger
    created_at: int
    delivered_at: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        webhook_id = self.webhook_id

        event_id = self.event_id

        event = self.event

        status = self.status.value

        attempts = self.attempts

        next_attempt_at: int | None
        next_attempt_at = self.next_attempt_at

        last_attempt_at: int | None
        last_attempt_at = self.last_attempt_at

        response_status: int | None
        response_status = self.response_status

        response_body: None | str
        response_body = self.response_body

        error: None | str
        error = self.error

        duration_ms: int | None
        duration_ms = self.duration_ms

        trigger = self.trigger.value

        created_at = self.created_at

        delivered_at: int | None
        delivered_at = self.delivered_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "webhookId": webhook_id,
                "eventId": event_id,
                "event": event,
                "status": status,
                "attempts": attempts,
                "nextAttemptAt": next_attempt_at,
                "lastAttemptAt": last_attempt_at,
                "responseStatus": response_status,
                "responseBody": response_body,
                "error": error,
                "durationMs": duration_ms,
                "trigger": trigger,
                "createdAt": created_at,
                "deliveredAt": delivered_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        webhook_id = d.pop("webhookId")

        event_id = d.pop("eventId")

        event = d.pop("event")

        status = DeliveryStatus(d.pop("status"))

        attempts = d.pop("attempts")

        def _parse_next_attempt_at(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        next_attempt_at = _parse_next_attempt_at(d.pop("nextAttemptAt"))

        def _parse_last_attempt_at(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        last_attempt_at = _parse_last_attempt_at(d.pop("lastAttemptAt"))

        def _parse_response_status(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        response_status = _parse_response_status(d.pop("responseStatus"))

        def _parse_response_body(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        response_body = _parse_response_body(d.pop("responseBody"))

        def _parse_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        error = _parse_error(d.pop("error"))

        def _parse_duration_ms(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        duration_ms = _parse_duration_ms(d.pop("durationMs"))

        trigger = DeliveryTrigger(d.pop("trigger"))

        created_at = d.pop("createdAt")

        def _parse_delivered_at(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        delivered_at = _parse_delivered_at(d.pop("deliveredAt"))

        webhook_delivery = cls(
            id=id,
            webhook_id=webhook_id,
            event_id=event_id,
            event=event,
            status=status,
            attempts=attempts,
            next_attempt_at=next_attempt_at,
            last_attempt_at=last_attempt_at,
            response_status=response_status,
            response_body=response_body,
            error=error,
            duration_ms=duration_ms,
            trigger=trigger,
            created_at=created_at,
            delivered_at=delivered_at,
        )

        webhook_delivery.additional_properties = d
        return webhook_delivery

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
