"""POST /v1/media/import: a remote file fetched through the SSRF-safe client, refused
like a webhook URL by default, and checked like an upload (docs/media.md)."""

import http.server
import threading
import time

import pytest

from devtools.media import image, video
from models import Media
from tests.support.client import assert_error
from tests.support.media import HTML

PNG = image("PNG", (12, 9))


class FileServer:
    """Serves `routes` {path: (status, headers, body, delay between chunks)} on 127.0.0.1."""

    def __init__(self, routes):
        files = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                files.requests.append(self.path)
                status, headers, body, delay = files.routes[self.path]
                self.send_response(status)
                for name, value in headers.items():
                    self.send_header(name, value)
                self.end_headers()
                for start in range(0, len(body), 1024):
                    self.wfile.write(body[start : start + 1024])
                    time.sleep(delay)

            def log_message(self, *args):
                pass

        self.routes = routes
        self.requests = []
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, args=(0.05,), daemon=True)
        self.thread.start()

    def url(self, path, host="127.0.0.1"):
        return f"http://{host}:{self.server.server_address[1]}{path}"

    def stop(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def files():
    server = FileServer(
        {
            "/pictures/launch%20day.png": (200, {"Content-Length": str(len(PNG))}, PNG, 0),
            "/clip": (200, {}, video(duration_ms=4200), 0),  # no length: ends when the socket does
            "/page.png": (200, {"Content-Type": "image/png"}, HTML, 0),
            "/moved": (302, {"Location": "/pictures/launch%20day.png", "Content-Length": "0"}, b"", 0),
            "/missing": (404, {"Content-Length": "0"}, b"", 0),
            "/huge": (200, {"Content-Length": "999999999"}, PNG, 0),
            "/big": (200, {}, image("PNG", total=60_000), 0),  # over the limit, with no length to tell
            "/slow": (200, {}, image("PNG", total=20_000), 0.2),
        }
    )
    yield server
    server.stop()


@pytest.fixture
def local_imports(settings):
    """Imports may fetch from the test's own server on 127.0.0.1 over http."""
    settings["media"].update(
        import_allow_http=True, import_allow_private_targets=True, import_timeout=2, max_image_bytes=50_000
    )
    return settings


def staged(data_dir):
    return list((data_dir / "media" / "tmp").iterdir())


def test_import_fetches_the_file_and_answers_like_an_upload(local_imports, api, files, data_dir):
    response = api.post("/v1/media/import", json={"url": files.url("/pictures/launch%20day.png")})
    assert response.status_code == 201, response.get_json()
    media = response.get_json()["data"]
    assert media["filename"] == "launch day.png"
    assert (media["contentType"], media["size"], media["width"], media["height"]) == (
        "image/png",
        len(PNG),
        12,
        9,
    )
    assert (data_dir / "media" / media["key"]).read_bytes() == PNG
    with api.get(f"/v1/media/{media['key']}/content") as content:
        assert content.get_data() == PNG
    assert staged(data_dir) == []


def test_a_body_without_a_length_is_read_to_its_end(local_imports, api, files):
    media = api.post("/v1/media/import", json={"url": files.url("/clip")}).get_json()["data"]
    assert (media["contentType"], media["durationMs"], media["filename"]) == ("video/mp4", 4200, "clip")


@pytest.mark.parametrize(
    "path, status, code, says",
    [
        ("/page.png", 415, "UNSUPPORTED_MEDIA_TYPE", "allowed: jpeg"),
        ("/moved", 400, "VALIDATION_ERROR", "HTTP 302: redirects are not followed"),
        ("/missing", 400, "VALIDATION_ERROR", "HTTP 404"),
        ("/huge", 413, "PAYLOAD_TOO_LARGE", "999999999 bytes"),
        ("/big", 413, "PAYLOAD_TOO_LARGE", "max_image_bytes"),
        ("/slow", 400, "VALIDATION_ERROR", "no answer within 2 s"),
    ],
)
def test_what_cannot_be_imported_is_refused_and_leaves_nothing(
    local_imports, api, files, data_dir, path, status, code, says
):
    error = assert_error(api.post("/v1/media/import", json={"url": files.url(path)}), status, code)
    assert error["details"][0]["field"] == "url"
    assert says in error["details"][0]["message"]
    assert Media.select().count() == 0
    assert staged(data_dir) == [] and [p.name for p in (data_dir / "media").iterdir()] == ["tmp"]
    if path == "/moved":
        assert files.requests == ["/moved"]  # the redirect was not followed


@pytest.mark.parametrize(
    "url, says",
    [
        (
            "http://images.example.com/a.png",
            "must be an https:// URL ([media] import_allow_http = true allows it",
        ),
        ("https://127.0.0.1/a.png", "([media] import_allow_private_targets = true allows it"),
        (
            "http://127.0.0.1/a.png",
            "([media] import_allow_http = true and import_allow_private_targets = true allow it, "
            "for local development only: POSTLINE_MEDIA_IMPORT_ALLOW_HTTP=true "
            "POSTLINE_MEDIA_IMPORT_ALLOW_PRIVATE_TARGETS=true, or `python3 tasks.py serve --dev`)",
        ),
        ("https://localhost/a.png", "must not point to localhost ([media] import_allow_private_targets"),
        ("https://10.0.0.8/a.png", "private, loopback or reserved address (10.0.0.8)"),
        ("https://169.254.169.254/latest/meta-data", "private, loopback or reserved address"),
        ("https://0x7f.1/a.png", "four decimal numbers"),
        ("https://user:pw@images.example.com/a.png", "must not contain a user name or password"),
        ("ftp://images.example.com/a.png", "must be an https:// URL"),
    ],
)
def test_the_default_config_refuses_what_webhooks_refuse(api, files, dns, url, says):
    dns["images.example.com"] = ["93.184.216.34"]
    error = assert_error(api.post("/v1/media/import", json={"url": url}), 400, "VALIDATION_ERROR")
    assert error["details"][0]["field"] == "url"
    assert says in error["details"][0]["message"]
    assert files.requests == []


def test_a_hostname_that_resolves_inside_is_refused_at_connect_time(api, files, dns):
    dns["media.example.com"] = ["127.0.0.1"]
    response = api.post("/v1/media/import", json={"url": "https://media.example.com/a.png"})
    error = assert_error(response, 400, "VALIDATION_ERROR")
    assert "media.example.com resolves to one" in error["message"] and "127.0.0.1" not in error["message"]
    assert "import_allow_private_targets" in error["message"]


@pytest.fixture
def http_imports(settings):
    settings["media"]["import_allow_http"] = True
    return settings


def test_the_local_server_is_refused_with_http_allowed_but_private_targets_not(http_imports, api, files):
    error = assert_error(
        api.post("/v1/media/import", json={"url": files.url("/pictures/launch%20day.png")}),
        400,
        "VALIDATION_ERROR",
    )
    assert "import_allow_private_targets" in error["message"]
    assert files.requests == []


def test_import_needs_media_write(api, make_key, local_imports, files):
    reader = api.as_key(make_key(permissions=["media:read"]))
    response = reader.post("/v1/media/import", json={"url": files.url("/pictures/launch%20day.png")})
    assert_error(response, 403, "INSUFFICIENT_PERMISSIONS")
    assert files.requests == []
