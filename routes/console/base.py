"""What every console page shares: the blueprint, the sign-in guard, CSRF on every
form, who the page acts as, and forms checked by the API's own schemas."""

import functools
import re
from urllib.parse import urlsplit

from flask import Blueprint, abort, current_app, g, redirect, render_template, request, url_for
from marshmallow import ValidationError

from postline import logs, platforms
from postline.accounts import sessions as console_sessions
from postline.errors import DomainError, Invalid, NotFound, RefusedContent
from postline.web import sessions
from postline.web.errors import flatten_messages

blp = Blueprint(
    "console",
    __name__,
    url_prefix="/console",
    template_folder="templates",
    static_folder="static",
    static_url_path="/static",
)

# Pages a signed-out browser may see.
PUBLIC = {"console.sign_in", "console.static"}
# Forms whose body holds a file: their views read the body into the media staging area
# first (postline/web/uploads.py), then check the CSRF token themselves.
UPLOADS = set()


@blp.before_request
def guard():
    """Send a signed-out browser to the sign-in page; refuse a form without its CSRF token."""
    session = sessions.current()
    if session is None and request.endpoint not in PUBLIC:
        return redirect(
            url_for(
                "console.sign_in", next=request.full_path.rstrip("?") if request.method == "GET" else None
            )
        )
    g.user = session.user if session else None
    if g.user is not None:
        logs.bind(user_id=g.user.id)  # on the access line and every change this page makes
    if request.method == "POST" and request.endpoint not in UPLOADS:
        check_csrf()


@blp.after_request
def protect(response):
    """Pages are never cached (a key or secret is shown once) nor framed (clickjacking),
    and load nothing from elsewhere; their forms go to the console, or to the origins a
    page names in `g.form_targets` (a platform's OAuth page)."""
    response.headers.setdefault("Cache-Control", "no-store")
    response.headers["X-Frame-Options"] = "DENY"
    response.headers["Referrer-Policy"] = "same-origin"
    form_action = " ".join(["'self'", *g.get("form_targets", ())])
    response.headers["Content-Security-Policy"] = (
        "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
        f"frame-ancestors 'none'; form-action {form_action}"
    )
    return response


def check_csrf():
    """Abort with 400 unless the form carries the CSRF token of this browser's session
    (the sign-in form, before there is a session, carries the one of its cookie)."""
    session = sessions.current()
    sent = request.form.get(sessions.CSRF_FIELD)
    expected = session.csrf_token if session else request.cookies.get(SIGN_IN_CSRF_COOKIE)
    if not sessions.csrf_matches(expected, sent):
        abort(
            400, "This form has expired or did not come from this console. Reload the page and send it again."
        )


SIGN_IN_CSRF_COOKIE = "postline_sign_in_csrf"
# A console path as a Location header carries it: printable ASCII, no space or backslash
# (a line break in `next` made the redirect a 500 after the session was made).
CONSOLE_PATH = re.compile(r"/console/[\x21-\x5b\x5d-\x7e]*")


def upload_form(view):
    """Mark a view whose form carries a file (see UPLOADS)."""
    UPLOADS.add(f"console.{view.__name__}")
    return view


def safe_next(target, default=None):
    """A console path to go on to (after signing in, say); never another site, and
    never a header a redirect cannot carry: anything else goes to the default."""
    if target and CONSOLE_PATH.fullmatch(target) and not urlsplit(target).netloc:
        return target
    return default or url_for("console.calendar")


def principal(mode=None):
    """Who this page acts as: the signed-in user, in the session's mode (or `mode`)."""
    return console_sessions.principal(sessions.current(), mode)


def settings(section):
    return current_app.config["POSTLINE"][section]


def page(template, status=200, **context):
    return render_template(f"console/{template}", **context), status


def form_errors(error):
    """{field: message} of a domain error or a schema's ValidationError, for a form."""
    if isinstance(error, ValidationError):
        details = flatten_messages(error.messages)
    elif isinstance(error, (Invalid, RefusedContent)):
        details = error.details
    else:  # not about one field: the state of the resource, a permission
        details = [{"field": "form", "message": error.message}]
    messages = {}
    for detail in details:
        messages.setdefault(detail["field"].split("[", 1)[0].split(".", 1)[0], detail["message"])
    return messages


def load(schema, data):
    """`data` checked by a /v1 request schema (the console accepts what the API accepts)."""
    return schema.load({name: value for name, value in data.items() if value not in (None, "")})


def not_found_is_404(view):
    """Answer the console's 404 page when the view's resource does not exist (or is not visible)."""

    @functools.wraps(view)
    def wrapper(*args, **kwargs):
        try:
            return view(*args, **kwargs)
        except NotFound:
            return page(
                "error.html", 404, title="Not found", message="Nothing here: it may have been deleted."
            )

    return wrapper


@blp.errorhandler(400)
def bad_request(error):
    return page("error.html", 400, title="Not sent", message=error.description)


@blp.errorhandler(413)
def too_large(error):
    return page("error.html", 413, title="Too large", message="The form was too large to send.")


@blp.errorhandler(DomainError)
def domain_error(error):
    status = 404 if isinstance(error, NotFound) else 400
    return page("error.html", status, title="That did not work", message=error.message)


# The setting that says where a provider's fake is, in the playground: its API base,
# but Bluesky's service and the Mastodon instance to connect.
FAKE_ADDRESSES = ("api_base", "service_url", "instance")


def playground_fakes(settings):
    """(network as people write it, its fake's address) of each provider, for the
    playground's banner (devtools/playground.py points every provider at a fake)."""
    found = []
    for provider, adapter in platforms.PROVIDERS.items():
        section = settings.get(provider) or {}
        address = next((section[key] for key in FAKE_ADDRESSES if section.get(key)), None)
        if address:
            found.append((adapter.name, address.rstrip("/")))
    return found


@blp.app_context_processor
def console_context():
    session = sessions.current() if request.blueprint == "console" else None
    settings = current_app.config["POSTLINE"]
    return {
        "console_session": session,
        "csrf_token": session.csrf_token if session else request.cookies.get(SIGN_IN_CSRF_COOKIE, ""),
        "playground_fakes": playground_fakes(settings) if settings["server"]["playground"] else [],
    }
