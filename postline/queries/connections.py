"""Queries of platform connections."""

from models import Connection
from postline import db

# Every platform call reads its connection (its tokens) afresh.
CONNECTION_BY_ID = db.Compiled(
    lambda connection_id: Connection.select().where(Connection.id == connection_id)
)
