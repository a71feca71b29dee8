"""The baselines of bench/api.py: bare Flask apps doing the least an API endpoint can do.

Each answers every GET and POST to `/` with the body in `BARE_BODY_FILE` (the answer of
the endpoint it stands beside, as bytes) and the status `BARE_STATUS`; without them, a
small fixed body.

- `app`, the baseline: the body's bytes as read at start, no JSON work per request (a
  POST's body is read, not parsed). The least a WSGI app can do for the same answer.
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
