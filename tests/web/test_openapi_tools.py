"""The OpenAPI document through the tools its readers use (docs/api.md, The OpenAPI
document): Redocly CLI's lint, at zero warnings of the rules tools/redocly.yaml keeps,
and openapi-python-client, with its default settings, generating a typed client."""

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

# One xdist worker runs them all: the first installs Redocly into tools/ (`npm ci`).
pytestmark = pytest.mark.xdist_group("openapi-tools")

TOOLS = Path(__file__).resolve().parents[2] / "tools"
IGNORE_FILE = ".redocly.lint-ignore.yaml"
# What the generator says of GET /v1/media/{media_key}/content, whose bytes are an image
# or a video of the media's own type: it reads `application/octet-stream` bodies only,
# so its function for that operation leaves the bytes unparsed (Response.content).
BINARY_CONTENT = "Unsupported content_type image/jpeg, image/png, image/gif, image/webp, video/mp4"
# And of POST /v1/posts/import, whose body is a CSV or NDJSON file: it takes no such
# bodies, so it makes no function for it (docs/imports.md, The SDKs, says what to send).
IMPORT_WITHOUT_BODY = "POST /v1/posts/import within imports. Endpoint will not be generated."


def redocly():
    """Redocly CLI at the version tools/package-lock.json pins, installed on first use."""
    binary = TOOLS / "node_modules" / ".bin" / "redocly"
    if not binary.exists():
        subprocess.run(
            ["npm", "ci", "--no-fund", "--no-audit"], cwd=TOOLS, check=True, capture_output=True, timeout=600
        )
    return binary


def lint(document):
    """Redocly's report on `document`, a `clients/openapi.json` beside a copy of tools/'s
    configuration and ignore file, whose paths are relative: `{totals, problems}`."""
    config = document.parent.parent / "tools"
    config.mkdir(exist_ok=True)
    for name in ("redocly.yaml", IGNORE_FILE):
        shutil.copy(TOOLS / name, config / name)
    result = subprocess.run(
        [redocly(), "lint", document, "--config", config / "redocly.yaml", "--format=json"],
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "REDOCLY_TELEMETRY": "off", "REDOCLY_SUPPRESS_UPDATE_NOTICE": "true"},
    )
    return json.loads(result.stdout)


def write_document(client, directory, spec=None):
    """The app's document (or `spec`) where the ignore file expects it: clients/openapi.json."""
    path = directory / "clients" / "openapi.json"
    path.parent.mkdir()
    path.write_text(json.dumps(spec or client.get("/openapi.json").get_json()))
    return path


def test_redocly_finds_no_problem_with_the_rules_kept(client, tmp_path):
    report = lint(write_document(client, tmp_path))
    problems = [f"{p['ruleId']}: {p['message']} at {p['location'][0]['pointer']}" for p in report["problems"]]
    # The one problem ignored: `GET /` has no 4xx (tools/.redocly.lint-ignore.yaml).
    assert report["totals"] == {"errors": 0, "warnings": 0, "ignored": 1}, "\n".join(problems)


def test_redocly_would_report_what_it_checks(client, tmp_path):
    """The lint above can fail: an operation without its operationId is a warning, and so
    is a /v1 operation without a 4xx answer, a rule ignored for `GET /` alone."""
    spec = client.get("/openapi.json").get_json()
    del spec["paths"]["/v1/posts"]["get"]["operationId"]
    health = spec["paths"]["/v1/health"]["get"]["responses"]
    for status in [status for status in health if status.startswith("4")]:
        del health[status]
    report = lint(write_document(client, tmp_path, spec))
    found = sorted((p["ruleId"], p["location"][0]["pointer"]) for p in report["problems"])
    assert found == [
        ("operation-4xx-response", "#/paths/~1v1~1health/get/responses"),
        ("operation-operationId", "#/paths/~1v1~1posts/get/operationId"),
    ]
    assert report["totals"]["ignored"] == 1


def test_openapi_python_client_generates_a_typed_client_with_default_settings(client, tmp_path):
    document = write_document(client, tmp_path)
    bin_dir = Path(sys.executable).parent
    result = subprocess.run(
        [
            bin_dir / "openapi-python-client",
            "generate",
            "--path",
            document,
            "--output-path",
            tmp_path / "sdk",
        ],
        capture_output=True,
        text=True,
        timeout=300,
        # Its formatting step runs ruff, which is in the virtualenv.
        env={**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}"},
    )
    assert result.returncode == 0, result.stdout + result.stderr
    warnings = re.findall(r"^WARNING parsing (.+)$", result.stdout, re.MULTILINE)
    binary = {"GET /v1/media/{media_key}/content within media."}
    assert set(warnings) <= binary | {IMPORT_WITHOUT_BODY}, result.stdout
    assert result.stdout.count(BINARY_CONTENT) == len([warning for warning in warnings if warning in binary])
    package = tmp_path / "sdk" / "postline_client"
    api = {path.stem for path in (package / "api").rglob("*.py")}
    assert {"list_posts", "create_post", "get_post", "update_post", "delete_post", "create_post_batch"} <= api
    post = (package / "models" / "post.py").read_text()
    assert "status: PostStatus" in post and "last_error: None | Problem" in post
    assert "content: None | str" in post and "created_at: int" in post
    create = (package / "models" / "post_create.py").read_text()
    assert "channel_id: str" in create and "timezone: None | str | Unset" in create
    listing = (package / "api" / "posts" / "list_posts.py").read_text()
    assert 'params["filter[status][in]"]' in listing
