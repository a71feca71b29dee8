"""The apps Postline registered on the servers of a federated network (Mastodon): one
per server ("instance"), made the first time someone connects an account there
(postline/connections/instances.py), and the limits that server last reported."""

import json

from peewee import BigIntegerField, BooleanField, CharField, TextField

from postline import clock
from postline.db import ListField
from postline.models.base import BaseModel


class InstanceApp(BaseModel):
    """Postline's app on one server of `provider`'s network: `host` as Postline names the
    server (`mastodon.social`, `127.0.0.1:8123`), `base_url` where its API answers.

    `client_id` and `client_secret` are encrypted with the keyring, as tokens are, and
    never leave the service. `redirect_uri` and `scopes` are what the app was
    registered with (a server refuses an authorization asking for anything else: a
    change of either registers the app again); `pkce` whether the server takes PKCE.
    `limits` (JSON) is what the server last said of its statuses and media, read at
    `limits_read_at` (Unix ms), or None before it was first read.
    """

    provider = CharField(max_length=16)
    host = CharField(max_length=255)
    base_url = TextField()
    client_id = TextField()
    client_secret = TextField()
    redirect_uri = TextField()
    scopes = ListField()
    pkce = BooleanField(default=False)
    limits = TextField(null=True)
    limits_read_at = BigIntegerField(null=True)

    class Meta:
        table_name = "instance_app"
        indexes = ((("provider", "host"), True),)

    @classmethod
    def of(cls, provider, host):
        """The app on `host`, or None."""
        return cls.get_or_none((cls.provider == provider) & (cls.host == host))

    @classmethod
    def limits_of(cls, provider, hosts):
        """{host: the limits it last reported (a dict)} of those of `hosts` that reported any."""
        if not hosts:
            return {}
        query = cls.select(cls.host, cls.limits).where(
            (cls.provider == provider) & cls.host.in_(list(hosts)) & cls.limits.is_null(False)
        )
        return {host: json.loads(limits) for host, limits in query.tuples()}

    @classmethod
    def store_limits(cls, provider, host, limits, now):
        """Remember what `host` reported of its limits at `now`."""
        (
            cls.update(limits=json.dumps(limits, sort_keys=True), limits_read_at=now, updated_at=now)
            .where((cls.provider == provider) & (cls.host == host))
            .execute()
        )

    @classmethod
    def forget(cls, provider, host):
        """The server no longer knows the app: the next run registers it again. The row
        keeps where the server is and its limits, which its connections go on using."""
        return (
            cls.update(redirect_uri="", updated_at=clock.now_ms())
            .where((cls.provider == provider) & (cls.host == host))
            .execute()
        )
