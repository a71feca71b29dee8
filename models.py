"""Tables, their indexes, and the queries that belong to them: the face of
postline/models/, one module per resource (its docstring says the rules they share).
Import tables from here."""

from postline.models.accounts import Account, ApiKey, ConsoleSession, ConsoleUser, TenantModel
from postline.models.base import LIVE, MODES, TEST, BaseModel, HasLastError, Scope
from postline.models.channels import Channel
from postline.models.connections import ChannelConnection, Connection, OAuthState
from postline.models.idempotency import IdempotencyKey
from postline.models.imports import Import, ImportRow
from postline.models.instances import InstanceApp
from postline.models.limits import RateLimitCounter
from postline.models.media import Media
from postline.models.posts import Post, PostPart, PostTally, PostTallyDelta, PostTarget, SandboxPublication
from postline.models.quotas import PlatformQuota
from postline.models.schedules import ChannelSchedule, Series
from postline.models.usage import UsageDay, UsageEndpointDay, UsageRow
from postline.models.webhooks import (
    Event,
    Webhook,
    WebhookDelivery,
    WebhookDeliveryTally,
    WebhookDeliveryTallyDelta,
)
from postline.models.workers import WorkerHeartbeat

# Every table, parents before children (migrations, tests and tooling use this order).
# The tallies come first so that emptying tables in reverse leaves them empty too.
TABLES = [
    PostTally,
    PostTallyDelta,
    WebhookDeliveryTally,
    WebhookDeliveryTallyDelta,
    Account,
    ApiKey,
    ConsoleUser,
    ConsoleSession,
    Channel,
    ChannelSchedule,
    Series,
    Connection,
    ChannelConnection,
    OAuthState,
    InstanceApp,
    Event,
    WorkerHeartbeat,
    Post,
    PostTarget,
    PostPart,
    SandboxPublication,
    IdempotencyKey,
    Webhook,
    WebhookDelivery,
    Media,
    Import,
    ImportRow,
    RateLimitCounter,
    UsageDay,
    UsageEndpointDay,
    PlatformQuota,
]

__all__ = [
    "LIVE",
    "MODES",
    "TABLES",
    "TEST",
    "Account",
    "ApiKey",
    "BaseModel",
    "Channel",
    "ChannelConnection",
    "ChannelSchedule",
    "Connection",
    "ConsoleSession",
    "ConsoleUser",
    "Event",
    "HasLastError",
    "IdempotencyKey",
    "Import",
    "ImportRow",
    "InstanceApp",
    "Media",
    "OAuthState",
    "PlatformQuota",
    "Post",
    "PostPart",
    "PostTally",
    "PostTallyDelta",
    "PostTarget",
    "RateLimitCounter",
    "SandboxPublication",
    "Scope",
    "Series",
    "TenantModel",
    "UsageDay",
    "UsageEndpointDay",
    "UsageRow",
    "Webhook",
    "WebhookDelivery",
    "WebhookDeliveryTally",
    "WebhookDeliveryTallyDelta",
    "WorkerHeartbeat",
]
