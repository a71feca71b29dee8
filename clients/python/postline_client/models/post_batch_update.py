from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.post_batch_update_item import PostBatchUpdateItem


T = TypeVar("T", bound="PostBatchUpdate")


@_attrs_define
class PostBatchUpdate:
    """
    Attributes:
        posts (list[PostBatchUpdateItem]): 1 to 100 changes, each naming its post by `id`; applied all or none
    """

    posts: list[PostBatchUpdateItem]

    def to_dict(self) -> dict[str, Any]:
        posts = []
        for posts_item_data in self.posts:
            posts_item = posts_item_data.to_dict()
            posts.append(posts_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "posts": posts,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.post_batch_update_item import PostBatchUpdateItem  # noqa: PLC0415

        d = dict(src_dict)
        posts = []
        _posts = d.pop("posts")
        for posts_item_data in _posts:
            posts_item = PostBatchUpdateItem.from_dict(posts_item_data)

            posts.append(posts_item)

        post_batch_update = cls(
            posts=posts,
        )

        return post_batch_update
