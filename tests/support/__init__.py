"""What the tests share: real server processes and their environment, scratch
databases, webhook receivers, fake platforms, media files and an S3 server, the
authenticated test client, and assertions on the error shape. Tests import these from
here, never from each other."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
