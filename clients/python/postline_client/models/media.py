from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Media")


@_attrs_define
class Media:
    """
    Attributes:
        key (str): `med_<id>.<ext>`: how posts name the file
        filename (str): The name it was uploaded with, for display only
        content_type (str): image/jpeg, image/png, image/gif, image/webp, video/mp4, video/quicktime, application/pdf
        size (int): Bytes
        sha256 (str): Hex SHA-256 of the bytes
        width (int | None): Pixels; images only
        height (int | None): Pixels; images only
        duration_ms (int | None): Videos, where the file says
        alt_text (None | str): Its alt text, or null
        created_at (int): When it was created (Unix ms)
        updated_at (int): When it last changed (Unix ms)
    """

    key: str
    filename: str
    content_type: str
    size: int
    sha256: str
    width: int | None
    height: int | None
    duration_ms: int | None
    alt_text: None | str
    created_at: int
    updated_at: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        key = self.key

        filename = self.filename

        content_type = self.content_type

        size = self.size

        sha256 = self.sha256

        width: int | None
        width = self.width

        height: int | None
        height = self.height

        duration_ms: int | None
        duration_ms = self.duration_ms

        alt_text: None | str
        alt_text = self.alt_text

        created_at = self.created_at

        updated_at = self.updated_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "key": key,
                "filename": filename,
                "contentType": content_type,
                "size": size,
                "sha256": sha256,
                "width": width,
                "height": height,
                "durationMs": duration_ms,
                "altText": alt_text,
                "createdAt": created_at,
                "updatedAt": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        key = d.pop("key")

        filename = d.pop("filename")

        content_type = d.pop("contentType")

        size = d.pop("size")

        sha256 = d.pop("sha256")

        def _parse_width(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        width = _parse_width(d.pop("width"))

        def _parse_height(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        height = _parse_height(d.pop("height"))

        def _parse_duration_ms(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        duration_ms = _parse_duration_ms(d.pop("durationMs"))

        def _parse_alt_text(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        alt_text = _parse_alt_text(d.pop("altText"))

        created_at = d.pop("createdAt")

        updated_at = d.pop("updatedAt")

        media = cls(
            key=key,
            filename=filename,
            content_type=content_type,
            size=size,
            sha256=sha256,
            width=width,
            height=height,
            duration_ms=duration_ms,
            alt_text=alt_text,
            created_at=created_at,
            updated_at=updated_at,
        )

        media.additional_properties = d
        return media

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
