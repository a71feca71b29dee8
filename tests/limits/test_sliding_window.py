"""The sliding window's arithmetic (postline/limits/sliding_window.py), against a walk
through time: when `remaining` next rises (the reset the headers report) and when one
more request is admitted (Retry-After) are the first milliseconds at which the window
allows them, to the millisecond (the HTTP tests see whole seconds)."""

import random

from postline.limits.sliding_window import Limit, Window, status

WINDOW = Window("second", 1, 1000)
SLOT_END = 50_000


def used_at(moment, current, previous):
    """The window's count at `moment`: the previous slot weighed by how much of it the
    window still covers, then the current slot's turn to be weighed."""
    length = WINDOW.ms
    if moment < SLOT_END:
        return previous * (SLOT_END - moment) // length + current
    if moment < SLOT_END + length:
        return current * (SLOT_END + length - moment) // length
    return 0


def first_moment(now, current, previous, at_most):
    return next(t for t in range(now, SLOT_END + 2 * WINDOW.ms) if used_at(t, current, previous) <= at_most)


def test_reset_and_retry_are_the_first_moments_the_window_allows():
    chance = random.Random(30)
    for _ in range(400):
        amount = chance.randint(1, 6)
        # Counts beyond the limit too: a plan lowered since they were counted.
        current, previous = chance.randint(0, 2 * amount), chance.randint(0, 2 * amount)
        now = SLOT_END - chance.randint(1, WINDOW.ms)
        shown = status(Limit(WINDOW, amount), current, previous, SLOT_END, now)
        assert shown.used == used_at(now, current, previous)
        assert shown.retry_ms == first_moment(now, current, previous, amount - 1)
        assert shown.reset_ms == (
            now if shown.used == 0 else first_moment(now, current, previous, shown.used - 1)
        )
