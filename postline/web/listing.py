"""List endpoints: page/per_page or cursor, sort and filter[...] (docs/api.md, Lists).

A `Listing` declares what a resource can be filtered and sorted by. From that it
builds the query-string schema, so every allowed parameter appears in the
OpenAPI document and anything else is a 400 naming the parameter, and it turns
the parsed arguments into one page of a peewee query: by offset (`page`), or after
the position a cursor names (keyset pagination on the sort column and the id, so
that rows added or removed meanwhile shift nothing; postline/web/cursors.py).
"""

import datetime
import functools
from dataclasses import dataclass
from urllib.parse import urlencode

from flask import request
from marshmallow import Schema, ValidationError, fields, validate
from peewee import Tuple, fn
from webargs.fields import DelimitedList

from models import Scope
from postline import db
from postline.db.filters import conditions, shape_of
from postline.errors import Invalid
from postline.web import cursors
from postline.web.choices import Choice, ClosedSet, known_today, known_values
from postline.web.envelopes import list_body
from postline.web.fields import TimestampInput, WholeNumber

DEFAULT_PER_PAGE = 20
MAX_PER_PAGE = 100
MAX_CURSOR = 1000
PAGING = ("page", "cursor")  # what a next page's URL replaces
# Keeps OFFSET within what every database accepts; no real listing is this deep.
MAX_PAGE = 1_000_000

TIMESTAMP_OPERATORS = ("eq", "ne", "gt", "gte", "lt", "lte")
# How each operator reads in a parameter's description: "... whose `status` is ...".
OPERATOR_WORDS = {
    "string": {
        "eq": "is",
        "ne": "is not",
        "in": "is one of these values",
        "contains": "contains this text (case-sensitive)",
    },
    "timestamp": {
        "eq": "is exactly",
        "ne": "is not",
        "gt": "is after",
        "gte": "is at or after",
        "lt": "is before",
        "lte": "is at or before",
    },
}
FILTERS_HELP = "Filters combine with AND (docs/api.md, Lists)."


class FilterValues(DelimitedList):
    """The values of an `in` filter: comma-separated, `?filter[status][in]=a,b`, as the
    document says (`style: form, explode: false`), or the parameter repeated, `...=a&...=b`,
    as some generated clients send a list. Empty items are dropped; 1 to MAX_ITEMS values."""

    MAX_ITEMS = 100
    is_multiple = True  # webargs hands over every occurrence of the parameter

    def __init__(self, item, error, **kwargs):
        limits = {"minItems": 1, "maxItems": self.MAX_ITEMS}
        super().__init__(item, metadata={**limits, **kwargs.pop("metadata", {})}, **kwargs)
        self.error = error

    def _deserialize(self, value, attr, data, **kwargs):
        values = value if isinstance(value, list) else [value]
        if not all(isinstance(text, str) for text in values):
            raise ValidationError(self.error)
        items = [item for text in values for item in text.split(",") if item]
        if not items:
            raise ValidationError("needs at least one value")
        if len(items) > self.MAX_ITEMS:
            raise ValidationError(f"must be at most {self.MAX_ITEMS} values")
        try:
            return fields.List._deserialize(self, items, attr, data, **kwargs)
        except ValidationError:
            raise ValidationError(self.error) from None


@dataclass(frozen=True)
class Filter:
    """`filter[<name>][<op>]` on `column`; `kind` is "timestamp" or "string". `choices`,
    for a string, is a ClosedSet (documented as its enum) or the values an open set
    has today (documented as a string, listed in the description); checked either way."""

    name: str
    column: object
    operators: tuple
    kind: str = "string"
    choices: object = ()

    @property
    def known(self):
        return self.choices.values if isinstance(self.choices, ClosedSet) else self.choices

    def field(self, operator, noun):
        """The marshmallow field that reads this filter's value for `operator`; `noun`
        names what is listed, for its description."""
        where = f"Only {noun} whose `{self.name}` {OPERATOR_WORDS[self.kind][operator]}"
        if self.kind == "timestamp":
            where += " this time (Unix ms or ISO 8601 with an offset)"
        elif operator == "in":
            where += f": comma-separated, at most {FilterValues.MAX_ITEMS}"
        elif operator != "contains":
            where += " this value"
        if self.known and not isinstance(self.choices, ClosedSet):
            where += f" ({known_today(self.known)})"
        described = {"description": f"{where}. {FILTERS_HELP}"}
        if operator == "in":
            listed = f" of: {', '.join(self.known)}" if self.known else ""
            return FilterValues(
                self._value_field(), f"must be a comma-separated list{listed}", metadata=described
            )
        if self.kind == "timestamp":
            return TimestampInput(metadata=described)
        return self._value_field(metadata=described)

    def _value_field(self, **kwargs):
        if isinstance(self.choices, ClosedSet):
            return Choice(self.choices, **kwargs)
        if self.choices:
            return fields.String(validate=known_values(self.choices, "value"), **kwargs)
        return fields.String(validate=validate.Regexp(r"^[^,\u0000]+$"), **kwargs)


