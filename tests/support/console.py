"""A person at the web console, through the Flask test client: signs in, reads the
CSRF token off each page, and sends forms with it."""

import re

from postline.accounts import accounts, users

PASSWORD = "correct horse battery staple"
CSRF = re.compile(r'name="csrf_token" value="([^"]*)"')


def make_user(email="ada@example.com", account="acme", password=PASSWORD):
    """A console user of `account` (created on the free plan if missing)."""
    return users.create(accounts.find_or_create(account, "free").id, email, password)


class Console:
    def __init__(self, client):
        self.client = client
        self.csrf = None

    def get(self, path, **kwargs):
        response = self.client.get(path, **kwargs)
        found = CSRF.search(response.get_data(as_text=True))
        if found:
            self.csrf = found.group(1)
        return response

    def post(self, path, data=None, csrf=True, **kwargs):
        """Send a form; with the page's CSRF token unless `csrf` is False."""
        data = dict(data or {})
        if csrf:
            data.setdefault("csrf_token", self.csrf)
        response = self.client.post(path, data=data, **kwargs)
        found = CSRF.search(response.get_data(as_text=True))
        if found:
            self.csrf = found.group(1)
        return response

    def sign_in(self, email="ada@example.com", password=PASSWORD):
        self.get("/console/sign-in")
        return self.post("/console/sign-in", {"email": email, "password": password})

    def text(self, path):
        response = self.get(path)
        assert response.status_code == 200, response.get_data(as_text=True)[:500]
        return response.get_data(as_text=True)
