"""The 15 Survival cards, each in its phase window (section 1.5; N13, N15, N16, N22)."""

from __future__ import annotations

from typing import Any

import pytest

from islandgames import IllegalActionError
from islandgames.games.not_alone.actions import (
    Discard,
    Explore,
    Forgo,
    Pass,
    PlaceToken,
    PlayHunt,
    PlaySurvival,
    UsePower,
)
from tests.not_alone import not_alone_kit as na


def passes(s: Any, *steps: str) -> Any:
    """Pass for whoever acts while the step is one of ``steps``."""
    while s.step in steps:
        s = na.act(s, na.game.to_act(s)[0], Pass())
    return s


def window3(s: Any, creature: int, *tokens: Any) -> Any:
    """From the exploration's end: Creature token (and ``tokens``), then on to the
    Hunted's phase-3 card window."""
    s = na.act(s, 0, *tokens, PlaceToken("creature", (creature,)), Pass())
    s = passes(s, "prepare", "creature_window")
    assert s.step == "hunted_window" and s.phase == 3
    return s


# --- phase 1 ----------------------------------------------------------------------------


def test_adrenaline_regains_one_will_below_three() -> None:
    s = na.build(2, will={1: 2}, survival={1: ("adrenaline",)})
    s = na.act(s, 1, PlaySurvival("adrenaline"))
    h = na.h(s, 1)
    assert h.will == 3 and h.survival == () and h.survival_used
    assert s.survival_discard == ("adrenaline",)
    full = na.build(2, survival={1: ("adrenaline",)})
    assert na.of(full, 1, PlaySurvival) == []


def test_ingenuity_puts_the_marker_on_the_beach() -> None:
    s = na.build(2, survival={1: ("ingenuity",)})
    s = na.act(s, 1, PlaySurvival("ingenuity"))
    assert s.marker
    on = na.build(2, survival={1: ("ingenuity",)}, marker=True)
    assert na.of(on, 1, PlaySurvival) == []


def test_sacrifice_discards_a_card_and_forbids_hunt_cards() -> None:
    s = na.build(2, survival={1: ("sacrifice",)}, hunt_hand=("fierceness", "clone", "virus"))
    assert na.of(s, 1, PlaySurvival) == [PlaySurvival("sacrifice", (c,)) for c in range(1, 6)]
    s = na.act(s, 1, PlaySurvival("sacrifice", (4,)))
    assert s.sacrifice and na.h(s, 1).discard == (4,) and na.h(s, 1).hand == (1, 2, 3, 5)
    s = na.explore(s, {1: (1,), 2: (1,)})
    assert s.step == "hunt" and na.of(s, 0, PlayHunt) == []


def test_sacrifice_is_refused_once_the_creature_played_a_hunt_card_n15() -> None:
    s = na.build(
        2,
        step="creature_window",
        survival={1: ("sacrifice",)},
        hunt_hand=("despair", "fierceness"),
    )
    s = na.act(s, 0, PlayHunt("despair"))
    assert s.step == "explore" and na.of(s, 1, PlaySurvival) == []
    s = na.build(
        2, step="creature_window", survival={1: ("sacrifice",)}, hunt_hand=("force_field",)
    )
    s = na.act(s, 0, PlayHunt("force_field", places=(7, 8)))
    assert na.of(s, 1, PlaySurvival) == []


def test_sixth_sense_takes_two_discarded_cards_back() -> None:
    s = na.build(2, survival={1: ("sixth_sense",)}, discards={1: (2, 3, 4)})
    assert len(na.of(s, 1, PlaySurvival)) == 3
    s = na.act(s, 1, PlaySurvival("sixth_sense", (2, 4)))
    assert na.h(s, 1).hand == (1, 2, 4, 5) and na.h(s, 1).discard == (3,)
    one = na.build(2, survival={1: ("sixth_sense",)}, discards={1: (2,)})
    assert na.of(one, 1, PlaySurvival) == [PlaySurvival("sixth_sense", (2,))]
    none = na.build(2, survival={1: ("sixth_sense",)})
    assert na.of(none, 1, PlaySurvival) == []


