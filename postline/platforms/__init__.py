"""Platforms: one publishing module per platform behind one small interface, and their registry.

A publisher module has:
- `PLATFORM`: its name in a target's `platform` field;
- `TRANSACTIONAL`: True when its effect commits in Postline's own database transaction
  (the test-mode sandbox), so an interrupted call left nothing behind and may simply
  run again; False for a real platform, whose calls leave the process: a call with an
  unknown outcome is never repeated (the target becomes `unconfirmed`);
- a TRANSACTIONAL publisher: `publish_all([(post, target), ...])`, a Published or a
  PublishError for each, written in the caller's transaction (a burst's batch at once);
- any other: `publish(post, target) -> Published`, raising `PublishError` when the
  platform says no (or UNCONFIRMED when it cannot know, e.g. a time-out after the
  request was sent).
The four platform adapters (x, linkedin, meta, tiktok) plug in here when they land.
"""

from postline.platforms import sandbox
from postline.platforms.base import BLOCKED, PERMANENT, RETRYABLE, UNCONFIRMED, Published, PublishError

__all__ = ["BLOCKED", "PERMANENT", "RETRYABLE", "UNCONFIRMED", "Published", "PublishError", "for_platform"]

REGISTRY = {module.PLATFORM: module for module in (sandbox,)}


def for_platform(platform):
    return REGISTRY[platform]
