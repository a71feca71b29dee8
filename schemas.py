"""Marshmallow schemas, what the API reads and what it answers: the face of
postline/schemas/, one module per resource. Import schemas from here."""

from postline.schemas.api_keys import (
    ApiKeyCreatedSchema,
    ApiKeyCreateSchema,
    ApiKeySchema,
    ApiKeyUpdateSchema,
)
from postline.schemas.channels import ChannelCreateSchema, ChannelSchema, ChannelUpdateSchema
from postline.schemas.common import ProblemSchema
from postline.schemas.connections import (
    AuthQuerySchema,
    AuthStartSchema,
    ConnectionChannelSchema,
    ConnectionSchema,
    SimulatedConnectionCreateSchema,
)
from postline.schemas.events import EVENTS
from postline.schemas.health import (
    HealthKeySchema,
    HealthSchema,
    ServiceCheckQuerySchema,
    ServiceCheckSchema,
    ServiceChecksSchema,
    ServiceSchema,
    WorkerStatusSchema,
)
from postline.schemas.imports import ImportQuerySchema, ImportRowSchema, ImportSchema, RejectedRowSchema
from postline.schemas.imports import check_rows as check_import_rows
from postline.schemas.media import (
    MediaDeletedSchema,
    MediaImportSchema,
    MediaSchema,
    MediaUpdateSchema,
    MediaUploadSchema,
)
from postline.schemas.posts import (
    BatchDeletedSchema,
    PostBatchCreateSchema,
    PostBatchDeleteSchema,
    PostBatchUpdateItemSchema,
    PostBatchUpdateSchema,
    PostCreateSchema,
    PostFieldsSchema,
    PostSchema,
    PostTargetSchema,
    PostUpdateSchema,
)
from postline.schemas.usage import (
    UsageCountsSchema,
    UsageDayDetailSchema,
    UsageDayQuerySchema,
    UsageDaySchema,
    UsageEndpointSchema,
    UsageHistoryRangeSchema,
    UsageLimitSchema,
    UsageLimitsSchema,
    UsageSummarySchema,
)
from postline.schemas.webhooks import (
    WebhookCreateSchema,
    WebhookDeliverySchema,
    WebhookSchema,
    WebhookUpdateSchema,
    WebhookWithSecretSchema,
)

__all__ = [
    "EVENTS",
    "ApiKeyCreateSchema",
    "ApiKeyCreatedSchema",
    "ApiKeySchema",
    "ApiKeyUpdateSchema",
    "AuthQuerySchema",
    "AuthStartSchema",
    "BatchDeletedSchema",
    "ChannelCreateSchema",
    "ChannelSchema",
    "ChannelUpdateSchema",
    "ConnectionChannelSchema",
    "ConnectionSchema",
    "SimulatedConnectionCreateSchema",
    "HealthKeySchema",
    "HealthSchema",
    "ImportQuerySchema",
    "ImportRowSchema",
    "ImportSchema",
    "MediaDeletedSchema",
    "MediaImportSchema",
    "MediaSchema",
    "MediaUpdateSchema",
    "MediaUploadSchema",
    "PostBatchCreateSchema",
    "PostBatchDeleteSchema",
    "PostBatchUpdateItemSchema",
    "PostBatchUpdateSchema",
    "PostCreateSchema",
    "PostFieldsSchema",
    "PostSchema",
    "PostTargetSchema",
    "PostUpdateSchema",
    "ProblemSchema",
    "RejectedRowSchema",
    "ServiceCheckQuerySchema",
    "ServiceCheckSchema",
    "ServiceChecksSchema",
    "ServiceSchema",
    "UsageCountsSchema",
    "UsageDayDetailSchema",
    "UsageDayQuerySchema",
    "UsageDaySchema",
    "UsageEndpointSchema",
    "UsageHistoryRangeSchema",
    "UsageLimitSchema",
    "UsageLimitsSchema",
    "UsageSummarySchema",
    "WebhookCreateSchema",
    "WebhookDeliverySchema",
    "WebhookSchema",
    "WebhookUpdateSchema",
    "WebhookWithSecretSchema",
    "WorkerStatusSchema",
    "check_import_rows",
]
