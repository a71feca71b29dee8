"""The service's root (where the docs are), its readiness check, and `GET /v1/health`
(the calling key, the database, the workers' heartbeat)."""

from marshmallow import Schema, fields, validate

from postline.web.choices import MODE, Choice
from postline.web.envelopes import Answer
from postline.web.fields import Timestamp, described


class ServiceSchema(Answer):
    name = fields.String(metadata={"description": "Always `Postline`"})
    version = fields.String(metadata={"description": "The running version"})
    docs = fields.String(metadata={"description": "Path of the interactive API reference"})
    openapi = fields.String(metadata={"description": "Path of the OpenAPI document"})


class ServiceCheckQuerySchema(Schema):
    worker = fields.String(
        validate=validate.OneOf(["required"]),
        metadata={
            "description": "`required`: answer 503 when no worker is alive too (a check for alerts, "
            "not for a load balancer)"
        },
    )


class ServiceChecksSchema(Answer):
    database = fields.String(metadata={"description": "`ok` or `unreachable`"})
    worker = fields.String(metadata={"description": "`ok`, `stale` (no recent heartbeat) or `unknown`"})


class ServiceCheckSchema(Answer):
    status = fields.String(
        metadata={
            "description": "`ok` (200); `degraded` (200: this server takes requests, but no worker "
            "publishes); `unavailable` (503)"
        }
    )
    checks = described(fields.Nested, "What was checked, and how it stood", ServiceChecksSchema)


class HealthKeySchema(Answer):
    id = described(fields.String, "The calling key's id")
    name = described(fields.String, "Its label")
    mode = described(Choice, "live or test", MODE)
    permissions = described(fields.List, "What it may do", fields.String())


class WorkerStatusSchema(Answer):
    last_seen_at = described(
        Timestamp,
        "The newest heartbeat of any worker (Unix ms), or null",
        data_key="lastSeenAt",
        allow_none=True,
    )
    lag_ms = described(fields.Integer, "Milliseconds since that heartbeat", data_key="lagMs", allow_none=True)


class HealthSchema(Answer):
    status = fields.String(metadata={"description": "ok, or degraded when the worker is not running"})
    version = described(fields.String, "The running version")
    time = described(Timestamp, "The server's clock (Unix ms)")
    key = described(fields.Nested, "The key that asked", HealthKeySchema)
    database = described(fields.String, "`ok`: it answered")
    worker = described(fields.Nested, "The workers' heartbeat", WorkerStatusSchema)