def test_smokescreen_hides_discards_from_the_creature_only_n22() -> None:
    s = na.build(2, survival={1: ("smokescreen",)}, discards={1: (2,), 2: (5,)})
    s = na.act(s, 1, PlaySurvival("smokescreen"))
    assert s.smokescreen
    creature = na.game.view(s, 0)
    assert [h.discard for h in creature.hunted] == [None, None]
    assert [h.discard_count for h in creature.hunted] == [1, 1]
    assert [h.discard for h in na.game.view(s, 2).hunted] == [(2,), (5,)]
    assert [h.discard for h in na.game.view(s, None).hunted] == [(2,), (5,)]
    s = na.settle(na.hunt(na.explore(s, {1: (1,), 2: (1,)}), 9))
    assert not s.smokescreen and na.game.view(s, 0).hunted[0].discard == (1, 2)


def test_strike_back_sends_two_random_hunt_cards_to_the_deck_bottom() -> None:
    hand = ("clone", "fierceness", "virus")
    s = na.build(2, survival={1: ("strike_back",)}, hunt_hand=hand)
    s = na.act(s, 1, PlaySurvival("strike_back"))
    assert len(s.hunt_hand) == 1 and s.hunt_hand[0] in hand
    bottom = s.hunt_deck[-2:]
    assert sorted((*bottom, s.hunt_hand[0])) == sorted(hand)
    empty = na.build(2, survival={1: ("strike_back",)})
    assert na.of(empty, 1, PlaySurvival) == []


def test_one_survival_card_per_turn() -> None:
    s = na.build(2, will={1: 2}, survival={1: ("adrenaline", "ingenuity")})
    s = na.act(s, 1, PlaySurvival("ingenuity"))
    assert na.of(s, 1, PlaySurvival) == []


# --- phase 2 ----------------------------------------------------------------------------


def test_vortex_swaps_the_played_card_after_the_tokens_n16() -> None:
    s = na.build(
        2,
        step="creature_window",
        survival={1: ("vortex",)},
        discards={1: (2, 8)},
        hands={1: (1, 3, 4, 5, 7)},
        hunt_hand=("force_field",),
    )
    s = na.act(s, 0, PlayHunt("force_field", places=(7, 8)))
    s = na.explore(s, {1: (4,), 2: (1,)})
    assert na.of(s, 1, PlaySurvival) == []  # not during the Exploration
    s = na.act(s, 0, PlaceToken("creature", (4,)), Pass())
    assert s.step == "prepare" and na.game.to_act(s) == (1,)
    # the Wreck is blocked by Force Field: only the Jungle may come in
    assert na.of(s, 1, PlaySurvival) == [PlaySurvival("vortex", (4, 2))]
    s = na.act(s, 1, PlaySurvival("vortex", (4, 2)))
    h = na.h(s, 1)
    assert h.played == (2,) and h.places == (2,) and h.discard == (4, 8)


# --- phase 3 ----------------------------------------------------------------------------


def test_dodge_avoids_the_creature_token_n13() -> None:
    s = na.build(2, survival={1: ("dodge",)})
    s = na.explore(s, {1: (2,), 2: (3,)})
    s = window3(s, 2)
    assert na.of(s, 1, PlaySurvival) == [PlaySurvival("dodge")]
    s = na.act(s, 1, PlaySurvival("dodge"))
    s = passes(s, "creature_window", "hunted_window")
    assert s.queue == ((0, 2), (1, 3))  # the place is token-free for the Dodger
    s = na.settle(s)
    assert na.h(s, 1).will == 3 and s.assimilation == 8


def test_dodge_needs_the_creature_token_on_your_place_n13() -> None:
    s = na.build(2, survival={1: ("dodge",)})
    s = na.hunt(na.explore(s, {1: (2,), 2: (3,)}), 5)
    assert s.step == "resolve_free"  # no window: nothing to play


