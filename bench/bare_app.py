"""The baselines of bench/api.py: bare Flask apps doing the least an API endpoint can do.

Each answers every GET and POST to `/` with the body in `BARE_BODY_FILE` (the answer of
the endpoint it stands beside, as bytes) and the status `BARE_STATUS`; without them, a
small fixed body.

- `app`, the baseline: the body's bytes as read at start, no JSON work per request (a
  POST's body is read, not parsed). The least a WSGI app can do for the same answer.
- `looked_up()`, the floor: `app` after the one query every request with a key makes
  (the key lookup, as Postline runs it). What no path that checks a key can beat.
- `jsonified`, the baseline before issue 30: the body decoded once at start and
  encoded again on every request by Flask's `jsonify`, a POST's body parsed. It did
  JSON work Postline's answer is measured doing, so it flattered the ratios; printed
  beside the new one for one release.
"""

import json
import os

from flask import Flask, request

BODY = (
    open(os.environ["BARE_BODY_FILE"], "rb").read()
    if "BARE_BODY_FILE" in os.environ
    else b'{"data":{"status":"ok"}}'
)
STATUS = int(os.environ.get("BARE_STATUS", "200"))

app = Flask(__name__)


@app.route("/", methods=["GET", "POST"])
def answer():
    request.get_data()
    return app.response_class(BODY, STATUS, mimetype="application/json")


jsonified = Flask(__name__)
DECODED = json.loads(BODY)


@jsonified.get("/")
def read():
    return DECODED, STATUS


@jsonified.post("/")
def write():
    request.get_json()
    return DECODED, STATUS


def looked_up():
    """`app` that first looks the request's API key up (gunicorn `bench.bare_app:looked_up()`):
    the one query an API that refuses a deleted key from the next request on must make
    on every request, with the SQL text Postline runs (prepared once per connection on
    PostgreSQL, as Postline prepares it), through the database driver alone, one
    connection per thread. No decoding, no checks: its ratio to `app` is the most any
    path that checks a key can reach on this machine and database.
    """
    import threading

    from peewee import Value

    from models import ApiKey
    from postline import db
    from postline.db import prepared

    url = os.environ["DATABASE_URL"]
    db.database.initialize(db.connect(url))
    sql, params = ApiKey.with_prefix(Value("prefix")).sql()
    slot = params.index("prefix")
    sqlite = url.startswith("sqlite")
    if not sqlite:
        statement = prepared.Statement(sql)
        prepare, sql = statement.prepare, statement.execute
    connections = threading.local()
    looking_up = Flask(__name__)

    def connection():
        if getattr(connections, "open", None) is None:
            # The driver's connection as peewee opens it (autocommit; SQLite's pragmas),
            # outside peewee's per-thread bookkeeping, as postline/db/wakeups.py's listener.
            connections.open = db.database.obj._connect()
            if not sqlite:
                connections.open.cursor().execute(prepare)
        return connections.open

    @looking_up.route("/", methods=["GET", "POST"])
    def answer():
        values = list(params)
        values[slot] = request.headers.get("Authorization", "").split("_")[3]
        cursor = connection().cursor()
        cursor.execute(sql, values)
        cursor.fetchone()
        request.get_data()
        return looking_up.response_class(BODY, STATUS, mimetype="application/json")

    return looking_up
