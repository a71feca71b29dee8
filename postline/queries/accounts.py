"""Queries of accounts and API keys."""

from models import ApiKey
from postline import db

# Every authenticated request looks its key up.
KEY_WITH_PREFIX = db.Compiled(lambda prefix: ApiKey.with_prefix(prefix), prepare=True)
