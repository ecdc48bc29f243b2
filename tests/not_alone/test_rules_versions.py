"""Not Alone's rules versions: 1.0 and 1.1 side by side, differing exactly where the
rulings changed (issue 14). Each 1.1 scenario is also played under 1.0, which keeps the
old behaviour.

* ``window_after_survival_draw`` (E13, E28): a Survival card drawn while resolving a
  place (Shelter, Source) opens a window for its drawer at once.
* ``phase1_cards_take_back_commits`` (E2, E4, N15): the Creature's phase-1 window runs
  alongside the exploration; Despair, Force Field and Sacrifice played after commits
  take every commit back.
"""

from __future__ import annotations

import threading
from typing import Any

import attrs
import pytest

from islandgames import DecodeError, NotYourTurnError, get_game
from islandgames.core import serde
from islandgames.core.errors import UnsupportedRulesVersionError
from islandgames.core.registry import rules_versions
from islandgames.core.rng import Rng
from islandgames.games.not_alone import GAME, GAMES, RULES, NotAloneConfig, NotAloneGame
from islandgames.games.not_alone.actions import (
    Explore,
    Forgo,
    GiveUp,
    KeepSurvival,
    Pass,
    PlaceToken,
    PlayHunt,
    PlaySurvival,
    Resist,
    UsePower,
)
from islandgames.games.not_alone.state import NotAloneState, NotAloneState10
from tests.not_alone import not_alone_kit as na

V10, V11 = GAMES
VERSIONS = ["1.0", "1.1"]


def views_unchanged(game: NotAloneGame, state: Any, rounds: int = 3) -> None:
    """Non-interference: resampling what a seat cannot see leaves its view alone."""
    rng = Rng.from_seed(7, "versions")
    for viewer in [*game.seats(state), None]:
        wire = serde.to_wire(game.view(state, viewer))
        for _ in range(rounds):
            sub, rng = rng.split()
            other = game.resample_hidden(state, viewer, sub)
            game.check_state(other)
            assert serde.to_wire(game.view(other, viewer)) == wire, viewer


# --- the registry and the version objects --------------------------------------------------


def test_both_versions_are_served() -> None:
    assert rules_versions("not-alone") == ("1.0", "1.1")
    assert get_game("not-alone", rules_version="1.0") is V10
    assert get_game("not-alone", rules_version="1.1") is V11
    assert get_game("not-alone") is GAME is V11
    assert [g.rules for g in GAMES] == list(RULES)
    assert [g.info.rules_version for g in GAMES] == VERSIONS
    assert V10.info == attrs.evolve(V11.info, rules_version="1.0")
    with pytest.raises(UnsupportedRulesVersionError, match=r"9\.9"):
        get_game("not-alone", rules_version="9.9")


def test_the_flags_of_each_version() -> None:
    assert RULES[0] == RULES[0].__class__(
        "1.0", window_after_survival_draw=False, phase1_cards_take_back_commits=False
    )
    assert attrs.astuple(RULES[1])[1:] == (True, True)


def test_a_1_0_state_has_the_fields_of_1_0() -> None:
    state = V10.new(3)
    assert type(state) is NotAloneState10 is V10.state_type
    names = [f.name for f in attrs.fields(NotAloneState10)]
    assert names == [f.name for f in attrs.fields(NotAloneState)][:-2]
    wire = serde.to_wire(state)
    assert "withdrawn" not in wire and "resolved" not in wire
    assert V10.decode_state(wire) == state
    new = V11.new(3)
    assert type(new) is NotAloneState and new.withdrawn == () and new.resolved == ()
    # the same deal; only the phase-1 window differs (E2)
    assert new.hunted == state.hunted and new.hunt_hand == state.hunt_hand
    with pytest.raises(DecodeError):
        V10.decode_state(serde.to_wire(new))  # 1.1's extra fields are not 1.0's
    with pytest.raises(ValueError, match="NotAloneState10"):
        V11.check_state(state)


