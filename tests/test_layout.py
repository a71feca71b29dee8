"""The layers point one way (docs/development.md, Layout): routes -> schemas -> postline.web ->
domain packages -> models -> postline.db and the base modules; no module imports
itself back through others; and the worker never loads the web stack."""

import ast
import subprocess
import sys

from tests.support import ROOT

# Lowest first; a module may import from its own layer or a lower one. A module is
# in the layer of the longest name here that it starts with, except that `postline`
# names the package's own __init__ only: each of its modules and packages is listed.
LAYERS = [
    (
        "base",
        [
            "postline",
            "postline.clock",
            "postline.config",
            "postline.db",
            "postline.errors",
            "postline.ids",
            "postline.keyring",
            "postline.log_batches",
            "postline.logs",
            "postline.statuses",
            "postline.timestamps",
        ],
    ),
    ("models", ["models", "postline.models"]),
    ("queries", ["postline.queries"]),
    (
        "domain",
        [
            "postline.accounts",
            "postline.channels",
            "postline.connections",
            "postline.imports",
            "postline.jobs",
            "postline.limits",
            "postline.metrics",
            "postline.media",
            "postline.net",
            "postline.platforms",
            "postline.posts",
            "postline.process",
            "postline.repeats",
            "postline.schedules",
            "postline.tallies",
            "postline.webhooks",
        ],
    ),
    ("web", ["postline.web"]),
    ("schemas", ["schemas", "postline.schemas"]),
    ("routes", ["routes"]),
    # The MCP server (mcp_server/) answers its tools through the app: an entry point beside it.
    ("entry points", ["app", "worker", "mcp_server"]),
    # The project's tools: benchmarks, the dev helpers and fake platforms, the task runner.
    ("tools", ["bench", "devtools", "tasks"]),
]
# Inside the domain layer, lowest first: a domain package imports only packages of
# an earlier row (docs/development.md, Layers). `net` and `platforms` are the leaves:
# the outbound HTTP client, and the platform adapters, which call out through it alone.
DOMAIN_ORDER = [
    ["postline.net"],
    ["postline.platforms"],
    [
        "postline.accounts",
        "postline.channels",
        "postline.limits",
        "postline.metrics",
        "postline.schedules",
        "postline.tallies",
    ],
    ["postline.jobs", "postline.media"],
    ["postline.webhooks"],
    ["postline.connections"],
    ["postline.posts"],
    ["postline.repeats"],
    ["postline.imports"],
    ["postline.process"],
]
# Modules that may import nothing of the project but their own package: the task runner
# (it runs before .venv exists, on the standard library alone) and the fake platforms
# (they are the outside world).
SELF_CONTAINED = {"tasks": "tasks", "devtools.fakes": "devtools.fakes"}
WEB_STACK = {"flask", "flask_smorest", "webargs", "apispec", "marshmallow", "werkzeug"}
WEB_LAYER = [name for name, _ in LAYERS].index("web")
# Names only these modules and their own may start with; `postline.x` is in no layer
# until LAYERS lists it.
ROOT_PACKAGES = {"postline"}


def layer_of(module):
    """The index of `module`'s layer, or None for a module outside the project."""
    best = None
    for index, (_, prefixes) in enumerate(LAYERS):
        for prefix in prefixes:
            inside = module.startswith(prefix + ".") and prefix not in ROOT_PACKAGES
            if (module == prefix or inside) and (best is None or len(prefix) > best[1]):
                best = (index, len(prefix))
    return None if best is None else best[0]


def project_modules():
    """{module name: path} of every Python module of the project but its tests."""
    paths = [ROOT / name for name in ("app.py", "worker.py", "models.py", "schemas.py", "tasks.py")]
    for package in ("routes", "postline", "bench", "devtools", "mcp_server"):
        paths += sorted((ROOT / package).rglob("*.py"))
    modules = {}
    for path in paths:
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        modules[".".join(parts)] = path
    return modules


def import_statements(path, at_load=False):
    """The import statements of `path`, wherever in the file; with `at_load`, only those
    that run when the module loads (an import inside a function runs when it is called)."""
    tree = ast.parse(path.read_text())
    if not at_load:
        return [node for node in ast.walk(tree) if isinstance(node, (ast.Import, ast.ImportFrom))]
    found, pending = [], [tree]
    while pending:
        for node in ast.iter_child_nodes(pending.pop()):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                found.append(node)
            elif not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                pending.append(node)
    return found


