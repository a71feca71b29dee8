from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="TikTokOptions")


@_attrs_define
class TikTokOptions:
    """
    Attributes:
        title (str | Unset): A photo post's title
        privacy_level (str | Unset): Who sees the post: PUBLIC_TO_EVERYONE, MUTUAL_FOLLOW_FRIENDS, FOLLOWER_OF_CREATOR
            or SELF_ONLY; one the creator allows (checked at publish time)
        disable_comment (bool | Unset): No comments on the post
        disable_duet (bool | Unset): No duets (videos only)
        disable_stitch (bool | Unset): No stitches of the video
        branded_content (bool | Unset): Paid partnership disclosure (never with SELF_ONLY)
        brand_organic (bool | Unset): Promotes the creator's own business
        cover_index (int | Unset): A photo post's cover, from 0
    """

    title: str | Unset = UNSET
    privacy_level: str | Unset = UNSET
    disable_comment: bool | Unset = UNSET
    disable_duet: bool | Unset = UNSET
    disable_stitch: bool | Unset = UNSET
    branded_content: bool | Unset = UNSET
    brand_organic: bool | Unset = UNSET
    cover_index: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        title = self.title

        privacy_level = self.privacy_level

        disable_comment = self.disable_comment

        disable_duet = self.disable_duet

        disable_stitch = self.disable_stitch

        branded_content = self.branded_content

        brand_organic = self.brand_organic

        cover_index = self.cover_index

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if title is not UNSET:
            field_dict["title"] = title
        if privacy_level is not UNSET:
            field_dict["privacyLevel"] = privacy_level
        if disable_comment is not UNSET:
            field_dict["disableComment"] = disable_comment
        if disable_duet is not UNSET:
            field_dict["disableDuet"] = disable_duet
        if disable_stitch is not UNSET:
            field_dict["disableStitch"] = disable_stitch
        if branded_content is not UNSET:
            field_dict["brandedContent"] = branded_content
        if brand_organic is not UNSET:
            field_dict["brandOrganic"] = brand_organic
        if cover_index is not UNSET:
            field_dict["coverIndex"] = cover_index

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        title = d.pop("title", UNSET)

        privacy_level = d.pop("privacyLevel", UNSET)

        disable_comment = d.pop("disableComment", UNSET)

        disable_duet = d.pop("disableDuet", UNSET)

        disable_stitch = d.pop("disableStitch", UNSET)

        branded_content = d.pop("brandedContent", UNSET)

        brand_organic = d.pop("brandOrganic", UNSET)

        cover_index = d.pop("coverIndex", UNSET)

        tik_tok_options = cls(
            title=title,
            privacy_level=privacy_level,
            disable_comment=disable_comment,
            disable_duet=disable_duet,
            disable_stitch=disable_stitch,
            branded_content=branded_content,
            brand_organic=brand_organic,
            cover_index=cover_index,
        )

        return tik_tok_options
