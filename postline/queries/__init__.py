"""Every statement the service writes by hand or compiles once, named for what it does.

Most queries are peewee chains beside their models (`Post.visible_to(key)`); the ones
here are on a hot path (their SQL is written once: postline/db/compiled.py) or are
SQL text peewee cannot build. A reader finds every such statement in this package;
domain code calls them by name.

- `accounts`: API keys by prefix (every request);
- `connections`: a connection by id (every platform call);
- `posts`: claims of due posts, the lease-checked target write, channel and media
  ownership, targets of many posts;
- `webhooks`: active subscribers, the delivery claim and what sending reads;
- `tallies`: folding deltas into tallies, and tally totals by filter shape;
- `rate_limits`: the counters' admit-or-refuse upsert;
- `schedules`: a channel's schedule locked, and how many posts its slots hold.
"""
