from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.post_status import PostStatus

T = TypeVar("T", bound="PostCreatedData")


@_attrs_define
class PostCreatedData:
    """
    Attributes:
        post_id (str): The post's id, `post_...`
        channel_id (str): Its channel's id, `ch_...`
        scheduled_for (int): When it is to be published (Unix ms)
        status (PostStatus): Where a post stands: `draft` (held), `queued` (waiting for `scheduledFor` or
            `nextAttemptAt`), `publishing` (a worker is sending it), `done` (every target published), `failed` (the last
            attempt failed; retried at `nextAttemptAt` while that is set), `blocked` (stopped by a platform limit or policy,
            a dead connection or an unconfirmed send).
    """

    post_id: str
    channel_id: str
    scheduled_for: int
    status: PostStatus
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        post_id = self.post_id

        channel_id = self.channel_id

        scheduled_for = self.scheduled_for

        status = self.status.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "post_id": post_id,
                "channel_id": channel_id,
                "scheduled_for": scheduled_for,
                "status": status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        post_id = d.pop("post_id")

        channel_id = d.pop("channel_id")

        scheduled_for = d.pop("scheduled_for")

        status = PostStatus(d.pop("status"))

        post_created_data = cls(
            post_id=post_id,
            channel_id=channel_id,
            scheduled_for=scheduled_for,
            status=status,
        )

        post_created_data.additional_properties = d
        return post_created_data

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
