"""pytest-xdist's `--dist loadgroup`, working on pytest 9.

xdist 3.8 puts a test in its `xdist_group` by appending `@<group>` to the test's node
id, through `item._nodeid`, which pytest 9 no longer reads: a node id lives in
`item._id` (a `_pytest.nodeid.NodeId`), and the groups were silently ignored. This
plugin (tests/conftest.py loads it) appends the suffix in pytest 9's terms, last,
after `-m`, `-k` and `--deselect` have matched the plain ids.
tests/test_xdist_groups.py fails when either library changes what this relies on.
"""

import pytest
from _pytest.nodeid import NodeId


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config, items):
    if not getattr(config.option, "loadgroup", False):
        return
    for item in items:
        names = {
            str(mark.args[0] if mark.args else mark.kwargs.get("name", "default"))
            for mark in item.iter_markers("xdist_group")
        }
        grouped = item.nodeid.rfind("@") > item.nodeid.rfind("]")  # as xdist reads a suffix
        if names and not grouped:
            item._id = NodeId.parse(f"{item.nodeid}@{'_'.join(sorted(names))}")
