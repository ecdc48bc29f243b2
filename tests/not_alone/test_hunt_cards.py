"""The 20 Hunt cards, tokens and the Hunt-card limits (section 1.6; N7, N8, N10, N12,
N14)."""

from __future__ import annotations

from typing import Any

import pytest

from islandgames import IllegalActionError
from islandgames.games.not_alone.actions import (
    Conceal,
    Discard,
    DiscardSurvival,
    Explore,
    Forgo,
    Keep,
    LoseWill,
    Pass,
    PlaceToken,
    PlayHunt,
    PlaySurvival,
    UsePower,
)
from tests.not_alone import not_alone_kit as na


def resolve_all(s: Any) -> Any:
    """Forgo every pending resolution of the current step."""
    while s.step in ("resolve_free", "resolve_target") and not s.shelter:
        i, p = s.queue[0]
        s = na.act(s, i + 1, Forgo(p))
    return s


# --- tokens and limits --------------------------------------------------------------------


def test_the_creature_must_place_every_available_token_n7() -> None:
    s = na.build(2, step="hunt", played={1: (1,), 2: (1,)}, rescue=6)  # Artemia space
    assert Pass() not in na.legal(s, 0)
    s = na.act(s, 0, PlaceToken("creature", (3,)))
    assert Pass() not in na.legal(s, 0)
    s = na.act(s, 0, PlaceToken("artemia", (3,)))  # tokens may share a place
    assert Pass() in na.legal(s, 0)


def test_artemia_token_from_the_board_side() -> None:
    a = na.build(2, step="hunt", played={1: (1,), 2: (1,)}, rescue=7)
    b = na.build(2, step="hunt", played={1: (1,), 2: (1,)}, rescue=7, board="b")
    assert not any(x.token == "artemia" for x in na.of(a, 0, PlaceToken))
    assert any(x.token == "artemia" for x in na.of(b, 0, PlaceToken))


def test_one_hunt_card_per_turn_two_after_tracking() -> None:
    hand = ("fierceness", "mutation", "anticipation")
    s = na.build(2, step="hunt", played={1: (1,), 2: (1,)}, hunt_hand=hand)
    s = na.act(s, 0, PlayHunt("fierceness"))
    assert na.of(s, 0, PlayHunt) == []
    s = na.build(2, step="hunt", played={1: (1,), 2: (1,)}, hunt_hand=hand, allowance=2)
    s = na.act(s, 0, PlayHunt("fierceness"))
    assert len(na.of(s, 0, PlayHunt)) == 1 + 2  # Mutation, Anticipation x2 seats
    s = na.act(s, 0, PlayHunt("mutation"))
    assert na.of(s, 0, PlayHunt) == []


def test_a_second_card_with_a_played_symbol_is_refused_n10() -> None:
    s = na.build(
        2,
        step="hunt",
        played={1: (1,), 2: (1,)},
        hunt_hand=("mutation", "virus", "clone"),
        allowance=2,
    )
    s = na.act(s, 0, PlayHunt("mutation"))
    assert {a.card for a in na.of(s, 0, PlayHunt)} == {"clone"}


def test_tracking_gives_two_hunt_cards_next_turn() -> None:
    s = na.build(2, hunt_hand=("tracking",))
    s = na.hunt(na.explore(s, {1: (1,), 2: (1,)}), 9)
    s = resolve_all(s)
    assert s.phase == 4 and s.step == "creature_window"
    s = na.act(s, 0, PlayHunt("tracking"))
    assert s.turn == 2 and s.allowance == 2 and len(s.hunt_hand) == 3
    s = na.settle(na.hunt(na.explore(na.skip(s), {1: (2,), 2: (2,)}), 9))
    assert s.turn == 3 and s.allowance == 1


