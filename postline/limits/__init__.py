"""Rate limits per API key (limiter, with its counters in the database or Redis) and
usage per account and day (usage)."""
