from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.first_comment import FirstComment
    from ..models.thread_part import ThreadPart
    from ..models.you_tube_options import YouTubeOptions


T = TypeVar("T", bound="YouTubeVersion")


@_attrs_define
class YouTubeVersion:
    """
    Attributes:
        content (str | Unset): The text on this platform
        media (list[str] | Unset): Media keys on this platform, in order
        thread (list[ThreadPart] | Unset): Up to 25 follow-up parts, published after the post as replies, in order (on
            platforms that have threads; `[]` for none)
        first_comment (FirstComment | None | Unset): A comment right under the post, by the same account; null for none
        options (YouTubeOptions | Unset):
    """

    content: str | Unset = UNSET
    media: list[str] | Unset = UNSET
    thread: list[ThreadPart] | Unset = UNSET
    first_comment: FirstComment | None | Unset = UNSET
    options: YouTubeOptions | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.first_comment import FirstComment  # noqa: PLC0415

        content = self.content

        media: list[str] | Unset = UNSET
        if not isinstance(self.media, Unset):
            media = self.media

        thread: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.thread, Unset):
            thread = []
            for thread_item_data in self.thread:
                thread_item = thread_item_data.to_dict()
                thread.append(thread_item)

        first_comment: dict[str, Any] | None | Unset
        if isinstance(self.first_comment, Unset):
            first_comment = UNSET
        elif isinstance(self.first_comment, FirstComment):
            first_comment = self.first_comment.to_dict()
        else:
            first_comment = self.first_comment

        options: dict[str, Any] | Unset = UNSET
        if not isinstance(self.options, Unset):
            options = self.options.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if content is not UNSET:
            field_dict["content"] = content
        if media is not UNSET:
            field_dict["media"] = media
        if thread is not UNSET:
            field_dict["thread"] = thread
        if first_comment is not UNSET:
            field_dict["firstComment"] = first_comment
        if options is not UNSET:
            field_dict["options"] = options

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.first_comment import FirstComment  # noqa: PLC0415
        from ..models.thread_part import ThreadPart  # noqa: PLC0415
        from ..models.you_tube_options import YouTubeOptions  # noqa: PLC0415

        d = dict(src_dict)
        content = d.pop("content", UNSET)

        media = cast(list[str], d.pop("media", UNSET))

        _thread = d.pop("thread", UNSET)
        thread: list[ThreadPart] | Unset = UNSET
        if _thread is not UNSET:
            thread = []
            for thread_item_data in _thread:
                thread_item = ThreadPart.from_dict(thread_item_data)

                thread.append(thread_item)

        def _parse_first_comment(data: object) -> FirstComment | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                first_comment_type_0 = FirstComment.from_dict(data)

                return first_comment_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(FirstComment | None | Unset, data)

        first_comment = _parse_first_comment(d.pop("firstComment", UNSET))

        _options = d.pop("options", UNSET)
        options: YouTubeOptions | Unset
        if isinstance(_options, Unset):
            options = UNSET
        else:
            options = YouTubeOptions.from_dict(_options)

        you_tube_version = cls(
            content=content,
            media=media,
            thread=thread,
            first_comment=first_comment,
            options=options,
        )

        return you_tube_version