def page_fields():
    """The `page`, `per_page` and `cursor` query fields every list endpoint takes."""
    return {
        "page": WholeNumber(
            validate=validate.Range(min=1, max=MAX_PAGE),
            metadata={
                "description": "The page to return, from 1 (a page past the end is empty). Pages are "
                "offsets: rows added or removed between two requests shift later pages; `cursor` "
                "does not. Not with `cursor`.",
            },
        ),
        "per_page": WholeNumber(
            load_default=DEFAULT_PER_PAGE,
            validate=validate.Range(min=1, max=MAX_PER_PAGE),
            metadata={"description": f"Items per page, 1 to {MAX_PER_PAGE}"},
        ),
        "cursor": fields.String(
            validate=validate.Length(min=1, max=MAX_CURSOR),
            metadata={
                "description": "The page after the one that answered this `meta.pagination.next_cursor` "
                '(also in its `Link: <...>; rel="next"`). Send the same sort and filters: a page by '
                "cursor never repeats or skips a row that was there when the first page was read."
            },
        ),
    }


def page_number(args):
    """The offset page asked for (1 by default), or None when a cursor names the page."""
    if args.get("cursor") is None:
        return args.get("page", 1)
    if "page" in args:
        raise Invalid.field("page", "cannot be combined with `cursor`, which names its own page")
    return None


def links_next_page(view):
    """A list view's answer with `Link: <...>; rel="next"` when there is a next page: the
    request's own URL with the next cursor in place of `cursor` and `page`."""

    @functools.wraps(view)
    def wrapper(*args, **kwargs):
        body = view(*args, **kwargs)
        next_cursor = body["meta"]["pagination"]["next_cursor"]
        if next_cursor is None:
            return body
        query = [
            (name, value) for name, value in request.args.items(multi=True) if name not in ("cursor", "page")
        ]
        query = urlencode([*query, ("cursor", next_cursor)], safe="[],")
        return body, 200, {"Link": f'<{request.base_url}?{query}>; rel="next"'}

    return wrapper


def items_page(items, position, args, made_for, request_id):
    """The `{data, meta}` body of one page of `items`, a whole list read at once (the
    registry's providers, the boards a platform answered), by page or by cursor. The
    items are in increasing order of `position(item)` (JSON-able), which a cursor keeps:
    the next page starts after it, so items added or removed meanwhile shift nothing."""
    per_page, page = args["per_page"], page_number(args)
    if page is None:
        after = cursors.decode(args["cursor"], made_for)
        start = next((n for n, item in enumerate(items) if position(item) > after), len(items))
    else:
        start = (page - 1) * per_page
    shown = items[start : start + per_page]
    more = bool(shown) and start + len(shown) < len(items)
    next_cursor = cursors.encode(made_for, position(shown[-1])) if more else None
    return list_body(shown, page, per_page, len(items), request_id, next_cursor)


def days_page(scope_values, args, request_id, read):
    """The `{data, meta}` body for one page of the days from `args["first"]` to
    `args["last"]`, oldest first, by page or by cursor (every day is a row, so a cursor
    is the last day shown); `read(first, last)` gives the records of those days."""
    first, last, per_page = args["first"], args["last"], args["per_page"]
    made_for = cursors.fingerprint("days", scope_values, request.args.get("from"), request.args.get("to"))
    page = page_number(args)
    if page is None:
        start = datetime.date.fromisoformat(cursors.decode(args["cursor"], made_for)) + datetime.timedelta(1)
    else:
        start = first + datetime.timedelta(days=min((page - 1) * per_page, (last - first).days + 1))
    end = min(last, start + datetime.timedelta(days=per_page - 1))
    records = read(start, end) if start <= end else []
    next_cursor = cursors.encode(made_for, end.isoformat()) if records and end < last else None
    return list_body(records, page, per_page, (last - first).days + 1, request_id, next_cursor)


def scope(key):
    """The scope values of an API key's listings: its account and mode."""
    return (key.account_id, key.mode)


