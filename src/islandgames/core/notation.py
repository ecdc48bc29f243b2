"""Actions as text: the one form the command line prints them in, and its parser.

An action is written as its wire tag and its wire fields by name, each value in Python
literal syntax: ``step(to=13)``, ``trade(partner=3, give=['bridge', 'kit'], take=[])``,
``end_turn()``. That is what ``islandgames replay`` prints and what ``islandgames
play`` lists beside each action's words (:func:`describe_action`; the words, such as
``move to square 13 (path)``, are the game's own: :func:`describe`). :func:`parse_action`
reads it back (``Game.parse_action``), as python-chess's ``push_uci`` reads a move, and
also takes the wire map (the form of logs and of both RPC protocols) or an action of
the game as it is:

>>> from islandgames import get_game
>>> gozer = get_game("gozer")
>>> parse_action(gozer, "step(to=13)")
Step(to=13)
>>> parse_action(gozer, {"type": "step", "to": 13})
Step(to=13)
>>> describe_action(parse_action(gozer, "trade(partner=3, give=['kit'], take=[])"))
"trade(partner=3, give=['kit'], take=[])"

A little more than the printed form is read: the fields in order without their names
(``step(13)``), no parentheses for an action without fields (``end_turn``), the class
name and ``repr`` of an action (``Step(to=13)``, tuples for lists). Anything else is an
:class:`ActionParseError` (a :class:`DecodeError`, so a ValueError) saying what is
wrong:

>>> try:
...     parse_action(gozer, "stepp(to=13)")
... except ActionParseError as exc:
...     print(exc)  # doctest: +ELLIPSIS
'stepp(to=13)': gozer has no action 'stepp' (its actions: attack, cast_off, ...)
>>> parse_action(gozer, "step(to='13')")
Traceback (most recent call last):
...
islandgames.core.errors.ActionParseError: "step(to='13')": step: to: expected int, got str
>>> parse_action(gozer, "step(too=13)")
Traceback (most recent call last):
...
islandgames.core.errors.ActionParseError: 'step(too=13)': step has no field 'too' (its fields: to)
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from collections.abc import Mapping
from typing import Any

import attrs

from . import serde
from .errors import ActionParseError, DecodeError

__all__ = ["MAX_ACTION_TEXT", "describe", "describe_action", "parse_action"]

#: The longest action text :func:`parse_action` reads (the longest action any of the
#: four games prints is under 120 characters).
MAX_ACTION_TEXT = 4096

_HEAD = re.compile(r"\s*([A-Za-z_][A-Za-z0-9_]*)\s*(.*?)\s*", re.DOTALL)
_CLOSE = {")": "(", "]": "[", "}": "{"}
_SKIP = frozenset(
    {
        tokenize.NEWLINE,
        tokenize.NL,
        tokenize.INDENT,
        tokenize.DEDENT,
        tokenize.ENDMARKER,
        tokenize.COMMENT,
    }
)


def describe_action(action: Any) -> str:
    """A short text for an action: its wire tag and fields (what :func:`parse_action`
    reads back).

    >>> from islandgames import get_game
    >>> describe_action(get_game("gozer").parse_action({"type": "end_move"}))
    'end_move()'
    """
    wire = serde.to_wire(action)
    if isinstance(wire, dict):
        tag = wire.pop("type", type(action).__name__)
        args = ", ".join(f"{k}={v!r}" for k, v in wire.items())
        return f"{tag}({args})"
    return repr(action)


def describe(game: Any, subject: Any, seat: int, action: Any) -> str:
    """``action`` of ``seat`` in the words of ``game`` (its definition's
    ``describe_action`` hook): ``"move to square 13 (path)"`` where
    :func:`describe_action` writes ``step(to=13)``. ``subject`` is the state the
    action is played in, or a view of that state; a description tells no more than
    ``subject`` shows and the action says, so describe from the view of whoever reads
    it (and an action as :meth:`Game.redact_action` shows it to them). A game without
    the hook (or not written on the kit) gets :func:`describe_action`.

    >>> from islandgames import get_game
    >>> gozer = get_game("gozer")
    >>> state = gozer.new(1)
    >>> describe(gozer, gozer.view(state, 1), 1, parse_action(gozer, "step(to=1)"))
    'move to square 1 (path)'
    """
    # a kit game's definition (RulesGame.definition; the kit imports this module, so
    # it is found by its name, not imported)
    d = getattr(game, "definition", None)
    words = getattr(d, "describe", None)
    if words is None:
        return describe_action(action)
    text: str = words(subject, seat, action)
    return text


def _shown(value: object, limit: int = 60) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _classes(game: Any) -> dict[str, type]:
    """The game's action classes by wire tag and by class name."""
    out: dict[str, type] = {}
    for cls in game._action_classes:
        out[serde.tag_of(cls)] = cls
    for cls in game._action_classes:
        out.setdefault(cls.__name__, cls)
    return out


