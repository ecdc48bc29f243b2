"""The drawing toolkit every game shares, and one way to draw any game.

Each game draws itself (its package's ``render`` module: ``render_text(view, width)``,
the table as text, and ``render_svg(view)``, its SVG picture), with the helpers here,
and hands both to the library as hooks on its kit
:class:`~islandgames.core.kit.Definition`. :func:`render_svg` and :func:`render_text`
draw a state or a view of any registered game through those hooks; :func:`replay_html`
(in :mod:`islandgames.render.html`) is a whole match as one HTML page.

Every function here is pure: the same input gives the same bytes (no clocks, no
randomness, no dictionary-order surprises, one number format). The pictures use no
``<defs>``, ids or external references, so several of them can sit in one HTML page
and none of them fetches anything.

The shared helpers:

>>> num(3), num(2.50), num(1 / 3), num(-0.0)
('3', '2.5', '0.33', '0')
>>> text(10, 20, "Fools' Landing & <co>", size=11)
'<text x="10" y="20" font-size="11">Fools&#x27; Landing &amp; &lt;co&gt;</text>'
>>> svg_document(40, 30, [rect(0, 0, 40, 30, fill="#fff")], title="a & b")[:61]
'<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30'
>>> fit("abcdefghij", 6), wrap("one two three", 9, indent="  ")
('abcde…', ['one two', '  three'])

Any game, from a state (drawn as ``seat`` sees it; None: a spectator) or a view:

>>> from islandgames import get_game
>>> game = get_game("forbidden-island")
>>> state = game.new(1)
>>> render_svg(state, 0) == render_svg(game.view(state, 0))
True
>>> render_text(state).splitlines()[0]
"Forbidden Island — a spectator's view"
>>> render_svg("a string")
Traceback (most recent call last):
...
islandgames.render.NotRenderableError: a str is no state or view of a registered game
"""

from __future__ import annotations

import inspect
import textwrap
import typing
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from ..core.errors import IslandGamesError, SeatOutOfRangeError
from ..core.game import Game
from ..core.registry import definition_of, game_ids, get_game, rules_versions

__all__ = [
    "FONT",
    "SVG_NS",
    "NoRendererError",
    "NotRenderableError",
    "SeatOutOfRangeError",
    "Svg",
    "circle",
    "esc",
    "fit",
    "game_of",
    "group",
    "legend",
    "line",
    "num",
    "rect",
    "render_svg",
    "render_text",
    "replay_html",
    "svg_document",
    "text",
    "wrap",
]

SVG_NS = "http://www.w3.org/2000/svg"
#: one font stack for every picture (a sans-serif every system has)
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"


#: the control characters XML 1.0 forbids (all below a space but tab and newline; a
#: carriage return would be read back as a newline), mapped to nothing
_CONTROL = {c: None for c in range(32) if chr(c) not in "\t\n"}


def esc(s: object) -> str:
    """``s`` as XML text or attribute value: ``& < > " '`` escaped, control characters
    (which XML 1.0 forbids) dropped."""
    out = (
        str(s)
        .replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace('"', "&quot;")
        .replace("'", "&#x27;")
    )
    return out.translate(_CONTROL)


def num(x: float) -> str:
    """A coordinate: integers as they are, others rounded to 2 decimals, trailing zeros
    dropped, never ``-0``."""
    if isinstance(x, int):
        return str(x)
    s = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def _attrs(pairs: Iterable[tuple[str, object]]) -> str:
    out = []
    for k, v in pairs:
        if v is None:
            continue
        if isinstance(v, int | float) and not isinstance(v, bool):
            v = num(v)
        out.append(f' {k.rstrip("_").replace("_", "-")}="{esc(v)}"')
    return "".join(out)


def _data(data: dict[str, object] | None) -> list[tuple[str, object]]:
    # data attributes: sorted, so the bytes never depend on the caller's order
    return [(f"data-{k}", v) for k, v in sorted((data or {}).items())]


