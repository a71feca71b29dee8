from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.post_status import PostStatus

if TYPE_CHECKING:
    from ..models.evergreen import Evergreen
    from ..models.first_comment import FirstComment
    from ..models.platform_versions import PlatformVersions
    from ..models.post_target import PostTarget
    from ..models.problem import Problem
    from ..models.thread_part import ThreadPart


T = TypeVar("T", bound="Post")


@_attrs_define
class Post:
    """
    Attributes:
        id (str): The post's id, `post_...`
        channel_id (str): The channel it belongs to
        content (None | str): The text to publish
        scheduled_for (int): When it is to be published (Unix ms)
        timezone (None | str): The IANA zone its local times are read in, or null
        media (list[str]): Media keys attached, in order
        thread (list[ThreadPart]): Its follow-up parts, published as replies
        first_comment (FirstComment | None): Its first comment, or null
        platforms (PlatformVersions):
        status (PostStatus): Where a post stands: `draft` (held), `queued` (waiting for `scheduledFor` or
            `nextAttemptAt`), `publishing` (a worker is sending it), `done` (every target published), `failed` (the last
            attempt failed; retried at `nextAttemptAt` while that is set), `blocked` (stopped by a platform limit or policy,
            a dead connection or an unconfirmed send).
        attempts (int): Publishing attempts started so far
        next_attempt_at (int | None): When the worker tries again (Unix ms); null: it will not on its own
        last_error (None | Problem): Why the last attempt failed or blocked, or null
        targets (list[PostTarget]): Where it is published: one per platform connection (or the sandbox)
        delivered_at (int | None): When every target was published (Unix ms)
        slot (int | None): The queue slot it holds (Unix ms; `queue: true` placed it there), or null: not placed by the
            queue, or it left its slot (a new `scheduledFor` or channel)
        series_id (None | str): The series it is an occurrence of (`ser_...`), or null
        series_detached (bool): True once a PATCH of this occurrence's own post detached it from its series: it keeps
            `seriesId`, but the series' PATCHes no longer reach it and deleting the series keeps it; false otherwise, and
            for a post of no series
        evergreen (Evergreen | None): Its evergreen settings and where its run stands, or null
        evergreen_of (None | str): The original post this one repeats, or null
        created_at (int): When it was created (Unix ms)
        updated_at (int): When it last changed (Unix ms)
    """

    id: str
    channel_id: str
    content: None | str
    scheduled_for: int
    timezone: None | str
    media: list[str]
    thread: list[ThreadPart]
    first_comment: FirstComment | None
    platforms: PlatformVersions
    status: PostStatus
    attempts: int
    next_attempt_at: int | None
    last_error: None | Problem
    targets: list[PostTarget]
    delivered_at: int | None
    slot: int | None
    series_id: None | str
    series_detached: bool
    evergreen: Evergreen | None
    evergreen_of: None | str
    created_at: int
    updated_at: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.evergreen import Evergreen  # noqa: PLC0415
        from ..models.first_comment import FirstComment  # noqa: PLC0415
        from ..models.problem import Problem  # noqa: PLC0415

        id = self.id

        channel_id = self.channel_id

        content: None | str
        content = self.content

        scheduled_for = self.scheduled_for

        timezone: None | str
        timezone = self.timezone

        media = self.media

        thread = []
        for thread_item_data in self.thread:
            thread_item = thread_item_data.to_dict()
            thread.append(thread_item)

        first_comment: dict[str, Any] | None
        if isinstance(self.first_comment, FirstComment):
            first_comment = self.first_comment.to_dict()
        else:
            first_comment = self.first_comment

        platforms = self.platforms.to_dict()

        status = self.status.value

        attempts = self.attempts

        next_attempt_at: int | None
        next_attempt_at = self.next_attempt_at

        last_error: dict[str, Any] | None
        if isinstance(self.last_error, Problem):
            last_error = self.last_error.to_dict()
        else:
            last_error = self.last_error

        targets = []
        for targets_item_data in self.targets:
            targets_item = targets_item_data.to_dict()
            targets.append(targets_item)

        delivered_at: int | None
        delivered_at = self.delivered_at

        slot: int | None
        slot = self.slot

        series_id: None | str
        series_id = self.series_id

        series_detached = self.series_detached

        evergreen: dict[str, Any] | None
        if isinstance(self.evergreen, Evergreen):
            evergreen = self.evergreen.to_dict()
        else:
            evergreen = self.evergreen

        evergreen_of: None | str
        evergreen_of = self.evergreen_of

        created_at = self.created_at

        updated_at = self.updated_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "channelId": channel_id,
                "content": content,
                "scheduledFor": scheduled_for,
                "timezone": timezone,
                "media": media,
                "thread": thread,
                "firstComment": first_comment,
                "platforms": platforms,
                "status": status,
                "attempts": attempts,
                "nextAttemptAt": next_attempt_at,
                "lastError": last_error,
                "targets": targets,
                "deliveredAt": delivered_at,
                "slot": slot,
                "seriesId": series_id,
                "seriesDetached": series_detached,
                "evergreen": evergreen,
                "evergreenOf": evergreen_of,
                "createdAt": created_at,
                "updatedAt": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.evergreen import Evergreen  # noqa: PLC0415
        from ..models.first_comment import FirstComment  # noqa: PLC0415
        from ..models.platform_versions import PlatformVersions  # noqa: PLC0415
        from ..models.post_target import PostTarget  # noqa: PLC0415
        from ..models.problem import Problem  # noqa: PLC0415
        from ..models.thread_part import ThreadPart  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        channel_id = d.pop("channelId")

        def _parse_content(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        content = _parse_content(d.pop("content"))

        scheduled_for = d.pop("scheduledFor")

        def _parse_timezone(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        timezone = _parse_timezone(d.pop("timezone"))

        media = cast(list[str], d.pop("media"))

        thread = []
        _thread = d.pop("thread")
        for thread_item_data in _thread:
            thread_item = ThreadPart.from_dict(thread_item_data)

            thread.append(thread_item)

        def _parse_first_comment(data: object) -> FirstComment | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                first_comment_type_0 = FirstComment.from_dict(data)

                return first_comment_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(FirstComment | None, data)

        first_comment = _parse_first_comment(d.pop("firstComment"))

        platforms = PlatformVersions.from_dict(d.pop("platforms"))

        status = PostStatus(d.pop("status"))

        attempts = d.pop("attempts")

        def _parse_next_attempt_at(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        next_attempt_at = _parse_next_attempt_at(d.pop("nextAttemptAt"))

        def _parse_last_error(data: object) -> None | Problem:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                last_error_type_0 = Problem.from_dict(data)

                return last_error_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Problem, data)

        last_error = _parse_last_error(d.pop("lastError"))

        targets = []
        _targets = d.pop("targets")
        for targets_item_data in _targets:
            targets_item = PostTarget.from_dict(targets_item_data)

            targets.append(targets_item)

        def _parse_delivered_at(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        delivered_at = _parse_delivered_at(d.pop("deliveredAt"))

        def _parse_slot(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        slot = _parse_slot(d.pop("slot"))

        def _parse_series_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        series_id = _parse_series_id(d.pop("seriesId"))

        series_detached = d.pop("seriesDetached")

        def _parse_evergreen(data: object) -> Evergreen | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                evergreen_type_0 = Evergreen.from_dict(data)

                return evergreen_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Evergreen | None, data)

        evergreen = _parse_evergreen(d.pop("evergreen"))

        def _parse_evergreen_of(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        evergreen_of = _parse_evergreen_of(d.pop("evergreenOf"))

        created_at = d.pop("createdAt")

        updated_at = d.pop("updatedAt")

        post = cls(
            id=id,
            channel_id=channel_id,
            content=content,
            scheduled_for=scheduled_for,
            timezone=timezone,
            media=media,
            thread=thread,
            first_comment=first_comment,
            platforms=platforms,
            status=status,
            attempts=attempts,
            next_attempt_at=next_attempt_at,
            last_error=last_error,
            targets=targets,
            delivered_at=delivered_at,
            slot=slot,
            series_id=series_id,
            series_detached=series_detached,
            evergreen=evergreen,
            evergreen_of=evergreen_of,
            created_at=created_at,
            updated_at=updated_at,
        )

        post.additional_properties = d
        return post

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
