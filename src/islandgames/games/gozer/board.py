"""The island: a board file (JSON data, not code) and its validating loader.

The physical 3-D board of the original was never published, so the engine ships its
own island in ``island.json``. :func:`load_board` checks every requirement of the
rules ("The board") and precomputes what the rules need once: adjacency tuples, the
teleport links, the lower neighbours of each square (chain falls), pistol distances
and the squares on the shortest routes from the start to the boat.

Board file shape::

    {"name": str,
     "squares": [{"id": 0, "kind": "start", "elevation": 1, "x": 70, "y": 390}, ...],
     "edges": [[0, 1], ...],
     "gullies": [{"name": "north", "squares": [12, 30, 41]}, ...],
     "gadgets": {"pistol": 17, "armour": 52, "key": 88, "bridge": 23, "kit": 64}}

>>> BOARD.size >= 90 and len(BOARD.cabins) == 4 and BOARD.summit in BOARD.cabins
True
>>> try:
...     load_board({"name": "x", "squares": [], "edges": [], "gullies": [], "gadgets": {}})
... except BoardError as exc:
...     print(exc)
board: 'squares' must hold 90 to 140 squares, got 0
"""

from __future__ import annotations

import itertools
import json
import math
from collections.abc import Mapping, Sequence
from importlib import resources
from typing import Any

import attrs

from ...core.errors import DecodeError
from .data import GADGETS, KINDS, OBSTACLE_KINDS

__all__ = [
    "BOARD",
    "MAX_SQUARES",
    "MIN_GULLIES",
    "MIN_OBSTACLES",
    "MIN_SQUARES",
    "Board",
    "BoardError",
    "Gully",
    "Square",
    "bfs",
    "load_board",
    "load_board_file",
    "load_board_text",
]

MIN_SQUARES = 90
MAX_SQUARES = 140
CABINS = 4
MIN_OBSTACLES = 3
MIN_GULLIES = 4
GULLY_MIN, GULLY_MAX = 3, 8
#: The route without the bridge must be at least 13/10 of the route with it.
DETOUR_NUM, DETOUR_DEN = 13, 10
#: Start and boat on opposite sides: seen from the summit, at least this angle apart.
OPPOSITE_DEGREES = 120
#: The summit is in the middle: within this fraction of the island's diagonal from
#: the centre of its bounding box.
CENTRE_FRACTION = 0.2

_TOP_KEYS = ("name", "squares", "edges", "gullies", "gadgets")
_SQUARE_KEYS = ("id", "kind", "elevation", "x", "y")


class BoardError(DecodeError):
    """A board file breaks a requirement; the message says which and where."""


@attrs.frozen(slots=True)
class Square:
    """One square: ``kind`` (see :data:`~.data.KINDS`), integer ``elevation``, and
    drawing coordinates ``x``, ``y`` (SVG units, y downwards)."""

    id: int
    kind: str
    elevation: int
    x: int
    y: int


@attrs.frozen(slots=True)
class Gully:
    """A gully down the volcano: the squares its fireball sweeps, top to bottom (F1)."""

    name: str
    squares: tuple[int, ...]


@attrs.frozen(slots=True, eq=False)
class Board:
    """A validated island with everything the rules look up, precomputed.

    ``adj[s]``: neighbours of ``s`` (sorted). ``adj_teleport[s]``: the same plus the
    other cabins when ``s`` is a cabin. ``lower[s]``: neighbours strictly lower than
    ``s``. ``drop[s]``: where gadgets dropped on ``s`` land (``s`` itself, or the
    lowest-numbered non-obstacle neighbour of an obstacle). ``dist_plain``/
    ``dist_teleport``: all-pairs steps, obstacles counted as ordinary squares, without
    / with the teleport links (G1). ``route_with_bridge``/``route_without_bridge``:
    shortest start-boat walks; ``shortest_route``: squares on any of those walks.
    """

    name: str
    squares: tuple[Square, ...]
    edges: tuple[tuple[int, int], ...]
    gullies: tuple[Gully, ...]
    gadget_squares: tuple[int, ...]
    start: int
    boat: int
    summit: int
    cabins: tuple[int, ...]
    elevation: tuple[int, ...]
    obstacle: tuple[bool, ...]
    is_cabin: tuple[bool, ...]
    adj: tuple[tuple[int, ...], ...]
    adj_teleport: tuple[tuple[int, ...], ...]
    lower: tuple[tuple[int, ...], ...]
    drop: tuple[int, ...]
    dist_plain: tuple[tuple[int, ...], ...]
    dist_teleport: tuple[tuple[int, ...], ...]
    route_with_bridge: int
    route_without_bridge: int
    shortest_route: tuple[int, ...]

    @property
    def size(self) -> int:
        return len(self.squares)

    def kind(self, square: int) -> str:
        return self.squares[square].kind