def test_versions_run_side_by_side_on_threads() -> None:
    """No global switch: each game object plays its own rules, concurrently."""

    def run(game: NotAloneGame) -> list[str]:
        hashes = []
        for seed in range(4):
            state = game.new(seed, NotAloneConfig(hunted=2))
            for _ in range(60):
                if game.outcome(state) is not None:
                    break
                seat = game.to_act(state)[-1]
                state = game.apply(state, seat, game.legal_actions(state, seat)[0])
            hashes.append(serde.state_hash(state))
        return hashes

    alone = [run(g) for g in GAMES]
    assert alone[0] != alone[1]
    together: list[list[str]] = [[] for _ in range(6)]

    def worker(i: int) -> None:
        together[i] = run(GAMES[i % 2])

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert together == [alone[i % 2] for i in range(6)]


# --- E13, E28: a Survival card drawn in the Reckoning ------------------------------------------


def _artefact_at_shelter_and_wreck(version: str, top: tuple[str, ...]) -> Any:
    """Seat 1 resolves an Artefact double play on 7 (Shelter) and 8 (Wreck) with the
    Creature token on 8: the Shelter is its only token-free place."""
    s = na.build(
        1,
        hands={1: (1, 2, 3, 4, 5, 7, 8)},
        extra={1: {"double": "artefact"}},
        survival_deck_top=top,
        hunt_hand=("stasis",),  # so that the turn waits in phase 4
        version=version,
    )
    s = na.hunt(na.explore(s, {1: (7, 8)}), 8)
    assert s.step == "resolve_free" and s.queue == ((0, 7),)
    s = na.act(s, 1, UsePower(7, 7))
    assert s.shelter == ("dodge", "wrong_track")
    return na.act(s, 1, KeepSurvival("dodge"))


def test_e28_dodge_kept_at_the_shelter_is_played_before_being_caught_1_1() -> None:
    s = _artefact_at_shelter_and_wreck("1.1", ("dodge", "wrong_track"))
    assert na.game.to_act(s) == (1,) and s.shelter_owner == 0 and s.shelter == ()
    assert na.legal(s, 1) == (PlaySurvival("dodge"), Pass())
    rescue, assimilation = s.rescue, s.assimilation
    s = na.act(s, 1, PlaySurvival("dodge"))
    h = na.h(s, 1)
    assert h.dodge and h.survival == () and h.survival_used
    # the Wreck now holds no effective token for them: it is resolved too
    assert s.queue == ((0, 8),) and s.resolved == ((0, 7),)
    s = na.act(s, 1, UsePower(8, 8))
    assert s.rescue == rescue - 1
    assert s.phase == 4 and na.h(s, 1).will == 3 and s.assimilation == assimilation


def test_e28_dodge_kept_at_the_shelter_cannot_be_played_in_1_0() -> None:
    s = _artefact_at_shelter_and_wreck("1.0", ("dodge", "wrong_track"))
    # no window: the resolution goes on, and the Hunted is caught on the Wreck
    assert s.phase == 4 and na.h(s, 1).survival == ("dodge",)
    assert na.h(s, 1).will == 2 and s.assimilation == 7 - 1
    assert s.step == "creature_window" and PlaySurvival("dodge") not in na.legal(s, 1)


def test_e28_wrong_track_from_the_drawers_window_frees_an_earlier_hunted() -> None:
    """The queue is recomputed from the Creature's left: the Hunted freed by the moved
    token resolves next, the one the token lands on no longer does (and is caught)."""
    s = na.build(
        3,
        hands={1: (1, 2, 3, 4, 5, 9), 2: (1, 2, 3, 4, 5, 7), 3: (1, 2, 3, 4, 5, 10)},
        survival_deck_top=("wrong_track", "gate"),
        hunt_hand=("stasis",),
    )
    s = na.hunt(na.explore(s, {1: (9,), 2: (7,), 3: (10,)}), 9)
    assert s.queue == ((1, 7), (2, 10))
    s = na.act(s, 2, UsePower(7, 7), KeepSurvival("wrong_track"))
    assert na.game.to_act(s) == (2,)
    moves = na.of(s, 2, PlaySurvival)
    assert moves == [PlaySurvival("wrong_track", places=(9, t)) for t in (4, 8, 10)]
    s = na.act(s, 2, PlaySurvival("wrong_track", places=(9, 10)))
    assert s.creature_token == (10,)
    assert s.queue == ((0, 9),) and na.game.to_act(s) == (1,)
    s = na.act(s, 1, Forgo(9))
    assert s.phase == 4 and [h.will for h in s.hunted] == [3, 3, 2]