def _unknown_action(game: Any, name: object) -> str:
    tags = ", ".join(sorted(serde.tag_of(c) for c in game._action_classes))
    return f"{game.info.id} has no action {_shown(name, 40)} (its actions: {tags})"


def _field_names(cls: type) -> tuple[str, ...]:
    return tuple(f.name for f in attrs.fields(cls))


def _lists(value: Any) -> Any:
    """``value`` with every tuple a list (a ``repr`` shows tuples; the wire has lists)."""
    if isinstance(value, tuple | list):
        return [_lists(v) for v in value]
    if isinstance(value, dict):
        return {k: _lists(v) for k, v in value.items()}
    return value


def _decode(game: Any, cls: type, fields: dict[str, Any], where: str) -> Any:
    """The action of class ``cls`` with wire ``fields`` (no ``type`` key)."""
    tag = serde.tag_of(cls)
    names = _field_names(cls)
    unknown = [k for k in fields if k not in names]
    if unknown:
        what = ", ".join(_shown(k, 40) for k in unknown[:4])
        listed = ", ".join(names) if names else "none"
        s = "s" if len(unknown) > 1 else ""
        raise ActionParseError(f"{where}{tag} has no field{s} {what} (its fields: {listed})")
    try:
        return serde.from_wire({"type": tag, **fields}, cls)
    except DecodeError as exc:
        why = str(exc).removeprefix(f"cannot decode {cls.__name__}: ")
        raise ActionParseError(f"{where}{tag}: {why}") from exc


def _split(inner: str, where: str) -> list[tuple[str | None, str]]:
    """The arguments of ``inner`` (the text between the parentheses), each as (field
    name or None, the value's text), split at the commas outside brackets. Tokenized
    inside its parentheses, so line breaks and strings are Python's."""
    src = "(" + inner + "\n)"
    starts = [0] + [i + 1 for i, c in enumerate(src) if c == "\n"]
    args: list[tuple[str | None, str]] = []
    piece: list[tokenize.TokenInfo] = []
    opened: list[str] = []  # the brackets open at this point, the outer '(' first

    def offset(pos: tuple[int, int]) -> int:
        return starts[pos[0] - 1] + pos[1]

    def close() -> None:
        if not piece:
            raise ActionParseError(f"{where}an empty argument (two commas in a row?)")
        name: str | None = None
        body = piece
        if len(piece) >= 2 and piece[0].type == tokenize.NAME and piece[1].string == "=":
            name, body = piece[0].string, piece[2:]
            if not body:
                raise ActionParseError(f"{where}field {name!r} has no value")
        args.append((name, src[offset(body[0].start) : offset(body[-1].end)]))
        piece.clear()

    try:
        for tok in tokenize.generate_tokens(io.StringIO(src).readline):
            if tok.type in _SKIP:
                continue
            if not opened and offset(tok.start) != 0:  # the outer ')' came early
                raise ActionParseError(f"{where}unbalanced ')'")
            if tok.type == tokenize.OP and tok.string in _CLOSE.values():
                opened.append(tok.string)
                if len(opened) == 1:
                    continue  # the outer '('
            elif tok.type == tokenize.OP and tok.string in _CLOSE:
                if opened.pop() != _CLOSE[tok.string]:
                    raise ActionParseError(f"{where}unbalanced {tok.string!r}")
                if not opened:
                    continue  # the outer ')'
            if len(opened) == 1 and tok.type == tokenize.OP and tok.string == ",":
                close()
                continue
            piece.append(tok)
    except (tokenize.TokenError, SyntaxError) as exc:
        msg = str(exc.args[0]) if exc.args else type(exc).__name__
        if opened and "EOF" in msg and "string" not in msg:
            # (one left open: the outer '(', whose ')' an inner bracket took)
            which = repr(opened[-1]) if len(opened) > 1 else "a '('"
            raise ActionParseError(f"{where}{which} is never closed") from None
        raise ActionParseError(f"{where}cannot read the arguments: {msg}") from None
    if piece:
        close()
    return args


