from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ThreadsOptions")


@_attrs_define
class ThreadsOptions:
    """
    Attributes:
        reply_control (str | Unset): Who may reply: everyone (the default), accounts_you_follow or mentioned_only
        topic_tag (str | Unset): The post's topic, 1 to 50 characters without periods or ampersands
        link_attachment (str | Unset): A link shown as the post's preview card (a post without media)
    """

    reply_control: str | Unset = UNSET
    topic_tag: str | Unset = UNSET
    link_attachment: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        reply_control = self.reply_control

        topic_tag = self.topic_tag

        link_attachment = self.link_attachment

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if reply_control is not UNSET:
            field_dict["replyControl"] = reply_control
        if topic_tag is not UNSET:
            field_dict["topicTag"] = topic_tag
        if link_attachment is not UNSET:
            field_dict["linkAttachment"] = link_attachment

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        reply_control = d.pop("replyControl", UNSET)

        topic_tag = d.pop("topicTag", UNSET)

        link_attachment = d.pop("linkAttachment", UNSET)

        threads_options = cls(
            reply_control=reply_control,
            topic_tag=topic_tag,
            link_attachment=link_attachment,
        )

        return threads_options
