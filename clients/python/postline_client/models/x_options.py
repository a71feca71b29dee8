from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.poll import Poll


T = TypeVar("T", bound="XOptions")


@_attrs_define
class XOptions:
    """
    Attributes:
        reply_settings (str | Unset): Who may reply: following, mentionedUsers, subscribers or verified; everyone when
            omitted
        poll (Poll | Unset):
    """

    reply_settings: str | Unset = UNSET
    poll: Poll | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        reply_settings = self.reply_settings

        poll: dict[str, Any] | Unset = UNSET
        if not isinstance(self.poll, Unset):
            poll = self.poll.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if reply_settings is not UNSET:
            field_dict["replySettings"] = reply_settings
        if poll is not UNSET:
            field_dict["poll"] = poll

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.poll import Poll  # noqa: PLC0415

        d = dict(src_dict)
        reply_settings = d.pop("replySettings", UNSET)

        _poll = d.pop("poll", UNSET)
        poll: Poll | Unset
        if isinstance(_poll, Unset):
            poll = UNSET
        else:
            poll = Poll.from_dict(_poll)

        x_options = cls(
            reply_settings=reply_settings,
            poll=poll,
        )

        return x_options
