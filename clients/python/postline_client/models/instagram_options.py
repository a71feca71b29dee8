from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="InstagramOptions")


@_attrs_define
class InstagramOptions:
    """
    Attributes:
        type_ (str | Unset): feed (the default; 2-10 media make a carousel), reel (one video), story (one image or
            video, no caption)
        share_to_feed (bool | Unset): A reel also shown in the feed
        cover_media (str | Unset): A reel's cover image (a media key); not with thumbOffsetMs
        thumb_offset_ms (int | Unset): A reel's cover frame, ms into the video
    """

    type_: str | Unset = UNSET
    share_to_feed: bool | Unset = UNSET
    cover_media: str | Unset = UNSET
    thumb_offset_ms: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        share_to_feed = self.share_to_feed

        cover_media = self.cover_media

        thumb_offset_ms = self.thumb_offset_ms

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if type_ is not UNSET:
            field_dict["type"] = type_
        if share_to_feed is not UNSET:
            field_dict["shareToFeed"] = share_to_feed
        if cover_media is not UNSET:
            field_dict["coverMedia"] = cover_media
        if thumb_offset_ms is not UNSET:
            field_dict["thumbOffsetMs"] = thumb_offset_ms

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = d.pop("type", UNSET)

        share_to_feed = d.pop("shareToFeed", UNSET)

        cover_media = d.pop("coverMedia", UNSET)

        thumb_offset_ms = d.pop("thumbOffsetMs", UNSET)

        instagram_options = cls(
            type_=type_,
            share_to_feed=share_to_feed,
            cover_media=cover_media,
            thumb_offset_ms=thumb_offset_ms,
        )

        return instagram_options
