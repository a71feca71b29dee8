"""Everything HTTP: the flask-smorest Api, what runs around every request, the one
error shape, idempotency keys, listings, and the CLI. The only code under
postline/ that imports Flask, flask-smorest, webargs or apispec."""