def test_e28_a_resolved_place_is_not_resolved_again() -> None:
    """Seat 1 resolves the Wreck, seat 2's Wrong Track moves the token from seat 1's
    Shelter onto that Wreck; seat 1 resolves the Shelter, Dodges: the Wreck is free for
    them again but was resolved already (``resolved``)."""
    s = na.build(
        2,
        hands={1: (1, 2, 3, 4, 5, 7, 8), 2: (1, 2, 3, 4, 5, 9)},
        extra={1: {"double": "artefact"}},
        survival_deck_top=("wrong_track", "dodge", "gate"),
        hunt_hand=("stasis",),
    )
    s = na.hunt(na.explore(s, {1: (7, 8), 2: (9,)}), 7)
    assert s.queue == ((0, 8), (1, 9))
    s = na.act(s, 1, UsePower(8, 8))
    s = na.act(s, 2, UsePower(9, 9))  # the Source: draw a card, Wrong Track
    assert na.h(s, 2).survival == ("wrong_track",) and s.shelter_owner == 1
    s = na.act(s, 2, PlaySurvival("wrong_track", places=(7, 8)))
    assert s.queue == ((0, 7),)
    s = na.act(s, 1, UsePower(7, 7), KeepSurvival("dodge"), PlaySurvival("dodge"))
    assert s.resolved == ((0, 8), (1, 9), (0, 7))
    assert s.phase == 4 and na.h(s, 1).will == 3  # dodged on the Wreck


def test_e28_the_source_draw_opens_the_window_too() -> None:
    s = na.build(
        2,
        hands={1: (1, 2, 3, 4, 5, 9)},
        survival_deck_top=("hologram",),
        rescue=6,  # an Artemia space: the token is in play
        hunt_hand=("stasis",),
    )
    s = na.hunt(na.explore(s, {1: (9,), 2: (3,)}), 4, PlaceToken("artemia", (3,)))
    s = na.act(s, 1, UsePower(9, 9))
    assert na.game.to_act(s) == (1,)
    assert PlaySurvival("hologram", places=(3, 2)) in na.legal(s, 1)
    s = na.act(s, 1, PlaySurvival("hologram", places=(3, 2)))
    # the River is free for seat 2 now: it is resolved in step 1
    assert s.artemia_token == (2,) and s.queue == ((1, 3),)


def test_e28_no_window_for_a_hunted_who_played_a_survival_card() -> None:
    s = na.build(
        2,
        will={1: 2},
        hands={1: (1, 2, 3, 4, 5, 7)},
        survival={1: ("adrenaline",)},
        survival_deck_top=("dodge", "gate"),
    )
    s = na.act(s, 1, PlaySurvival("adrenaline"))
    s = na.hunt(na.explore(s, {1: (7,), 2: (3,)}), 9)
    s = na.act(s, 1, UsePower(7, 7), KeepSurvival("dodge"))
    assert s.shelter_owner == -1 and na.game.to_act(s) == (2,)


@pytest.mark.parametrize("version", VERSIONS)
def test_e28_the_drawers_window_states_are_checked(version: str) -> None:
    s = _artefact_at_shelter_and_wreck("1.1", ("dodge", "wrong_track"))
    wire = serde.to_wire(s)
    if version == "1.0":
        for k in ("withdrawn", "resolved"):
            del wire[k]
        with pytest.raises(DecodeError, match="shelter and shelter_owner disagree"):
            V10.decode_state(wire)
        return
    assert V11.decode_state(wire) == s
    wire["hunted"][0]["survival"] = []
    wire["survival_discard"].append("dodge")
    with pytest.raises(DecodeError, match="drawer's card window waits on Hunted seat 1, who"):
        V11.decode_state(wire)


