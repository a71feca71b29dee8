"""flask-smorest, fitted to the contract: 400 for bad input, one error shape, and
per-view authentication rules that are both enforced and documented.
"""

import functools
import re
import weakref
from copy import deepcopy
from dataclasses import dataclass

import flask_smorest
import marshmallow
from flask import current_app
from flask_smorest.utils import (
    deepupdate,
    resolve_schema_instance,
    set_status_and_headers_in_response,
    unpack_tuple_response,
)
from webargs.flaskparser import FlaskParser
from webargs.multidictproxy import MultiDictProxy
from werkzeug import Response
from werkzeug.datastructures import CombinedMultiDict
from werkzeug.routing import BaseConverter

from postline import platforms
from postline.errors import Invalid
from postline.web.body import UNSTORABLE, json_body, storable_text
from postline.web.choices import known_today
from postline.web.envelopes import ErrorResponseSchema
from postline.web.errors import MAX_DETAILS, error_response, from_http_exception
from postline.web.fields import Timestamp, input_field_properties
from postline.web.openapi import (
    EXTRA_PARAMETERS,
    MarshmallowPlugin,
    OperationsPlugin,
    closed_set_properties,
    document_events,
    instant_properties,
    null_properties,
    platform_choice_properties,
    register_components,
)

JSON = "application/json"
MULTIPART = "multipart/form-data"
CSV = "text/csv"
NDJSON = "application/x-ndjson"
# Bodies read as bytes (postline/web/body.py `raw_body`): a file import's.
RAW_TYPES = (CSV, NDJSON)


class Parser(FlaskParser):
    # The contract answers every invalid request with 400, not webargs' 422.
    DEFAULT_VALIDATION_STATUS = 400
    # A misspelt query parameter (filter[statuss]) is an error, as in a body.
    DEFAULT_UNKNOWN_BY_LOCATION = {
        **FlaskParser.DEFAULT_UNKNOWN_BY_LOCATION,
        "query": marshmallow.RAISE,
        "multipart": marshmallow.RAISE,
    }
    # A multipart form's text fields and files read as one, so one schema (documented
    # as one multipart/form-data body) describes an upload.
    __location_map__ = {**FlaskParser.__location_map__, "multipart": "load_multipart"}

    def load_multipart(self, req, schema):
        for name, value in req.form.items(multi=True):
            if not storable_text(value):
                raise Invalid.field(name, UNSTORABLE)
        return MultiDictProxy(CombinedMultiDict([req.form, req.files]), schema)

    def _raw_load_json(self, req):
        # webargs' one hook for the body: ours reads it strictly (postline/web/body.py).
        # A view that takes a body needs one: a PATCH without a body is not "change nothing".
        body = json_body()
        if body is None:
            raise Invalid.field("body", "is required: send a JSON object")
        return body

    def load_json(self, req, schema):
        body = super().load_json(req, schema)
        if isinstance(body, dict) and len(body) > MAX_DETAILS:
            # Refused before marshmallow writes one error per field: a body of 50,000
            # unknown fields costs a set difference, not 50,000 error messages.
            known = {field.data_key or name for name, field in schema.load_fields.items()}
            unknown = [name for name in body if name not in known]
            if len(unknown) >= MAX_DETAILS:
                raise Invalid([{"field": name, "message": "Unknown field."} for name in unknown])
        return body

    def load_querystring(self, req, schema):
        for name, values in req.args.lists():
            if not storable_text(name):
                raise Invalid.field("query", UNSTORABLE)
            for value in values:
                if not storable_text(value):
                    raise Invalid.field(name, UNSTORABLE)
        # A dict, not webargs' proxy over werkzeug's MultiDict: marshmallow asks for every
        # field of the schema, and for each the query does not name the MultiDict raised
        # and caught an HTTP exception (28 fields on GET /v1/posts, whose query took
        # 113 us to load and now 63). Each name's first value, or all of them for a
        # field that takes several, as the proxy gives them.
        several = _taking_several.get(schema)
        if several is None:
            several = _taking_several[schema] = MultiDictProxy({}, schema).multiple_keys
        return {name: values if name in several else values[0] for name, values in req.args.lists()}

    def _process_location_data(self, location_data, schema, req, location, unknown, validators):
        # webargs' step from a location's raw values to the loaded arguments. A listing's
        # query schema (`pure_query` set by postline/web/listing.py: what it loads depends
        # on the query string alone) is loaded once per query string, not on every page
        # of every poll: marshmallow loading its 28 fields was 8% of GET /v1/posts.
        # Only successful loads of plain values are kept; each caller gets its own dict
        # and lists, so a view that changes its arguments changes no other request's.
        if location != "query" or validators or not getattr(schema, "pure_query", False):
            return super()._process_location_data(location_data, schema, req, location, unknown, validators)
        known = _pure_loads.get(schema)
        if known is None:  # not setdefault: it makes a weak reference on every call
            known = _pure_loads[schema] = {}
        raw = location_data.items()
        key = (unknown, *((name, tuple(value) if type(value) is list else value) for name, value in raw))
        loaded = known.get(key)
        if loaded is None:
            loaded = super()._process_location_data(location_data, schema, req, location, unknown, validators)
            if not all(_plain(value) for value in loaded.values()):
                return loaded
            if len(known) >= MOST_QUERIES_KEPT:
                known.clear()  # a crawl through cursors makes new strings: start afresh
            known[key] = loaded
        return {name: list(value) if type(value) is list else value for name, value in loaded.items()}


