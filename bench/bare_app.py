"""The baseline: a bare Flask app doing the least an API endpoint can do.

It answers every GET and POST to `/` with the JSON body in `BARE_BODY_FILE` (the
answer of the endpoint it stands beside, so both encode as much JSON) and the status
`BARE_STATUS`; without them, a small fixed body.
"""

import json
import os

from flask import Flask, request

app = Flask(__name__)
BODY = json.loads(open(os.environ["BARE_BODY_FILE"]).read()) if "BARE_BODY_FILE" in os.environ else None
STATUS = int(os.environ.get("BARE_STATUS", "200"))


@app.get("/")
def read():
    return (BODY or {"data": {"status": "ok"}}), STATUS


@app.post("/")
def write():
    request.get_json()
    return (BODY or {"data": request.get_json()}), STATUS
