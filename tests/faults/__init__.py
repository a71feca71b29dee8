"""Fault drills: what the service does when the database restarts, a worker dies, or a
client sends what no client should. Each drill is bounded in time and says what it
proved (run with -s to see)."""
