"""Usage: the key's rate limits now, and its account's usage per UTC day."""

from flask import g
from flask.views import MethodView

from postline.limits import usage
from postline.web import limits
from postline.web.api import Blueprint, requires
from postline.web.envelopes import envelope, list_envelope, single
from postline.web.listing import days_page, links_next_page, page_fields, scope
from routes import examples
from schemas import (
    UsageDayDetailSchema,
    UsageDayQuerySchema,
    UsageDaySchema,
    UsageHistoryRangeSchema,
    UsageSummarySchema,
)

blp = Blueprint("usage", __name__, url_prefix="/v1/usage", description="Rate limits and usage.")

HistoryQuerySchema = UsageHistoryRangeSchema.from_dict(page_fields(), name="UsageHistoryQuery")


@blp.route("")
class Usage(MethodView):
    @blp.doc(operationId="getUsage")
    @requires("analytics:read")
    @blp.response(200, envelope(UsageSummarySchema), example=examples.data(examples.USAGE))
    def get(self):
        """Show this key's rate limits and the account's usage today

        `limits` are this key's sliding windows, this request included; test keys have
        one window of 1,000 requests a minute, so their `hour` and `day` are null.
        `today` counts the whole account in this key's mode, since 00:00 UTC.
        """
        key = g.api_key
        return single(
            {
                "plan": key.account.plan,
                "mode": key.mode,
                "limits": limits.standing(key),
                "today": usage.record(key.account_id, key.mode, usage.today()),
            }
        )


@blp.route("/history")
class UsageHistory(MethodView):
    @blp.doc(operationId="listUsageDays")
    @requires("analytics:read")
    @blp.arguments(HistoryQuerySchema, location="query")
    @blp.response(200, list_envelope(UsageDaySchema), example=examples.page(examples.USAGE_DAY))
    @links_next_page
    def get(self, args):
        """List the account's usage per UTC day, oldest first

        Every day from `from` to `to` (both included, at most 366 days) has a record,
        with zeros where nothing happened. Default: the last 30 days.
        """
        key = g.api_key

        def read(first, last):
            return usage.history(key.account_id, key.mode, first, last, 1, (last - first).days + 1)[0]

        return days_page(scope(key), args, g.request_id, read)


@blp.route("/day")
class UsageOnDay(MethodView):
    @blp.doc(operationId="getUsageDay")
    @requires("analytics:read")
    @blp.arguments(UsageDayQuerySchema, location="query")
    @blp.response(200, envelope(UsageDayDetailSchema), example=examples.data(examples.USAGE_DAY_DETAIL))
    def get(self, args):
        """Show the account's usage on one UTC day, with requests per endpoint

        `date` is a UTC day written YYYY-MM-DD; `endpoints` lists route templates, busiest first.
        """
        key, day = g.api_key, args["date"]
        endpoints = usage.endpoints(key.account_id, key.mode, day)
        return single({**usage.record(key.account_id, key.mode, day), "endpoints": endpoints})
