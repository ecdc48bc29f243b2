"""The layers import downwards only (issue 15): the engine (core, games, bots, render) and
the service never import the adapters, which build on the service; only the command line
(``islandgames.cli``), the top layer, may. Checked on the source, imports inside
functions included, so an import that runs back up the layers cannot come back."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import islandgames

PACKAGE = Path(islandgames.__file__).resolve().parent
ADAPTERS = ("islandgames_grpc", "islandgames_msgpackrpc")
BELOW_THE_ADAPTERS = ("core", "games", "bots", "render", "service")


def _imported(path: Path) -> set[str]:
    """Every absolute module name ``path`` imports anywhere in its source."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


@pytest.mark.parametrize("layer", BELOW_THE_ADAPTERS)
def test_the_engine_and_the_service_never_import_the_adapters(layer: str) -> None:
    files = sorted((PACKAGE / layer).rglob("*.py"))
    assert files
    upward = {
        f"{path.relative_to(PACKAGE)}: {name}"
        for path in files
        for name in _imported(path)
        if name.split(".")[0] in ADAPTERS
    }
    assert not upward


def test_the_command_line_is_where_the_adapters_are_imported() -> None:
    # the check above can fail: the command line's own source does import them
    names = {n.split(".")[0] for p in (PACKAGE / "cli").rglob("*.py") for n in _imported(p)}
    assert set(ADAPTERS) <= names


# the RL extra (issue 18): numpy, Gymnasium and PettingZoo are optional, so the engine and
# the service must run without them; only islandgames.rl may import them
RL_ONLY = ("numpy", "pettingzoo", "gymnasium")


def _resolved(path: Path) -> set[str]:
    """Every module ``path`` imports, relative imports resolved against its package."""
    package = ["islandgames", *path.relative_to(PACKAGE).parent.parts]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level == 0:
                base = node.module or ""
            else:
                up = package[: len(package) - node.level + 1]
                base = ".".join([*up, *([node.module] if node.module else [])])
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


@pytest.mark.parametrize("layer", ("core", "games", "bots", "service"))
def test_the_engine_and_the_service_never_import_the_rl_extra(layer: str) -> None:
    files = sorted((PACKAGE / layer).rglob("*.py"))
    assert files
    bad = {
        f"{path.relative_to(PACKAGE)}: {name}"
        for path in files
        for name in _resolved(path)
        if name.split(".")[0] in RL_ONLY
        or name == "islandgames.rl"
        or name.startswith("islandgames.rl.")
    }
    assert not bad


def test_the_rl_check_resolves_relative_imports() -> None:
    # the check above can fail: islandgames.rl's own modules import the extra, and
    # reach the engine through relative imports that resolve to islandgames.*
    names = {n for p in (PACKAGE / "rl").rglob("*.py") for n in _resolved(p)}
    assert {"numpy", "pettingzoo", "gymnasium"} <= {n.split(".")[0] for n in names}
    assert "islandgames.rl.codec" in names and "islandgames.core.serde" in names


# --- the import graph (issue 35): core imports no game; a game imports only the core,
# the shared drawing toolkit and the bots' base; no import circle anywhere ---------------

ROOTS = {"islandgames": PACKAGE, **{a: PACKAGE.parents[1] / "adapters" / a for a in ADAPTERS}}


def _module_files() -> dict[str, Path]:
    """Every module of src/ and adapters/ by dotted name (a package by its __init__)."""
    found: dict[str, Path] = {}
    for top, root in ROOTS.items():
        for path in sorted(root.rglob("*.py")):
            parts = [top, *path.relative_to(root).with_suffix("").parts]
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def _type_checking_only(tree: ast.Module) -> set[int]:
    """Ids of the import nodes under ``if TYPE_CHECKING:`` (for type checkers only)."""
    ids: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and ast.unparse(node.test).endswith("TYPE_CHECKING"):
            ids.update(id(n) for stmt in node.body for n in ast.walk(stmt))
    return ids


def _edges(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The modules of this tree that module ``name`` imports at run time (imports in
    function bodies included; ``if TYPE_CHECKING:`` blocks left out), each resolved to
    the most specific module: ``from pkg import sub`` is an edge to ``pkg.sub`` when
    that is a module, else to ``pkg``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = _type_checking_only(tree)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.ImportFrom):
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*up, *([node.module] if node.module else [])])
            else:
                base = node.module or ""
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                out.add(sub if sub in modules else base)
        elif isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
    resolved = set()
    for target in out:
        while target and target not in modules:
            target = target.rpartition(".")[0]
        if target and target != name:
            resolved.add(target)
    return resolved


def _graph() -> dict[str, set[str]]:
    modules = _module_files()
    return {name: _edges(name, path, modules) for name, path in modules.items()}


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_no_import_circle_in_src_or_adapters() -> None:
    assert not _circles(_graph())


def test_the_circle_check_can_fail() -> None:
    graph = _graph()
    graph["islandgames.core.rng"] = {*graph["islandgames.core.rng"], "islandgames.core.kit"}
    assert any({"islandgames.core.kit", "islandgames.core.rng"} <= set(c) for c in _circles(graph))


GAMES = "islandgames.games"


def test_the_core_imports_no_game() -> None:
    graph = _graph()
    bad = sorted(
        f"{m} -> {t}"
        for m, targets in graph.items()
        if m.startswith("islandgames.core.")
        for t in targets
        if t.startswith(GAMES) or not t.startswith(("islandgames.core", "islandgames._version"))
    )
    assert not bad


# what a game package may import of the library: the core, the shared drawing toolkit
# (islandgames.render itself, not its modules) and the bots' base
GAME_MAY_IMPORT = ("islandgames.core", "islandgames.kit", "islandgames._version")
GAME_MAY_IMPORT_EXACTLY = ("islandgames.render", "islandgames.bots", "islandgames.bots._budget")


def test_a_game_imports_only_the_core_the_toolkit_and_its_own_package() -> None:
    graph = _graph()
    bad = []
    for m, targets in graph.items():
        if not m.startswith(GAMES + "."):
            continue
        own = ".".join(m.split(".")[:3])
        for t in targets:
            if t.startswith((own, *GAME_MAY_IMPORT)) or t in GAME_MAY_IMPORT_EXACTLY:
                continue
            if not t.startswith(("islandgames", *ADAPTERS)):
                continue  # the standard library, attrs, cattrs, msgpack
            bad.append(f"{m} -> {t}")
    assert not sorted(bad)


def test_the_game_check_sees_the_games() -> None:
    graph = _graph()
    assert "islandgames.core.kit" in graph["islandgames.games.friday.rules"]
    assert {m for m in graph if m.startswith(GAMES + ".")} >= {
        f"{GAMES}.{g}" for g in ("friday", "forbidden_island", "not_alone", "gozer")
    }
