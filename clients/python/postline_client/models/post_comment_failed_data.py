from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.problem import Problem


T = TypeVar("T", bound="PostCommentFailedData")


@_attrs_define
class PostCommentFailedData:
    """
    Attributes:
        post_id (str): The post's id, `post_...`
        channel_id (str): Its channel's id, `ch_...`
        platform (str): Where the comment was to go; known today: x, linkedin, facebook, instagram, tiktok, bluesky,
            mastodon, threads, youtube, pinterest
        part_index (int): The comment's place among its target's parts
        error (Problem):
    """

    post_id: str
    channel_id: str
    platform: str
    part_index: int
    error: Problem
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        post_id = self.post_id

        channel_id = self.channel_id

        platform = self.platform

        part_index = self.part_index

        error = self.error.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "post_id": post_id,
                "channel_id": channel_id,
                "platform": platform,
                "part_index": part_index,
                "error": error,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.problem import Problem  # noqa: PLC0415

        d = dict(src_dict)
        post_id = d.pop("post_id")

        channel_id = d.pop("channel_id")

        platform = d.pop("platform")

        part_index = d.pop("part_index")

        error = Problem.from_dict(d.pop("error"))

        post_comment_failed_data = cls(
            post_id=post_id,
            channel_id=channel_id,
            platform=platform,
            part_index=part_index,
            error=error,
        )

        post_comment_failed_data.additional_properties = d
        return post_comment_failed_data

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
