"""Webhook deliveries' claim indexes hold only the deliveries still to be attempted.

- (webhook_id, due_at) replaces the index on webhook_id alone, which the
  (webhook_id, created_at, id) index already covered. A worker claims one webhook's due
  deliveries, earliest first; with only webhook_id indexed, the database read every
  delivery the webhook ever had (thirty days of history) and sorted them by due_at.
- due_at and lease_expires_at are indexed only where they are set. A finished delivery
  has neither, so writing its outcome adds nothing to these indexes, and they stay the
  size of the backlog rather than of the history.
"""
from peewee import *

CLAIM_INDEXES = (
    ('webhookdelivery_webhook_id_due_at', ('webhook_id', 'due_at'), 'due_at'),
    ('webhookdelivery_due_at', ('due_at',), 'due_at'),
    ('webhookdelivery_lease_expires_at', ('lease_expires_at',), 'lease_expires_at'),
)


def up(migrator, db):
    migrator.migrate(
        migrator.drop_index('webhook_delivery', 'webhookdelivery_webhook_id'),
        migrator.drop_index('webhook_delivery', 'webhookdelivery_due_at'),
        migrator.drop_index('webhook_delivery', 'webhookdelivery_lease_expires_at'),
    )
    migrator.migrate(*[
        migrator.add_index('webhook_delivery', columns, False, where=SQL(f'{column} IS NOT NULL'), name=name)
        for name, columns, column in CLAIM_INDEXES
    ])


def down(migrator, db):
    migrator.migrate(*[migrator.drop_index('webhook_delivery', name) for name, _, _ in CLAIM_INDEXES])
    migrator.migrate(
        migrator.add_index('webhook_delivery', ('webhook_id',), False, name='webhookdelivery_webhook_id'),
        migrator.add_index('webhook_delivery', ('due_at',), False, name='webhookdelivery_due_at'),
        migrator.add_index('webhook_delivery', ('lease_expires_at',), False, name='webhookdelivery_lease_expires_at'),
    )