def test_stasis_cancels_only_the_end_of_turn_rescue_move_n8() -> None:
    s = na.build(2, hunt_hand=("stasis",), survival={1: ("amplifier",)}, marker=True)
    s = resolve_all(na.hunt(na.explore(s, {1: (1,), 2: (1,)}), 9))
    s = na.act(s, 0, PlayHunt("stasis"))
    assert s.step == "hunted_window"
    s = na.act(s, 1, PlaySurvival("amplifier"))
    assert s.turn == 2 and s.rescue == 14 - 1  # Amplifier only


def test_flashback_copies_the_top_of_the_hunt_discard_pile() -> None:
    s = na.build(
        2,
        step="hunt",
        played={1: (1,), 2: (2,)},
        hunt_hand=("flashback",),
        hunt_discard=("clone", "fierceness"),
    )
    assert na.of(s, 0, PlayHunt) == [PlayHunt("flashback")]
    s = na.act(s, 0, PlayHunt("flashback"))
    assert s.effects == ("fierceness",) and s.hunt_played == ("flashback",)
    s = resolve_all(na.act(s, 0, PlaceToken("creature", (1,)), Pass()))
    # 2 Will (Lair) + 1 (Fierceness): exhausted, back to 3 Will with every card
    s = na.settle(s)
    assert na.h(s, 1).will == 3 and na.h(s, 1).hand == (1, 2, 3, 4, 5)
    assert s.assimilation == 8 - 2
    assert s.hunt_discard[-1] == "flashback"


def test_flashback_needs_a_copy_of_the_current_phase() -> None:
    s = na.build(
        2,
        step="hunt",
        played={1: (1,), 2: (2,)},
        hunt_hand=("flashback",),
        hunt_discard=("stasis",),
    )
    assert na.of(s, 0, PlayHunt) == []
    s = na.build(2, step="creature_window", hunt_hand=("flashback",), hunt_discard=("force_field",))
    opts = na.of(s, 0, PlayHunt)
    assert len(opts) == 13 and opts[0] == PlayHunt("flashback", places=(1, 2))
    s = na.act(s, 0, opts[0])
    assert s.target_token == (1, 2) and s.effects == ("force_field",)


# --- phase 1 ----------------------------------------------------------------------------------


def test_despair_blocks_survival_draws_at_shelter_and_source() -> None:
    s = na.build(2, step="creature_window", hunt_hand=("despair",), hands={1: (1, 2, 3, 4, 5, 7)})
    s = na.act(s, 0, PlayHunt("despair"))
    s = na.explore(s, {1: (7,), 2: (1,)})
    s = na.hunt(s, 9, PlaceToken("artemia", (10,)))
    assert [type(a).__name__ for a in na.legal(s, 1)] == ["Forgo"]


def test_force_field_blocks_two_adjacent_places() -> None:
    s = na.build(2, step="creature_window", hunt_hand=("force_field",))
    assert len(na.of(s, 0, PlayHunt)) == 13
    s = na.act(s, 0, PlayHunt("force_field", places=(3, 4)))
    assert s.step == "explore" and s.target_token == (3, 4)
    assert na.of(s, 1, Explore) == [Explore((1,)), Explore((2,)), Explore((5,))]
    s = na.explore(s, {1: (1,), 2: (2,)})
    assert not any(a.token == "target" for a in na.of(s, 0, PlaceToken))


# --- phase 2 ----------------------------------------------------------------------------------


def test_anticipation_adds_an_assimilation_step_when_its_target_is_caught() -> None:
    s = na.build(2, hunt_hand=("anticipation",))
    s = na.explore(s, {1: (2,), 2: (2,)})
    assert na.of(na.act(s, 0), 0, PlayHunt) == [
        PlayHunt("anticipation", seat=1),
        PlayHunt("anticipation", seat=2),
    ]
    caught = na.settle(na.hunt(s, 2, PlayHunt("anticipation", seat=2)))
    assert caught.assimilation == 8 - 2
    missed = na.settle(na.hunt(s, 5, PlayHunt("anticipation", seat=2)))
    assert missed.assimilation == 8


