from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.platform_provider_limits import PlatformProviderLimits


T = TypeVar("T", bound="PlatformProvider")


@_attrs_define
class PlatformProvider:
    """
    Attributes:
        provider (str): The `{provider}` of /v1/connections/{provider}/auth; known today: x, linkedin, meta, tiktok,
            bluesky, mastodon, threads, youtube, pinterest
        name (str): As people write it
        platforms (list[str]): Where its connections publish: a target's and a connection's `platform`; known today: x,
            linkedin, facebook, instagram, tiktok, bluesky, mastodon, threads, youtube, pinterest
        configured (bool): This server's settings for it are complete (Bluesky and Mastodon need none); false:
            connecting answers 400 PROVIDER_NOT_CONFIGURED, or fails at the token exchange
        available (bool): The calling key can connect an account of it now: configured, and a live key (a test-mode key
            adds simulated connections of any platform instead)
        limits (PlatformProviderLimits): What one post may carry on each of its platforms (checked at create, PATCH and
            publish; Mastodon's are its defaults, each instance saying its own)
    """

    provider: str
    name: str
    platforms: list[str]
    configured: bool
    available: bool
    limits: PlatformProviderLimits
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        provider = self.provider

        name = self.name

        platforms = self.platforms

        configured = self.configured

        available = self.available

        limits = self.limits.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "provider": provider,
                "name": name,
                "platforms": platforms,
                "configured": configured,
                "available": available,
                "limits": limits,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.platform_provider_limits import PlatformProviderLimits  # noqa: PLC0415

        d = dict(src_dict)
        provider = d.pop("provider")

        name = d.pop("name")

        platforms = cast(list[str], d.pop("platforms"))

        configured = d.pop("configured")

        available = d.pop("available")

        limits = PlatformProviderLimits.from_dict(d.pop("limits"))

        platform_provider = cls(
            provider=provider,
            name=name,
            platforms=platforms,
            configured=configured,
            available=available,
            limits=limits,
        )

        platform_provider.additional_properties = d
        return platform_provider

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