# --- E2, E4, N15: phase-1 cards after a Hunted has committed -----------------------------------


def _window(version: str, **kw: Any) -> Any:
    """The start of a turn with 2 Hunted and the Creature's phase-1 window open."""
    kw.setdefault("hunt_hand", ("despair", "force_field"))
    return na.build(2, step="creature_window", version=version, **kw)


@pytest.mark.parametrize("version", VERSIONS)
def test_despair_before_any_commit(version: str) -> None:
    s = _window(version, survival={1: ("adrenaline",)}, will={1: 2})
    s = na.act(s, 0, PlayHunt("despair"))
    assert s.step == "explore" and na.game_of(s).to_act(s) == (1, 2)
    assert na.of(s, 1, PlaySurvival) == [] and len(na.of(s, 1, Explore)) == 5
    if version == "1.1":
        assert s.withdrawn == ()


def test_despair_after_a_commit_takes_it_back_1_1() -> None:
    s = _window("1.1", survival={1: ("adrenaline",)}, will={1: 2})
    s = na.act(s, 1, Explore((4,)))
    assert na.game.to_act(s) == (0, 2) and na.legal(s, 1) == ()
    s = na.act(s, 0, PlayHunt("despair"))
    h = na.h(s, 1)
    assert h.played == () and h.hand == (1, 2, 3, 4, 5)
    assert s.step == "explore" and s.owing == (0, 1) and na.game.to_act(s) == (1, 2)
    assert s.withdrawn == ((1, 0),)
    # they choose again as before committing, now under Despair (no Survival card)
    assert na.of(s, 1, Explore) == [Explore((c,)) for c in range(1, 6)]
    assert na.of(s, 1, PlaySurvival) == [] and GiveUp() in na.legal(s, 1)
    s = na.explore(s, {1: (2,), 2: (5,)})
    assert s.step == "hunt" and na.h(s, 1).played == (2,)


def test_despair_once_every_hunted_committed_1_1() -> None:
    s = _window("1.1")
    s = na.explore(s, {1: (4,), 2: (5,)})
    assert s.step == "creature_window" and s.owing == () and na.game.to_act(s) == (0,)
    s = na.act(s, 0, PlayHunt("despair"))
    assert s.owing == (0, 1) and all(h.played == () for h in s.hunted)
    assert s.withdrawn == ((1, 0), (1, 1))


def test_despair_after_a_commit_is_impossible_in_1_0() -> None:
    s = _window("1.0")
    assert na.legal(s, 1) == ()  # E2: the Hunted wait for the Creature's window
    s = na.act(s, 0, Pass())
    s = na.act(s, 1, Explore((4,)))
    assert na.legal(s, 0) == () and na.V10.to_act(s) == (2,)
    with pytest.raises(NotYourTurnError):
        na.V10.apply(s, 0, PlayHunt("despair"))


@pytest.mark.parametrize("version", VERSIONS)
def test_force_field_before_any_commit(version: str) -> None:
    s = _window(version)
    s = na.act(s, 0, PlayHunt("force_field", places=(3, 4)))
    assert s.step == "explore" and s.target_token == (3, 4)
    assert na.of(s, 1, Explore) == [Explore((1,)), Explore((2,)), Explore((5,))]


def test_force_field_after_a_commit_takes_it_back_1_1() -> None:
    s = _window("1.1", extra={1: {"double": "river"}}, hands={1: (1, 2, 3, 4, 5, 7)})
    s = na.act(s, 1, Explore((3, 7)))
    s = na.act(s, 0, PlayHunt("force_field", places=(3, 4)))
    h = na.h(s, 1)
    assert h.played == () and h.hand == (1, 2, 3, 4, 5, 7) and s.withdrawn == ((1, 0),)
    # the River double play again, now without the Force Field places
    assert na.of(s, 1, Explore) == [
        Explore(p) for p in ((1, 2), (1, 5), (1, 7), (2, 5), (2, 7), (5, 7))
    ]
    s = na.explore(s, {1: (1, 7), 2: (2,)})
    assert s.step == "hunt"