def bfs(
    adj: Sequence[Sequence[int]],
    sources: Sequence[int],
    blocked: Sequence[bool] | None = None,
) -> tuple[int, ...]:
    """Steps from the nearest of ``sources`` to every square (-1: unreachable),
    never entering a square flagged in ``blocked``."""
    dist = [-1] * len(adj)
    frontier = []
    for s in sources:
        if dist[s] < 0:
            dist[s] = 0
            frontier.append(s)
    d = 0
    while frontier:
        d += 1
        nxt = []
        for a in frontier:
            for b in adj[a]:
                if dist[b] < 0 and not (blocked is not None and blocked[b]):
                    dist[b] = d
                    nxt.append(b)
        frontier = nxt
    return tuple(dist)


# --- loading -------------------------------------------------------------------------


def _fail(message: str) -> BoardError:
    return BoardError(f"board: {message}")


def _is_int(value: Any) -> bool:
    return type(value) is int


def _keys(obj: Any, where: str, required: Sequence[str]) -> Mapping[str, Any]:
    if not isinstance(obj, Mapping):
        raise _fail(f"{where} must be an object, got {type(obj).__name__}")
    missing = [k for k in required if k not in obj]
    if missing:
        raise _fail(f"{where} is missing {', '.join(map(repr, missing))}")
    extra = sorted(str(k) for k in obj if k not in required)
    if extra:
        raise _fail(f"{where} has unknown key(s) {', '.join(map(repr, extra))}")
    return obj


def _squares(raw: Any) -> tuple[Square, ...]:
    if not isinstance(raw, list) or not MIN_SQUARES <= len(raw) <= MAX_SQUARES:
        got = len(raw) if isinstance(raw, list) else type(raw).__name__
        raise _fail(f"'squares' must hold {MIN_SQUARES} to {MAX_SQUARES} squares, got {got}")
    out = []
    for i, item in enumerate(raw):
        sq = _keys(item, f"square #{i}", _SQUARE_KEYS)
        for key in ("id", "elevation", "x", "y"):
            if not _is_int(sq[key]):
                raise _fail(f"square #{i}: {key!r} must be an integer, got {sq[key]!r}")
        if sq["id"] != i:
            raise _fail(
                f"square #{i} has id {sq['id']}; square ids must be 0..n-1 in file order"
            )
        if sq["kind"] not in KINDS:
            raise _fail(f"square {i}: unknown kind {sq['kind']!r} (one of {', '.join(KINDS)})")
        if sq["x"] < 0 or sq["y"] < 0:
            raise _fail(f"square {i}: coordinates must not be negative")
        out.append(Square(i, sq["kind"], sq["elevation"], sq["x"], sq["y"]))
    return tuple(out)


def _square_id(value: Any, n: int, where: str) -> int:
    if not _is_int(value):
        raise _fail(f"{where}: square ids are integers, got {value!r}")
    if not 0 <= value < n:
        raise _fail(f"{where}: unknown square id {value} (ids are 0..{n - 1})")
    result: int = value
    return result


def _edges(raw: Any, n: int) -> tuple[tuple[int, int], ...]:
    if not isinstance(raw, list):
        raise _fail(f"'edges' must be a list of [a, b] pairs, got {type(raw).__name__}")
    seen: dict[tuple[int, int], int] = {}
    out = []
    for i, pair in enumerate(raw):
        if not isinstance(pair, list) or len(pair) != 2:
            raise _fail(f"edge #{i} must be a pair [a, b], got {pair!r}")
        a = _square_id(pair[0], n, f"edge #{i} {pair!r}")
        b = _square_id(pair[1], n, f"edge #{i} {pair!r}")
        if a == b:
            raise _fail(f"edge #{i} {pair!r} joins square {a} to itself")
        key = (min(a, b), max(a, b))
        if key in seen:
            raise _fail(f"edge #{i} {pair!r} repeats edge #{seen[key]}")
        seen[key] = i
        out.append((a, b))
    return tuple(out)


def _one(squares: Sequence[Square], kind: str, label: str) -> int:
    found = [s.id for s in squares if s.kind == kind]
    if not found:
        raise _fail(f"no {label} (a square of kind {kind!r})")
    if len(found) > 1:
        raise _fail(
            f"{len(found)} {label} squares ({', '.join(map(str, found))}); exactly one is needed"
        )
    return found[0]


def _route_squares(adj: Sequence[Sequence[int]], start: int, boat: int,
                   blocked: Sequence[bool] | None) -> tuple[int, set[int]]:
    from_start = bfs(adj, (start,), blocked)
    from_boat = bfs(adj, (boat,), blocked)
    best = from_start[boat]
    on = {s for s in range(len(adj))
          if from_start[s] >= 0 and from_boat[s] >= 0 and from_start[s] + from_boat[s] == best}
    return best, on


