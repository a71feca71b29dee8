"""Running a scheduled job so that a lost database costs one run, not the worker.

Each run checks this thread's connection out first (a connection the server dropped
is replaced, postline/db); a run that finds the database unreachable logs one line,
forgets the connection, and the next run tries again.
"""

import functools
import logging

from postline import db

log = logging.getLogger(__name__)


def guarded(name, job):
    @functools.wraps(job)
    def run(*args):
        try:
            db.check_out()
            return job(*args)
        except db.UNAVAILABLE as error:
            db.discard()
            log.warning("%s: database unavailable (%s); the next run retries", name, str(error).strip())
            return None

    return run
