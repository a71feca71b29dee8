"""Fetching a remote image, video or PDF into the library (docs/media.md: Import from a URL).

The file comes through the one outbound client (postline/net/client.py), under the
same SSRF rules as webhook URLs unless `[media] import_allow_http` or
`import_allow_private_targets` relax them, with no redirects and a total deadline of
`[media] import_timeout`. It is staged, sniffed and size-checked as it arrives,
exactly like an upload.
"""

from urllib.parse import unquote, urlsplit

from postline import VERSION, media
from postline.errors import Invalid, TooLarge
from postline.media import library
from postline.net import client, ssrf

FIELD = "url"
# The setting that would let a refused URL through, named in the refusal.
SETTINGS = {"allow_http": "import_allow_http", "allow_private": "import_allow_private_targets"}
HEADERS = {"User-Agent": f"Postline-Media-Import/{VERSION}", "Accept": "image/*, video/*, application/pdf"}


def import_from_url(key, url):
    """A media record for the file at `url`."""
    settings = media.settings()
    policy = client.Policy(settings["import_allow_http"], settings["import_allow_private_targets"])
    with media.staging(FIELD) as staging:
        incoming = staging.new_file()
        try:
            with client.stream("GET", url, policy, settings["import_timeout"], headers=HEADERS) as answer:
                _check_answer(answer, incoming.limits.largest)
                for chunk in answer.chunks():
                    incoming.write(chunk)
        except client.Refused as refusal:
            raise Invalid.field(FIELD, _refusal(refusal, url, settings)) from None
        except client.RequestFailed as failure:
            raise Invalid.field(FIELD, f"could not be fetched: {failure.message}") from None
        return library.create(key, incoming, unquote(urlsplit(url).path))


def _check_answer(answer, largest):
    if 300 <= answer.status < 400:
        raise Invalid.field(FIELD, f"answered HTTP {answer.status}: redirects are not followed")
    if answer.status != 200:
        raise Invalid.field(FIELD, f"answered HTTP {answer.status}, not 200")
    declared = answer.headers.get("Content-Length", "")
    if declared.isdigit() and int(declared) > largest:
        raise TooLarge(f"is {declared} bytes, over {largest}, the largest file accepted", FIELD)


def _refusal(refusal, url, settings):
    needed = ssrf.switches_needed(url, refusal.allowed_by, settings["import_allow_private_targets"])
    return ssrf.explain(refusal.message, needed, "media", SETTINGS)