def test_force_field_after_a_commit_is_impossible_in_1_0() -> None:
    s = na.act(_window("1.0"), 0, Pass())
    s = na.act(s, 1, Explore((3,)))
    assert na.legal(s, 0) == ()
    with pytest.raises(NotYourTurnError):
        na.V10.apply(s, 0, PlayHunt("force_field", places=(3, 4)))


def test_a_flashback_of_force_field_takes_commits_back_too_1_1() -> None:
    s = _window("1.1", hunt_hand=("flashback",), hunt_discard=("force_field",))
    s = na.act(s, 2, Explore((5,)))
    s = na.act(s, 0, PlayHunt("flashback", places=(4, 5)))
    assert na.h(s, 2).played == () and s.withdrawn == ((1, 1),)
    assert na.of(s, 2, Explore) == [Explore((c,)) for c in (1, 2, 3)]


def test_with_tracking_the_window_stays_open_after_a_take_back_1_1() -> None:
    s = _window("1.1", allowance=2)
    s = na.explore(s, {1: (4,), 2: (5,)})
    s = na.act(s, 0, PlayHunt("despair"))
    assert s.step == "creature_window" and na.game.to_act(s) == (0, 1, 2)
    s = na.act(s, 1, Explore((1,)))
    s = na.act(s, 0, PlayHunt("force_field", places=(1, 2)))
    assert s.step == "explore" and s.withdrawn == ((1, 0), (1, 1), (1, 0))
    assert na.of(s, 1, Explore) == [Explore((c,)) for c in (3, 4, 5)]


@pytest.mark.parametrize("version", VERSIONS)
def test_sacrifice_before_any_commit(version: str) -> None:
    s = na.build(2, survival={1: ("sacrifice",)}, hunt_hand=("despair",), version=version)
    game = na.game_of(s)
    s = na.act(s, 1, PlaySurvival("sacrifice", (5,)))
    assert s.sacrifice and s.step == "explore" and game.to_act(s) == (1, 2)
    assert na.h(s, 1).discard == (5,) and na.legal(s, 0) == ()


def test_sacrifice_before_any_commit_closes_the_creature_window_1_1() -> None:
    s = _window("1.1", survival={1: ("sacrifice",)})
    assert na.game.to_act(s) == (0, 1, 2)
    s = na.act(s, 1, PlaySurvival("sacrifice", (5,)))
    assert s.step == "explore" and na.game.to_act(s) == (1, 2) and na.legal(s, 0) == ()
    assert s.withdrawn == ()


def test_sacrifice_after_a_commit_takes_it_back_1_1() -> None:
    s = _window("1.1", survival={2: ("sacrifice",)})
    s = na.act(s, 1, Explore((4,)))
    s = na.act(s, 2, PlaySurvival("sacrifice", (1,)))
    assert na.h(s, 1).played == () and na.h(s, 1).hand == (1, 2, 3, 4, 5)
    assert s.step == "explore" and na.game.to_act(s) == (1, 2) and s.withdrawn == ((1, 0),)
    assert na.legal(s, 0) == ()  # no Hunt card this turn


def test_sacrifice_after_a_commit_keeps_it_in_1_0() -> None:
    s = na.build(2, survival={2: ("sacrifice",)}, version="1.0")
    s = na.act(s, 1, Explore((4,)))
    s = na.act(s, 2, PlaySurvival("sacrifice", (1,)))
    assert na.h(s, 1).played == (4,) and na.V10.to_act(s) == (2,)


def test_sacrifice_is_refused_after_a_hunt_card_n15_1_1() -> None:
    s = _window("1.1", survival={1: ("sacrifice",)}, allowance=2)
    assert na.of(s, 1, PlaySurvival)
    s = na.act(s, 0, PlayHunt("force_field", places=(9, 10)))
    assert na.of(s, 1, PlaySurvival) == []


