from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="PlatformLimits")


@_attrs_define
class PlatformLimits:
    """
    Attributes:
        characters (int | None): The most characters of a post's text, as the platform counts them (X weighs them,
            Bluesky counts graphemes, YouTube bytes of its description); null: no limit of its own
        images (int | None): The most images in one post (0: none); null: no limit of its own
        videos (int | None): The most videos in one post (0: none); null: no limit of its own
        image_bytes (int | None): The largest image, in bytes; null: no limit of its own
        video_bytes (int | None): The largest video, in bytes; null: no limit of its own
    """

    characters: int | None
    images: int | None
    videos: int | None
    image_bytes: int | None
    video_bytes: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        characters: int | None
        characters = self.characters

        images: int | None
        images = self.images

        videos: int | None
        videos = self.videos

        image_bytes: int | None
        image_bytes = self.image_bytes

        video_bytes: int | None
        video_bytes = self.video_bytes

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "characters": characters,
                "images": images,
                "videos": videos,
                "imageBytes": image_bytes,
                "videoBytes": video_bytes,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_characters(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        characters = _parse_characters(d.pop("characters"))

        def _parse_images(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        images = _parse_images(d.pop("images"))

        def _parse_videos(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        videos = _parse_videos(d.pop("videos"))

        def _parse_image_bytes(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        image_bytes = _parse_image_bytes(d.pop("imageBytes"))

        def _parse_video_bytes(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        video_bytes = _parse_video_bytes(d.pop("videoBytes"))

        platform_limits = cls(
            characters=characters,
            images=images,
            videos=videos,
            image_bytes=image_bytes,
            video_bytes=video_bytes,
        )

        platform_limits.additional_properties = d
        return platform_limits

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
