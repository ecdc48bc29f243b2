"""Friday's rules versions: 1.0 and 1.1 side by side, differing exactly where the rulings
changed (the scenarios of the 1.1 fixes show the old behaviour under 1.0)."""

from __future__ import annotations

import threading

import attrs
import pytest

from islandgames import IllegalActionError, get_game
from islandgames.core import serde
from islandgames.core.errors import DecodeError, UnsupportedRulesVersionError
from islandgames.core.registry import rules_versions
from islandgames.games.friday import GAME, GAMES, RULES, FridayConfig, FridayGame, rules
from islandgames.games.friday.actions import (
    Action,
    ChooseTarget,
    DestroyCard,
    ResolveFight,
    SortDiscard,
    SortLook,
    SortReturn,
    UseAbility,
)
from islandgames.games.friday.data import STARTING, VALUE
from islandgames.games.friday.state import FridayState, FridayState10, PendingSort
from islandgames.games.friday.view import HIDDEN
from tests.friday.friday_kit import (
    AGING_DISTRACTED,
    CANNIBAL_WEAPON,
    EQUIPMENT,
    EXPLORING_WEAPON,
    FURTHER_FOOD,
    FURTHER_STRATEGY,
    FURTHER_VISION,
    GENIUS,
    HUNGRY,
    MORONIC,
    SCARED,
    STUPID,
    SUICIDAL,
    VERY_HUNGRY,
    VERY_TIRED,
    WEAK,
    build,
    fc,
    fight,
    pirate,
)

V10, V11, V12 = GAMES


def as_1_0(state: FridayState) -> FridayState:
    """A scenario state (built as 1.1) as the 1.0 state it would be: the same fields
    without the two 1.1 added, checked by the 1.0 rules."""
    old = FridayState10(**{f.name: getattr(state, f.name) for f in attrs.fields(FridayState10)})
    V10.check_state(old)
    return old


def play(game: FridayGame, state: FridayState, *actions: Action) -> FridayState:
    for a in actions:
        state = game.apply(state, 0, a)
    return state


# --- the registry and the version objects --------------------------------------------------


def test_every_version_is_served() -> None:
    assert rules_versions("friday") == ("1.0", "1.1", "1.2")
    assert get_game("friday", rules_version="1.0") is V10
    assert get_game("friday", rules_version="1.1") is V11
    assert get_game("friday", rules_version="1.2") is V12
    assert get_game("friday") is GAME is V12
    assert [g.rules for g in GAMES] == list(RULES)
    assert [g.info.rules_version for g in GAMES] == ["1.0", "1.1", "1.2"]
    assert V10.info == attrs.evolve(V12.info, rules_version="1.0")
    with pytest.raises(UnsupportedRulesVersionError, match=r"9\.9"):
        get_game("friday", rules_version="9.9")


def test_the_flags_of_each_version() -> None:
    assert RULES[0] == RULES[0].__class__(
        "1.0",
        exchange_leaves_fight_first=False,
        records_face_down_aging=False,
        won_fight_stays_won=False,
        sort_looks_before_discard=False,
    )
    assert attrs.astuple(RULES[1])[1:] == (True, True, True, False)
    assert attrs.astuple(RULES[2])[1:] == (True, True, True, True)


def test_a_1_0_state_has_the_fields_of_1_0() -> None:
    state = V10.new(3, FridayConfig(level=2))
    assert type(state) is FridayState10 is V10.state_type
    names = [f.name for f in attrs.fields(FridayState10)]
    assert names == [f.name for f in attrs.fields(FridayState)][:-2]
    assert "face_down_aging" not in names and not hasattr(state, "face_down_aging")
    wire = serde.to_wire(state)
    assert "face_down_aging" not in wire and "aging_looked" not in wire
    decoded = V10.decode_state(wire)
    assert type(decoded) is FridayState10 and decoded == state
    # the same deal as 1.1, without the record of the face-down card
    new = V11.new(3, FridayConfig(level=2))
    assert type(new) is FridayState and new.face_down_aging is not None
    assert as_1_0(new) == state
    with pytest.raises(DecodeError):
        V10.decode_state(serde.to_wire(new))  # 1.1's extra fields are not 1.0's
    with pytest.raises(ValueError, match="FridayState10"):
        V11.check_state(state)