def test_ascendancy_makes_a_hunted_discard_down_to_two() -> None:
    s = na.build(2, hunt_hand=("ascendancy",), discards={2: (1, 2)})
    s = na.explore(s, {1: (1,), 2: (3,)})
    assert na.of(s, 0, PlayHunt) == [PlayHunt("ascendancy", seat=1)]  # seat 2 holds 2
    s = na.act(s, 0, PlayHunt("ascendancy", seat=1))
    assert s.step == "ascendancy" and na.game.to_act(s) == (1,)
    assert len(na.legal(s, 1)) == 6
    s = na.act(s, 1, Keep((2, 5)))
    assert s.step == "hunt" and na.h(s, 1).hand == (2, 5) and na.h(s, 1).discard == (3, 4)


def test_fierceness_costs_each_caught_hunted_one_more_will() -> None:
    s = na.build(2, hunt_hand=("fierceness",))
    s = na.settle(na.hunt(na.explore(s, {1: (2,), 2: (2,)}), 2, PlayHunt("fierceness")))
    assert [h.will for h in s.hunted] == [1, 1] and s.assimilation == 8 - 1


def test_forbidden_zone_is_a_simultaneous_hidden_discard() -> None:
    s = na.build(3, hunt_hand=("forbidden_zone",), hands={3: (1,)}, discards={3: (2, 3, 4, 5)})
    s = na.explore(s, {1: (1,), 2: (1,), 3: (1,)})
    s = na.act(s, 0, PlayHunt("forbidden_zone"))
    # seat 3 holds no card: skips
    assert s.step == "forbidden_zone" and na.game.to_act(s) == (1, 2)
    s = na.act(s, 2, Discard((4,)))
    assert na.h(s, 2).hand == (2, 3, 4, 5) and na.game.view(s, 1).hunted[1].choice is None
    s = na.act(s, 1, Discard((2,)))
    assert s.step == "hunt" and na.h(s, 1).discard == (2,) and na.h(s, 2).discard == (4,)


def test_mutation_costs_will_per_artemia_place() -> None:
    s = na.build(
        1, hunt_hand=("mutation",), extra={1: {"double": "artefact"}}, hands={1: (1, 2, 3, 4, 5)}
    )
    s = na.explore(s, {1: (2, 3)})
    s = na.hunt(s, 9, PlayHunt("mutation"), PlaceToken("artemia", (3,)))
    s = resolve_all(s)
    assert s.step == "artemia" and na.legal(s, 1) == (Discard((1,)), Discard((4,)), Discard((5,)))
    s = na.settle(na.act(s, 1, Discard((5,))))
    assert na.h(s, 1).will == 2 and na.h(s, 1).discard == (2, 3, 5)


def test_phobia_shows_the_creature_all_but_two_cards() -> None:
    s = na.build(2, hunt_hand=("phobia",))
    s = na.explore(s, {1: (1,), 2: (1,)})
    s = na.act(s, 0, PlayHunt("phobia", seat=2))
    assert s.step == "phobia" and na.game.to_act(s) == (2,)
    s = na.act(s, 2, Conceal((3, 5)))
    assert s.phobia_shown == (2, 4) and s.step == "hunt"
    assert na.game.view(s, 0).phobia_shown == (2, 4)
    assert na.game.view(s, 2).phobia_shown == (2, 4)
    assert na.game.view(s, 1).phobia_shown is None
    assert na.game.view(s, None).phobia_shown is None


def test_phobia_without_an_eligible_hunted_only_gives_its_symbol_n14() -> None:
    s = na.build(2, hunt_hand=("phobia",), hands={1: (1, 2, 3)}, discards={1: (4, 5)})
    s = na.explore(s, {1: (1,), 2: (1,)})
    opts = na.of(s, 0, PlayHunt)
    assert opts == [PlayHunt("phobia", seat=2)]
    s = na.build(2, hunt_hand=("phobia",), discards={1: (4, 5), 2: (4, 5)})
    s = na.explore(s, {1: (1,), 2: (1,)})
    assert na.of(s, 0, PlayHunt) == [PlayHunt("phobia")]
    s = na.act(s, 0, PlayHunt("phobia"))
    assert s.step == "hunt" and any(a.token == "artemia" for a in na.of(s, 0, PlaceToken))