def test_a_hunted_who_took_back_keeps_the_turns_flags_1_1() -> None:
    """Resist stays used (once per turn, N3); a Survival card played stays played; Give
    Up is open again (N4: before the card is played)."""
    s = _window("1.1", discards={1: (4, 5)}, survival={1: ("adrenaline",)}, will={1: 2})
    s = na.act(s, 1, Resist(1, (4, 5)))
    s = na.act(s, 1, Explore((1,)))
    s = na.act(s, 0, PlayHunt("force_field", places=(9, 10)))
    legal = na.legal(s, 1)
    assert not any(isinstance(a, Resist) for a in legal)
    assert GiveUp() in legal and PlaySurvival("adrenaline") in legal
    assert na.h(s, 1).resisted and na.h(s, 1).will == 1


def test_strike_back_emptying_the_creatures_hand_closes_its_window_1_1() -> None:
    s = _window("1.1", hunt_hand=("despair",), survival={1: ("strike_back",)})
    s = na.act(s, 1, PlaySurvival("strike_back"))
    assert s.hunt_hand == () and s.step == "explore" and na.game.to_act(s) == (1, 2)


# --- hidden information of a withdrawn commit ---------------------------------------------


def test_non_interference_around_a_take_back_1_1() -> None:
    s = _window("1.1", survival={2: ("dodge",)}, hunt_hand=("force_field", "clone"), allowance=2)
    s = na.act(s, 1, Explore((3,)))
    views_unchanged(V11, s)
    s = na.act(s, 0, PlayHunt("force_field", places=(4, 5)))
    views_unchanged(V11, s)
    s = na.act(s, 2, Explore((1,)))
    views_unchanged(V11, s)


def test_a_withdrawn_commit_stays_masked_in_per_seat_logs_1_1() -> None:
    s0 = _window("1.1")
    first = Explore((3,))
    s1 = na.act(s0, 1, first)
    s2 = na.act(s1, 0, PlayHunt("force_field", places=(4, 5)))
    final = Explore((2,))
    s3 = na.act(s2, 1, final)
    s4 = na.act(s3, 2, Explore((1,)))
    later = na.settle(na.hunt(s4, 9))
    assert later.turn == 2
    for viewer in (0, 2, None):
        assert V11.redact_action(s0, 1, first, viewer, s1) == Explore((0,))
        assert V11.redact_action(s0, 1, first, viewer, later) == Explore((0,))
        assert V11.redact_action(s2, 1, final, viewer, s3) == Explore((0,))
        assert V11.redact_action(s2, 1, final, viewer, later) == final
    assert V11.redact_action(s0, 1, first, 1, later) == first


def test_a_withdrawn_commit_is_masked_in_a_match_log_1_1() -> None:
    from islandgames import Match, verify_redacted

    for seed in range(40):
        m = Match(V11, seed=seed, config=NotAloneConfig(hunted=2))
        if "force_field" in m.state.hunt_hand:
            break
    else:  # pragma: no cover - the deal is fixed by the seeds
        pytest.fail("no seed deals Force Field to the Creature")
    m.act(1, Explore((3,)))
    m.act(0, PlayHunt("force_field", places=(9, 10)))
    m.act(1, Explore((2,)))
    m.act(2, Explore((1,)))
    m.act(0, PlaceToken("creature", (7,)))
    m.act(0, Pass())
    while m.state.phase < 3:
        m.act(V11.to_act(m.state)[0], Pass())
    full = m.log()
    for viewer in (0, 2, None):
        red = m.log(viewer)
        assert red.entries[0].action == {"type": "explore", "cards": [0]}
        assert red.entries[2].action == {"type": "explore", "cards": [2]}
        assert verify_redacted(red, full).status == "unfinished"
    assert m.log(1).entries[0].action == {"type": "explore", "cards": [3]}


# --- check_state: states play never reaches (every version) ---------------------------------


