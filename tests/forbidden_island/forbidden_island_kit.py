"""The Forbidden Island test kit
(``from tests.forbidden_island import forbidden_island_kit as fi``): a scenario builder
for exact states loaded from wire form.

Every scenario uses the fixed layout below (the tiles in data order, row by row), so
that tests can name neighbours without computing anything::

    y0                             breakers_bridge  bronze_gate
    y1          cave_of_embers     cave_of_shadows  cliffs_of_abandon  copper_gate
    y2  coral_palace  crimson_forest  dunes_of_deception  fools_landing  gold_gate  howling_garden
    y3  iron_gate     lost_lagoon     misty_marsh         observatory    phantom_rock silver_gate
    y4          temple_of_the_moon temple_of_the_sun tidal_palace      twilight_hollow
    y5                             watchtower       whispering_garden

    cells (x, y): breakers_bridge (2,0), bronze_gate (3,0); cave_of_embers (1,1) ...
    coral_palace (0,2) ... howling_garden (5,2); iron_gate (0,3) ... silver_gate (5,3);
    temple_of_the_moon (1,4) ... twilight_hollow (4,4); watchtower (2,5), whispering_garden (3,5)
"""

from __future__ import annotations

import operator
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from islandgames.core import serde
from islandgames.core.rng import Rng
from islandgames.games.forbidden_island import GAME
from islandgames.games.forbidden_island.data import (
    ADVENTURERS,
    CARD_RANK,
    TILE_IDS,
    TREASURE_DECK,
)
from islandgames.games.forbidden_island.state import ForbiddenIslandState

START = {a.id: a.start for a in ADVENTURERS}
FULL_DECK = [c for c, n in TREASURE_DECK for _ in range(n)]
KEY = "ab" * 32
_to = operator.attrgetter("to")


def build(
    adventurers: Sequence[str] = ("pilot", "engineer"),
    *,
    pawns: Mapping[int, str] | None = None,
    hands: Mapping[int, Sequence[str]] | None = None,
    flooded: Sequence[str] = (),
    sunk: Sequence[str] = (),
    treasure_top: Sequence[str] = (),
    treasure_discard: Sequence[str] = (),
    treasure_deck: Sequence[str] | None = None,
    flood_top: Sequence[str] = (),
    flood_discard: Sequence[str] | None = None,
    flood_deck: Sequence[str] | None = None,
    flood_segments: Sequence[int] | None = None,
    water_level: int = 2,
    captured: Sequence[str] = (),
    active: int = 0,
    phase: str = "actions",
    actions_left: int | None = None,
    draws_left: int = 0,
    pilot_flown: bool = False,
    swimmers: Sequence[int] = (),
    declined: Sequence[int] = (),
    lift: Mapping[str, Any] | None = None,
    ended: Sequence[str] = (),
) -> ForbiddenIslandState:
    """An exact state, built as wire data and loaded with ``GAME.decode_state`` (so
    every scenario also passes ``check_state``).

    Defaults: the fixed layout, everything dry, pawns on their start tiles, empty
    hands. The treasure deck is ``treasure_top`` then the remaining cards in data
    order (or exactly ``treasure_deck``). The flood deck is ``flood_top`` then every
    other unsunk tile not in the flood discard, in data order (or exactly
    ``flood_deck``); the flood discard defaults to the flooded tiles."""
    n = len(adventurers)
    pawn_tiles = [START[a] for a in adventurers]
    for seat, tile in (pawns or {}).items():
        pawn_tiles[seat] = tile
    hand_list = [sorted((hands or {}).get(s, ()), key=CARD_RANK.__getitem__) for s in range(n)]
    status = {t: "dry" for t in TILE_IDS}
    for t in flooded:
        status[t] = "flooded"
    for t in sunk:
        status[t] = "sunk"
    if treasure_deck is None:
        rest = Counter(FULL_DECK)
        rest.subtract(c for h in hand_list for c in h)
        rest.subtract(treasure_discard)
        rest.subtract(treasure_top)
        assert all(v >= 0 for v in rest.values()), f"too many cards: {rest}"
        tail = [c for c, _ in TREASURE_DECK for _ in range(rest[c])]
        treasure_deck = [*treasure_top, *tail]
    unsunk = [t for t in TILE_IDS if status[t] != "sunk"]
    if flood_discard is None:
        flood_discard = [t for t in flooded if t not in flood_top]
    if flood_deck is None:
        others = [t for t in unsunk if t not in flood_top and t not in flood_discard]
        flood_deck = [*flood_top, *others]
    if flood_segments is None:
        flood_segments = [len(flood_deck)] if flood_deck else []
    wire = {
        "adventurers": list(adventurers),
        "layout": "standard",
        "board": list(TILE_IDS),
        "tiles": [status[t] for t in TILE_IDS],
        "pawns": pawn_tiles,
        "hands": hand_list,
        "water_level": water_level,
        "captured": list(captured),
        "treasure_deck": list(treasure_deck),
        "treasure_discard": list(treasure_discard),
        "flood_deck": list(flood_deck),
        "flood_segments": list(flood_segments),
        "flood_discard": list(flood_discard),
        "active": active,
        "phase": phase,
        "actions_left": (3 if phase == "actions" else 0) if actions_left is None else actions_left,
        "draws_left": draws_left,
        "pilot_flown": pilot_flown,
        "swimmers": list(swimmers),
        "declined": list(declined),
        "lift": None if lift is None else dict(lift),
        "ended": list(ended),
        "rng": {"key": KEY, "counter": 0},
    }
    return GAME.decode_state(wire)


def act(state: ForbiddenIslandState, seat: int, *actions: Any) -> ForbiddenIslandState:
    """Apply ``actions`` for ``seat`` in turn (each must be legal)."""
    for a in actions:
        state = GAME.apply(state, seat, a)
    return state


def wire(state: Any) -> Any:
    return serde.to_wire(state)


#: the game, and a fixed RNG for states built by hand
game = GAME
rng = Rng(KEY, 0)


def legal(state: ForbiddenIslandState, seat: int) -> tuple[Any, ...]:
    return GAME.legal_actions(state, seat)


def of(state: ForbiddenIslandState, seat: int, cls: type) -> list[Any]:
    """The legal actions of one class."""
    return [a for a in GAME.legal_actions(state, seat) if type(a) is cls]


def targets(state: ForbiddenIslandState, seat: int, cls: type) -> set[str]:
    """The ``to`` tiles of the legal actions of one class."""
    acts: tuple[Any, ...] = GAME.legal_actions(state, seat)
    return {_to(a) for a in acts if type(a) is cls}