def test_versions_run_side_by_side_on_threads() -> None:
    """No global switch: each game object plays its own rules, concurrently."""

    def run(game: FridayGame) -> list[str]:
        hashes = []
        for seed in range(6):
            state = game.new(seed, FridayConfig(level=3))
            for _ in range(40):
                if game.outcome(state) is not None:
                    break
                state = game.apply(state, 0, game.legal_actions(state, 0)[-1])
            hashes.append(serde.state_hash(state))
        return hashes

    alone = [run(g) for g in GAMES]
    assert alone[0] != alone[1]
    together: list[list[str]] = [[] for _ in range(8)]

    def worker(i: int) -> None:
        together[i] = run(GAMES[i % 2])

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert together == [alone[i % 2] for i in range(8)]


# --- I7, F9, F11: an exchange whose replacement draw ends the game ----------------------------


def _exchange_scenario() -> FridayState:
    others = tuple(c for c in STARTING if c != GENIUS)
    return build(
        stack=(),
        aging_stack=(),
        discard=others,
        the_fight=fight(FURTHER_FOOD, [FURTHER_STRATEGY, GENIUS]),
    )


def test_i7_exchange_ending_the_game_under_1_1_counts_the_card_once() -> None:
    s = _exchange_scenario()
    t = play(V11, s, UseAbility(0), ChooseTarget(1))
    assert t.result == "lost" and t.discard.count(GENIUS) == 1
    assert rules.score(t) == rules.score(s)


def test_i7_exchange_ending_the_game_under_1_0_counts_the_card_twice() -> None:
    s = as_1_0(_exchange_scenario())
    t = play(V10, s, UseAbility(0), ChooseTarget(1))
    assert t.result == "lost" and "old age" in t.reason
    assert t.discard.count(GENIUS) == 2  # discarded, then again with the fight cards
    assert rules.score(t) == rules.score(s) + VALUE[GENIUS]
    outcome = V10.outcome(t)
    assert outcome is not None and outcome.results[0].score == rules.score(s) + VALUE[GENIUS]


# --- F5, F11, I16: a fight won and then lost to the aging loss --------------------------------


def _hazard_won_then_dead() -> FridayState:
    return build(life=1, the_fight=fight(FURTHER_VISION, [CANNIBAL_WEAPON[0], VERY_HUNGRY]))


def _pirate_won_then_dead() -> FridayState:
    p = pirate("6/20")
    cards = [
        fc(CANNIBAL_WEAPON[0], doubled=True),
        fc(CANNIBAL_WEAPON[1], doubled=True),
        fc(EXPLORING_WEAPON[0]),
        fc(EXPLORING_WEAPON[1]),
        fc(VERY_HUNGRY),
    ]
    return build(
        step=3, life=1, pirates=(p, pirate("7/25")), hazard_stack=(), the_fight=fight(p, cards)
    )


def test_i16_hazard_won_then_dead_1_1_scores_as_won_1_0_as_lost() -> None:
    new = play(V11, _hazard_won_then_dead(), ResolveFight())
    old = play(V10, as_1_0(_hazard_won_then_dead()), ResolveFight())
    assert new.result == old.result == "lost" and new.life == old.life == 0
    assert FURTHER_VISION in new.discard and FURTHER_VISION not in new.hazard_discard
    assert "aging" in new.reason
    assert FURTHER_VISION in old.hazard_discard and FURTHER_VISION not in old.discard
    assert old.reason == "Robinson died fighting a hazard"
    V10.check_state(old)


def test_i16_pirate_won_then_dead_1_1_counts_the_pirate_1_0_does_not() -> None:
    new = play(V11, _pirate_won_then_dead(), ResolveFight())
    old = play(V10, as_1_0(_pirate_won_then_dead()), ResolveFight())
    assert new.pirates_defeated == (True, False) and old.pirates_defeated == (False, False)
    assert old.result == "lost" and "aging" in old.reason
    V10.check_state(old)
    out_new, out_old = V11.outcome(new), V10.outcome(old)
    assert out_new is not None and out_old is not None
    assert out_new.results[0].score == out_old.results[0].score + 15


# --- F14: the face-down aging card while a sort holds it across a rebuild --------------------


