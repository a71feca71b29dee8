"""The layers point one way (README, Layout): routes -> schemas -> postline.web ->
domain packages -> models -> postline.db and the base modules; and the worker
never loads the web stack."""

import ast
import subprocess
import sys

from tests.support import ROOT

# Lowest first; a module may import from its own layer or a lower one. A module is
# in the layer of the longest name here that it starts with.
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
            "postline.logs",
            "postline.statuses",
            "postline.timestamps",
        ],
    ),
    ("models", ["models"]),
    ("queries", ["postline.queries"]),
    (
        "domain",
        [
            "postline.accounts",
            "postline.channels",
            "postline.connections",
            "postline.jobs",
            "postline.limits",
            "postline.metrics",
            "postline.media",
            "postline.net",
            "postline.platforms",
            "postline.posts",
            "postline.process",
            "postline.tallies",
            "postline.webhooks",
        ],
    ),
    ("web", ["postline.web"]),
    ("schemas", ["schemas"]),
    ("routes", ["routes"]),
    ("entry points", ["app", "worker"]),
]
WEB_STACK = {"flask", "flask_smorest", "webargs", "apispec", "marshmallow", "werkzeug"}
WEB_LAYER = [name for name, _ in LAYERS].index("web")


def layer_of(module):
    """The index of `module`'s layer, or None for a module outside the project."""
    best = None
    for index, (_, prefixes) in enumerate(LAYERS):
        for prefix in prefixes:
            if (module == prefix or module.startswith(prefix + ".")) and (
                best is None or len(prefix) > best[1]
            ):
                best = (index, len(prefix))
    return None if best is None else best[0]


def project_modules():
    """{module name: path} of every Python module of the service (not tests or bench)."""
    paths = [ROOT / "app.py", ROOT / "worker.py", ROOT / "models.py", ROOT / "schemas.py"]
    paths += sorted((ROOT / "routes").rglob("*.py")) + sorted((ROOT / "postline").rglob("*.py"))
    modules = {}
    for path in paths:
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        modules[".".join(parts)] = path
    return modules


def imports_of(path, module):
    """Every module `path` imports (absolute names), wherever in the file."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return found


def violations(modules):
    """Every import that points up the layers, or into the web stack from below it."""
    wrong = []
    for module, path in modules.items():
        own = layer_of(module)
        if own is None:
            wrong.append(f"{module} belongs to no layer: add it to LAYERS")
            continue
        for imported in sorted(imports_of(path, module)):
            if own < WEB_LAYER and imported.split(".")[0] in WEB_STACK:
                wrong.append(f"{module} imports {imported} (the web stack) from below postline.web")
            target = layer_of(imported)
            if target is not None and target > own:
                wrong.append(f"{module} ({LAYERS[own][0]}) imports {imported} ({LAYERS[target][0]})")
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


def test_the_worker_does_not_load_the_web_stack():
    probe = (
        "import sys, worker; "
        f"print(sorted(m for m in sys.modules if m.split('.')[0] in {sorted(WEB_STACK | {'schemas'})!r}))"
    )
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
