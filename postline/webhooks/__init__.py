"""Webhooks: subscriptions (create, change, delete), the events they receive, their
delivery by the worker, and the signature that proves a delivery is ours."""