def test_virus_puts_the_artemia_token_on_two_adjacent_places() -> None:
    s = na.build(2, step="hunt", played={1: (2,), 2: (3,)}, hunt_hand=("virus",), rescue=5)
    s = na.act(s, 0, PlaceToken("artemia", (9,)))
    s = na.act(s, 0, PlayHunt("virus"))
    assert s.artemia_token == ()  # taken back, to be put on a pair
    pairs = [a.places for a in na.of(s, 0, PlaceToken) if a.token == "artemia"]
    assert len(pairs) == 13 and all(len(p) == 2 for p in pairs)
    s = na.act(s, 0, PlaceToken("artemia", (2, 3)), PlaceToken("creature", (9,)), Pass())
    s = na.skip(s)
    assert s.step == "artemia" and na.game.to_act(s) == (1, 2)


def test_clone_target_token_is_a_second_creature_token() -> None:
    s = na.build(2, hunt_hand=("clone",))
    s = na.explore(s, {1: (1,), 2: (4,)})
    s = na.hunt(s, 9, PlayHunt("clone"), PlaceToken("target", (4,)))
    s = na.settle(s)
    assert na.h(s, 2).will == 2 and na.h(s, 1).will == 3 and s.assimilation == 8 - 1


def test_clone_lets_the_lair_copy_either_creature_place() -> None:
    s = na.build(2, hunt_hand=("clone",))
    s = na.explore(s, {1: (1,), 2: (3,)})
    s = na.hunt(s, 9, PlayHunt("clone"), PlaceToken("target", (8,)))
    # no discard: no own power; the Wreck (Clone's target) and the Source (token)
    assert na.of(s, 1, UsePower) == [UsePower(1, 8), UsePower(1, 9)]


def test_mirage_makes_two_adjacent_places_ineffective() -> None:
    s = na.build(2, hunt_hand=("mirage",), discards={1: (5,)})
    s = na.explore(s, {1: (2,), 2: (4,)})
    s = na.act(s, 0, PlayHunt("mirage"))
    assert all(len(a.places) == 2 for a in na.of(s, 0, PlaceToken) if a.token == "target")
    s = na.hunt(s, 9, PlaceToken("target", (2, 3)))
    assert s.queue == ((1, 4),)  # seat 1 on the Mirage gets nothing, not even a take-back


def test_scream_discard_two_or_lose_one_will() -> None:
    s = na.build(3, hunt_hand=("scream",), hands={3: (1, 2)}, discards={3: (3, 4, 5)})
    s = na.explore(s, {1: (2,), 2: (2,), 3: (2,)})
    s = na.hunt(s, 9, PlayHunt("scream"), PlaceToken("target", (2,)))
    assert s.step == "scream" and na.game.to_act(s) == (1, 2)
    assert na.h(s, 3).will == 2  # one card left: no choice
    assert LoseWill() in na.legal(s, 1) and Discard((1, 3)) in na.legal(s, 1)
    s = na.act(s, 1, LoseWill())
    assert na.h(s, 1).will == 3  # hidden until everybody chose
    s = na.act(s, 2, Discard((4, 5)))
    assert na.h(s, 1).will == 2 and na.h(s, 2).discard == (4, 5)
    assert s.step == "resolve_target" and [q[0] for q in s.queue] == [0, 1, 2]


def test_toxin_discards_a_survival_card_and_the_place_is_ineffective() -> None:
    s = na.build(
        2,
        hunt_hand=("toxin",),
        survival={1: ("dodge", "gate"), 2: ("drone",)},
    )
    s = na.explore(s, {1: (2,), 2: (2,)})
    s = na.hunt(s, 9, PlayHunt("toxin"), PlaceToken("target", (2,)))
    assert s.step == "toxin" and na.game.to_act(s) == (1,)
    assert na.h(s, 2).survival == ()  # a single card goes at once
    assert na.legal(s, 1) == (DiscardSurvival("dodge"), DiscardSurvival("gate"))
    s = na.act(s, 1, DiscardSurvival("gate"))
    assert na.h(s, 1).survival == ("dodge",) and s.queue == ()
    assert "gate" in s.survival_discard and "drone" in s.survival_discard


