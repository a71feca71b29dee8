from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.connection_status import ConnectionStatus

if TYPE_CHECKING:
    from ..models.problem import Problem


T = TypeVar("T", bound="ConnectionExpiredData")


@_attrs_define
class ConnectionExpiredData:
    """
    Attributes:
        connection_id (str): The connection, `conn_...`
        provider (str): How it was connected; known today: x, linkedin, meta, tiktok, bluesky, mastodon, threads,
            youtube, pinterest
        platform (str): Where it publishes; known today: x, linkedin, facebook, instagram, tiktok, bluesky, mastodon,
            threads, youtube, pinterest
        status (ConnectionStatus): `active`; `expired` or `revoked` (the platform refused its tokens for good: it
            publishes nothing until connected again); `error` (the last verification failed for another reason).
        reason (Problem):
    """

    connection_id: str
    provider: str
    platform: str
    status: ConnectionStatus
    reason: Problem
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        connection_id = self.connection_id

        provider = self.provider

        platform = self.platform

        status = self.status.value

        reason = self.reason.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "connection_id": connection_id,
                "provider": provider,
                "platform": platform,
                "status": status,
                "reason": reason,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.problem import Problem  # noqa: PLC0415

        d = dict(src_dict)
        connection_id = d.pop("connection_id")

        provider = d.pop("provider")

        platform = d.pop("platform")

        status = ConnectionStatus(d.pop("status"))

        reason = Problem.from_dict(d.pop("reason"))

        connection_expired_data = cls(
            connection_id=connection_id,
            provider=provider,
            platform=platform,
            status=status,
            reason=reason,
        )

        connection_expired_data.additional_properties = d
        return connection_expired_data

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