def text(
    x: float,
    y: float,
    s: object,
    *,
    size: float = 12,
    anchor: str | None = None,
    weight: str | None = None,
    fill: str | None = None,
    style: str | None = None,
    cls: str | None = None,
    data: dict[str, object] | None = None,
) -> str:
    """A ``<text>`` element holding ``s`` (escaped). ``anchor``: start, middle or end."""
    a = _attrs(
        [
            ("x", x),
            ("y", y),
            ("font-size", size),
            ("text-anchor", anchor),
            ("font-weight", weight),
            ("fill", fill),
            ("font-style", style),
            ("class", cls),
            *_data(data),
        ]
    )
    return f"<text{a}>{esc(s)}</text>"


def rect(
    x: float,
    y: float,
    w: float,
    h: float,
    *,
    fill: str = "none",
    stroke: str | None = None,
    stroke_width: float | None = None,
    rx: float | None = None,
    dash: str | None = None,
    opacity: float | None = None,
    cls: str | None = None,
    data: dict[str, object] | None = None,
) -> str:
    a = _attrs(
        [
            ("x", x),
            ("y", y),
            ("width", w),
            ("height", h),
            ("rx", rx),
            ("fill", fill),
            ("stroke", stroke),
            ("stroke-width", stroke_width),
            ("stroke-dasharray", dash),
            ("opacity", opacity),
            ("class", cls),
            *_data(data),
        ]
    )
    return f"<rect{a}/>"


def circle(
    cx: float,
    cy: float,
    r: float,
    *,
    fill: str = "none",
    stroke: str | None = None,
    stroke_width: float | None = None,
    cls: str | None = None,
    data: dict[str, object] | None = None,
) -> str:
    a = _attrs(
        [
            ("cx", cx),
            ("cy", cy),
            ("r", r),
            ("fill", fill),
            ("stroke", stroke),
            ("stroke-width", stroke_width),
            ("class", cls),
            *_data(data),
        ]
    )
    return f"<circle{a}/>"


def line(
    x1: float,
    y1: float,
    x2: float,
    y2: float,
    *,
    stroke: str = "#000",
    stroke_width: float = 1,
    dash: str | None = None,
) -> str:
    a = _attrs(
        [
            ("x1", x1),
            ("y1", y1),
            ("x2", x2),
            ("y2", y2),
            ("stroke", stroke),
            ("stroke-width", stroke_width),
            ("stroke-dasharray", dash),
        ]
    )
    return f"<line{a}/>"


def group(
    children: Iterable[str],
    *,
    cls: str | None = None,
    data: dict[str, object] | None = None,
    title: str | None = None,
) -> str:
    """A ``<g>`` around ``children``; ``title`` becomes its tooltip."""
    a = _attrs([("class", cls), *_data(data)])
    tip = f"<title>{esc(title)}</title>" if title is not None else ""
    return f"<g{a}>{tip}{''.join(children)}</g>"


