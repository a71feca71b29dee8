"""Accounts: created by the CLI (or the first start), each on a rate-limit plan."""

from models import Account
from postline import ids
from postline.errors import NotFound

DEFAULT_ACCOUNT = "default"


def find_or_create(name, plan):
    """The account called `name`, created on the given plan if it does not exist."""
    account = Account.get_or_none(Account.name == name)
    if account is None:
        account = Account.create(id=ids.new_id("acct"), name=name, plan=plan)
    return account


def set_plan(name, plan):
    """Move the account called `name` to `plan`."""
    if not Account.update(plan=plan).where(Account.name == name).execute():
        raise NotFound(f"No account named {name!r}.")
