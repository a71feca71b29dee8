"""Postline's domain and infrastructure modules, shared by the app, the worker and the CLI."""

VERSION = "0.1.0"
