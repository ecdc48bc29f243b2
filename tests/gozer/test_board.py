"""The island file: the shipped board meets every requirement; bad files get precise errors."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from importlib import resources
from typing import Any

import pytest

from islandgames import DecodeError
from islandgames.games.gozer import BOARD, BoardError, load_board
from islandgames.games.gozer.board import load_board_text

RAW: dict[str, Any] = json.loads(
    resources.files("islandgames.games.gozer").joinpath("island.json").read_text()
)


def test_the_shipped_board_meets_the_requirements() -> None:
    b = load_board(RAW)
    assert 90 <= b.size <= 140
    kinds = [s.kind for s in b.squares]
    assert kinds.count("start") == kinds.count("boat") == kinds.count("summit") == 1
    assert len(b.cabins) == 4 and b.summit in b.cabins
    assert max(b.elevation) == b.elevation[b.summit] > sorted(b.elevation)[-2]
    assert sum(b.obstacle) >= 3
    assert b.route_without_bridge * 10 >= b.route_with_bridge * 13
    assert len(b.gullies) >= 4 and all(3 <= len(g.squares) <= 8 for g in b.gullies)
    assert all(set(g.squares) & set(b.shortest_route) for g in b.gullies)
    assert len(set(b.gadget_squares)) == 5 and not set(b.gadget_squares) & set(b.shortest_route)
    # precomputed tables
    assert all(b.start in b.adj[n] for n in b.adj[b.start])
    assert all(b.elevation[x] < b.elevation[s] for s in range(b.size) for x in b.lower[s])
    assert b.dist_plain[b.start][b.start] == 0 and b.dist_teleport[b.cabins[0]][b.cabins[1]] == 1
    assert BOARD.size == b.size


def _square(data: dict[str, Any], kind: str) -> dict[str, Any]:
    sq: dict[str, Any] = next(s for s in data["squares"] if s["kind"] == kind)
    return sq


def _set(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(d: dict[str, Any]) -> None:
        *keys, last = path.split("/")
        target: Any = d
        for k in keys:
            target = target[int(k)] if isinstance(target, list) else target[k]
        if isinstance(target, list):
            target[int(last)] = value
        else:
            target[last] = value

    return change


def _drop_edges_of(square: int) -> Callable[[dict[str, Any]], None]:
    def change(d: dict[str, Any]) -> None:
        d["edges"] = [e for e in d["edges"] if square not in e]

    return change


def _kind(square: int, kind: str) -> Callable[[dict[str, Any]], None]:
    return _set(f"squares/{square}/kind", kind)


def _obstacles_to_path(keep: int) -> Callable[[dict[str, Any]], None]:
    def change(d: dict[str, Any]) -> None:
        obstacles = [s for s in d["squares"] if s["kind"] in ("river", "precipice")]
        for s in obstacles[keep:]:
            s["kind"] = "path"

    return change


def _move(kind: str, x: int, y: int) -> Callable[[dict[str, Any]], None]:
    def change(d: dict[str, Any]) -> None:
        sq = _square(d, kind)
        sq["x"], sq["y"] = x, y

    return change


def _edit(fn: Callable[[dict[str, Any]], Any]) -> Callable[[dict[str, Any]], None]:
    def change(d: dict[str, Any]) -> None:
        fn(d)

    return change


CASES: list[tuple[str, Callable[[dict[str, Any]], None], str]] = [
    ("unknown key", _set("colour", "blue"), "unknown key(s) 'colour'"),
    ("missing key", _edit(lambda d: d.pop("gullies")), "missing 'gullies'"),
    ("too few squares", _edit(lambda d: d.update(squares=d["squares"][:50])), "90 to 140"),
    ("ids out of order", _set("squares/3/id", 7), "square #3 has id 7"),
    ("unknown kind", _kind(5, "lava"), "unknown kind 'lava'"),
    ("non-integer elevation", _set("squares/5/elevation", 2.5), "'elevation' must be an integer"),
    ("extra square field", _set("squares/5/name", "x"), "square #5 has unknown key(s) 'name'"),
    ("edge to an unknown square", _edit(lambda d: d["edges"].append([0, 999])),
     "unknown square id 999"),
    ("edge to itself", _edit(lambda d: d["edges"].append([4, 4])), "joins square 4 to itself"),
    ("repeated edge", _edit(lambda d: d["edges"].append(list(reversed(d["edges"][0])))),
     "repeats edge #0"),
    ("malformed edge", _edit(lambda d: d["edges"].append([1, 2, 3])), "must be a pair"),
    ("missing start", _kind(BOARD.start, "path"), "no start"),
    ("missing boat", _kind(BOARD.boat, "path"), "no boat"),
    ("missing summit", _kind(BOARD.summit, "cabin"), "no summit"),
    ("two boats", _kind(2, "boat"), "2 boat squares"),
    ("three cabins", _kind(BOARD.cabins[0], "path"), "3 teleport cabins"),
    ("five cabins", _kind(2, "cabin"), "5 teleport cabins"),
    ("summit not highest", _set("squares/2/elevation", 99), "must be the highest square"),
    ("isolated square", _drop_edges_of(29), "square 29 has no edge"),
    ("unreachable boat", _kind(58, "river"), "cannot be reached from the start"),
    ("too few obstacles", _obstacles_to_path(2), "at least 3 are needed"),
    ("adjacent obstacles", _kind(60, "river"), "are adjacent"),
    ("shortcut", _edit(lambda d: d["edges"].append([BOARD.start, BOARD.boat])),
     "at least 30% longer"),
    ("same side", _move("boat", 60, 250), "opposite sides"),
    ("summit off centre", _move("summit", 150, 120), "in the middle"),
    ("too few gullies", _edit(lambda d: d.update(gullies=d["gullies"][:3])), "at least 4"),
    ("short gully", _set("gullies/0/squares", [17, 13]), "3 to 8 squares, got 2"),
    ("long gully", _set("gullies/0/squares", list(range(21, 30))), "3 to 8 squares, got 9"),
    ("gully through a missing square", _set("gullies/0/squares", [17, 13, 500]),
     "unknown square id 500"),
    ("gully uphill", _set("gullies/0/squares", [3, 13, 17]), "runs uphill"),
    ("gully from the summit", _set("gullies/0/squares", [BOARD.summit, 17, 13]),
     "sweeps the summit"),
    ("gully sweeping twice", _set("gullies/0/squares", [17, 13, 13]), "sweeps a square twice"),
    ("gully off the routes", _set("gullies/0/squares", [88, 62, 63]),
     "crosses no square of a shortest route"),
    ("duplicate gully name", _set("gullies/1/name", RAW["gullies"][0]["name"]),
     "is used twice"),
    ("missing gadget", _edit(lambda d: d["gadgets"].pop("kit")), "missing 'kit'"),
    ("unknown gadget", _set("gadgets/laser", 30), "unknown key(s) 'laser'"),
    ("gadget on the route", _set("gadgets/pistol", 1), "on a shortest route"),
    ("gadget in a cabin", _set("gadgets/pistol", BOARD.cabins[0]), "of kind 'cabin'"),
    ("two gadgets on one square", _set("gadgets/kit", RAW["gadgets"]["pistol"]),
     "both lie on square"),
    ("gadget off the board", _set("gadgets/kit", 1000), "unknown square id 1000"),
]


@pytest.mark.parametrize(("change", "message"), [c[1:] for c in CASES],
                         ids=[c[0] for c in CASES])
def test_invalid_boards_get_precise_errors(
    change: Callable[[dict[str, Any]], None], message: str
) -> None:
    data = copy.deepcopy(RAW)
    change(data)
    with pytest.raises(BoardError) as err:
        load_board(data)
    assert message in str(err.value)
    assert str(err.value).startswith("board: ")


def test_board_errors_are_decode_errors() -> None:
    assert issubclass(BoardError, DecodeError) and issubclass(BoardError, ValueError)
    with pytest.raises(BoardError, match="must be an object"):
        load_board([])
    with pytest.raises(BoardError, match="not valid JSON"):
        load_board_text("{")
