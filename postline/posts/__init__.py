"""Posts: their lifecycle (lifecycle), their targets, and publishing them (publishing,
run by the worker). The counts listings show are in postline/tallies.py."""
