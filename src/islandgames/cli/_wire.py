"""The generic rendering of wire data: a readable tree of a view or a state, used
where a game package has no ``render_view`` hook."""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from rich.tree import Tree

from ..core import serde
from ..render import NoRendererError, render_text
from ._common import AnyGame, _t


def _scalar(value: Any) -> str:
    if value is None:
        return "-"
    if value is True:
        return "yes"
    if value is False:
        return "no"
    return str(value)


def _is_scalar(value: Any) -> bool:
    return value is None or isinstance(value, bool | int | str)


def _inline(value: Any, limit: int = 72) -> str | None:
    """A one-line form of small wire data, or None if it does not fit in ``limit``."""
    if _is_scalar(value):
        return _scalar(value)
    if isinstance(value, list):
        if not value:
            return "(none)"
        parts = [_inline(v, limit) for v in value]
        if any(p is None for p in parts):
            return None
        text = ", ".join(p for p in parts if p is not None)
    elif isinstance(value, dict):
        tag = value.get("type")
        fields = [(k, v) for k, v in value.items() if k != "type"]
        inner: list[str] = []
        for k, v in fields:
            p = _inline(v, limit)
            if p is None:
                return None
            inner.append(f"{k}={p}")
        body = ", ".join(inner)
        text = f"{tag}({body})" if isinstance(tag, str) else "{" + body + "}"
    else:
        text = repr(value)
    return text if len(text) <= limit else None


def _uniform_records(items: list[Any]) -> list[str] | None:
    """The column names if ``items`` are maps with the same keys and flat values."""
    if not items or not all(isinstance(i, dict) for i in items):
        return None
    keys = list(items[0])
    for item in items:
        if list(item) != keys:
            return None
        for v in item.values():
            if not (_is_scalar(v) or (isinstance(v, list) and all(map(_is_scalar, v)))):
                return None
    return keys


def _records_table(items: list[dict[str, Any]], keys: list[str]) -> Table:
    table = Table(box=box.SIMPLE, show_edge=False, pad_edge=False)
    table.add_column("#", justify="right", style="dim")
    shown = [k for k in keys if not (k == "type" and len({str(i[k]) for i in items}) == 1)]
    for k in shown:
        table.add_column(k)
    for n, item in enumerate(items):
        table.add_row(_t(n), *(_t(_inline(item[k], 10_000) or "") for k in shown))
    return table


def _fill_tree(node: Tree, data: Any) -> None:
    if isinstance(data, dict):
        for key, value in data.items():
            if key == "type":
                continue
            _add_field(node, str(key), value)
    elif isinstance(data, list):
        for n, value in enumerate(data):
            _add_field(node, f"[{n}]", value)
    else:
        node.add(_t(_scalar(data)))


def _add_field(node: Tree, key: str, value: Any) -> None:
    inline = _inline(value)
    if inline is not None:
        label = Text.assemble((key, "bold"), ": ", inline)
        node.add(label)
        return
    if isinstance(value, list) and all(map(_is_scalar, value)):
        items = ", ".join(map(_scalar, value))
        node.add(Text.assemble((key, "bold"), f" ({len(value)}): ", items))
        return
    if isinstance(value, list):
        keys = _uniform_records(value)
        sub = node.add(Text.assemble((key, "bold"), f" ({len(value)})"))
        if keys is not None:
            sub.add(_records_table(value, keys))
        else:
            _fill_tree(sub, value)
        return
    tag = value.get("type") if isinstance(value, dict) else None
    label = Text.assemble((key, "bold"), f" ({tag})" if isinstance(tag, str) else "")
    _fill_tree(node.add(label), value)


def render_wire(data: Any, title: str) -> RenderableType:
    """A readable tree of wire data (the generic rendering of a view or a state)."""
    tag = data.get("type") if isinstance(data, dict) else None
    tree = Tree(Text.assemble((title, "bold cyan"), f" ({tag})" if isinstance(tag, str) else ""))
    _fill_tree(tree, data)
    return tree


def _render_view(game: AnyGame, view: Any, title: str) -> RenderableType:
    """The game's own text board (its definition's ``render_text``), else the view's
    wire tree."""
    try:
        shown = render_text(view, game=game)
    except NoRendererError:
        return render_wire(serde.to_wire(view), title)
    return Group(Text(title, style="bold cyan"), Text(shown))
