from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="YouTubeOptions")


@_attrs_define
class YouTubeOptions:
    """
    Attributes:
        title (str | Unset): The video's title, 1 to 100 characters without < or >; when omitted, the text's first line
            (cut at a word to 100 characters), or else the file's name
        tags (list[str] | Unset): Keywords, at most 500 characters together as YouTube counts them
        privacy_status (str | Unset): public (the default), unlisted or private (the default with publishAt)
        category_id (str | Unset): The video's category (22, People & Blogs, when omitted)
        made_for_kids (bool | Unset): Made for kids (false when omitted); such a video takes no comments
        publish_at (datetime.datetime | int | Unset): A moment: Unix milliseconds, or ISO 8601 with `Z` or an offset
            (`2027-01-15T09:30:00+01:00`)
        thumbnail (str | Unset): The video's thumbnail: a media key of a JPEG or PNG of at most 2 MB
        shorts (bool | Unset): A Short: a vertical or square video of at most 3 minutes (400 when longer); #Shorts is
            added to its description
    """

    title: str | Unset = UNSET
    tags: list[str] | Unset = UNSET
    privacy_status: str | Unset = UNSET
    category_id: str | Unset = UNSET
    made_for_kids: bool | Unset = UNSET
    publish_at: datetime.datetime | int | Unset = UNSET
    thumbnail: str | Unset = UNSET
    shorts: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        title = self.title

        tags: list[str] | Unset = UNSET
        if not isinstance(self.tags, Unset):
            tags = self.tags

        privacy_status = self.privacy_status

        category_id = self.category_id

        made_for_kids = self.made_for_kids

        publish_at: int | str | Unset
        if isinstance(self.publish_at, Unset):
            publish_at = UNSET
        elif isinstance(self.publish_at, datetime.datetime):
            publish_at = self.publish_at.isoformat()
        else:
            publish_at = self.publish_at

        thumbnail = self.thumbnail

        shorts = self.shorts

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if title is not UNSET:
            field_dict["title"] = title
        if tags is not UNSET:
            field_dict["tags"] = tags
        if privacy_status is not UNSET:
            field_dict["privacyStatus"] = privacy_status
        if category_id is not UNSET:
            field_dict["categoryId"] = category_id
        if made_for_kids is not UNSET:
            field_dict["madeForKids"] = made_for_kids
        if publish_at is not UNSET:
            field_dict["publishAt"] = publish_at
        if thumbnail is not UNSET:
            field_dict["thumbnail"] = thumbnail
        if shorts is not UNSET:
            field_dict["shorts"] = shorts

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        title = d.pop("title", UNSET)

        tags = cast(list[str], d.pop("tags", UNSET))

        privacy_status = d.pop("privacyStatus", UNSET)

        category_id = d.pop("categoryId", UNSET)

        made_for_kids = d.pop("madeForKids", UNSET)

        def _parse_publish_at(data: object) -> datetime.datetime | int | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                componentsschemas_instant_type_1 = datetime.datetime.fromisoformat(data)

                return componentsschemas_instant_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | int | Unset, data)

        publish_at = _parse_publish_at(d.pop("publishAt", UNSET))

        thumbnail = d.pop("thumbnail", UNSET)

        shorts = d.pop("shorts", UNSET)

        you_tube_options = cls(
            title=title,
            tags=tags,
            privacy_status=privacy_status,
            category_id=category_id,
            made_for_kids=made_for_kids,
            publish_at=publish_at,
            thumbnail=thumbnail,
            shorts=shorts,
        )

        return you_tube_options