# A query schema's fields that take several values (lists), by schema instance.
_taking_several = weakref.WeakKeyDictionary()
# A listing's query schema -> {(unknown, its raw query values): what they loaded}.
_pure_loads = weakref.WeakKeyDictionary()
MOST_QUERIES_KEPT = 256
_SCALARS = (str, int, float, bool, type(None))


def _plain(value):
    """Whether a loaded value can be handed out again: a scalar, or a list of them."""
    return type(value) in _SCALARS or (type(value) is list and all(type(item) in _SCALARS for item in value))


class PrefixedId(BaseConverter):
    """A resource id in a path: its kind's prefix (`post_`), then the rest of the segment.
    A fixed word (`batch`, `import`, `upload`, `sandbox`, a provider's name) is no id,
    so it never reaches an id route, nor shows that route's methods in an OPTIONS
    answer or a 405's `Allow`."""

    part_isolating = True  # one segment: the regex never matches "/"
    prefix = ""

    @classmethod
    def of(cls, prefix):
        return type(f"{prefix.title()}Id", (cls,), {"prefix": prefix, "regex": re.escape(prefix) + "[^/]+"})

    def schema(self):
        """How the OpenAPI document shows it: a string with the prefix."""
        return {"type": "string", "pattern": f"^{re.escape(self.prefix)}[^/]+$"}


# Every path parameter, described once for every route that takes it: (description,
# example, the prefix of the ids it takes or None for a word such as a provider's name).
PATH_PARAMETERS = {
    "channel_id": ("The channel's id, `ch_...`", "ch_01jd3x8t2k9s7a6b5c4d3e2f1g", "ch_"),
    "post_id": ("The post's id, `post_...`", "post_01jd3xa0q4w8e2r6t0y4u8i2o6", "post_"),
    "webhook_id": ("The webhook's id, `wh_...`", "wh_01jd3xb6m3n7b1v5c9x3z7l1k5", "wh_"),
    "delivery_id": ("The delivery's id, `whd_...`", "whd_01jd3xc2p6o0i4u8y2t6r0e4w8", "whd_"),
    "key_id": ("The API key's id, `key_...` (not the key itself)", "key_01jd3x7e1r5t9y3u7i1o5p9a3s", "key_"),
    "media_key": ("The media file's key, `med_....<ext>`", "med_01jd3xd8q2w6e0r4t8y2u6i0o4.png", "med_"),
    "connection_id": ("The connection's id, `conn_...`", "conn_01jd3xe4r8t2y6u0i4o8p2a6s0", "conn_"),
    "series_id": ("The series' id, `ser_...`", "ser_01jd3xf0t4y8u2i6o0p4a8s2d6", "ser_"),
    "import_id": ("The import's id, `imp_...`", "imp_01jd3xf0t4y8u2i6o0p4a8s2d6", "imp_"),
    "provider": (
        "The provider (GET /v1/platforms lists this server's); "
        + known_today(
            f"{name} ({adapter.name})" if name != adapter.name.lower() else name
            for name, adapter in platforms.PROVIDERS.items()
        ),
        "x",
        None,
    ),
}
# A converter per id kind, named by its prefix: `<post_:post_id>` matches `post_...` only.
ID_CONVERTERS = {
    prefix: PrefixedId.of(prefix) for _, _, prefix in PATH_PARAMETERS.values() if prefix is not None
}