def load_board(data: Any) -> Board:
    """Validate a board's plain data (as read from JSON) and precompute its tables."""
    top = _keys(data, "the board file", _TOP_KEYS)
    name = top["name"]
    if not isinstance(name, str) or not name:
        raise _fail("'name' must be a non-empty string")
    squares = _squares(top["squares"])
    n = len(squares)
    edges = _edges(top["edges"], n)

    start = _one(squares, "start", "start")
    boat = _one(squares, "boat", "boat")
    summit = _one(squares, "summit", "summit")
    cabins = tuple(s.id for s in squares if s.kind in ("cabin", "summit"))
    if len(cabins) != CABINS:
        raise _fail(
            f"{len(cabins)} teleport cabins ({', '.join(map(str, cabins))}); exactly "
            f"{CABINS} are needed: the summit and {CABINS - 1} squares of kind 'cabin'"
        )
    elevation = tuple(s.elevation for s in squares)
    top_elev = elevation[summit]
    higher = [s.id for s in squares if s.id != summit and s.elevation >= top_elev]
    if higher:
        raise _fail(
            f"the summit (square {summit}, elevation {top_elev}) must be the highest square; "
            f"square {higher[0]} has elevation {elevation[higher[0]]}"
        )

    nbrs: list[list[int]] = [[] for _ in range(n)]
    for a, b in edges:
        nbrs[a].append(b)
        nbrs[b].append(a)
    adj = tuple(tuple(sorted(x)) for x in nbrs)
    obstacle = tuple(s.kind in OBSTACLE_KINDS for s in squares)
    is_cabin = tuple(s.kind in ("cabin", "summit") for s in squares)

    lonely = [s for s in range(n) if not adj[s]]
    if lonely:
        raise _fail(f"square {lonely[0]} has no edge")
    plain = bfs(adj, (start,))
    cut_off = [s for s in range(n) if plain[s] < 0]
    if cut_off:
        raise _fail(f"square {cut_off[0]} cannot be reached from the start (square {start})")

    obstacles = [s for s in range(n) if obstacle[s]]
    if len(obstacles) < MIN_OBSTACLES:
        raise _fail(
            f"{len(obstacles)} obstacle squares (river or precipice); at least "
            f"{MIN_OBSTACLES} are needed"
        )
    for o in obstacles:
        if any(obstacle[b] for b in adj[o]):
            other = next(b for b in adj[o] if obstacle[b])
            raise _fail(f"obstacle squares {o} and {other} are adjacent; each obstacle is "
                        "a single square")
        if len(adj[o]) < 2:
            raise _fail(f"obstacle square {o} needs at least two neighbours to be crossed")

    with_bridge, on_bridge = _route_squares(adj, start, boat, None)
    without_bridge, on_walk = _route_squares(adj, start, boat, obstacle)
    if without_bridge < 0:
        raise _fail(
            f"the boat (square {boat}) cannot be reached from the start (square {start}) "
            "without the bridge"
        )
    if without_bridge * DETOUR_DEN < with_bridge * DETOUR_NUM:
        raise _fail(
            f"the obstacles do not matter enough: the shortest route is {with_bridge} steps "
            f"with the bridge and {without_bridge} without; it must be at least 30% longer "
            "without"
        )
    on_route = on_bridge | on_walk

    _geometry(squares, start, boat, summit)
    gullies = _gullies(top["gullies"], squares, summit, on_route)
    gadget_squares = _gadgets(top["gadgets"], squares, on_route)

    teleport = []
    for s in range(n):
        if is_cabin[s]:
            teleport.append(tuple(sorted(set(adj[s]) | {c for c in cabins if c != s})))
        else:
            teleport.append(adj[s])
    adj_teleport = tuple(teleport)
    lower = tuple(tuple(b for b in adj[s] if elevation[b] < elevation[s]) for s in range(n))
    drop = tuple(
        s if not obstacle[s] else next(b for b in adj[s] if not obstacle[b]) for s in range(n)
    )
    dist_plain = tuple(bfs(adj, (s,)) for s in range(n))
    dist_teleport = tuple(bfs(adj_teleport, (s,)) for s in range(n))
    return Board(
        name=name,
        squares=squares,
        edges=edges,
        gullies=gullies,
        gadget_squares=gadget_squares,
        start=start,
        boat=boat,
        summit=summit,
        cabins=cabins,
        elevation=elevation,
        obstacle=obstacle,
        is_cabin=is_cabin,
        adj=adj,
        adj_teleport=adj_teleport,
        lower=lower,
        drop=drop,
        dist_plain=dist_plain,
        dist_teleport=dist_teleport,
        route_with_bridge=with_bridge,
        route_without_bridge=without_bridge,
        shortest_route=tuple(sorted(on_route)),
    )


