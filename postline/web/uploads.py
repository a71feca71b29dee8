"""Multipart uploads, streamed to disk as they arrive (docs/media.md).

werkzeug parses a multipart body into temporary files of its own choosing. For a view
marked `@streamed`, `Request` hands each file part to a staged file of the media
library instead (postline/media/incoming.py), which hashes, sniffs and size-checks
the bytes as they come, so a refusal (413, 415) never waits for the rest of the body
and nothing but one chunk is ever in memory. This module is the one place that knows
werkzeug's `_get_file_stream` hook; tests/web/test_uploads.py tests it.
"""

import contextlib
import functools

import flask
from flask import current_app, request

from postline import media
from postline.web.api import Blueprint

# The parts of an API upload: the file and its few text fields.
MAX_FORM_PARTS = 16


class Request(flask.Request):
    """Flask's request; during a `@streamed` view its file parts go to `staging`."""

    staging = None

    def _get_file_stream(self, total_content_length, content_type, filename=None, content_length=None):
        if self.staging is None:
            return super()._get_file_stream(total_content_length, content_type, filename, content_length)
        return self.staging.new_file()


def streamed(view):
    """Receive this view's file parts into the media staging area (`receiving_files`)."""

    @functools.wraps(view)
    def wrapper(*args, **kwargs):
        with receiving_files():
            return view(*args, **kwargs)

    return Blueprint.doc(responses={"413": "REQUEST_ENTITY_TOO_LARGE", "415": "UNSUPPORTED_MEDIA_TYPE"})(
        wrapper
    )


@contextlib.contextmanager
def receiving_files(max_parts=MAX_FORM_PARTS):
    """Read the request's body now, its file parts into the media staging area; every
    staged file that storage did not take by the end of the block is deleted, whatever
    the outcome (an interrupted upload too). A body of more than `max_parts` parts is
    refused (413)."""
    with media.staging("file") as staging:
        request.staging = staging
        # The files' own limits are checked as they stream; the body as a whole may
        # hold the largest file and as much again as any other request body.
        body_limit = staging.limits.largest + current_app.config["POSTLINE"]["server"]["max_body_bytes"]
        request.max_content_length = body_limit
        # Text fields keep Flask's MAX_FORM_MEMORY_SIZE (500 KB): werkzeug applies it
        # to its parse buffer too, which holds a 64 KB chunk and a possible boundary.
        request.max_form_parts = max_parts
        request.files.keys()  # parse the body now, while the staging area lasts
        yield