def test_detector_avoids_the_artemia_token() -> None:
    s = na.build(2, survival={1: ("detector",)}, hunt_hand=("mutation",))
    s = na.explore(s, {1: (2,), 2: (2,)})
    s = na.act(s, 0, PlayHunt("mutation"), PlaceToken("artemia", (2,)))
    s = window3(s, 9)
    s = na.act(s, 1, PlaySurvival("detector"))
    s = passes(s, "creature_window", "hunted_window")
    assert s.queue == ((0, 2),)
    s = na.act(s, 1, Forgo(2))
    assert s.step == "artemia" and na.game.to_act(s) == (2,)  # seat 1 is protected
    s = na.settle(na.act(s, 2, Discard((5,))))
    assert na.h(s, 1).will == 3 and len(na.h(s, 1).hand) == 4
    assert na.h(s, 2).will == 2 and na.h(s, 2).hand == (1, 3, 4)


def test_drone_uses_the_rover_instead() -> None:
    s = na.build(2, survival={1: ("drone",)})
    s = na.hunt(na.explore(s, {1: (2,), 2: (3,)}), 9)
    drone = [a for a in na.of(s, 1, UsePower) if a.survival == "drone"]
    assert drone == [UsePower(2, 5, "drone", (r,)) for r in (6, 7, 8, 9, 10)]
    s = na.act(s, 1, UsePower(2, 5, "drone", (8,)))
    h = na.h(s, 1)
    assert 8 in h.hand and h.survival == () and h.played == (2,)


def test_gate_uses_an_adjacent_place_but_not_the_artefact() -> None:
    s = na.build(2, survival={1: ("gate",)}, hands={1: (1, 2, 3, 4, 5, 9)})
    s = na.hunt(na.explore(s, {1: (9,), 2: (3,)}), 1)
    gate = {a.power for a in na.of(s, 1, UsePower) if a.survival == "gate"}
    assert gate == {4, 8}  # 9 touches 4, 8, 10 (the Artefact cannot be copied)
    s = na.act(s, 1, UsePower(9, 8, "gate"))
    assert s.rescue == 14 - 1 and s.wreck_used


def test_gate_through_an_adjacent_lair_copies_the_creature_place() -> None:
    s = na.build(2, survival={1: ("gate",)}, discards={1: (3,)})
    s = na.hunt(na.explore(s, {1: (2,), 2: (4,)}), 4)
    gate = sorted({a.power for a in na.of(s, 1, UsePower) if a.survival == "gate"})
    assert gate == [1, 3, 4, 7]  # adjacent 1 (Lair, copying 4), 3, 7


def test_hologram_moves_the_artemia_token() -> None:
    s = na.build(2, survival={1: ("hologram",)}, hunt_hand=("mutation",))
    s = na.explore(s, {1: (2,), 2: (3,)})
    s = na.act(s, 0, PlayHunt("mutation"), PlaceToken("artemia", (2,)))
    s = window3(s, 9)
    opts = na.of(s, 1, PlaySurvival)
    assert opts == [PlaySurvival("hologram", places=(2, t)) for t in (1, 3, 7)]
    s = na.act(s, 1, PlaySurvival("hologram", places=(2, 3)))
    assert s.artemia_token == (3,)


def test_hologram_under_virus_picks_the_token_n11() -> None:
    s = na.build(2, survival={1: ("hologram",)}, hunt_hand=("virus",))
    s = na.explore(s, {1: (2,), 2: (3,)})
    s = na.act(s, 0, PlayHunt("virus"), PlaceToken("artemia", (2, 3)))
    s = window3(s, 9)
    froms = {a.places[0] for a in na.of(s, 1, PlaySurvival)}
    assert froms == {2, 3}
    s = na.act(s, 1, PlaySurvival("hologram", places=(3, 4)))
    assert s.artemia_token == (2, 4)


def test_wrong_track_moves_the_creature_token() -> None:
    s = na.build(2, survival={1: ("wrong_track",)})
    s = na.explore(s, {1: (2,), 2: (3,)})
    s = window3(s, 2)
    s = na.act(s, 1, PlaySurvival("wrong_track", places=(2, 3)))
    assert s.creature_token == (3,)
    s = na.settle(s)
    assert na.h(s, 1).will == 3 and na.h(s, 2).will == 2