def _sort_scenario(face_down: int) -> FridayState:
    normal = [AGING_DISTRACTED, *STUPID, *SCARED, HUNGRY, VERY_TIRED]
    normal.remove(face_down)
    rest = tuple(c for c in STARTING if c != GENIUS)
    return build(
        level=2,
        stack=(face_down,),
        aging_stack=(*normal, MORONIC, SUICIDAL, VERY_HUNGRY),
        discard=rest,
        the_fight=fight(FURTHER_FOOD, [FURTHER_VISION, GENIUS]),
        face_down_aging=face_down,
    )


@pytest.mark.parametrize("version", ["1.0", "1.1"])
def test_f14_a_spectator_across_a_rebuild_1_1_hides_the_card_1_0_shows_it(version: str) -> None:
    game = GAMES[["1.0", "1.1"].index(version)]
    a, b = _sort_scenario(STUPID[1]), _sort_scenario(HUNGRY)
    if version == "1.0":
        a, b = as_1_0(a), as_1_0(b)
    same = []
    for action in (UseAbility(0), SortLook()):
        a, b = play(game, a, action), play(game, b, action)
        same.append(
            serde.canonical_bytes(game.view(a, None)) == serde.canonical_bytes(game.view(b, None))
        )
    if version == "1.1":
        assert same == [True, True]
        assert HIDDEN in game.view(a, None).stack_cards
    else:
        assert same == [True, False]  # 1.0: the rebuild shows which card it was
        assert HIDDEN not in game.view(a, None).stack_cards
    assert HIDDEN not in game.view(a, 0).stack_cards  # Robinson looked at it either way


@pytest.mark.parametrize("level", [2, 3, 4])
def test_f14_both_versions_hide_the_card_at_the_start(level: int) -> None:
    for seed in range(5):
        config = FridayConfig(level=level)
        old, new = V10.new(seed, config), V11.new(seed, config)
        for seat in (0, None):
            assert serde.canonical_bytes(V10.view(old, seat)) == serde.canonical_bytes(
                V11.view(new, seat)
            )


# --- I9 (1.2): a sort looks at all its cards first, then discards at most one ---------------


def _sort_at_the_end_of_the_stack(empty_aging_stack: str) -> FridayState:
    """The reviewers' case: the stack is exactly [an aging card, genius] and the discard
    pile is empty; the fight has a sort card (vision) ready to use."""
    rest = tuple(c for c in STARTING if c != GENIUS)
    return build(
        empty_aging_stack=empty_aging_stack,
        stack=(STUPID[0], GENIUS),
        aging_stack=(MORONIC,) if empty_aging_stack == "defeat" else (),
        destroyed=rest,
        the_fight=fight(FURTHER_FOOD, [FURTHER_VISION]),
    )


@pytest.mark.parametrize("mode", ["defeat", "reshuffle"])
def test_i9_under_1_1_a_discarded_card_comes_back_into_the_same_sort(mode: str) -> None:
    s = play(V11, _sort_at_the_end_of_the_stack(mode), UseAbility(0), SortLook())
    assert s.fight is not None and isinstance(s.fight.pending, PendingSort)
    assert s.fight.pending.looked == (STUPID[0], GENIUS) and s.stack == ()
    s = play(V11, s, SortDiscard(0))
    assert s.discard == (STUPID[0],) and SortLook() in V11.legal_actions(s, 0)
    s = play(V11, s, SortLook())  # the rebuild shuffles the discarded card back in
    assert STUPID[0] not in s.discard
    assert s.fight is not None and isinstance(s.fight.pending, PendingSort)
    assert STUPID[0] in (*s.fight.pending.looked, *s.stack)  # in play again, same sort
    if mode == "reshuffle":  # the discard pile held only it: the look drew it
        assert s.fight.pending.looked == (GENIUS, STUPID[0])


