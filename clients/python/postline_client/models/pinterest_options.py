from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="PinterestOptions")


@_attrs_define
class PinterestOptions:
    """
    Attributes:
        title (str | Unset): The pin's title
        board_id (str | Unset): The board the pin goes on, required on Pinterest: an id of GET
            /v1/connections/{id}/boards
        board_section_id (str | Unset): A section of that board
        link (str | Unset): Where the pin leads when clicked
        cover_media (str | Unset): A video pin's cover image (a media key); the first frame when omitted
    """

    title: str | Unset = UNSET
    board_id: str | Unset = UNSET
    board_section_id: str | Unset = UNSET
    link: str | Unset = UNSET
    cover_media: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        title = self.title

        board_id = self.board_id

        board_section_id = self.board_section_id

        link = self.link

        cover_media = self.cover_media

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if title is not UNSET:
            field_dict["title"] = title
        if board_id is not UNSET:
            field_dict["boardId"] = board_id
        if board_section_id is not UNSET:
            field_dict["boardSectionId"] = board_section_id
        if link is not UNSET:
            field_dict["link"] = link
        if cover_media is not UNSET:
            field_dict["coverMedia"] = cover_media

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        title = d.pop("title", UNSET)

        board_id = d.pop("boardId", UNSET)

        board_section_id = d.pop("boardSectionId", UNSET)

        link = d.pop("link", UNSET)

        cover_media = d.pop("coverMedia", UNSET)

        pinterest_options = cls(
            title=title,
            board_id=board_id,
            board_section_id=board_section_id,
            link=link,
            cover_media=cover_media,
        )

        return pinterest_options