class Listing:
    """One resource's list endpoint.

    `scope(*values)` is the query of the rows a caller may list; `page()` gets the
    caller's values for it: by default (account id, mode) for `visible_to`. Each page
    query is compiled once per shape of filters and sort (postline/db/compiled.py,
    `Shaped`), as building its SQL costs more than running it.
    """

    def __init__(self, name, model, filters=(), sorts=None, default_sort="createdAt", scope=None, noun=None):
        """`name` names the query schema (`Post` -> `PostListQuery`); `noun` what is listed
        (default the name in the plural: "posts")."""
        noun = noun or f"{name.lower()}s"
        self.name = name
        self.model = model
        self.scope = scope or (lambda account_id, mode: model.visible_to(Scope(account_id, mode)))
        self.sorts = sorts or {"createdAt": model.created_at}
        self.default_sort = default_sort
        self.parameters = {}  # "filter[status][in]" -> (Filter, "in")
        self.specs = {spec.name: spec for spec in filters}
        # Each page and count query is compiled once per shape of filters (and sort),
        # and prepared on PostgreSQL, whose planning of a page cost more than running it.
        self._pages = db.Shaped(self._page_query, prepare=True)
        self._counts = db.Shaped(self._count_query, prepare=True)
        schema_fields = {
            **page_fields(),
            "sort": fields.String(
                load_default=default_sort,
                validate=validate.OneOf([f"{p}{s}" for s in self.sorts for p in ("", "-")]),
                metadata={
                    "description": f"Order by {', '.join(f'`{s}`' for s in self.sorts)}; `-` in front "
                    f"for descending. Default `{default_sort}`; ties are broken by id."
                },
            ),
        }
        for spec in filters:
            for operator in spec.operators:
                names = [f"filter[{spec.name}][{operator}]"]
                if operator == "eq":
                    names.append(f"filter[{spec.name}]")
                for parameter in names:
                    schema_fields[parameter] = spec.field(operator, noun)
                    self.parameters[parameter] = (spec, operator)
        self.query_schema = Schema.from_dict(schema_fields, name=f"{name}ListQuery")
        # What it loads depends on the query string alone: loaded once per string (api.py).
        self.query_schema.pure_query = True

    def filters(self, args):
        """(Filter, operator, value) for each filter in the parsed arguments."""
        for parameter, value in args.items():
            if parameter in self.parameters:
                yield (*self.parameters[parameter], value)

    def named_filters(self, args):
        """(filter name, operator, value) for each filter in the parsed arguments."""
        return [(spec.name, operator, value) for spec, operator, value in self.filters(args)]

    def page(self, scope_values, args, request_id, total=None):
        """The `{data, meta}` body for one page of the scope, filtered and sorted by `args`,
        by offset (`page`) or after the row a `cursor` names.

        `total`, when the caller can count more cheaply than a COUNT, saves the count.
        """
        filters = sorted(self.filters(args), key=lambda item: (item[0].name, item[1]))
        named = [(spec.name, operator, value) for spec, operator, value in filters]
        shape, values = shape_of(named)
        values = [*scope_values, *values]
        sort, per_page, page = args["sort"], args["per_page"], page_number(args)
        made_for = cursors.fingerprint(self.name, scope_values, sort, named)
        if total is None:
            total = self._counts[len(scope_values), shape].first(*values)[0]
        # One row more than the page says whether another page follows.
        if page is None:
            after = cursors.decode(args["cursor"], made_for)
            rows_query = self._pages[len(scope_values), shape, sort, True]
            rows = list(rows_query.rows(*values, *after, per_page + 1))
        else:
            rows_query = self._pages[len(scope_values), shape, sort, False]
            rows = list(rows_query.rows(*values, per_page + 1, (page - 1) * per_page)) if total else []
        next_cursor = None
        if len(rows) > per_page:
            rows = rows[:per_page]
            next_cursor = cursors.encode(made_for, self._position(rows[-1], sort))
        return list_body(rows, page, per_page, total, request_id, next_cursor)

    def _position(self, row, sort):
        """Where a row stands in the `sort` order: its sort value and its id."""
        return [getattr(row, self.sorts[sort.lstrip("-")].name), row.id]

    def _filtered(self, scoped, shape):
        """A function of slots (the scope's, then the filters') to the filtered query."""

        def filtered(*slots):
            query = self.scope(*slots[:scoped])
            return query.where(*conditions(shape, slots[scoped:], self._column)) if shape else query

        return filtered

    def _column(self, filter_name):
        return self.specs[filter_name].column

    def _page_query(self, page_shape):
        scoped, shape, sort, after_a_row = page_shape
        filtered = self._filtered(scoped, shape)
        column, descending = self.sorts[sort.lstrip("-")], sort.startswith("-")
        order = (column.desc(), self.model.id.desc()) if descending else (column, self.model.id)
        if not after_a_row:
            return lambda *slots: filtered(*slots[:-2]).order_by(*order).limit(slots[-2]).offset(slots[-1])

        def after(*slots):
            # Keyset: the rows beyond (sort value, id) in this order; the id breaks ties.
            key, position = Tuple(column, self.model.id), Tuple(*slots[-3:-1])
            beyond = key < position if descending else key > position
            return filtered(*slots[:-3]).where(beyond).order_by(*order).limit(slots[-1])

        return after

    def _count_query(self, count_shape):
        filtered = self._filtered(*count_shape)
        return lambda *slots: filtered(*slots).select(fn.COUNT(self.model.id)).tuples()
