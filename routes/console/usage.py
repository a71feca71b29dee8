"""Usage: requests and posts per day over the last 30 days as a chart drawn on the
server (an SVG, no script), the plan and its limits."""

import datetime

from postline.limits import usage
from postline.web import limits
from routes.console.base import blp, page, principal

DAYS = 30
CHART = {"width": 720, "height": 220, "left": 44, "bottom": 28, "top": 12}
SERIES = (("requests", "Requests", "series-requests"), ("posts_created", "Posts created", "series-posts"))


def chart(records):
    """The bars of each series and the y axis, laid out for the SVG in usage.html."""
    inner_width = CHART["width"] - CHART["left"] - 8
    inner_height = CHART["height"] - CHART["bottom"] - CHART["top"]
    highest = max(record[name] for record in records for name, _, _ in SERIES)
    peak = max(4, -(-highest // 4) * 4)  # a multiple of 4, so the five ticks are whole numbers
    slot = inner_width / len(records)
    bar = max(slot / (len(SERIES) + 1), 1)
    bars = []
    for index, record in enumerate(records):
        for offset, (name, label, css) in enumerate(SERIES):
            height = inner_height * record[name] / peak
            bars.append(
                {
                    "x": round(CHART["left"] + index * slot + offset * bar + bar / 2, 1),
                    "y": round(CHART["top"] + inner_height - height, 1),
                    "width": round(bar, 1),
                    "height": round(height, 1),
                    "css": css,
                    "title": f"{record['date'].isoformat()}: {record[name]} {label.lower()}",
                }
            )
    ticks = [
        {"value": peak * n // 4, "y": round(CHART["top"] + inner_height * (1 - n / 4), 1)} for n in range(5)
    ]
    labels = [
        {"x": round(CHART["left"] + index * slot + slot / 2, 1), "text": record["date"].strftime("%d %b")}
        for index, record in enumerate(records)
        if index % 5 == 0 or index == len(records) - 1
    ]
    return {
        **CHART,
        "bars": bars,
        "ticks": ticks,
        "labels": labels,
        "baseline": CHART["height"] - CHART["bottom"],
    }


@blp.get("/usage")
def usage_page():
    """Show requests and posts per day, the plan and its limits."""
    caller = principal()
    last = usage.today()
    first = last - datetime.timedelta(days=DAYS - 1)
    records, _ = usage.history(caller.account_id, caller.mode, first, last, 1, DAYS)
    limiter = limits.limiter()
    return page(
        "usage.html",
        title="Usage",
        records=records,
        chart=chart(records),
        series=SERIES,
        plan=caller.account.plan,
        key_limits=None if limiter is None else limiter.key_limits(caller),
        today=records[-1],
    )
