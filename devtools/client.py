"""The Flask test client with an API key: what tests and benchmarks drive the API with
in their own process."""


class Api:
    """The Flask test client with a key's Authorization header on every request."""

    def __init__(self, client, key):
        self.client = client
        self.key = key

    def request(self, method, path, **kwargs):
        headers = {"Authorization": f"Bearer {self.key}", **kwargs.pop("headers", {})}
        return self.client.open(path, method=method, headers=headers, **kwargs)

    def get(self, path, **kwargs):
        return self.request("GET", path, **kwargs)

    def post(self, path, **kwargs):
        return self.request("POST", path, **kwargs)

    def patch(self, path, **kwargs):
        return self.request("PATCH", path, **kwargs)

    def delete(self, path, **kwargs):
        return self.request("DELETE", path, **kwargs)

    def as_key(self, key):
        return Api(self.client, key)
