"""Contains all the data models used in inputs/outputs"""

from .api_key import ApiKey
from .api_key_create import ApiKeyCreate
from .api_key_create_mode import ApiKeyCreateMode
from .api_key_create_permissions_item import ApiKeyCreatePermissionsItem
from .api_key_created import ApiKeyCreated
from .api_key_created_response import ApiKeyCreatedResponse
from .api_key_list_response import ApiKeyListResponse
from .api_key_response import ApiKeyResponse
from .api_key_update import ApiKeyUpdate
from .api_key_update_permissions_item import ApiKeyUpdatePermissionsItem
from .auth_start import AuthStart
from .auth_start_response import AuthStartResponse
from .batch_deleted import BatchDeleted
from .batch_deleted_response import BatchDeletedResponse
from .bluesky_options import BlueskyOptions
from .bluesky_sign_in import BlueskySignIn
from .bluesky_version import BlueskyVersion
from .board import Board
from .board_list_response import BoardListResponse
from .channel import Channel
from .channel_create import ChannelCreate
from .channel_list_response import ChannelListResponse
from .channel_response import ChannelResponse
from .channel_update import ChannelUpdate
from .connection import Connection
from .connection_channel import ConnectionChannel
from .connection_expired_data import ConnectionExpiredData
from .connection_expired_event import ConnectionExpiredEvent
from .connection_expired_event_event import ConnectionExpiredEventEvent
from .connection_list_response import ConnectionListResponse
from .connection_response import ConnectionResponse
from .connection_status import ConnectionStatus
from .deleted import Deleted
from .deleted_response import DeletedResponse
from .delivery_status import DeliveryStatus
from .delivery_trigger import DeliveryTrigger
from .error_body import ErrorBody
from .error_detail import ErrorDetail
from .error_response import ErrorResponse
from .event_part import EventPart
from .event_target import EventTarget
from .evergreen import Evergreen
from .evergreen_input import EvergreenInput
from .facebook_options import FacebookOptions
from .facebook_version import FacebookVersion
from .first_comment import FirstComment
from .get_liveness_worker import GetLivenessWorker
from .health import Health
from .health_key import HealthKey
from .health_response import HealthResponse
from .import_ import Import
from .import_completed_data import ImportCompletedData
from .import_completed_event import ImportCompletedEvent
from .import_completed_event_event import ImportCompletedEventEvent
from .import_response import ImportResponse
from .instagram_options import InstagramOptions
from .instagram_version import InstagramVersion
from .linked_in_options import LinkedInOptions
from .linked_in_version import LinkedInVersion
from .list_api_keys_sort import ListApiKeysSort
from .list_channels_sort import ListChannelsSort
from .list_connections_sort import ListConnectionsSort
from .list_meta import ListMeta
from .list_posts_sort import ListPostsSort
from .list_webhook_deliveries_sort import ListWebhookDeliveriesSort
from .list_webhooks_sort import ListWebhooksSort
from .mastodon_options import MastodonOptions
from .mastodon_version import MastodonVersion
from .media import Media
from .media_deleted import MediaDeleted
from .media_deleted_response import MediaDeletedResponse
from .media_import import MediaImport
from .media_response import MediaResponse
from .media_update import MediaUpdate
from .media_upload import MediaUpload
from .mode import Mode
from .next_slot import NextSlot
from .next_slots import NextSlots
from .next_slots_response import NextSlotsResponse
from .occurrence import Occurrence
from .pagination import Pagination
from .part_kind import PartKind
from .pinterest_options import PinterestOptions
from .pinterest_version import PinterestVersion
from .platform_limits import PlatformLimits
from .platform_provider import PlatformProvider
from .platform_provider_limits import PlatformProviderLimits
from .platform_provider_list_response import PlatformProviderListResponse
from .platform_versions import PlatformVersions
from .poll import Poll
from .post import Post
from .post_batch_create import PostBatchCreate
from .post_batch_delete import PostBatchDelete
from .post_batch_update import PostBatchUpdate
from .post_batch_update_item import PostBatchUpdateItem
from .post_batch_update_item_status import PostBatchUpdateItemStatus
from .post_batch_write_response import PostBatchWriteResponse
from .post_blocked_data import PostBlockedData
from .post_blocked_event import PostBlockedEvent
from .post_blocked_event_event import PostBlockedEventEvent
from .post_comment_failed_data import PostCommentFailedData
from .post_comment_failed_event import PostCommentFailedEvent
from .post_comment_failed_event_event import PostCommentFailedEventEvent
from .post_create import PostCreate
from .post_create_status import PostCreateStatus
from .post_created_data import PostCreatedData
from .post_created_event import PostCreatedEvent
from .post_created_event_event import PostCreatedEventEvent
from .post_delivered_data import PostDeliveredData
from .post_delivered_event import PostDeliveredEvent
from .post_delivered_event_event import PostDeliveredEventEvent
from .post_failed_data import PostFailedData
from .post_failed_event import PostFailedEvent
from .post_failed_event_event import PostFailedEventEvent
from .post_list_response import PostListResponse
from .post_part import PostPart
from .post_response import PostResponse
from .post_status import PostStatus
from .post_target import PostTarget
from .post_update import PostUpdate
from .post_update_status import PostUpdateStatus
from .post_write_response import PostWriteResponse
from .problem import Problem
from .reflow import Reflow
from .reflow_response import ReflowResponse
from .rejected_row import RejectedRow
from .schedule import Schedule
from .schedule_input import ScheduleInput
from .schedule_response import ScheduleResponse
from .series import Series
from .series_response import SeriesResponse
from .series_skip import SeriesSkip
from .series_update import SeriesUpdate
from .service import Service
from .service_check import ServiceCheck
from .service_checks import ServiceChecks
from .simulated_connection_create import SimulatedConnectionCreate
from .slot import Slot
from .slot_answer import SlotAnswer
from .slot_day import SlotDay
from .target_status import TargetStatus
from .thread_part import ThreadPart
from .threads_options import ThreadsOptions
from .threads_version import ThreadsVersion
from .tik_tok_options import TikTokOptions
from .tiktok_version import TiktokVersion
from .usage_counts import UsageCounts
from .usage_day import UsageDay
from .usage_day_detail import UsageDayDetail
from .usage_day_detail_response import UsageDayDetailResponse
from .usage_day_list_response import UsageDayListResponse
from .usage_endpoint import UsageEndpoint
from .usage_limit import UsageLimit
from .usage_limits import UsageLimits
from .usage_summary import UsageSummary
from .usage_summary_response import UsageSummaryResponse
from .warning import Warning_
from .webhook import Webhook
from .webhook_create import WebhookCreate
from .webhook_delivery import WebhookDelivery
from .webhook_delivery_list_response import WebhookDeliveryListResponse
from .webhook_delivery_response import WebhookDeliveryResponse
from .webhook_list_response import WebhookListResponse
from .webhook_response import WebhookResponse
from .webhook_test_data import WebhookTestData
from .webhook_test_event import WebhookTestEvent
from .webhook_test_event_event import WebhookTestEventEvent
from .webhook_update import WebhookUpdate
from .webhook_with_secret import WebhookWithSecret
from .webhook_with_secret_response import WebhookWithSecretResponse
from .worker_status import WorkerStatus
from .x_options import XOptions
from .x_version import XVersion
from .you_tube_options import YouTubeOptions
from .you_tube_version import YouTubeVersion

