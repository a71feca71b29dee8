"""The baseline of bench/media.py: a bare Flask app that receives a multipart upload and
saves its `file` part with werkzeug's FileStorage.save() into `BARE_UPLOAD_DIR`."""

import os
import uuid

from flask import Flask, request

app = Flask(__name__)
DIRECTORY = os.environ["BARE_UPLOAD_DIR"]


@app.post("/")
def save():
    upload = request.files["file"]
    path = os.path.join(DIRECTORY, uuid.uuid4().hex)
    upload.save(path)
    return {"data": {"size": os.path.getsize(path)}}, 201
