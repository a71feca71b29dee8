"""Signing in and out (of this browser or of every one), the live/test switch, and the
user's settings (time zone, password)."""

import secrets

from flask import g, make_response, redirect, request, url_for

from models import MODES
from postline.accounts import sessions as console_sessions
from postline.accounts import users
from postline.errors import Invalid, Unauthenticated
from postline.web import clients, sessions
from postline.web.fields import IANA_ZONES
from routes.console.base import SIGN_IN_CSRF_COOKIE, blp, form_errors, page, safe_next, settings


@blp.route("/sign-in", methods=["GET", "POST"])
def sign_in():
    """Show the sign-in form, or sign in with an email and password."""
    if request.method == "GET":
        if sessions.current() is not None:
            return redirect(url_for("console.calendar"))
        return _sign_in_form()
    email, address = request.form.get("email", ""), clients.client_address()
    wait = clients.sign_in_wait(address, settings("console"))
    if wait:
        minutes = -(-wait // 60)
        message = "Too many failed sign-ins from your address: try again in "
        return _sign_in_form(f"{message}{minutes} minute{'s' * (minutes != 1)}.", email, 429)
    try:
        user = users.sign_in(email, request.form.get("password", ""), settings("console"))
    except Unauthenticated as error:
        clients.count_failed_sign_in(address, settings("console"))
        return _sign_in_form(error.message, email, 401)
    _, token = console_sessions.start(user, settings("console"))
    response = redirect(safe_next(request.args.get("next")))
    sessions.set_cookie(response, token)
    response.delete_cookie(SIGN_IN_CSRF_COOKIE, path="/console")
    return response


def _sign_in_form(error=None, email="", status=200):
    """The form, with a fresh double-submit CSRF token (cookie and field): there is no
    session yet to hold one."""
    token = request.cookies.get(SIGN_IN_CSRF_COOKIE) or secrets.token_urlsafe(32)
    response = make_response(
        page("sign_in.html", status, title="Sign in", error=error, email=email, sign_in_csrf=token)
    )
    response.set_cookie(
        SIGN_IN_CSRF_COOKIE,
        token,
        path="/console",
        httponly=True,
        samesite="Lax",
        secure=settings("server")["public_url"].startswith("https://"),
    )
    return response


@blp.post("/sign-out")
def sign_out():
    """Sign this browser out."""
    console_sessions.end(sessions.current())
    response = redirect(url_for("console.sign_in"))
    sessions.clear_cookie(response)
    return response


@blp.post("/sign-out-everywhere")
def sign_out_everywhere():
    """Sign every browser of this user out, this one included."""
    console_sessions.end_all(g.user)
    response = redirect(url_for("console.sign_in"))
    sessions.clear_cookie(response)
    return response


@blp.post("/mode")
def switch_mode():
    """Look at the live or the test resources."""
    mode = request.form.get("mode")
    if mode in MODES:
        console_sessions.switch_mode(sessions.current(), mode)
    return redirect(safe_next(request.form.get("next")))


@blp.route("/settings", methods=["GET", "POST"])
def user_settings():
    """Show or change the user's time zone."""
    errors = {}
    if request.method == "POST":
        try:
            users.set_time_zone(g.user, request.form.get("timeZone", ""))
            return redirect(url_for("console.user_settings", saved=1))
        except Invalid as error:
            errors = {"timeZone": error.details[0]["message"]}
    return _settings_page(errors)


@blp.post("/settings/password")
def change_password():
    """Replace the user's password; every other browser of theirs is signed out."""
    form = request.form
    try:
        users.change_password(
            sessions.current(),
            form.get("currentPassword", ""),
            form.get("newPassword", ""),
            settings("console"),
        )
    except Invalid as error:
        return _settings_page(form_errors(error))
    return redirect(url_for("console.user_settings", password=1))


def _settings_page(errors):
    return page("settings.html", 400 if errors else 200, title="Settings", zones=IANA_ZONES, errors=errors)