__all__ = (
    "ApiKey",
    "ApiKeyCreate",
    "ApiKeyCreated",
    "ApiKeyCreatedResponse",
    "ApiKeyCreateMode",
    "ApiKeyCreatePermissionsItem",
    "ApiKeyListResponse",
    "ApiKeyResponse",
    "ApiKeyUpdate",
    "ApiKeyUpdatePermissionsItem",
    "AuthStart",
    "AuthStartResponse",
    "BatchDeleted",
    "BatchDeletedResponse",
    "BlueskyOptions",
    "BlueskySignIn",
    "BlueskyVersion",
    "Board",
    "BoardListResponse",
    "Channel",
    "ChannelCreate",
    "ChannelListResponse",
    "ChannelResponse",
    "ChannelUpdate",
    "Connection",
    "ConnectionChannel",
    "ConnectionExpiredData",
    "ConnectionExpiredEvent",
    "ConnectionExpiredEventEvent",
    "ConnectionListResponse",
    "ConnectionResponse",
    "ConnectionStatus",
    "Deleted",
    "DeletedResponse",
    "DeliveryStatus",
    "DeliveryTrigger",
    "ErrorBody",
    "ErrorDetail",
    "ErrorResponse",
    "EventPart",
    "EventTarget",
    "Evergreen",
    "EvergreenInput",
    "FacebookOptions",
    "FacebookVersion",
    "FirstComment",
    "GetLivenessWorker",
    "Health",
    "HealthKey",
    "HealthResponse",
    "Import",
    "ImportCompletedData",
    "ImportCompletedEvent",
    "ImportCompletedEventEvent",
    "ImportResponse",
    "InstagramOptions",
    "InstagramVersion",
    "LinkedInOptions",
    "LinkedInVersion",
    "ListApiKeysSort",
    "ListChannelsSort",
    "ListConnectionsSort",
    "ListMeta",
    "ListPostsSort",
    "ListWebhookDeliveriesSort",
    "ListWebhooksSort",
    "MastodonOptions",
    "MastodonVersion",
    "Media",
    "MediaDeleted",
    "MediaDeletedResponse",
    "MediaImport",
    "MediaResponse",
    "MediaUpdate",
    "MediaUpload",
    "Mode",
    "NextSlot",
    "NextSlots",
    "NextSlotsResponse",
    "Occurrence",
    "Pagination",
    "PartKind",
    "PinterestOptions",
    "PinterestVersion",
    "PlatformLimits",
    "PlatformProvider",
    "PlatformProviderLimits",
    "PlatformProviderListResponse",
    "PlatformVersions",
    "Poll",
    "Post",
    "PostBatchCreate",
    "PostBatchDelete",
    "PostBatchUpdate",
    "PostBatchUpdateItem",
    "PostBatchUpdateItemStatus",
    "PostBatchWriteResponse",
    "PostBlockedData",
    "PostBlockedEvent",
    "PostBlockedEventEvent",
    "PostCommentFailedData",
    "PostCommentFailedEvent",
    "PostCommentFailedEventEvent",
    "PostCreate",
    "PostCreatedData",
    "PostCreatedEvent",
    "PostCreatedEventEvent",
    "PostCreateStatus",
    "PostDeliveredData",
    "PostDeliveredEvent",
    "PostDeliveredEventEvent",
    "PostFailedData",
    "PostFailedEvent",
    "PostFailedEventEvent",
    "PostListResponse",
    "PostPart",
    "PostResponse",
    "PostStatus",
    "PostTarget",
    "PostUpdate",
    "PostUpdateStatus",
    "PostWriteResponse",
    "Problem",
    "Reflow",
    "ReflowResponse",
    "RejectedRow",
    "Schedule",
    "ScheduleInput",
    "ScheduleResponse",
    "Series",
    "SeriesResponse",
    "SeriesSkip",
    "SeriesUpdate",
    "Service",
    "ServiceCheck",
    "ServiceChecks",
    "SimulatedConnectionCreate",
    "Slot",
    "SlotAnswer",
    "SlotDay",
    "TargetStatus",
    "ThreadPart",
    "ThreadsOptions",
    "ThreadsVersion",
    "TikTokOptions",
    "TiktokVersion",
    "UsageCounts",
    "UsageDay",
    "UsageDayDetail",
    "UsageDayDetailResponse",
    "UsageDayListResponse",
    "UsageEndpoint",
    "UsageLimit",
    "UsageLimits",
    "UsageSummary",
    "UsageSummaryResponse",
    "Warning_",
    "Webhook",
    "WebhookCreate",
    "WebhookDelivery",
    "WebhookDeliveryListResponse",
    "WebhookDeliveryResponse",
    "WebhookListResponse",
    "WebhookResponse",
    "WebhookTestData",
    "WebhookTestEvent",
    "WebhookTestEventEvent",
    "WebhookUpdate",
    "WebhookWithSecret",
    "WebhookWithSecretResponse",
    "WorkerStatus",
    "XOptions",
    "XVersion",
    "YouTubeOptions",
    "YouTubeVersion",
)