# Interference and Persecution are tested in test_places.py
# (test_interference_beach_and_wreck_..., test_persecution_limits_*).


# --- phase 3 ----------------------------------------------------------------------------------


def test_cataclysm_makes_any_place_ineffective() -> None:
    s = na.build(2, hunt_hand=("cataclysm",))
    s = na.explore(s, {1: (5,), 2: (4,)})
    s = na.act(s, 0, PlaceToken("creature", (9,)), Pass())
    assert s.step == "creature_window" and s.phase == 3
    assert len(na.of(s, 0, PlayHunt)) == 10
    s = na.act(s, 0, PlayHunt("cataclysm", places=(5,)))
    assert s.cataclysm == 5 and s.queue == ((1, 4),)


def test_detour_moves_a_hunted_after_the_reveal_n12() -> None:
    s = na.build(2, hunt_hand=("detour",))
    s = na.explore(s, {1: (5,), 2: (4,)})
    s = na.act(s, 0, PlaceToken("creature", (10,)), Pass())
    opts = na.of(s, 0, PlayHunt)
    assert PlayHunt("detour", seat=1, places=(5, 10)) in opts
    assert PlayHunt("detour", seat=1, places=(5, 4)) in opts
    s = na.act(s, 0, PlayHunt("detour", seat=1, places=(5, 10)))
    assert na.h(s, 1).places == (10,) and na.h(s, 1).played == (5,)
    s = na.settle(s)
    assert na.h(s, 1).will == 2 and na.h(s, 1).discard == (5,)


def test_detour_cannot_stack_an_artefact_player_on_one_place() -> None:
    s = na.build(1, hunt_hand=("detour",), extra={1: {"double": "artefact"}})
    s = na.explore(s, {1: (1, 2)})
    s = na.act(s, 0, PlaceToken("creature", (10,)), Pass())
    dests = {a.places for a in na.of(s, 0, PlayHunt)}
    assert (1, 2) not in dests and (2, 1) not in dests and (1, 6) in dests


def test_hunted_may_answer_a_phase3_hunt_card() -> None:
    s = na.build(2, hunt_hand=("detour",), survival={1: ("dodge",)})
    s = na.explore(s, {1: (5,), 2: (4,)})
    s = na.act(s, 0, PlaceToken("creature", (10,)), Pass())
    s = na.act(s, 1, Pass())  # prepare: no Vortex
    s = na.act(s, 0, PlayHunt("detour", seat=1, places=(5, 10)))
    assert s.step == "hunted_window" and na.of(s, 1, PlaySurvival) == [PlaySurvival("dodge")]
    s = na.settle(na.act(s, 1, PlaySurvival("dodge")))
    assert na.h(s, 1).will == 3


def test_unplayable_windows_are_skipped_on_public_information_only() -> None:
    # the Creature holds no phase-3 card, yet it is asked (its hand is hidden)
    s = na.build(2, hunt_hand=("stasis",))
    s = na.explore(s, {1: (5,), 2: (4,)})
    s = na.act(s, 0, PlaceToken("creature", (10,)), Pass())
    assert s.step == "creature_window" and na.legal(s, 0) == (Pass(),)


def test_illegal_hunt_card_parameters_are_rejected() -> None:
    s = na.build(2, step="creature_window", hunt_hand=("force_field",))
    for bad in (
        PlayHunt("force_field", places=(1, 3)),
        PlayHunt("force_field"),
        PlayHunt("despair"),
    ):
        with pytest.raises(IllegalActionError):
            na.act(s, 0, bad)