def legend(
    x: float,
    y: float,
    items: Sequence[tuple[str, str, str]],
    *,
    columns: int = 1,
    column_width: float = 180,
    row_height: float = 18,
    size: float = 11,
) -> str:
    """A legend at (``x``, ``y``): one swatch and label per ``(shape, colour, label)``;
    ``shape`` is ``box``, ``disc``, ``ring`` or ``dash``, or any other text, drawn as a
    letter in a disc of ``colour``."""
    out = []
    rows = -(-len(items) // columns)
    for i, (shape, colour, label) in enumerate(items):
        cx = x + (i // rows) * column_width
        cy = y + (i % rows) * row_height
        if shape == "box":
            out.append(rect(cx, cy - 6, 14, 12, fill=colour, stroke="#333", stroke_width=0.75))
        elif shape == "disc":
            out.append(circle(cx + 7, cy, 6, fill=colour, stroke="#333", stroke_width=0.75))
        elif shape == "ring":
            out.append(circle(cx + 7, cy, 5, fill="none", stroke=colour, stroke_width=2))
        elif shape == "dash":
            out.append(rect(cx, cy - 6, 14, 12, fill=colour, stroke="#333", dash="3 2"))
        else:
            out.append(circle(cx + 7, cy, 7, fill=colour, stroke="#333", stroke_width=0.75))
            out.append(
                text(cx + 7, cy + 3.5, shape, size=9, anchor="middle", weight="bold", fill="#fff")
            )
        out.append(text(cx + 20, cy + 4, label, size=size, fill="#222"))
    return group(out, cls="legend")


def svg_document(
    width: float, height: float, body: Iterable[str], *, title: str, background: str = "#fff"
) -> str:
    """A complete SVG picture: its ``title`` (read by screen readers and shown as the
    tab title), a background and ``body``. No XML declaration, so it can be inlined."""
    return (
        f'<svg xmlns="{SVG_NS}" width="{num(width)}" height="{num(height)}" '
        f'viewBox="0 0 {num(width)} {num(height)}" font-family="{esc(FONT)}">'
        f"<title>{esc(title)}</title>"
        f"{rect(0, 0, width, height, fill=background)}"
        f"{''.join(body)}</svg>\n"
    )


def fit(s: str, width: int) -> str:
    """``s`` cut to ``width`` characters (an ellipsis marks a cut)."""
    return s if len(s) <= width else s[: max(width - 1, 0)] + "…"


def wrap(s: str, width: int, *, indent: str = "", first: str = "") -> list[str]:
    """``s`` wrapped to ``width`` columns: the first line starts with ``first``, the
    others with ``indent``; words longer than a line are broken."""
    lines = textwrap.wrap(
        s,
        width=width,
        initial_indent=first,
        subsequent_indent=indent,
        break_long_words=True,
        break_on_hyphens=False,
    )
    return lines or [first.rstrip()]


def game_of(game_id: str, state: object) -> Any:
    """The rules version of ``game_id`` whose states ``state`` is one of (its newest if
    ``state`` is None): a state of an earlier version is viewed under its own rules."""
    for version in reversed(rules_versions(game_id)):
        game = get_game(game_id, version)
        state_type = game.state_type
        if state is None or isinstance(state, state_type):
            return game
    return get_game(game_id)


class Svg(str):
    """An SVG picture as a string that notebooks display (``_repr_svg_``)."""

    __slots__ = ()

    def _repr_svg_(self) -> str:
        return str(self)


# --- any game: its hooks on its kit Definition ------------------------------------------

AnyGame = Game[Any, Any, Any, Any]


class NotRenderableError(IslandGamesError, TypeError):
    """The object to draw is no state or view of a registered game (or of the game
    named by ``game=``)."""


class NoRendererError(IslandGamesError, LookupError):
    """The game has no picture (``render_svg``) or no text view (``render_text``) on its
    kit Definition."""


#: type of a state or view -> (game id, rules version, is a state): found once
_KINDS: dict[type, tuple[str, str, bool]] = {}


def _view_types(game: AnyGame) -> tuple[type, ...]:
    vt = game.view_type
    if isinstance(vt, type):
        return (vt,)
    return tuple(t for t in typing.get_args(vt) if isinstance(t, type))


def _kind(game: AnyGame, subject: object) -> bool | None:
    """True if ``subject`` is a state of ``game``, False if a view, else None."""
    if type(subject) is game.state_type:
        return True
    if type(subject) in _view_types(game):
        return False
    return None


def _in_game(game_id: str, subject: object) -> tuple[AnyGame, bool] | None:
    """The rules version of ``game_id`` ``subject`` is a state of (its newest such), or
    else a view of, and which of the two; None if neither."""
    versions = [get_game(game_id, v) for v in reversed(rules_versions(game_id))]
    for want in (True, False):
        for game in versions:
            if _kind(game, subject) is want:
                return game, want
    return None


def _find(subject: object, game: str | AnyGame | None) -> tuple[AnyGame, bool]:
    if isinstance(game, Game):
        kind = _kind(game, subject)
        if kind is None:
            raise NotRenderableError(
                f"a {type(subject).__name__} is no state or view of {game.info.id} "
                f"(rules {game.info.rules_version})"
            )
        return game, kind
    if game is not None:
        found = _in_game(game, subject)
        if found is None:
            raise NotRenderableError(f"a {type(subject).__name__} is no state or view of {game}")
        return found
    known = _KINDS.get(type(subject))
    if known is not None:  # still so? (a game may have been registered again since)
        try:
            g = get_game(known[0], known[1])
        except LookupError:
            g = None
        if g is not None and _kind(g, subject) is known[2]:
            return g, known[2]
    for game_id in game_ids():
        found = _in_game(game_id, subject)
        if found is not None:
            _KINDS[type(subject)] = (game_id, found[0].info.rules_version, found[1])
            return found
    raise NotRenderableError(f"a {type(subject).__name__} is no state or view of a registered game")


def _view(subject: object, seat: object, game: str | AnyGame | None) -> tuple[AnyGame, Any]:
    """The game of ``subject`` and the view to draw: a state as ``seat`` sees it, a view
    as it is (``seat`` must be None or its own)."""
    g, is_state = _find(subject, game)
    if seat is not None and (type(seat) is not int or seat < 0):
        raise SeatOutOfRangeError(f"a seat is a number from 0 (or None: a spectator), not {seat!r}")
    if is_state:
        seats = g.seat_count(subject)
        if seat is not None and seat >= seats:
            raise SeatOutOfRangeError(
                f"{g.info.id}: seat {seat} is out of range (the game has seats 0..{seats - 1})"
            )
        return g, g.view(subject, seat)
    own = getattr(subject, "seat", None)
    if seat is not None and seat != own:
        shown = "a spectator" if own is None else f"seat {own}"
        raise SeatOutOfRangeError(f"a view of {shown} cannot be drawn for seat {seat}")
    return g, subject


def _hook(game: AnyGame, name: str, what: str) -> Callable[..., Any]:
    d = definition_of(game)
    hook = None if d is None else getattr(d, name)
    if hook is None:
        raise NoRendererError(f"{game.info.id} has no {what} ({name} on its definition)")
    return typing.cast("Callable[..., Any]", hook)


def render_svg(
    subject: object, seat: int | None = None, *, game: str | AnyGame | None = None
) -> Svg:
    """The SVG picture of ``subject``, a state or a view of any registered game (found
    by its type, or the game named by ``game=``, an id or a game): a state is drawn as
    ``seat`` sees it (None: a spectator), a view as it is (``seat`` None or its own),
    by the game's ``render_svg`` hook. :class:`NotRenderableError` (a TypeError) for an
    object of no game, :class:`NoRendererError` (a LookupError) for a game without a
    picture, :class:`SeatOutOfRangeError` (a ValueError) for a seat out of range."""
    g, view = _view(subject, seat, game)
    out = _hook(g, "render_svg", "picture")(view)
    if not isinstance(out, str):
        raise TypeError(f"{g.info.id}'s render_svg returned a {type(out).__name__}, not str")
    return out if isinstance(out, Svg) else Svg(out)


def render_text(
    subject: object,
    seat: int | None = None,
    *,
    game: str | AnyGame | None = None,
    width: int = 80,
) -> str:
    """The text view of ``subject`` (a state or a view, as for :func:`render_svg`) in
    lines of at most ``width`` columns, by the game's ``render_text`` hook (a hook that
    takes no ``width`` draws within its own 80 columns). The same errors as
    :func:`render_svg`."""
    g, view = _view(subject, seat, game)
    hook = _hook(g, "render_text", "text view")
    try:
        takes_width = "width" in inspect.signature(hook).parameters
    except (TypeError, ValueError):  # pragma: no cover - a builtin without a signature
        takes_width = False
    out = hook(view, width=width) if takes_width else hook(view)
    if not isinstance(out, str):
        raise TypeError(f"{g.info.id}'s render_text returned a {type(out).__name__}, not str")
    return out


# the replay viewer (one HTML page of a whole match) uses the helpers above
from .html import replay_html  # noqa: E402