def test_wrong_track_under_clone_may_move_the_target() -> None:
    s = na.build(2, survival={1: ("wrong_track",)}, hunt_hand=("clone",))
    s = na.explore(s, {1: (2,), 2: (3,)})
    s = na.act(s, 0, PlayHunt("clone"), PlaceToken("target", (2,)))
    s = window3(s, 9)
    froms = {a.places[0] for a in na.of(s, 1, PlaySurvival)}
    assert froms == {2, 9}
    s = na.act(s, 1, PlaySurvival("wrong_track", places=(2, 1)))
    assert s.target_token == (1,) and s.creature_token == (9,)


# --- phase 4 ----------------------------------------------------------------------------


def test_amplifier_trades_the_marker_for_a_rescue_step() -> None:
    s = na.build(2, survival={1: ("amplifier",)}, marker=True)
    s = na.hunt(na.explore(s, {1: (1,), 2: (1,)}), 9)
    while s.step == "resolve_free":
        i, p = s.queue[0]
        s = na.act(s, i + 1, Forgo(p))
    s = passes(s, "creature_window")
    assert s.phase == 4 and s.step == "hunted_window"
    s = na.act(s, 1, PlaySurvival("amplifier"))
    assert not s.marker and s.turn == 2 and s.rescue == 14 - 2  # Amplifier + end of turn


def test_double_back_takes_the_played_card_back() -> None:
    s = na.build(2, survival={1: ("double_back",)})
    s = na.hunt(na.explore(s, {1: (5,), 2: (1,)}), 5)
    while s.step == "resolve_free":
        i, p = s.queue[0]
        s = na.act(s, i + 1, Forgo(p))
    s = passes(s, "creature_window")
    assert s.phase == 4 and na.of(s, 1, PlaySurvival) == [PlaySurvival("double_back", (5,))]
    s = na.act(s, 1, PlaySurvival("double_back", (5,)))
    assert s.turn == 2 and na.h(s, 1).hand == (1, 2, 3, 4, 5) and na.h(s, 1).discard == ()


def test_despair_blocks_every_survival_card() -> None:
    s = na.build(
        2,
        step="creature_window",
        will={1: 2},
        survival={1: ("adrenaline", "dodge")},
        hunt_hand=("despair",),
    )
    s = na.act(s, 0, PlayHunt("despair"))
    assert na.of(s, 1, PlaySurvival) == []
    s = na.explore(s, {1: (2,), 2: (3,)})
    s = na.act(s, 0, PlaceToken("creature", (2,)))
    # Despair carries the Artemia symbol: the token must be placed too
    with pytest.raises(IllegalActionError):
        na.act(s, 0, Pass())
    s = na.act(s, 0, PlaceToken("artemia", (3,)), Pass())
    assert s.step == "artemia" or s.step == "resolve_free"  # no prepare, no window
    assert all(a != PlaySurvival("dodge") for a in na.legal(s, 1))


def test_artemia_discard_is_a_hidden_simultaneous_choice() -> None:
    s = na.build(2, hunt_hand=("mutation",))
    s = na.explore(s, {1: (2,), 2: (2,)})
    s = na.hunt(s, 9, PlayHunt("mutation"), PlaceToken("artemia", (2,)))
    assert s.step == "artemia" and na.game.to_act(s) == (1, 2)
    s = na.act(s, 2, Discard((5,)))
    assert na.game.to_act(s) == (1,) and na.h(s, 2).hand == (1, 3, 4, 5)
    assert na.game.view(s, 1).hunted[1].choice is None
    assert na.game.view(s, 2).hunted[1].choice == (5,)
    with pytest.raises(IllegalActionError):
        na.act(s, 2, Discard((4,)))
    s = na.act(s, 1, Discard((1,)))
    assert na.h(s, 2).discard == (2, 5) and na.h(s, 2).hand == (1, 3, 4)
    assert na.h(s, 1).will == 2 and na.h(s, 2).will == 2  # Mutation


def test_explore_is_hidden_until_the_reveal() -> None:
    s = na.build(2)
    s = na.act(s, 1, Explore((4,)))
    assert na.game.view(s, 2).hunted[0].played is None
    assert na.game.view(s, 0).hunted[0].played is None
    assert na.game.view(s, 1).hunted[0].played == (4,)
    assert na.game.view(s, 0).hunted[0].played_count == 1
    assert na.game.to_act(s) == (2,)
