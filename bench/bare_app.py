"""The baseline: a bare Flask app doing the least an API endpoint can do."""

from flask import Flask, request

app = Flask(__name__)


@app.get("/")
def read():
    return {"data": {"status": "ok"}}


@app.post("/")
def write():
    return {"data": request.get_json()}, 201
