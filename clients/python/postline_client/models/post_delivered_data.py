from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.event_target import EventTarget


T = TypeVar("T", bound="PostDeliveredData")


@_attrs_define
class PostDeliveredData:
    """
    Attributes:
        post_id (str): The post's id, `post_...`
        channel_id (str): Its channel's id, `ch_...`
        delivered_at (int): When its last target was published (Unix ms)
        targets (list[EventTarget]): Where it was published
    """

    post_id: str
    channel_id: str
    delivered_at: int
    targets: list[EventTarget]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        post_id = self.post_id

        channel_id = self.channel_id

        delivered_at = self.delivered_at

        targets = []
        for targets_item_data in self.targets:
            targets_item = targets_item_data.to_dict()
            targets.append(targets_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "post_id": post_id,
                "channel_id": channel_id,
                "delivered_at": delivered_at,
                "targets": targets,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.event_target import EventTarget  # noqa: PLC0415

        d = dict(src_dict)
        post_id = d.pop("post_id")

        channel_id = d.pop("channel_id")

        delivered_at = d.pop("delivered_at")

        targets = []
        _targets = d.pop("targets")
        for targets_item_data in _targets:
            targets_item = EventTarget.from_dict(targets_item_data)

            targets.append(targets_item)

        post_delivered_data = cls(
            post_id=post_id,
            channel_id=channel_id,
            delivered_at=delivered_at,
            targets=targets,
        )

        post_delivered_data.additional_properties = d
        return post_delivered_data

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
