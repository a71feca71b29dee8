from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="MediaImport")


@_attrs_define
class MediaImport:
    """
    Attributes:
        url (str): An https URL on the public internet, answering 200 with the file (refused like webhook URLs;
            redirects are not followed) Example: https://images.example.com/launch.png.
    """

    url: str

    def to_dict(self) -> dict[str, Any]:
        url = self.url

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "url": url,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        url = d.pop("url")

        media_import = cls(
            url=url,
        )

        return media_import
