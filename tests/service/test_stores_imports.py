"""The store modules import in one direction (issue 15): the interface (store.py) knows
no backend, the backends (sqlite.py, postgres.py) import the interface, and only the
factory module (stores.py) imports the backends. Checked on the source, lazy imports
inside functions included, so no import circle can come back unnoticed."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import islandgames.service
from islandgames.service import stores

SERVICE = Path(islandgames.service.__file__).resolve().parent
BACKENDS = {"sqlite", "postgres"}


def service_imports(module: str) -> set[str]:
    """The modules of islandgames.service that ``module`` imports anywhere in its
    source (at the top, in functions, under TYPE_CHECKING)."""
    tree = ast.parse((SERVICE / f"{module}.py").read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level == 1 and node.module:
                found.add(node.module.split(".")[0])
            elif node.level == 1:  # from . import x
                found.update(a.name for a in node.names)
            elif node.level == 0 and (node.module or "").startswith("islandgames.service."):
                found.add((node.module or "").split(".")[2])
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("islandgames.service."):
                    found.add(alias.name.split(".")[2])
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "import_module":
            found.update(
                a.value.rsplit(".", 1)[-1]
                for a in node.args
                if isinstance(a, ast.Constant) and isinstance(a.value, str)
            )
    return found


def test_the_store_interface_imports_no_backend() -> None:
    assert service_imports("store") & (BACKENDS | {"stores"}) == set()


def test_the_backends_do_not_import_the_factory_or_each_other() -> None:
    assert "store" in service_imports("sqlite")
    assert "store" in service_imports("postgres")
    assert service_imports("sqlite") & {"postgres", "stores"} == set()
    assert service_imports("postgres") & {"sqlite", "stores"} == set()


def test_no_import_circle_among_the_service_modules() -> None:
    modules = {p.stem for p in SERVICE.glob("*.py") if p.stem != "__init__"}
    graph = {m: service_imports(m) & modules for m in modules}

    def reaches(start: str, goal: str, seen: set[str]) -> bool:
        for nxt in graph[start]:
            if nxt == goal or (nxt not in seen and reaches(nxt, goal, seen | {nxt})):
                return True
        return False

    circles = sorted(m for m in ("store", "stores", *BACKENDS) if reaches(m, m, {m}))
    assert circles == [], {m: sorted(graph[m]) for m in circles}


def test_store_alone_loads_no_backend() -> None:
    """Run store.py as its own module (not through the package, whose __init__ imports
    the SQLite store): neither backend gets imported."""
    code = (
        "import json, sys, types\n"
        f"root = {str(SERVICE)!r}\n"
        "pkg = types.ModuleType('islandgames.service'); pkg.__path__ = [root]\n"
        "sys.modules['islandgames.service'] = pkg\n"
        "import islandgames.service.store\n"
        "print(json.dumps([m for m in sys.modules if m.startswith('islandgames.service.')]))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    ).stdout
    loaded = set(json.loads(out))
    assert "islandgames.service.store" in loaded
    assert loaded & {f"islandgames.service.{m}" for m in (*BACKENDS, "stores")} == set()


def test_open_store_is_public_where_it_was_documented() -> None:
    assert islandgames.service.open_store is stores.open_store
    assert "open_store" in islandgames.service.__all__


def test_module_examples() -> None:
    import doctest

    result = doctest.testmod(stores)
    assert result.failed == 0 and result.attempted > 0
