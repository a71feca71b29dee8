"""Publishing due posts, as the worker runs it (docs/api.md: Publishing).

1. `claims`: `claim_batch` leases the earliest due posts of one of two queues, live
   and test mode, which take turns. Their status is untouched until the work starts,
   so a PATCH or DELETE in between still wins: it drops the lease, and the start
   checks the lease.
2. `batches`: `publish_batch` starts them (`writes.start`: `publishing`, one more
   attempt, targets created on the first attempt) and sends every target not yet
   published.
   - Posts whose targets all commit inside Postline's own transaction (the test-mode
     sandbox) or that have none are sent and finished in that one transaction, the
     whole batch together: nothing leaves the process, so there is nothing to
     commit in between, and a crash undoes all of it.
   - A real platform's call leaves the process. `attempt` takes each target through
     its steps: marked `sending` and committed before the call, its outcome
     committed right after, so a target a platform confirmed is never sent again; a
     worker that dies mid-call leaves the mark, which the next worker turns into
     `unconfirmed` instead of sending blindly. No transaction is open during the
     call. A 401 refreshes the token once and sends again at once (the platform
     refused the first request, so nothing was posted).
   - A platform that finishes later (X processing a video) leaves its target
     `processing` with a time to check again: the post stays `publishing`, its lease
     is given back and it is due at that time; no thread waits. The next worker to
     take it continues the same attempt and asks the platform (`check`).
3. `comments`: a first comment goes right after its post's parts, and a failed one is
   retried on its own schedule by a pool of its own, never holding its post back.
4. `outcomes`: each post ends `done`, `failed` (retried at `nextAttemptAt` while one
   is set) or `blocked`, with its event recorded in the same transaction (the outbox),
   and what came of it is logged and counted once committed.
Every write (`writes`) happens only while this worker's lease holds; a post whose
lease was lost is left alone.
"""

from postline.posts.publishing.batches import pool, publish_batch
from postline.posts.publishing.claims import claim_batch
from postline.posts.publishing.comments import pool as comments_pool

__all__ = ["claim_batch", "comments_pool", "pool", "publish_batch"]
