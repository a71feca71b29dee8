"""What makes posts again on its own (docs/scheduling.md): the occurrences of a
recurring post's series (`series`) and the repeats of evergreen posts (`evergreen`),
each made by a worker job through the post lifecycle, so that each is a post with
its events and its exactly-once publishing, and never made twice."""

import collections

# Who makes a post, as the lifecycle takes a key: the account and mode, and for the
# logs what made it (`series:ser_...`, `evergreen:post_...`).
Maker = collections.namedtuple("Maker", "account_id mode id")
