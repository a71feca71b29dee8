"""Accounts and their API keys: who is calling, in which mode, allowed to do what."""
