from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.connection_status import ConnectionStatus

if TYPE_CHECKING:
    from ..models.problem import Problem


T = TypeVar("T", bound="Connection")


@_attrs_define
class Connection:
    """
    Attributes:
        id (str): The connection's id, `conn_...`
        provider (str): How it was connected; known today: x, linkedin, meta, tiktok, bluesky, mastodon, threads,
            youtube, pinterest
        platform (str): Where it publishes; known today: x, linkedin, facebook, instagram, tiktok, bluesky, mastodon,
            threads, youtube, pinterest
        account_id (str): The account's id on the platform (Mastodon: the id and its instance, `109...@mastodon.social`)
        username (None | str): The account's handle on the platform (Mastodon: `user@instance`)
        display_name (None | str): The account's display name
        avatar_url (None | str): The account's picture
        status (ConnectionStatus): `active`; `expired` or `revoked` (the platform refused its tokens for good: it
            publishes nothing until connected again); `error` (the last verification failed for another reason).
        scopes (list[str]): What the platform granted
        token_expires_at (int | None): When the current access token expires (Unix ms), or null. The worker refreshes it
            before when the platform gave a refresh token; without one the connection becomes `expired` then
        channel_ids (list[str]): The channels that publish to it
        last_verified_at (int | None): When the platform last confirmed the account (Unix ms)
        last_error (None | Problem): Why the last refresh or verification failed, or null
        simulated (bool): A test-mode connection that publishes through the sandbox with this platform's rules
        created_at (int): When it was created (Unix ms)
        updated_at (int): When it last changed (Unix ms)
    """

    id: str
    provider: str
    platform: str
    account_id: str
    username: None | str
    display_name: None | str
    avatar_url: None | str
    status: ConnectionStatus
    scopes: list[str]
    token_expires_at: int | None
    channel_ids: list[str]
    last_verified_at: int | None
    last_error: None | Problem
    simulated: bool
    created_at: int
    updated_at: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.problem import Problem  # noqa: PLC0415

        id = self.id

        provider = self.provider

        platform = self.platform

        account_id = self.account_id

        username: None | str
        username = self.username

        display_name: None | str
        display_name = self.display_name

        avatar_url: None | str
        avatar_url = self.avatar_url

        status = self.status.value

        scopes = self.scopes

        token_expires_at: int | None
        token_expires_at = self.token_expires_at

        channel_ids = self.channel_ids

        last_verified_at: int | None
        last_verified_at = self.last_verified_at

        last_error: dict[str, Any] | None
        if isinstance(self.last_error, Problem):
            last_error = self.last_error.to_dict()
        else:
            last_error = self.last_error

        simulated = self.simulated

        created_at = self.created_at

        updated_at = self.updated_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "provider": provider,
                "platform": platform,
                "accountId": account_id,
                "username": username,
                "displayName": display_name,
                "avatarUrl": avatar_url,
                "status": status,
                "scopes": scopes,
                "tokenExpiresAt": token_expires_at,
                "channelIds": channel_ids,
                "lastVerifiedAt": last_verified_at,
                "lastError": last_error,
                "simulated": simulated,
                "createdAt": created_at,
                "updatedAt": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.problem import Problem  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        provider = d.pop("provider")

        platform = d.pop("platform")

        account_id = d.pop("accountId")

        def _parse_username(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        username = _parse_username(d.pop("username"))

        def _parse_display_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        display_name = _parse_display_name(d.pop("displayName"))

        def _parse_avatar_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        avatar_url = _parse_avatar_url(d.pop("avatarUrl"))

        status = ConnectionStatus(d.pop("status"))

        scopes = cast(list[str], d.pop("scopes"))

        def _parse_token_expires_at(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        token_expires_at = _parse_token_expires_at(d.pop("tokenExpiresAt"))

        channel_ids = cast(list[str], d.pop("channelIds"))

        def _parse_last_verified_at(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        last_verified_at = _parse_last_verified_at(d.pop("lastVerifiedAt"))

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

        simulated = d.pop("simulated")

        created_at = d.pop("createdAt")

        updated_at = d.pop("updatedAt")

        connection = cls(
            id=id,
            provider=provider,
            platform=platform,
            account_id=account_id,
            username=username,
            display_name=display_name,
            avatar_url=avatar_url,
            status=status,
            scopes=scopes,
            token_expires_at=token_expires_at,
            channel_ids=channel_ids,
            last_verified_at=last_verified_at,
            last_error=last_error,
            simulated=simulated,
            created_at=created_at,
            updated_at=updated_at,
        )

        connection.additional_properties = d
        return connection

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