@pytest.mark.parametrize("mode", ["defeat", "reshuffle"])
def test_i9_under_1_2_looking_ends_once_a_card_is_discarded(mode: str) -> None:
    start = play(V12, _sort_at_the_end_of_the_stack(mode), UseAbility(0))
    assert V12.legal_actions(start, 0) == (SortLook(), SortDiscard(0), SortReturn(0))
    # as at the table: look at every card first, then discard at most one
    s = play(V12, start, SortLook())
    assert s.fight is not None and isinstance(s.fight.pending, PendingSort)
    assert s.fight.pending.looked == (STUPID[0], GENIUS) and s.stack == ()
    s = play(V12, s, SortDiscard(0))
    assert s.discard == (STUPID[0],)
    assert V12.legal_actions(s, 0) == (SortReturn(0),)
    with pytest.raises(IllegalActionError):
        V12.apply(s, 0, SortLook())
    s = play(V12, s, SortReturn(0))
    assert s.stack == (GENIUS,) and s.discard == (STUPID[0],) and s.known_top == 1
    assert s.fight is not None and s.fight.pending is None
    # discarding the only card looked at so far ends the sort: no look after it
    t = play(V12, start, SortDiscard(0))
    assert t.discard == (STUPID[0],) and t.fight is not None and t.fight.pending is None


@pytest.mark.parametrize("mode", ["defeat", "reshuffle"])
def test_i9_under_1_2_a_look_may_still_rebuild_the_stack_before_any_discard(mode: str) -> None:
    """Looking is drawing (F9): a look on an empty stack rebuilds it from the discard pile
    (the top aging card joining it in the defeat mode), which holds no card of the sort."""
    rest = tuple(c for c in STARTING if c != GENIUS)
    s = build(
        empty_aging_stack=mode,
        stack=(GENIUS,),
        discard=rest[:2],
        aging_stack=(MORONIC,) if mode == "defeat" else (),
        destroyed=rest[2:],
        the_fight=fight(FURTHER_FOOD, [FURTHER_VISION]),
    )
    s = play(V12, s, UseAbility(0), SortLook())
    assert s.fight is not None and isinstance(s.fight.pending, PendingSort)
    looked = s.fight.pending.looked
    assert looked[0] == GENIUS and looked[1] in (*rest[:2], MORONIC)
    assert s.discard == ()  # shuffled into the new stack
    s = play(V12, s, SortDiscard(1))
    assert s.discard == (looked[1],) and SortLook() not in V12.legal_actions(s, 0)


def test_i9_1_0_keeps_its_sort() -> None:
    s = as_1_0(_sort_at_the_end_of_the_stack("reshuffle"))
    s = play(V10, s, UseAbility(0), SortLook(), SortDiscard(0), SortLook())
    assert s.fight is not None and isinstance(s.fight.pending, PendingSort)
    assert s.fight.pending.looked == (GENIUS, STUPID[0])


# --- decode_state refuses fights play cannot reach (every version) ----------------------------


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.info.rules_version)
def test_a_free_side_that_disagrees_with_free_drawn_is_refused(game: FridayGame) -> None:
    honest = build(stack=(GENIUS,), the_fight=fight(FURTHER_FOOD, [FURTHER_VISION, STUPID[0]]))
    assert honest.fight is not None and honest.fight.free_drawn == 2
    wire = serde.to_wire(honest if game.rules.records_face_down_aging else as_1_0(honest))
    game.decode_state(wire)
    for free_drawn in (0, 1, 3):
        bad = {**wire, "fight": {**wire["fight"], "free_drawn": free_drawn}}
        with pytest.raises(DecodeError, match="free side holds 2 card"):
            game.decode_state(bad)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.info.rules_version)
def test_a_destroyed_used_card_leaves_more_free_cards_than_free_drawn(game: FridayGame) -> None:
    """Found by the conformance suite: destroying the card whose ability drew extra free
    cards erases the only evidence of that ability, so the destroy step may hold more
    free cards than ``free_drawn`` with no card used. Such a state is reachable."""
    s = build(stack=(WEAK[0], STUPID[0]), the_fight=fight(FURTHER_FOOD, [EQUIPMENT[0]]))
    if not game.rules.records_face_down_aging:
        s = as_1_0(s)
    s = play(game, s, UseAbility(0), ResolveFight())
    assert s.phase == "destroy" and s.fight is not None
    s = play(game, s, DestroyCard(0))  # the +2 cards card, used
    assert s.phase == "destroy" and s.fight is not None, "the budget should allow more"
    assert all(c.uses == 0 for c in s.fight.cards)
    assert sum(not c.paid for c in s.fight.cards) == 2 and s.fight.free_drawn == 1
    assert game.decode_state(serde.to_wire(s)) == s