def imported(path, module, at_load=False):
    """(module imported from, [names imported]) per statement, with absolute names:
    `import a.b` gives ("a.b", []); `from .c import d` in package `a` gives ("a.c", ["d"])."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in import_statements(path, at_load):
        if isinstance(node, ast.Import):
            yield from ((alias.name, []) for alias in node.names)
            continue
        base = node.module or ""
        if node.level:
            anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
            base = ".".join(anchor + ([base] if base else []))
        yield base, [alias.name for alias in node.names]


def imports_of(path, module):
    """Every module `path` imports (absolute names), wherever in the file."""
    found = set()
    for base, names in imported(path, module):
        found.add(base)
        found.update(f"{base}.{name}" for name in names)
    return found


def load_graph(modules):
    """{module: the project modules it imports when it loads}. `from a import b` needs
    the module `a.b` if there is one, else the names `a`'s own code defines; any other
    name stands for the longest project module it starts with."""

    def owner(name):
        while name and name not in modules:
            name = name.rpartition(".")[0]
        return name or None

    graph = {}
    for module, path in modules.items():
        needed = set()
        for base, names in imported(path, module, at_load=True):
            needed.update(f"{base}.{name}" if f"{base}.{name}" in modules else base for name in names)
            if not names:
                needed.add(base)
        graph[module] = {owner(name) for name in needed} - {None, module}
    return graph


def cycles(graph):
    """Every import cycle a depth-first walk of `graph` meets, each as the modules along
    it, the first repeated at the end."""
    found, done, path = [], set(), []

    def visit(module):
        if module in path:
            found.append(path[path.index(module) :] + [module])
        elif module not in done:
            path.append(module)
            for each in sorted(graph.get(module, ())):
                visit(each)
            path.pop()
            done.add(module)

    for module in sorted(graph):
        visit(module)
    return found


def domain_rank(module):
    """The row of DOMAIN_ORDER `module` belongs to, and its package; (None, None) outside it."""
    for rank, packages in enumerate(DOMAIN_ORDER):
        for package in packages:
            if module == package or module.startswith(package + "."):
                return rank, package
    return None, None


def within(module, prefix):
    return module == prefix or module.startswith(prefix + ".")


def violations(modules):
    """Every import that points up the layers or the domain order, into the web stack
    from below it, into tests/ from outside, or out of a self-contained module."""
    wrong = []
    for module, path in modules.items():
        own = layer_of(module)
        if own is None:
            wrong.append(f"{module} belongs to no layer: add it to LAYERS")
            continue
        rank, package = domain_rank(module)
        contained = [own for prefix, own in SELF_CONTAINED.items() if within(module, prefix)]
        for imported in sorted(imports_of(path, module)):
            if own < WEB_LAYER and imported.split(".")[0] in WEB_STACK:
                wrong.append(f"{module} imports {imported} (the web stack) from below postline.web")
            if within(imported, "tests"):
                wrong.append(f"{module} imports {imported}: nothing outside tests/ imports from tests/")
            target = layer_of(imported)
            if target is not None and target > own:
                wrong.append(f"{module} ({LAYERS[own][0]}) imports {imported} ({LAYERS[target][0]})")
            if contained and target is not None and not within(imported, contained[0]):
                wrong.append(f"{module} imports {imported}: {contained[0]} imports nothing of the project")
            other_rank, other = domain_rank(imported)
            if rank is not None and other_rank is not None and other != package and other_rank >= rank:
                wrong.append(f"{module} imports {imported}: {package} comes before {other} (DOMAIN_ORDER)")
    return wrong


def test_imports_point_down_the_layers():
    assert violations(project_modules()) == []


def test_the_check_catches_a_domain_module_importing_flask(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("from flask import g\nimport schemas\n")
    assert violations({"postline.posts.bad": bad}) == [
        "postline.posts.bad imports flask (the web stack) from below postline.web",
        "postline.posts.bad imports flask.g (the web stack) from below postline.web",
        "postline.posts.bad (domain) imports schemas (schemas)",
    ]


def test_no_module_imports_itself_back():
    assert cycles(load_graph(project_modules())) == []


def test_the_check_catches_a_cycle_and_knows_what_runs_at_load(tmp_path):
    files = {
        "postline.a": "from postline.b import helper\n",
        "postline.b": "import postline.c\n\ndef later():\n    from postline.a import thing\n",
        "postline.c": "from postline import a\n",
    }
    modules = {}
    for module, text in files.items():
        modules[module] = tmp_path / f"{module}.py"
        modules[module].write_text(text)
    assert cycles(load_graph(modules)) == [["postline.a", "postline.b", "postline.c", "postline.a"]]
    modules["postline.c"].write_text("def later():\n    from postline import a\n")
    assert cycles(load_graph(modules)) == []


def test_the_check_catches_the_domain_order_tests_and_self_contained_modules(tmp_path):
    files = {
        "postline.net.bad": "from postline.posts import lifecycle\n",
        "postline.posts.fine": "from postline.net import client\nfrom postline.posts import targets\n",
        "bench.bad": "from tests.support import ROOT\n",
        "devtools.fakes.bad": "from postline import clock\nfrom devtools.fakes import base\n",
        "tasks": "import subprocess\nimport app\n",
    }
    modules = {}
    for module, text in files.items():
        modules[module] = tmp_path / f"{module}.py"
        modules[module].write_text(text)
    assert violations(modules) == [
        "postline.net.bad imports postline.posts: postline.net comes before postline.posts (DOMAIN_ORDER)",
        "postline.net.bad imports postline.posts.lifecycle: postline.net comes before postline.posts"
        " (DOMAIN_ORDER)",
        "bench.bad imports tests.support: nothing outside tests/ imports from tests/",
        "bench.bad imports tests.support.ROOT: nothing outside tests/ imports from tests/",
        "devtools.fakes.bad imports postline: devtools.fakes imports nothing of the project",
        "devtools.fakes.bad imports postline.clock: devtools.fakes imports nothing of the project",
        "tasks imports app: tasks imports nothing of the project",
    ]


def test_every_domain_package_has_its_place_in_the_domain_order():
    domain = [prefix for name, prefixes in LAYERS if name == "domain" for prefix in prefixes]
    assert sorted(domain) == sorted(package for row in DOMAIN_ORDER for package in row)


def test_the_check_catches_a_module_in_no_layer(tmp_path):
    new = tmp_path / "new.py"
    new.write_text("from postline import clock\n")
    assert violations({"postline.scheduling": new}) == [
        "postline.scheduling belongs to no layer: add it to LAYERS"
    ]


def test_the_worker_does_not_load_the_web_stack():
    probe = (
        "import sys, worker; "
        f"print(sorted(m for m in sys.modules if m.split('.')[0] in {sorted(WEB_STACK | {'schemas'})!r} "
        "or m.startswith('postline.schemas')))"
    )
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


# A module a reader takes in at once, a function that fits on a screen
# (docs/development.md, Layout); migrations, tests and the generated SDKs are exempt.
MAX_MODULE_LINES = 400
MAX_FUNCTION_LINES = 60


def oversized(modules):
    """Each module over MAX_MODULE_LINES and each function over MAX_FUNCTION_LINES."""
    found = []
    for module, path in modules.items():
        source = path.read_text()
        if source.count("\n") > MAX_MODULE_LINES:
            found.append(f"{module}: {source.count(chr(10))} lines")
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                length = node.end_lineno - node.lineno + 1
                if length > MAX_FUNCTION_LINES:
                    found.append(f"{module}.{node.name}: {length} lines")
    return found


def test_modules_and_functions_stay_small():
    assert oversized(project_modules()) == []


def test_the_size_check_catches_a_long_module_and_a_long_function(tmp_path):
    long_module = tmp_path / "long.py"
    long_module.write_text("x = 1\n" * (MAX_MODULE_LINES + 1))
    long_function = tmp_path / "function.py"
    long_function.write_text("def f():\n" + "    x = 1\n" * MAX_FUNCTION_LINES)
    assert oversized({"long": long_module, "function": long_function}) == [
        f"long: {MAX_MODULE_LINES + 1} lines",
        f"function.f: {MAX_FUNCTION_LINES + 1} lines",
    ]
