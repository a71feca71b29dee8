"""The app's Flask class answers Flask's "is this an async def?" from a function's code
(postline/web/flask_app.py): the same answer as Flask's own, for every kind of callable
Flask and flask-smorest hand it. Checked against Flask's on each upgrade."""

import functools

import pytest
from flask import Flask

from postline.web.flask_app import PostlineFlask


def plain():
    return "sync"


async def coroutine():
    return "async"


class View:
    def get(self):
        return "sync"

    async def post(self):
        return "async"


@pytest.mark.parametrize(
    "func",
    [plain, View().get, functools.partial(plain), functools.wraps(plain)(lambda: plain())],
    ids=["function", "method", "partial", "wrapper"],
)
def test_a_sync_callable_is_called_as_it_is(func):
    assert PostlineFlask(__name__).ensure_sync(func) is func
    assert Flask(__name__).ensure_sync(func) is func


@pytest.mark.parametrize(
    "func", [coroutine, View().post, functools.partial(coroutine)], ids=["function", "method", "partial"]
)
def test_a_coroutine_function_goes_to_flask_as_before(func):
    """Without Flask's `async` extra (asgiref), Flask refuses one; with it, wraps it."""
    outcomes = []
    for app in (PostlineFlask(__name__), Flask(__name__)):
        try:
            outcomes.append(app.ensure_sync(func) is func)
        except RuntimeError as error:
            outcomes.append(str(error))
    assert outcomes[0] == outcomes[1] and outcomes[0] is not True
