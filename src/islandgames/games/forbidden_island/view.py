"""What a seat may know: everything but the order of the two draw piles and the RNG.

Hands are open information and both discard piles are public (rules section 2.2), so
every seat and a spectator see the same view (apart from ``seat``). The flood draw
pile is shown as its runs (``flood_deck``): each run's cards, sorted, because after a
Waters Rise! everyone knows which cards were shuffled back on top, but not their
order. The treasure draw pile is shown by size only (its contents follow from the
rest).
"""

from __future__ import annotations

import attrs

from ...core.rng import Rng
from .contract import ForbiddenIslandRules
from .data import FLOOD_DRAWS, SKULL_LEVEL
from .rules import requirement, shuffle
from .state import ForbiddenIslandState, Lift, Phase, TileStatus

__all__ = ["ForbiddenIslandView", "resample_hidden", "view"]


@attrs.frozen(slots=True)
class ForbiddenIslandView:
    """A seat's view (``seat`` None: a spectator). Fields mirror the state; see
    :class:`~islandgames.games.forbidden_island.state.ForbiddenIslandState`.
    ``flood_deck`` lists the flood draw pile's runs from the top, each run's cards
    sorted; ``flood_draws`` is how many flood cards a turn draws at this water level;
    ``to_act`` the seats the game waits on."""

    seat: int | None
    adventurers: tuple[str, ...]
    layout: str
    board: tuple[str, ...]
    tiles: tuple[TileStatus, ...]
    pawns: tuple[str, ...]
    hands: tuple[tuple[str, ...], ...]
    water_level: int
    flood_draws: int
    captured: tuple[str, ...]
    treasure_deck_size: int
    treasure_discard: tuple[str, ...]
    flood_deck: tuple[tuple[str, ...], ...]
    flood_discard: tuple[str, ...]
    active: int
    phase: Phase
    actions_left: int
    draws_left: int
    pilot_flown: bool
    swimmers: tuple[int, ...]
    declined: tuple[int, ...]
    lift: Lift | None
    to_act: tuple[int, ...]
    ended: tuple[str, ...]


def _runs(deck: tuple[str, ...], segments: tuple[int, ...]) -> tuple[tuple[str, ...], ...]:
    out = []
    i = 0
    for n in segments:
        out.append(tuple(sorted(deck[i : i + n])))
        i += n
    return tuple(out)


def view(
    s: ForbiddenIslandState, seat: int | None, rules: ForbiddenIslandRules
) -> ForbiddenIslandView:
    """The view of ``seat`` (None: spectator)."""
    return ForbiddenIslandView(
        seat=seat,
        adventurers=s.adventurers,
        layout=s.layout,
        board=s.board,
        tiles=s.tiles,
        pawns=s.pawns,
        hands=s.hands,
        water_level=s.water_level,
        flood_draws=FLOOD_DRAWS[s.water_level] if s.water_level < SKULL_LEVEL else 0,
        captured=s.captured,
        treasure_deck_size=len(s.treasure_deck),
        treasure_discard=s.treasure_discard,
        flood_deck=_runs(s.flood_deck, s.flood_segments),
        flood_discard=s.flood_discard,
        active=s.active,
        phase=s.phase,
        actions_left=s.actions_left,
        draws_left=s.draws_left,
        pilot_flown=s.pilot_flown,
        swimmers=s.swimmers,
        declined=s.declined,
        lift=s.lift,
        to_act=requirement(s)[1],
        ended=s.ended,
    )


def resample_hidden(s: ForbiddenIslandState, seat: int | None, rng: Rng) -> ForbiddenIslandState:
    """``s`` with what nobody may know redrawn: the treasure draw pile's order, the
    order within each run of the flood draw pile, and the RNG key. Hands are open, so
    the result is the same for every seat."""
    treasure, rng = shuffle(rng, s.treasure_deck)
    flood: tuple[str, ...] = ()
    i = 0
    for n in s.flood_segments:
        run, rng = shuffle(rng, s.flood_deck[i : i + n])
        flood += run
        i += n
    words = []
    for _ in range(4):
        w, rng = rng.u64()
        words.append(f"{w:016x}")
    return attrs.evolve(s, treasure_deck=treasure, flood_deck=flood, rng=Rng("".join(words), 0))
