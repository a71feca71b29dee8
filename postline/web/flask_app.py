"""The Flask application class: Flask's, with one check made cheaper.

Flask asks of every hook and view it calls whether it is an `async def` function
(`ensure_sync`), and flask-smorest asks again of each view it wraps: eleven times
on `GET /v1/health`, each through `inspect.iscoroutinefunction` (a partial
unwrapped, a method's function found, then the code's flags). A plain function or
method is answered here from its code's flags, as inspect reads them; anything else
(a partial, a callable object, a coroutine function) goes to Flask as before.
"""

import inspect

from flask import Flask


class PostlineFlask(Flask):
    def ensure_sync(self, func):
        target = getattr(func, "__func__", func)
        code = getattr(target, "__code__", None)
        # Python 3.12's inspect.markcoroutinefunction marks a function by an attribute
        # (looked for in its __dict__: hasattr would raise and catch on every call).
        marked = "_is_coroutine_marker" in getattr(target, "__dict__", ())
        if code is None or code.co_flags & inspect.CO_COROUTINE or marked:
            return super().ensure_sync(func)
        return func
