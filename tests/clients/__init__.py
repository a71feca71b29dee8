"""The generated SDKs in clients/ (clients/README.md)."""
