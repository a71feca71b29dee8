from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="MastodonOptions")


@_attrs_define
class MastodonOptions:
    """
    Attributes:
        visibility (str | Unset): Who sees the post and its thread: public, unlisted (kept out of public timelines),
            private (followers only) or direct (the accounts it mentions); the account's own default when omitted
        spoiler_text (str | Unset): A content warning shown instead of the text until the reader opens it, on every
            status of the post; it counts toward the instance's character limit
        sensitive (bool | Unset): The media are hidden until the reader opens them
        language (str | Unset): The text's language, an ISO 639-1 code (`en`, `de`)
    """

    visibility: str | Unset = UNSET
    spoiler_text: str | Unset = UNSET
    sensitive: bool | Unset = UNSET
    language: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        visibility = self.visibility

        spoiler_text = self.spoiler_text

        sensitive = self.sensitive

        language = self.language

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if visibility is not UNSET:
            field_dict["visibility"] = visibility
        if spoiler_text is not UNSET:
            field_dict["spoilerText"] = spoiler_text
        if sensitive is not UNSET:
            field_dict["sensitive"] = sensitive
        if language is not UNSET:
            field_dict["language"] = language

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        visibility = d.pop("visibility", UNSET)

        spoiler_text = d.pop("spoilerText", UNSET)

        sensitive = d.pop("sensitive", UNSET)

        language = d.pop("language", UNSET)

        mastodon_options = cls(
            visibility=visibility,
            spoiler_text=spoiler_text,
            sensitive=sensitive,
            language=language,
        )

        return mastodon_options
