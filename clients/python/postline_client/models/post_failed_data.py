from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.problem import Problem


T = TypeVar("T", bound="PostFailedData")


@_attrs_define
class PostFailedData:
    """
    Attributes:
        post_id (str): The post's id, `post_...`
        channel_id (str): Its channel's id, `ch_...`
        error (Problem):
        attempt (int): Which attempt this was, from 1
        will_retry (bool): Whether the worker tries again, at `next_attempt_at`
        next_attempt_at (int | None): When the worker tries again (Unix ms), or null: it will not on its own
    """

    post_id: str
    channel_id: str
    error: Problem
    attempt: int
    will_retry: bool
    next_attempt_at: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        post_id = self.post_id

        channel_id = self.channel_id

        error = self.error.to_dict()

        attempt = self.attempt

        will_retry = self.will_retry

        next_attempt_at: int | None
        next_attempt_at = self.next_attempt_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "post_id": post_id,
                "channel_id": channel_id,
                "error": error,
                "attempt": attempt,
                "will_retry": will_retry,
                "next_attempt_at": next_attempt_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.problem import Problem  # noqa: PLC0415

        d = dict(src_dict)
        post_id = d.pop("post_id")

        channel_id = d.pop("channel_id")

        error = Problem.from_dict(d.pop("error"))

        attempt = d.pop("attempt")

        will_retry = d.pop("will_retry")

        def _parse_next_attempt_at(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        next_attempt_at = _parse_next_attempt_at(d.pop("next_attempt_at"))

        post_failed_data = cls(
            post_id=post_id,
            channel_id=channel_id,
            error=error,
            attempt=attempt,
            will_retry=will_retry,
            next_attempt_at=next_attempt_at,
        )

        post_failed_data.additional_properties = d
        return post_failed_data

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
