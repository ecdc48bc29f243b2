"""Determinization (``sample_state``): a full Forbidden Island state from a seat's view.

Hands, discard piles and the island are open (the view shows them to every seat and a
spectator alike), so only three things are drawn: the treasure draw pile (its cards
are the full treasure deck minus the hands and the discard pile, in a random order),
the order within each run of the flood draw pile (each run's cards are public), and a
fresh RNG key from the caller's ``rng`` (never the real one).
"""

from __future__ import annotations

from collections import Counter

from ...core.rng import Rng
from .contract import ForbiddenIslandRules
from .rules import FULL_TREASURE_DECK, shuffle, state_type
from .state import ForbiddenIslandState
from .view import ForbiddenIslandView

__all__ = ["sample_state"]


def sample_state(
    view: ForbiddenIslandView, seat: int | None, rng: Rng, rules: ForbiddenIslandRules
) -> ForbiddenIslandState:
    """A state ``seat`` cannot tell from the real one given its ``view`` (the same for
    every seat: nothing but the draw piles' orders and the RNG is hidden)."""
    if view.seat != seat:
        raise ValueError(f"a view of seat {seat} is needed to sample for seat {seat}")
    left = Counter(FULL_TREASURE_DECK)
    left.subtract(c for hand in view.hands for c in hand)
    left.subtract(view.treasure_discard)
    if any(n < 0 for n in left.values()):
        raise ValueError("the view holds more of some treasure card than the deck has")
    pool = sorted(left.elements())
    if len(pool) != view.treasure_deck_size:
        raise ValueError(
            f"the view's treasure draw pile has {view.treasure_deck_size} cards, but "
            f"{len(pool)} treasure cards are unaccounted for"
        )
    treasure, rng = shuffle(rng, pool)
    flood: tuple[str, ...] = ()
    for run in view.flood_deck:
        order, rng = shuffle(rng, run)
        flood += order
    fresh, _ = rng.split()
    return state_type(rules)(
        adventurers=view.adventurers,
        layout=view.layout,
        board=view.board,
        tiles=view.tiles,
        pawns=view.pawns,
        hands=view.hands,
        water_level=view.water_level,
        captured=view.captured,
        treasure_deck=treasure,
        treasure_discard=view.treasure_discard,
        flood_deck=flood,
        flood_segments=tuple(len(run) for run in view.flood_deck),
        flood_discard=view.flood_discard,
        active=view.active,
        phase=view.phase,
        actions_left=view.actions_left,
        draws_left=view.draws_left,
        pilot_flown=view.pilot_flown,
        swimmers=view.swimmers,
        declined=view.declined,
        lift=view.lift,
        ended=view.ended,
        rng=fresh,
    )
