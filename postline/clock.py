"""The current time in Unix milliseconds, the unit of every stored timestamp.

Code reads the time through `clock.now_ms()` so tests can move it.
"""

import time

MINUTE_MS = 60_000
DAY_MS = 86_400_000


def now_ms():
    return time.time_ns() // 1_000_000
