"""Marshmallow schemas: what the API reads and what it answers, one module per resource
(`common` holds what several share); `schemas.py` at the top level re-exports them.

Request schemas reject unknown fields (marshmallow's default RAISE), so a typo
such as `scheduled_for` is a 400, never silently ignored. Attributes are the
models' snake_case names; `data_key` gives the API's camelCase.
"""
