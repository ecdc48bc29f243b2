"""Engine properties: legality, bad input, wire round trips, hidden information,
determinism and no mutation, over many seeded games."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from islandgames import DecodeError, IllegalActionError, NotYourTurnError, from_wire, to_wire
from islandgames.bots.friday import HeuristicBot
from islandgames.core import serde
from islandgames.core.rng import Rng
from islandgames.games.friday import GAME, FridayConfig
from islandgames.games.friday.actions import (
    Action,
    ChooseHazard,
    ChoosePirate,
    ChooseTarget,
    DestroyCard,
    DrawFree,
    DrawPaid,
    FinishDestroying,
    Replace,
    ResolveFight,
    SkipHazard,
    SortDiscard,
    SortLook,
    SortReturn,
    UseAbility,
)
from islandgames.games.friday.data import AGING, HAZARDS, PIRATES, STARTING, VERY_STUPID
from islandgames.games.friday.state import FridayState
from islandgames.games.friday.view import FridayView
from tests.friday.friday_kit import FURTHER_VISION, GENIUS, WEAK, WILD_VISION, build, fight

#: A superset of every action that can be legal in the games below.
CANDIDATES: tuple[Action, ...] = (
    *(ChooseHazard(i) for i in range(3)),
    SkipHazard(),
    *(ChoosePirate(i) for i in range(3)),
    DrawFree(),
    DrawPaid(),
    *(UseAbility(i) for i in range(40)),
    *(ChooseTarget(i) for i in range(40)),
    SortLook(),
    *(SortDiscard(i) for i in range(4)),
    *(SortReturn(i) for i in range(4)),
    Replace(True),
    Replace(False),
    ResolveFight(),
    *(DestroyCard(i) for i in range(40)),
    FinishDestroying(),
)


_BOT = HeuristicBot()


def _policy(state: FridayState, rng: Rng, style: int) -> tuple[Action, Rng]:
    """0: uniformly random; 1: random but preferring draws and abilities to resolving;
    2: the heuristic bot with one random move in twenty (reaches pirates); 3: the bot."""
    legal = GAME.legal_actions(state, 0)
    roll, rng = rng.below(20 if style >= 2 else 4)
    if style >= 2 and (roll or style == 3):
        return _BOT.choose(GAME, GAME.view(state, 0), legal, rng)
    if style == 1:
        busy = [a for a in legal if not isinstance(a, ResolveFight | DrawPaid)]
        if busy and roll:
            return rng.choice(busy)
    return rng.choice(legal)


def _games() -> list[tuple[FridayState, list[tuple[FridayState, Action]]]]:
    out = []
    runs = [(seed, seed % 3) for seed in range(12)] + [(seed, 2) for seed in range(100, 112)]
    runs += [(1, 3), (7, 3)]  # two games the bot wins
    starts = []
    for seed, style in runs:
        level = 1 if style == 3 else 1 + seed % 4
        option = "defeat" if style == 3 else ("defeat", "reshuffle")[seed // 2 % 2]
        cfg = FridayConfig(level=level, empty_aging_stack=option)  # type: ignore[arg-type]
        starts.append((GAME.new(seed, cfg), seed, style))
    # The pirate stage with each pirate first: a strong deck, some hazards left over.
    for i, p in enumerate(PIRATES):
        other = PIRATES[(i + 3) % len(PIRATES)]
        aging = [a for a in AGING if a != VERY_STUPID]
        start = build(
            step=3,
            phase="pirate",
            pirates=(p, other),
            hazard_stack=(),
            stack=(*HAZARDS[10:], *STARTING[13:]),
            hazard_discard=HAZARDS[:4],
            discard=(*HAZARDS[4:10], *aging[:2]),
            aging_stack=aging[2:],
            life=12,
            seed=i,
            destroyed=STARTING[:13],
            empty_aging_stack=("defeat", "reshuffle")[i % 2],
        )
        starts.append((GAME.apply(start, 0, ChoosePirate(0)), 200 + i, 1 + i % 3))
    for s, seed, style in starts:
        rng = Rng.from_seed(seed, "test")
        trail = []
        while GAME.outcome(s) is None:
            a, rng = _policy(s, rng, style)
            trail.append((s, a))
            s = GAME.apply(s, 0, a)
        out.append((s, trail))
    return out


GAMES = _games()


def test_games_end_and_cover_the_rules() -> None:
    kinds = {type(a).__name__ for _, trail in GAMES for _, a in trail}
    assert kinds >= {
        c.__name__
        for c in (
            ChooseHazard,
            DrawFree,
            DrawPaid,
            UseAbility,
            ChooseTarget,
            ResolveFight,
            DestroyCard,
            FinishDestroying,
            SortLook,
            SortReturn,
        )
    }
    for final, _ in GAMES:
        assert final.phase == "over" and GAME.outcome(final) is not None
    assert any(final.result == "won" for final, _ in GAMES)
    assert sum(final.step == 3 for final, _ in GAMES) >= 12
    # every pirate was fought, and some beaten
    fought = {s.fight.enemy for _, trail in GAMES for s, _ in trail if s.fight is not None}
    assert set(PIRATES) <= fought
    assert sum(sum(final.pirates_defeated) for final, _ in GAMES) >= 6
    assert {final.config.level for final, _ in GAMES} == {1, 2, 3, 4}


def test_is_legal_agrees_with_legal_actions() -> None:
    for _, trail in GAMES:
        for s, _ in trail:
            legal = GAME.legal_actions(s, 0)
            assert len(set(legal)) == len(legal)
            assert set(legal) <= set(CANDIDATES)
            for a in CANDIDATES:
                assert GAME.is_legal(s, 0, a) == (a in legal), (a, legal)


def test_every_state_is_consistent_and_round_trips() -> None:
    for final, trail in GAMES:
        for s, a in [*trail, (final, DrawFree())]:
            GAME.check_state(s)
            wire = to_wire(s)
            assert GAME.decode_state(wire) == s
            assert GAME.decode_state(serde.unpackb(serde.packb(wire))) == s
            assert GAME.decode_action(GAME.encode_action(a)) == a
            v = GAME.view(s, 0)
            assert from_wire(to_wire(v), FridayView) == v


def test_resampling_the_hidden_part_leaves_the_view_unchanged() -> None:
    n = 0
    for _, trail in GAMES[:12]:
        for s, _ in trail[::3]:
            for seat in (0, None):
                r = GAME.resample_hidden(s, seat, Rng.from_seed(n, "resample"))
                n += 1
                GAME.check_state(r)
                assert GAME.view(r, seat) == GAME.view(s, seat)
                assert r.rng != s.rng


def test_resampling_does_change_the_hidden_part() -> None:
    s = GAME.new(1)
    r = GAME.resample_hidden(s, 0, Rng.from_seed(2))
    assert r.stack != s.stack and r.hazard_stack != s.hazard_stack
    assert sorted(r.stack) == sorted(s.stack)


def test_views_hold_no_order_and_no_rng() -> None:
    s = GAME.new(3)
    for seat in (0, None):
        wire = to_wire(GAME.view(s, seat))
        text = repr(wire)
        assert s.rng.key not in text and "rng" not in wire
        assert wire["stack_cards"] == sorted(s.stack)  # contents, not order
        assert wire["stack_top"] == [] and "stack" not in wire and "hazard_stack" not in wire


def test_apply_is_pure_and_deterministic() -> None:
    for final, trail in GAMES[:8]:
        replay = trail[0][0]
        for s, a in trail:
            before = serde.state_hash(s)
            replay = GAME.apply(replay, 0, a)
            assert serde.state_hash(s) == before
        assert replay == final


def test_illegal_actions_are_rejected_and_the_state_is_unchanged() -> None:
    s = build(stack=(GENIUS, WEAK[0]), the_fight=fight(FURTHER_VISION, [WEAK[1]]))
    wire = to_wire(s)
    bad: list[Any] = [
        DrawPaid(),  # a free card is still available
        ChooseHazard(0),  # wrong phase
        UseAbility(0),  # no ability
        UseAbility(7),  # no such card
        DestroyCard(0),  # no destroy step
        SortLook(),  # no sort
        ChooseTarget(0),  # nothing pending
        Replace(True),
    ]
    for a in bad:
        with pytest.raises(IllegalActionError):
            GAME.apply(s, 0, a)
        assert to_wire(s) == wire
    with pytest.raises(IllegalActionError, match="legal: draw_free"):
        GAME.apply(s, 0, DrawPaid())
    with pytest.raises(NotYourTurnError):
        GAME.apply(s, 1, DrawFree())
    with pytest.raises(IllegalActionError, match="expected a Friday action"):
        GAME.apply(s, 0, "draw")  # type: ignore[arg-type]


def test_malformed_indices_are_rejected() -> None:
    s = GAME.new(1)
    for a in (ChooseHazard(True), ChooseHazard(-1), ChooseHazard(2), ChooseHazard("0")):  # type: ignore[arg-type]
        assert not GAME.is_legal(s, 0, a)
        with pytest.raises(IllegalActionError):
            GAME.apply(s, 0, a)


def _broken(s: FridayState, **changes: Any) -> dict[str, Any]:
    wire: dict[str, Any] = to_wire(attrs.evolve(s, **changes))
    return wire


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"life": 23}, "life"),
        ({"step": 4}, "step"),
        ({"stack": (GENIUS, GENIUS)}, "card 17 is both"),
        ({"stack": ()}, "missing"),
        ({"phase": "hazard"}, "fight"),
        ({"known_top": 99}, "known_top"),
        ({"aging_stack": ()}, "missing"),
        ({"pirates": (59, 59)}, "pirates"),
        ({"result": "won"}, "result"),
    ],
)
def test_decode_rejects_inconsistent_states(changes: dict[str, Any], message: str) -> None:
    s = build(stack=(GENIUS, WEAK[0]), the_fight=fight(WILD_VISION, [WEAK[1]]))
    with pytest.raises(DecodeError, match=message):
        GAME.decode_state(_broken(s, **changes))


def test_decode_rejects_bad_types_and_unknown_tags() -> None:
    wire = to_wire(build(stack=(GENIUS,), the_fight=fight(WILD_VISION, [WEAK[1]])))
    wire["life"] = "20"
    with pytest.raises(DecodeError, match="life"):
        GAME.decode_state(wire)
    with pytest.raises(DecodeError, match="unknown type"):
        GAME.decode_action({"type": "win_the_game"})
    assert GAME.decode_action({"type": "choose_hazard", "index": 1}) == ChooseHazard(1)
