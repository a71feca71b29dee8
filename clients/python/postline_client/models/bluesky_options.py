from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="BlueskyOptions")


@_attrs_define
class BlueskyOptions:
    """
    Attributes:
        langs (list[str] | Unset): The text's languages, 1 to 3 BCP 47 tags (`en`, `pt-BR`), for feeds and filters
        link_card (bool | Unset): A preview card of the text's first link, made from the page's OpenGraph tags (true,
            the default, for a post without media)
    """

    langs: list[str] | Unset = UNSET
    link_card: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        langs: list[str] | Unset = UNSET
        if not isinstance(self.langs, Unset):
            langs = self.langs

        link_card = self.link_card

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if langs is not UNSET:
            field_dict["langs"] = langs
        if link_card is not UNSET:
            field_dict["linkCard"] = link_card

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        langs = cast(list[str], d.pop("langs", UNSET))

        link_card = d.pop("linkCard", UNSET)

        bluesky_options = cls(
            langs=langs,
            link_card=link_card,
        )

        return bluesky_options
