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
