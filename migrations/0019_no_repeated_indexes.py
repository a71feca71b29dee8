"""Indexes on a foreign key alone, where a longer index of the same table already
leads with it, are dropped. Every row written kept them up to date for nothing:
creating a post wrote two index pages that told nothing new (on SQLite a post's
commit, 16.6 pages, was a fifth of its time).

- account_id of api_key, channel, connection, event, media, post, post_import and
  webhook: each has indexes leading with (account_id, mode); of usage_day and
  usage_endpoint_day: their unique (account_id, mode, day...).
- channel_connection.channel_id: its primary key (channel_id, connection_id).
- post_part.target_id: the unique (target_id, position).
- idempotency_key.api_key_id: the unique (api_key_id, endpoint, key).
"""
from peewee import *

REPEATED = (
    ('api_key', 'apikey_account_id', 'account_id'),
    ('channel', 'channel_account_id', 'account_id'),
    ('connection', 'connection_account_id', 'account_id'),
    ('event', 'event_account_id', 'account_id'),
    ('media', 'media_account_id', 'account_id'),
    ('post', 'post_account_id', 'account_id'),
    ('post_import', 'postimport_account_id', 'account_id'),
    ('webhook', 'webhook_account_id', 'account_id'),
    ('usage_day', 'usageday_account_id', 'account_id'),
    ('usage_endpoint_day', 'usageendpointday_account_id', 'account_id'),
    ('channel_connection', 'channelconnection_channel_id', 'channel_id'),
    ('post_part', 'postpart_target_id', 'target_id'),
    ('idempotency_key', 'idempotencykey_api_key_id', 'api_key_id'),
)


def up(migrator, db):
    migrator.migrate(*[migrator.drop_index(table, name) for table, name, _ in REPEATED])


def down(migrator, db):
    migrator.migrate(*[migrator.add_index(table, (column,), False, name=name) for table, name, column in REPEATED])
