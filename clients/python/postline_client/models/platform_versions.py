from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.bluesky_version import BlueskyVersion
    from ..models.facebook_version import FacebookVersion
    from ..models.instagram_version import InstagramVersion
    from ..models.linked_in_version import LinkedInVersion
    from ..models.mastodon_version import MastodonVersion
    from ..models.pinterest_version import PinterestVersion
    from ..models.threads_version import ThreadsVersion
    from ..models.tiktok_version import TiktokVersion
    from ..models.x_version import XVersion
    from ..models.you_tube_version import YouTubeVersion


T = TypeVar("T", bound="PlatformVersions")


@_attrs_define
class PlatformVersions:
    """
    Attributes:
        x (XVersion | Unset):
        linkedin (LinkedInVersion | Unset):
        facebook (FacebookVersion | Unset):
        instagram (InstagramVersion | Unset):
        tiktok (TiktokVersion | Unset):
        bluesky (BlueskyVersion | Unset):
        mastodon (MastodonVersion | Unset):
        threads (ThreadsVersion | Unset):
        youtube (YouTubeVersion | Unset):
        pinterest (PinterestVersion | Unset):
    """

    x: XVersion | Unset = UNSET
    linkedin: LinkedInVersion | Unset = UNSET
    facebook: FacebookVersion | Unset = UNSET
    instagram: InstagramVersion | Unset = UNSET
    tiktok: TiktokVersion | Unset = UNSET
    bluesky: BlueskyVersion | Unset = UNSET
    mastodon: MastodonVersion | Unset = UNSET
    threads: ThreadsVersion | Unset = UNSET
    youtube: YouTubeVersion | Unset = UNSET
    pinterest: PinterestVersion | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        x: dict[str, Any] | Unset = UNSET
        if not isinstance(self.x, Unset):
            x = self.x.to_dict()

        linkedin: dict[str, Any] | Unset = UNSET
        if not isinstance(self.linkedin, Unset):
            linkedin = self.linkedin.to_dict()

        facebook: dict[str, Any] | Unset = UNSET
        if not isinstance(self.facebook, Unset):
            facebook = self.facebook.to_dict()

        instagram: dict[str, Any] | Unset = UNSET
        if not isinstance(self.instagram, Unset):
            instagram = self.instagram.to_dict()

        tiktok: dict[str, Any] | Unset = UNSET
        if not isinstance(self.tiktok, Unset):
            tiktok = self.tiktok.to_dict()

        bluesky: dict[str, Any] | Unset = UNSET
        if not isinstance(self.bluesky, Unset):
            bluesky = self.bluesky.to_dict()

        mastodon: dict[str, Any] | Unset = UNSET
        if not isinstance(self.mastodon, Unset):
            mastodon = self.mastodon.to_dict()

        threads: dict[str, Any] | Unset = UNSET
        if not isinstance(self.threads, Unset):
            threads = self.threads.to_dict()

        youtube: dict[str, Any] | Unset = UNSET
        if not isinstance(self.youtube, Unset):
            youtube = self.youtube.to_dict()

        pinterest: dict[str, Any] | Unset = UNSET
        if not isinstance(self.pinterest, Unset):
            pinterest = self.pinterest.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if x is not UNSET:
            field_dict["x"] = x
        if linkedin is not UNSET:
            field_dict["linkedin"] = linkedin
        if facebook is not UNSET:
            field_dict["facebook"] = facebook
        if instagram is not UNSET:
            field_dict["instagram"] = instagram
        if tiktok is not UNSET:
            field_dict["tiktok"] = tiktok
        if bluesky is not UNSET:
            field_dict["bluesky"] = bluesky
        if mastodon is not UNSET:
            field_dict["mastodon"] = mastodon
        if threads is not UNSET:
            field_dict["threads"] = threads
        if youtube is not UNSET:
            field_dict["youtube"] = youtube
        if pinterest is not UNSET:
            field_dict["pinterest"] = pinterest

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.bluesky_version import BlueskyVersion  # noqa: PLC0415
        from ..models.facebook_version import FacebookVersion  # noqa: PLC0415
        from ..models.instagram_version import InstagramVersion  # noqa: PLC0415
        from ..models.linked_in_version import LinkedInVersion  # noqa: PLC0415
        from ..models.mastodon_version import MastodonVersion  # noqa: PLC0415
        from ..models.pinterest_version import PinterestVersion  # noqa: PLC0415
        from ..models.threads_version import ThreadsVersion  # noqa: PLC0415
        from ..models.tiktok_version import TiktokVersion  # noqa: PLC0415
        from ..models.x_version import XVersion  # noqa: PLC0415
        from ..models.you_tube_version import YouTubeVersion  # noqa: PLC0415

        d = dict(src_dict)
        _x = d.pop("x", UNSET)
        x: XVersion | Unset
        if isinstance(_x, Unset):
            x = UNSET
        else:
            x = XVersion.from_dict(_x)

        _linkedin = d.pop("linkedin", UNSET)
        linkedin: LinkedInVersion | Unset
        if isinstance(_linkedin, Unset):
            linkedin = UNSET
        else:
            linkedin = LinkedInVersion.from_dict(_linkedin)

        _facebook = d.pop("facebook", UNSET)
        facebook: FacebookVersion | Unset
        if isinstance(_facebook, Unset):
            facebook = UNSET
        else:
            facebook = FacebookVersion.from_dict(_facebook)

        _instagram = d.pop("instagram", UNSET)
        instagram: InstagramVersion | Unset
        if isinstance(_instagram, Unset):
            instagram = UNSET
        else:
            instagram = InstagramVersion.from_dict(_instagram)

        _tiktok = d.pop("tiktok", UNSET)
        tiktok: TiktokVersion | Unset
        if isinstance(_tiktok, Unset):
            tiktok = UNSET
        else:
            tiktok = TiktokVersion.from_dict(_tiktok)

        _bluesky = d.pop("bluesky", UNSET)
        bluesky: BlueskyVersion | Unset
        if isinstance(_bluesky, Unset):
            bluesky = UNSET
        else:
            bluesky = BlueskyVersion.from_dict(_bluesky)

        _mastodon = d.pop("mastodon", UNSET)
        mastodon: MastodonVersion | Unset
        if isinstance(_mastodon, Unset):
            mastodon = UNSET
        else:
            mastodon = MastodonVersion.from_dict(_mastodon)

        _threads = d.pop("threads", UNSET)
        threads: ThreadsVersion | Unset
        if isinstance(_threads, Unset):
            threads = UNSET
        else:
            threads = ThreadsVersion.from_dict(_threads)

        _youtube = d.pop("youtube", UNSET)
        youtube: YouTubeVersion | Unset
        if isinstance(_youtube, Unset):
            youtube = UNSET
        else:
            youtube = YouTubeVersion.from_dict(_youtube)

        _pinterest = d.pop("pinterest", UNSET)
        pinterest: PinterestVersion | Unset
        if isinstance(_pinterest, Unset):
            pinterest = UNSET
        else:
            pinterest = PinterestVersion.from_dict(_pinterest)

        platform_versions = cls(
            x=x,
            linkedin=linkedin,
            facebook=facebook,
            instagram=instagram,
            tiktok=tiktok,
            bluesky=bluesky,
            mastodon=mastodon,
            threads=threads,
            youtube=youtube,
            pinterest=pinterest,
        )

        return platform_versions
