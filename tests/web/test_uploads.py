"""Streamed uploads (postline/web/uploads.py): the one hook into werkzeug's form parser,
and the multipart location of the body parser (postline/web/api.py)."""

import io
import os
import time

from flask import Request as FlaskRequest
from flask import request

from app import create_app
from devtools.media import image, upload
from postline import media
from postline.media.incoming import Incoming
from postline.web.api import Parser
from postline.web.uploads import Request


def test_werkzeug_still_has_the_hook_the_request_overrides():
    assert callable(getattr(FlaskRequest, "_get_file_stream", None))
    assert Request._get_file_stream is not FlaskRequest._get_file_stream
    assert "multipart" in Parser.__location_map__


def test_file_parts_go_to_staged_files_during_a_streamed_view(app, data_dir):
    body = {"file": (io.BytesIO(image("PNG")), "a.png")}
    with app.test_request_context("/", method="POST", data=body, content_type="multipart/form-data"):
        with media.staging("file") as staging:
            request.staging = staging
            stream = request.files["file"].stream
            assert isinstance(stream, Incoming)
            assert stream.path.parent == data_dir / "media" / "tmp" and stream.path.exists()
            assert stream.read() == image("PNG")
        assert not stream.path.exists()


def test_other_views_keep_werkzeugs_own_files(app):
    body = {"file": (io.BytesIO(b"plain"), "a.txt")}
    with app.test_request_context("/", method="POST", data=body, content_type="multipart/form-data"):
        assert not isinstance(request.files["file"].stream, Incoming)


def test_text_fields_are_checked_for_unstorable_characters(api):
    response = upload(api, image("PNG"), altText="nul\x00here")
    assert response.status_code == 400
    assert response.get_json()["error"]["details"][0]["field"] == "altText"


def test_staged_files_left_by_a_killed_process_are_swept_at_start(app, settings, data_dir):
    staging = data_dir / "media" / "tmp"
    stale, fresh = staging / "incoming-stale.part", staging / "incoming-fresh.part"
    for path in (stale, fresh):
        path.write_bytes(b"half an upload")
    two_hours_ago = time.time() - 7200
    os.utime(stale, (two_hours_ago, two_hours_ago))
    create_app(settings)
    assert not stale.exists() and fresh.exists()