def _value(text: str, field: str, where: str) -> Any:
    try:
        return _lists(ast.literal_eval(text.strip()))
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        raise ActionParseError(
            f"{where}{field}: {_shown(text.strip(), 40)} is not a value (a number, "
            "'text', True, False, None or a [list] of them)"
        ) from None


def _parse_text(game: Any, text: str) -> Any:
    where = f"{_shown(text)}: "
    if len(text) > MAX_ACTION_TEXT:
        raise ActionParseError(
            f"an action text of {len(text)} characters (at most {MAX_ACTION_TEXT})"
        )
    head = _HEAD.fullmatch(text)
    rest = "" if head is None else head.group(2)
    if head is None or (rest and not rest.startswith("(")):
        raise ActionParseError(
            f"{where}expected an action as tag(field=value, ...), e.g. {_example(game)}"
        )
    if rest and not rest.endswith(")"):
        if ")" in rest:
            raise ActionParseError(f"{where}nothing may follow the closing ')'")
        raise ActionParseError(f"{where}the '(' after {head.group(1)} is never closed")
    name, inner = head.group(1), rest[1:-1]
    cls = _classes(game).get(name)
    if cls is None:
        raise ActionParseError(where + _unknown_action(game, name))
    tag = serde.tag_of(cls)
    names = _field_names(cls)
    fields: dict[str, Any] = {}
    seen_name = False
    for i, (field, value_text) in enumerate(_split(inner or "", where)):
        if field is None:
            if seen_name:
                raise ActionParseError(f"{where}a value without its field name after a named one")
            if i >= len(names):
                took = f"{len(names)} field{'s' if len(names) != 1 else ''}"
                listed = f" ({', '.join(names)})" if names else ""
                raise ActionParseError(f"{where}{tag} takes {took}{listed}, got more values")
            field = names[i]
        else:
            seen_name = True
        if field in fields:
            raise ActionParseError(f"{where}field {field!r} is given twice")
        fields[field] = _value(value_text, field, where)
    return _decode(game, cls, fields, where)


def _example(game: Any) -> str:
    classes = game._action_classes
    with_fields = [c for c in classes if _field_names(c)]
    cls = with_fields[0] if with_fields else classes[0]
    return f"{serde.tag_of(cls)}({', '.join(f'{n}=...' for n in _field_names(cls))})"


def parse_action(game: Any, data: Any) -> Any:
    """The action of ``game`` that ``data`` names: its text as :func:`describe_action`
    writes it (what ``islandgames play`` lists), its wire map (``{"type": tag, field:
    value, ...}``, as in logs and over RPC), or an action of the game (returned as it
    is). :class:`ActionParseError` says what is wrong with anything else. Whether the
    action is legal now is :meth:`Game.apply`'s question, not this one's."""
    if type(data) in game._action_classes:
        return data
    if isinstance(data, str):
        return _parse_text(game, data)
    if isinstance(data, Mapping):
        tag = data.get("type")
        by_tag = {serde.tag_of(c): c for c in game._action_classes}
        if type(tag) is not str:
            raise ActionParseError(
                f"an action map needs a 'type' key, one of: {', '.join(sorted(by_tag))}"
            )
        cls = by_tag.get(tag)
        if cls is None:
            raise ActionParseError(_unknown_action(game, tag))
        return _decode(game, cls, {k: v for k, v in data.items() if k != "type"}, "")
    raise ActionParseError(
        f"expected a {game.info.id} action, its text or its wire map, "
        f"got {type(data).__name__}"
    )