def _geometry(squares: Sequence[Square], start: int, boat: int, summit: int) -> None:
    xs = [s.x for s in squares]
    ys = [s.y for s in squares]
    cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    diag = math.hypot(max(xs) - min(xs), max(ys) - min(ys))
    top = squares[summit]
    if math.hypot(top.x - cx, top.y - cy) > CENTRE_FRACTION * diag:
        raise _fail(
            f"the summit (square {summit}) must be in the middle of the island: it is "
            f"{math.hypot(top.x - cx, top.y - cy):.0f} units from the centre"
        )
    sx, sy = squares[start].x - top.x, squares[start].y - top.y
    bx, by = squares[boat].x - top.x, squares[boat].y - top.y
    norm = math.hypot(sx, sy) * math.hypot(bx, by)
    if norm == 0:
        raise _fail("the start and the boat must not lie on the summit")
    angle = math.degrees(math.acos(max(-1.0, min(1.0, (sx * bx + sy * by) / norm))))
    if angle < OPPOSITE_DEGREES:
        raise _fail(
            f"the start and the boat must be on opposite sides of the island: seen from the "
            f"summit they are {angle:.0f} degrees apart (at least {OPPOSITE_DEGREES} needed)"
        )


def _gullies(raw: Any, squares: Sequence[Square], summit: int,
             on_route: set[int]) -> tuple[Gully, ...]:
    n = len(squares)
    if not isinstance(raw, list) or len(raw) < MIN_GULLIES:
        got = len(raw) if isinstance(raw, list) else type(raw).__name__
        raise _fail(f"'gullies' must list at least {MIN_GULLIES} gullies, got {got}")
    out = []
    names: set[str] = set()
    for i, item in enumerate(raw):
        g = _keys(item, f"gully #{i}", ("name", "squares"))
        name = g["name"]
        if not isinstance(name, str) or not name:
            raise _fail(f"gully #{i}: 'name' must be a non-empty string")
        if name in names:
            raise _fail(f"gully #{i}: the name {name!r} is used twice")
        names.add(name)
        where = f"gully {name!r} (#{i})"
        ids = g["squares"]
        if not isinstance(ids, list) or not GULLY_MIN <= len(ids) <= GULLY_MAX:
            got = len(ids) if isinstance(ids, list) else type(ids).__name__
            raise _fail(f"{where} must sweep {GULLY_MIN} to {GULLY_MAX} squares, got {got}")
        sweep = tuple(_square_id(v, n, where) for v in ids)
        if len(set(sweep)) != len(sweep):
            raise _fail(f"{where} sweeps a square twice")
        if summit in sweep:
            raise _fail(f"{where} sweeps the summit; fireballs start there")
        for a, b in itertools.pairwise(sweep):
            if squares[b].elevation > squares[a].elevation:
                raise _fail(
                    f"{where} runs uphill from square {a} (elevation "
                    f"{squares[a].elevation}) to square {b} (elevation {squares[b].elevation})"
                )
        if not on_route.intersection(sweep):
            raise _fail(f"{where} crosses no square of a shortest route from start to boat")
        out.append(Gully(name, sweep))
    return tuple(out)


def _gadgets(raw: Any, squares: Sequence[Square], on_route: set[int]) -> tuple[int, ...]:
    g = _keys(raw, "'gadgets'", GADGETS)
    out: list[int] = []
    for gadget in GADGETS:
        sq = _square_id(g[gadget], len(squares), f"gadget {gadget!r}")
        if squares[sq].kind != "path":
            raise _fail(f"gadget {gadget!r} lies on square {sq} of kind "
                        f"{squares[sq].kind!r}; gadgets lie on 'path' squares")
        if sq in out:
            other = GADGETS[out.index(sq)]
            raise _fail(f"gadgets {other!r} and {gadget!r} both lie on square {sq}")
        if sq in on_route:
            raise _fail(f"gadget {gadget!r} lies on square {sq}, on a shortest route from "
                        "start to boat")
        out.append(sq)
    return tuple(out)


def load_board_text(text: str | bytes) -> Board:
    """A board from JSON text."""
    try:
        data = json.loads(text)
    except (ValueError, UnicodeDecodeError) as exc:
        raise _fail(f"not valid JSON: {exc}") from exc
    return load_board(data)


def load_board_file(path: str) -> Board:
    """A board from a JSON file."""
    with open(path, "rb") as fh:
        return load_board_text(fh.read())


def _default() -> Board:
    text = resources.files(__package__).joinpath("island.json").read_bytes()
    return load_board_text(text)


#: The island shipped with the engine.
BOARD: Board = _default()
