"""The Not Alone test kit (``from tests.not_alone import not_alone_kit as na``): a
scenario builder for Not Alone tests: exact states loaded from wire form.

The default table has 3 Hunted: seat 0 is the Creature, seats 1, 2, 3 the Hunted
(Hunted index = seat - 1, resolution order 1, 2, 3). Every state a test builds goes
through ``decode_state`` of its rules version (so it also passes ``check_state``):
the newest by default, ``version="1.0"`` for a 1.0 state. The helpers that apply
actions (``act``, ``skip``, ...) play each state under the rules of its own version.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from islandgames.core import serde
from islandgames.core.rng import Rng
from islandgames.games.not_alone import GAME, GAMES, NotAloneConfig, NotAloneGame
from islandgames.games.not_alone.actions import Pass
from islandgames.games.not_alone.data import (
    HUNT_NAMES,
    RESERVE_PLACES,
    SURVIVAL_NAMES,
    assimilation_start,
    rescue_start,
    reserve_copies,
)
from islandgames.games.not_alone.state import ADDED_IN_1_1, Hunted, NotAloneState

KEY = "cd" * 32
V10, V11 = GAMES


def game_of(state: NotAloneState) -> NotAloneGame:
    """The game of the rules version ``state`` belongs to (by its state class)."""
    return next(g for g in reversed(GAMES) if type(state) is g.state_type)


def build(
    hunted: int = 3,
    *,
    hands: Mapping[int, Sequence[int]] | None = None,
    discards: Mapping[int, Sequence[int]] | None = None,
    played: Mapping[int, Sequence[int]] | None = None,
    places: Mapping[int, Sequence[int]] | None = None,
    will: Mapping[int, int] | None = None,
    survival: Mapping[int, Sequence[str]] | None = None,
    extra: Mapping[int, Mapping[str, Any]] | None = None,
    hunt_hand: Sequence[str] = (),
    hunt_deck_top: Sequence[str] = (),
    hunt_discard: Sequence[str] = (),
    hunt_played: Sequence[str] = (),
    effects: Sequence[str] | None = None,
    survival_deck_top: Sequence[str] = (),
    survival_discard: Sequence[str] = (),
    step: str = "explore",
    phase: int | None = None,
    owing: Sequence[int] | None = None,
    queue: Sequence[tuple[int, int]] = (),
    rescue: int | None = None,
    assimilation: int | None = None,
    creature_token: Sequence[int] = (),
    artemia_token: Sequence[int] = (),
    target_token: Sequence[int] = (),
    board: str = "a",
    version: str = GAME.info.rules_version,
    **fields: Any,
) -> NotAloneState:
    """An exact state of rules ``version``. Maps are keyed by seat. A Hunted's hand
    defaults to Place cards 1-5 minus their discard pile and played cards. Decks hold the
    given top cards and then every card not placed elsewhere, in data order. ``owing``
    and ``queue`` name seats; ``owing`` defaults to every Hunted in the exploration (and,
    from 1.1, in the phase-1 Creature window, which runs alongside it). Other ``fields``
    are set on the state as given."""
    game = next(g for g in GAMES if g.info.rules_version == version)
    config = NotAloneConfig(hunted=hunted, board=board)  # type: ignore[arg-type]
    rows = []
    for i in range(hunted):
        seat = i + 1
        disc = tuple(sorted((discards or {}).get(seat, ())))
        pl = tuple((played or {}).get(seat, ()))
        if hands is not None and seat in hands:
            hand = tuple(sorted(hands[seat]))
        else:
            hand = tuple(c for c in range(1, 6) if c not in disc and c not in pl)
        row = Hunted(
            seat=seat,
            will=(will or {}).get(seat, 3),
            hand=hand,
            discard=disc,
            played=pl,
            places=tuple((places or {}).get(seat, ())),
            survival=tuple(sorted((survival or {}).get(seat, ()))),
            double="",
            next_double="",
            resisted=False,
            survival_used=False,
            dodge=False,
            detector=False,
            submitted=False,
            choice=(),
            choice_card="",
        )
        rows.append(serde.to_wire(row) | dict((extra or {}).get(seat, {})))
    copies = reserve_copies(hunted)
    reserve = []
    for r in RESERVE_PLACES:
        owners = 0
        for row in rows:
            if r in (*row["hand"], *row["discard"], *row["played"]):
                owners += 1
        reserve.append(copies - owners)
    used_s = {c for row in rows for c in row["survival"]} | set(survival_discard)
    used_s |= set(fields.get("shelter", ()))
    s_deck = [*survival_deck_top, *(c for c in SURVIVAL_NAMES if c not in used_s)]
    s_deck = list(dict.fromkeys(s_deck))
    used_h = set(hunt_hand) | set(hunt_discard) | set(hunt_played)
    h_deck = list(dict.fromkeys([*hunt_deck_top, *(c for c in HUNT_NAMES if c not in used_h)]))
    if phase is None:
        phase = {
            "creature_window": 1,
            "explore": 1,
            "hunt": 2,
            "ascendancy": 2,
            "phobia": 2,
            "forbidden_zone": 2,
            "prepare": 2,
        }.get(step, 3)
    if owing is None:
        exploring = step == "explore" or (
            step == "creature_window" and phase == 1 and game.rules.phase1_cards_take_back_commits
        )
        owing = [i + 1 for i in range(hunted)] if exploring else []
    wire: dict[str, Any] = {
        "config": serde.to_wire(config),
        "rng": {"key": KEY, "counter": 0},
        "turn": 1,
        "phase": phase,
        "step": step,
        "rescue": rescue_start(hunted) if rescue is None else rescue,
        "assimilation": assimilation_start(hunted) if assimilation is None else assimilation,
        "marker": False,
        "hunted": rows,
        "reserve": reserve,
        "hunt_hand": sorted(hunt_hand),
        "hunt_deck": h_deck,
        "hunt_discard": list(hunt_discard),
        "hunt_played": list(hunt_played),
        "effects": list(hunt_played if effects is None else effects),
        "allowance": 1,
        "survival_deck": s_deck,
        "survival_discard": list(survival_discard),
        "creature_token": list(creature_token),
        "artemia_token": list(artemia_token),
        "target_token": list(target_token),
        "anticipation": -1,
        "cataclysm": 0,
        "phobia": -1,
        "phobia_shown": [],
        "beach_used": False,
        "wreck_used": False,
        "sacrifice": False,
        "smokescreen": False,
        "owing": sorted(s - 1 for s in owing),
        "queue": [[s - 1, p] for s, p in queue],
        "shelter": [],
        "shelter_owner": -1,
        "window_first": False,
        "window_played": False,
        "batch": 0,
        "secret_swaps": [],
        "winner": "",
        "withdrawn": [],
        "resolved": [],
    }
    if game.state_type is not NotAloneState:
        for k in ADDED_IN_1_1:
            del wire[k]
    for k, v in fields.items():
        assert k in wire, f"unknown state field {k}"
        wire[k] = serde.to_wire(v)
    return game.decode_state(wire)


def act(state: NotAloneState, seat: int, *actions: Any) -> NotAloneState:
    """Apply ``actions`` for ``seat`` one after the other."""
    game = game_of(state)
    for a in actions:
        state = game.apply(state, seat, a)
    return state


def skip(state: NotAloneState) -> NotAloneState:
    """Pass in every card window and River/Vortex step until a real decision (in the
    1.1 phase-1 window: the Creature passes, the Hunted go on exploring)."""
    game = game_of(state)
    while state.step in ("creature_window", "hunted_window", "prepare"):
        seat = game.to_act(state)[0]
        if state.step == "creature_window":
            seat = state.config.creature_seat
        if Pass() not in game.legal_actions(state, seat):
            break
        state = game.apply(state, seat, Pass())
    return state


def explore(state: NotAloneState, plays: Mapping[int, Sequence[int]]) -> NotAloneState:
    """Every Hunted commits the cards given for their seat (from the explore step)."""
    from islandgames.games.not_alone.actions import Explore

    game = game_of(state)
    for seat, cards in plays.items():
        state = game.apply(state, seat, Explore(tuple(cards)))
    return state


def hunt(
    state: NotAloneState,
    creature: int,
    *extra: Any,
) -> NotAloneState:
    """The Creature plays ``extra`` actions (cards, tokens), places its Creature token
    on ``creature`` (unless already placed) and passes; then skip to a decision."""
    from islandgames.games.not_alone.actions import PlaceToken

    game = game_of(state)
    for a in extra:
        state = game.apply(state, 0, a)
    if not state.creature_token:
        state = game.apply(state, 0, PlaceToken("creature", (creature,)))
    state = game.apply(state, 0, Pass())
    return skip(state)


def settle(state: NotAloneState) -> NotAloneState:
    """Forgo every pending resolution and pass every window until the next turn's
    exploration (or the end of the game)."""
    from islandgames.games.not_alone.actions import Forgo

    game = game_of(state)
    turn = state.turn
    while state.winner == "" and (state.turn == turn or state.step != "explore"):
        if state.step in ("resolve_free", "resolve_target") and state.shelter_owner < 0:
            i, p = state.queue[0]
            state = game.apply(state, state.hunted[i].seat, Forgo(p))
            continue
        before = state
        state = skip(state)
        if state is before:
            break
    return state


def hunted_row(state: NotAloneState, seat: int) -> Hunted:
    return state.hunted[seat - 1]


#: the newest game, and a fixed RNG for states built by hand
game = GAME
rng = Rng(KEY, 0)
h = hunted_row


def legal(state: NotAloneState, seat: int) -> tuple[Any, ...]:
    return game_of(state).legal_actions(state, seat)


def of(state: NotAloneState, seat: int, cls: type) -> list[Any]:
    """The legal actions of one class."""
    return [a for a in game_of(state).legal_actions(state, seat) if type(a) is cls]
