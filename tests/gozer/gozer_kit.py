"""The Wrath of Gozer test kit (``from tests.gozer import gozer_kit as sc``): helpers
for the scenario tests: exact states loaded from wire form.

Square numbers refer to the shipped island (``docs/gozer-board.svg`` shows them).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from islandgames.core import serde
from islandgames.core.rng import Rng
from islandgames.games.gozer import BOARD, GAME, GozerConfig
from islandgames.games.gozer.data import GADGETS
from islandgames.games.gozer.state import GadgetSpot, GozerState, Move, Pawn


def rng_rolling(*rolls: int) -> Rng:
    """An RNG whose next die rolls are exactly ``rolls``."""
    for seed in range(100_000):
        rng = Rng.from_seed(seed)
        probe = rng
        ok = True
        for want in rolls:
            got, probe = probe.die()
            if got != want:
                ok = False
                break
        if ok:
            return rng
    raise AssertionError(f"no seed found for rolls {rolls}")


class Scenario:
    """Builds exact states; every one goes through ``GAME.decode_state`` (the checked
    way to load a state from its wire form)."""

    board = BOARD
    game = GAME

    @staticmethod
    def gadgets(**where: Any) -> tuple[GadgetSpot, ...]:
        """``pistol=("held", 1)``, ``kit=("at", 12)``, ``armour=None`` (destroyed);
        unnamed gadgets stay on their starting squares."""
        out = []
        for g, sq in zip(GADGETS, BOARD.gadget_squares, strict=True):
            spec = where.get(g, ("at", sq))
            if spec is None:
                out.append(GadgetSpot(g))
            elif spec[0] == "held":
                out.append(GadgetSpot(g, spec[1], None))
            else:
                out.append(GadgetSpot(g, None, spec[1]))
        return tuple(out)

    @staticmethod
    def state(
        pawns: Sequence[tuple[int, str] | tuple[int, str, int]],
        *,
        gozer: int,
        active: int,
        phase: str = "castaway",
        roll: int = 6,
        path: tuple[int, ...] | None = None,
        ended: bool = False,
        mover: int | None = None,
        rng: Rng | None = None,
        config: GozerConfig | None = None,
        turn: int = 10,
        round: int = 3,
        **fields: Any,
    ) -> GozerState:
        mover = active if mover is None else mover
        pws = tuple(Pawn(*p) for p in pawns)
        start = pws[mover].square
        state = GozerState(
            config=config or GozerConfig(players=len(pawns)),
            rng=rng or Rng.from_seed(99),
            gozer=gozer,
            round=round,
            turn=turn,
            phase=phase,  # type: ignore[arg-type]
            active=active,
            pawns=pws,
            gadgets=fields.pop("gadgets", Scenario.gadgets()),
            move=Move(mover, roll, path or (start,), ended),
            **fields,
        )
        return GAME.decode_state(serde.to_wire(state))

    @staticmethod
    def play(state: GozerState, *moves: tuple[int, Any]) -> GozerState:
        for seat, action in moves:
            state = GAME.apply(state, seat, action)
        return state

    @staticmethod
    def evolve(state: GozerState, **changes: Any) -> GozerState:
        return GAME.decode_state(serde.to_wire(attrs.evolve(state, **changes)))


# the scenario builder's steps as the kit's own names: ``sc.state(...)``, ``sc.play(...)``
board = Scenario.board
game = Scenario.game
gadgets = Scenario.gadgets
state = Scenario.state
play = Scenario.play
evolve = Scenario.evolve
rolling = rng_rolling
