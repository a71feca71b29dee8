"""Posts: their lifecycle (lifecycle), the counts listings show (tallies), their
targets, and publishing them (publishing, run by the worker)."""