class Blueprint(flask_smorest.Blueprint):
    ARGUMENTS_PARSER = Parser()

    @staticmethod
    def doc(**kwargs):
        """As flask-smorest's, but `parameters` join the operation's others (those of
        @blp.arguments, of another doc such as @idempotent's) instead of replacing them:
        flask-smorest merges a doc's dicts but writes its lists over. They are kept by
        `in` and name, a dict that merges, until OperationsPlugin lists them.

        And the view itself carries the documentation: flask-smorest's wraps it in a
        function of its own, which every request then went through (twice on a view
        with an operationId and an authentication rule), only to keep the view's
        documentation apart from the wrapper's; each view here is decorated once."""
        parameters = kwargs.pop("parameters", None)
        if parameters:
            kwargs[EXTRA_PARAMETERS] = {f"{p['in']} {p['name']}": p for p in parameters}

        def decorator(view):
            apidoc = deepcopy(getattr(view, "_apidoc", {}))
            apidoc["manual_doc"] = deepupdate(deepcopy(apidoc.get("manual_doc", {})), kwargs)
            view._apidoc = apidoc
            return view

        return decorator

    def response(self, status_code, schema=None, **kwargs):
        """As flask-smorest's, whose documentation of the answer it keeps, with an
        answer made more directly on each request: flask-smorest's looked up the app,
        its context and its JSON provider, kept the dumped data for an ETag (none here),
        and set the status on the answer after making it with another: 4% of the
        instructions of GET /v1/health. A view's answer is sync, as Flask's
        `ensure_sync` found each one here."""
        schema = None if schema is None else resolve_schema_instance(schema)
        document = super().response(status_code, schema, **kwargs)
        dump = None if schema is None else schema.dump

        def decorator(view):
            documented = document(view)

            @functools.wraps(view)
            def answering(*args, **kwargs):
                body, status, headers = unpack_tuple_response(view(*args, **kwargs))
                if isinstance(body, Response):
                    set_status_and_headers_in_response(body, status, headers)
                    return body
                data = body if dump is None else dump(body)
                answer = current_app.json.answer(data, status_code if status is None else status)
                if headers:
                    answer.headers.extend(headers)
                return answer

            answering._apidoc = documented._apidoc
            return answering

        return decorator

    def arguments(self, schema, *args, **kwargs):
        """As flask-smorest's, with one schema instance for every request: given a class,
        webargs would build an instance (a deep copy of its fields) on each one."""
        return super().arguments(schema() if isinstance(schema, type) else schema, *args, **kwargs)

    def route(self, rule, *, parameters=None, **options):
        """A route whose path parameters are documented from PATH_PARAMETERS (a name
        missing there fails at import: every parameter is described), each id matched by
        its kind's converter: `/<post_id>` is `/<post_:post_id>`, so that routes to come
        are as safe from fixed words as these."""
        names = re.findall(r"<(?:[^:<>]+:)?([^<>]+)>", rule)
        described = [
            {
                "in": "path",
                "name": name,
                "description": PATH_PARAMETERS[name][0],
                "example": PATH_PARAMETERS[name][1],
            }
            for name in names
        ]
        rule = re.sub(r"<([^:<>]+)>", _with_converter, rule)
        return super().route(rule, parameters=[*described, *(parameters or [])], **options)

    DEFAULT_LOCATION_CONTENT_TYPE_MAPPING = {
        **flask_smorest.Blueprint.DEFAULT_LOCATION_CONTENT_TYPE_MAPPING,
        "multipart": MULTIPART,
    }


