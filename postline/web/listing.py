"""List endpoints: page/per_page, sort and filter[...] (README, API notes: Listing).

A `Listing` declares what a resource can be filtered and sorted by. From that it
builds the query-string schema, so every allowed parameter appears in the
OpenAPI document and anything else is a 400 naming the parameter, and it turns
the parsed arguments into one page of a peewee query.
"""

from dataclasses import dataclass

from marshmallow import Schema, ValidationError, fields, validate
from peewee import fn
from webargs.fields import DelimitedList

from models import Scope
from postline import db
from postline.db.filters import conditions, shape_of
from postline.web.choices import Choice, ClosedSet, known_values
from postline.web.envelopes import list_body
from postline.web.fields import TimestampInput, WholeNumber

DEFAULT_PER_PAGE = 20
MAX_PER_PAGE = 100
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
        super().__init__(item, metadata={"maxItems": self.MAX_ITEMS, **kwargs.pop("metadata", {})}, **kwargs)
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
            where += f" (known today: {', '.join(self.known)})"
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
    """The `page` and `per_page` query fields every list endpoint takes."""
    return {
        "page": WholeNumber(
            load_default=1,
            validate=validate.Range(min=1, max=MAX_PAGE),
            metadata={"description": "The page to return, from 1 (a page past the end is empty)"},
        ),
        "per_page": WholeNumber(
            load_default=DEFAULT_PER_PAGE,
            validate=validate.Range(min=1, max=MAX_PER_PAGE),
            metadata={"description": f"Items per page, 1 to {MAX_PER_PAGE}"},
        ),
    }


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
        self.model = model
        self.scope = scope or (lambda account_id, mode: model.visible_to(Scope(account_id, mode)))
        self.sorts = sorts or {"createdAt": model.created_at}
        self.default_sort = default_sort
        self.parameters = {}  # "filter[status][in]" -> (Filter, "in")
        self.specs = {spec.name: spec for spec in filters}
        # Each page and count query is compiled once per shape of filters (and sort).
        self._pages = db.Shaped(self._page_query)
        self._counts = db.Shaped(self._count_query)
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

    def filters(self, args):
        """(Filter, operator, value) for each filter in the parsed arguments."""
        for parameter, value in args.items():
            if parameter in self.parameters:
                yield (*self.parameters[parameter], value)

    def named_filters(self, args):
        """(filter name, operator, value) for each filter in the parsed arguments."""
        return [(spec.name, operator, value) for spec, operator, value in self.filters(args)]

    def page(self, scope_values, args, request_id, total=None):
        """The `{data, meta}` body for one page of the scope, filtered and sorted by `args`.

        `total`, when the caller can count more cheaply than a COUNT, saves the count.
        """
        filters = sorted(self.filters(args), key=lambda item: (item[0].name, item[1]))
        shape, values = shape_of([(spec.name, operator, value) for spec, operator, value in filters])
        values = [*scope_values, *values]
        if total is None:
            total = self._counts[len(scope_values), shape].first(*values)[0]
        page, per_page = args["page"], args["per_page"]
        rows_query = self._pages[len(scope_values), shape, args["sort"]]
        rows = list(rows_query.rows(*values, per_page, (page - 1) * per_page)) if total else []
        return list_body(rows, page, per_page, total, request_id)

    def _filtered(self, scoped, shape):
        """A function of slots (the scope's, then the filters') to the filtered query."""

        def filtered(*slots):
            query = self.scope(*slots[:scoped])
            return query.where(*conditions(shape, slots[scoped:], self._column)) if shape else query

        return filtered

    def _column(self, filter_name):
        return self.specs[filter_name].column

    def _page_query(self, page_shape):
        scoped, shape, sort = page_shape
        filtered = self._filtered(scoped, shape)
        column = self.sorts[sort.lstrip("-")]
        order = (column.desc(), self.model.id.desc()) if sort.startswith("-") else (column, self.model.id)
        return lambda *slots: filtered(*slots[:-2]).order_by(*order).limit(slots[-2]).offset(slots[-1])

    def _count_query(self, count_shape):
        filtered = self._filtered(*count_shape)
        return lambda *slots: filtered(*slots).select(fn.COUNT(self.model.id)).tuples()