def _reckoning(version: str, **kw: Any) -> Any:
    """The reveal of a turn with 2 Hunted on 2 and 4, the Creature token on 9: the first
    phase-3 decision (a card window if anybody may play a card)."""
    s = na.build(2, version=version, **kw)
    s = na.explore(s, {1: (2,), 2: (4,)})
    s = na.act(s, 0, PlaceToken("creature", (9,)), Pass())
    while s.step == "prepare":
        s = na.act(s, na.game_of(s).to_act(s)[0], Pass())
    return s


@pytest.mark.parametrize("version", VERSIONS)
def test_check_state_refuses_a_reckoning_without_the_creature_token(version: str) -> None:
    s = _reckoning(version)
    wire = serde.to_wire(s)
    wire["creature_token"] = []
    with pytest.raises(DecodeError, match="phase-3 state without the Creature token"):
        na.game_of(s).decode_state(wire)


@pytest.mark.parametrize("version", VERSIONS)
def test_check_state_refuses_an_artemia_token_required_but_never_placed(version: str) -> None:
    game = get_game("not-alone", rules_version=version)
    s = _reckoning(version, rescue=7, hunt_hand=("mutation",), survival={})
    assert s.artemia_token == ()
    for change, ok in (
        ({"rescue": 6}, False),  # an Artemia space (board a) at the Hunting
        ({"rescue": 6, "wreck_used": True}, True),  # the Wreck moved it there since
        ({"rescue": 6, "beach_used": True, "marker": True}, False),  # the Beach did not
        ({"rescue": 5, "beach_used": True, "wreck_used": True}, True),  # from 7, 2 moves
        ({"rescue": 5, "wreck_used": True}, False),  # from 6
        ({"effects": ["mutation"], "hunt_played": ["mutation"]}, False),  # Artemia card
    ):
        wire = serde.to_wire(s)
        if "hunt_played" in change:
            wire["hunt_hand"] = []
        wire.update(change)
        if ok:
            game.decode_state(wire)
            continue
        with pytest.raises(DecodeError, match="Artemia token was required this turn"):
            game.decode_state(wire)


@pytest.mark.parametrize("version", VERSIONS)
def test_check_state_refuses_a_card_window_waiting_on_a_hunted_without_cards(version: str) -> None:
    s = _reckoning(version, survival={1: ("dodge",)}, hunt_hand=())
    assert s.step == "hunted_window" and s.owing == (0,)
    wire = serde.to_wire(s)
    wire["hunted"][0]["survival"] = []
    wire["survival_deck"].append("dodge")
    with pytest.raises(
        DecodeError, match="Hunted card window waits on Hunted seat 1, who holds no Survival card"
    ):
        na.game_of(s).decode_state(wire)
    wire = serde.to_wire(s)
    wire["hunted"][0]["survival_used"] = True
    with pytest.raises(DecodeError, match="who has played a Survival card"):
        na.game_of(s).decode_state(wire)
    # the River/Vortex step before the reveal likewise
    s = na.build(2, survival={1: ("vortex",)}, version=version)
    s = na.act(na.explore(s, {1: (2,), 2: (4,)}), 0, PlaceToken("creature", (9,)), Pass())
    assert s.step == "prepare" and s.owing == (0,)
    wire = serde.to_wire(s)
    wire["hunted"][0]["survival"] = []
    wire["survival_deck"].append("vortex")
    with pytest.raises(DecodeError, match=r"before the reveal .* holds no Survival card"):
        na.game_of(s).decode_state(wire)


def test_check_state_refuses_1_1_phase1_shapes_under_1_0() -> None:
    s = _window("1.1")
    wire = serde.to_wire(s)
    for k in ("withdrawn", "resolved"):
        del wire[k]
    with pytest.raises(DecodeError, match=r"Hunted owing a decision \(1\.0: E2\)"):
        V10.decode_state(wire)
    bad = serde.to_wire(na.act(s, 1, Explore((4,))))
    bad["owing"] = [0, 1]
    with pytest.raises(DecodeError, match="seat 1 has committed and owes a decision"):
        V11.decode_state(bad)
