"""Media bytes over HTTP: the whole file, or the one byte range a client asks for
(video players and some platforms fetch in ranges), streamed from storage."""

from flask import Response, request
from werkzeug.http import parse_range_header

from postline.media import library
from postline.web.errors import ApiError

UNSATISFIABLE = object()


def send(record):
    """The media's bytes: 200, 206 for one satisfiable `Range`, 416 for an unsatisfiable one."""
    etag = f'"{record.sha256}"'
    headers = {
        "Accept-Ranges": "bytes",
        "ETag": etag,
        # Named by its key, whose extension is its sniffed type: never the client's name
        # (`evil.html`), which a browser saving the file would go by.
        "Content-Disposition": f'inline; filename="{record.id}"',
        # Served as what it was sniffed to be, never re-guessed by a browser.
        "X-Content-Type-Options": "nosniff",
    }
    status, start, length = 200, 0, record.size
    byte_range = _requested_range(record.size, etag)
    if byte_range is UNSATISFIABLE:
        raise ApiError.from_status(416, headers={"Content-Range": f"bytes */{record.size}"})
    if byte_range is not None:
        start, stop = byte_range
        status, length = 206, stop - start
        headers["Content-Range"] = f"bytes {start}-{stop - 1}/{record.size}"
    headers["Content-Length"] = str(length)
    body = () if request.method == "HEAD" else library.read(record, start, length)
    return Response(body, status, headers, mimetype=record.content_type, direct_passthrough=True)


def _requested_range(size, etag):
    """(start, stop) of the one range asked for; None to send the whole file (no Range, a
    stale If-Range, several ranges, a unit other than bytes or an unreadable header: RFC
    9110 lets a server answer those in full); UNSATISFIABLE for a range outside the file."""
    header = request.headers.get("Range")
    if header is None or request.headers.get("If-Range", etag) != etag:
        return None
    requested = parse_range_header(header)
    if requested is None or requested.units != "bytes" or len(requested.ranges) != 1:
        return None
    bounds = requested.range_for_length(size)
    return UNSATISFIABLE if bounds is None else bounds