def _with_converter(match):
    """`<post_id>` as `<post_:post_id>`; a parameter that is no id stays as it is."""
    prefix = PATH_PARAMETERS[match.group(1)][2]
    return match.group(0) if prefix is None else f"<{prefix}:{match.group(1)}>"


LICENSE = {"name": "MIT", "url": "https://opensource.org/licenses/MIT"}


class Api(flask_smorest.Api):
    ERROR_SCHEMA = ErrorResponseSchema

    def __init__(self, app=None, **kwargs):
        super().__init__(
            app,
            spec_kwargs={"marshmallow_plugin": MarshmallowPlugin(), "extra_plugins": [OperationsPlugin()]},
            **kwargs,
        )

    def init_app(self, app, **kwargs):
        app.url_map.converters.update(ID_CONVERTERS)
        super().init_app(app, **kwargs)
        self.register_converter(PrefixedId, PrefixedId.schema)
        self.register_field(Timestamp, "integer", "int64")
        self.spec.options.setdefault("info", {})["license"] = LICENSE
        attribute_functions = (
            input_field_properties,
            closed_set_properties,
            platform_choice_properties,
            instant_properties,
            null_properties,
        )
        for attribute_function in attribute_functions:
            self.ma_plugin.converter.add_attribute_function(attribute_function)

    def _register_responses(self):
        register_components(self.spec, self.ERROR_SCHEMA)

    def _register_pagination_header(self):
        """None: lists say where they stand in `meta.pagination`, not in flask-smorest's header."""

    def document_events(self, events):
        """The webhook events in the document (postline/web/openapi.py, `document_events`)."""
        document_events(self.spec, events)

    def handle_http_exception(self, error):
        return error_response(from_http_exception(error))


@dataclass(frozen=True)
class AuthRule:
    """Who may call a view: a key with a permission, any valid key (`any_key`), or no key
    at all (`keyless`); and the body types it reads."""

    permission: str = None
    content_types: tuple = (JSON,)
    keyless: bool = False
    any_key: bool = False


def requires(permission, content_types=(JSON,)):
    """Mark a view as needing a valid API key with `permission` (its error answers are
    derived from that: postline/web/openapi.py, `error_statuses`)."""
    return _rule(AuthRule(permission, content_types), {"x-permission": permission})


def any_key():
    """Mark a view that any valid API key may call, whatever its permissions (its health,
    the platforms this server offers): documented as `x-permission: null`, without a 403."""
    return _rule(AuthRule(any_key=True), {"x-permission": None})


def keyless():
    """Mark a view that answers without an API key (an OAuth callback: its signed
    `state` authenticates it)."""
    return _rule(AuthRule(keyless=True), {"security": []})


def _rule(rule, doc):
    def decorator(view):
        view = Blueprint.doc(**doc)(view)
        view.auth_rule = rule
        return view

    return decorator


def auth_rules(app):
    """{(endpoint, METHOD): (AuthRule, "METHOD /v1/path/{param}")} for every /v1 route
    (and its /api twin), worked out once; a route without a rule is a bug. The second
    item names the endpoint for rate limits, usage and idempotency keys alike."""
    rules = {}
    for url_rule in app.url_map.iter_rules():
        if not url_rule.rule.startswith(("/v1/", "/api/")):
            continue
        view = app.view_functions[url_rule.endpoint]
        for method in url_rule.methods - {"HEAD", "OPTIONS"}:
            rule = auth_rule(view, method)
            if rule is None:
                raise RuntimeError(f"{method} {url_rule.rule} declares no @requires")
            rules[(url_rule.endpoint, method)] = (rule, f"{method} {route_template(url_rule.rule)}")
    return rules


def auth_rule(view, method):
    """The AuthRule of a view function (or of its MethodView's `method`), or None."""
    handler = getattr(getattr(view, "view_class", None), method.lower(), view)
    return getattr(handler, "auth_rule", None)


@functools.cache
def route_template(rule):
    """A Flask rule as an OpenAPI path: `/v1/api-keys/<key_id>` -> `/v1/api-keys/{key_id}`."""
    return re.sub(r"<(?:[^:<>]+:)?([^<>]+)>", r"{\1}", rule)
