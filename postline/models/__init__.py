"""Tables, their indexes, and the queries that belong to them, one module per resource;
`models.py` at the top level re-exports them (and `TABLES`) for the rest of the code.

Every timestamp is an integer of Unix milliseconds. Every resource a client sees
belongs to one account and one mode (live or test); `visible_to(key)` is the one
way to query them, so no request can reach another account's rows.

The modules import one another in this order only, so none imports itself back:
`base`, `accounts`, `channels`, `connections`, `posts`, `schedules`, `webhooks`, `media`,
`idempotency`, `imports`, `usage`, `limits`, `workers`. (`Channel.connection_ids` reads
ChannelConnection, defined after it: it imports it when first called.)
"""
