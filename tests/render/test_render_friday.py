"""Friday's picture: Robinson's table, from his view or a spectator's."""

from __future__ import annotations

from typing import Any

import pytest

from islandgames.games.friday import GAME, FridayConfig
from islandgames.games.friday.data import CARDS
from islandgames.games.friday.view import HIDDEN
from islandgames.render import Svg
from islandgames.render.friday import render_svg
from tests.render.render_kit import SVG, parse, random_states, texts

#: seeded random games at every level
GAMES = [random_states("friday", seed, FridayConfig(level=1 + seed % 4)) for seed in range(8)]
STATES = [s for states in GAMES for s in states]
SAMPLE = STATES[::7] + [states[-1] for states in GAMES]


def _visible_cards(view: Any) -> set[int]:
    """The cards whose names a picture of ``view`` may show: the offer, the fight (its
    enemy and its cards), the pirates and the top of the discard pile."""
    cards = set(view.offer) | set(view.pirates) | set(view.discard[-1:])
    if view.fight is not None:
        cards |= {view.fight.fight.enemy, *(c.card for c in view.fight.fight.cards)}
    return cards - {HIDDEN}


def test_the_svg_is_well_formed_deterministic_and_drawn_from_the_view() -> None:
    for s in SAMPLE:
        for seat in (0, None):
            svg = render_svg(s, seat)
            assert isinstance(svg, Svg) and svg._repr_svg_() == svg
            parse(svg)
            assert render_svg(s, seat) == svg
            assert render_svg(GAME.view(s, seat), seat) == svg  # a state is drawn as its view


def test_life_step_piles_and_the_fight_are_shown() -> None:
    fights = 0
    for s in SAMPLE:
        view = GAME.view(s, 0)
        words = " ".join(texts(parse(render_svg(view))))
        assert f"Life {view.life}/{view.max_life}" in words
        assert f"Score {view.score}" in words
        assert f"{view.stack_size} card" in words and f"{view.aging_stack_size} card" in words
        if view.fight is not None:
            fights += 1
            f = view.fight
            assert f"Fight: total {f.total} against {f.hazard_value}" in words
            for c in f.fight.cards:
                if c.card != HIDDEN:
                    assert CARDS[c.card].name in words
            paid = sum(c.paid for c in f.fight.cards)
            assert f"paid side ({paid})" in words
            assert f"free side ({len(f.fight.cards) - paid})" in words
        for card in view.offer:
            assert str(CARDS[card].hazard) in words or str(CARDS[card].hazard)[:16] in words
    assert fights > 5


def test_the_picture_changes_with_the_state() -> None:
    for states in GAMES[:3]:
        pictures = [render_svg(s, 0) for s in states[:12]]
        assert len(set(pictures)) > 6


@pytest.mark.parametrize("seat", [0, None])
def test_no_card_name_the_view_does_not_show(seat: int | None) -> None:
    """Every card named in a card's tooltip is one the view shows face up: nothing of the
    stacks' order or of the face-down aging card (F14) gets into the picture."""
    names = {c.id: c.name for c in CARDS}
    for s in SAMPLE:
        view = GAME.view(s, seat)
        root = parse(render_svg(view))
        tips = [
            "".join(t.itertext())
            for g in root.iter(SVG + "g")
            for t in g.findall(SVG + "title")
        ]
        named = {
            name for name in set(names.values()) for tip in tips if tip.startswith(name + " ")
        }
        # cards share names, so the names drawn are compared with the visible cards' names
        assert named <= {names[c] for c in _visible_cards(view)}, (seat, s.phase)
        wins = {
            t.removeprefix("wins: ").rsplit(" ", 1)[0]
            for t in texts(root)
            if t.startswith("wins: ")
        }
        assert wins <= {names[c] for c in view.offer} | (
            {names[view.fight.fight.enemy]} if view.fight is not None else set()
        )


def test_a_view_of_another_seat_is_refused() -> None:
    with pytest.raises(ValueError, match="cannot be drawn for seat 0"):
        render_svg(GAME.view(STATES[0], None), 0)


def test_a_state_of_an_earlier_rules_version_is_drawn_under_its_rules() -> None:
    """Friday 1.0 states are their own class (no face-down aging record): the picture
    views them under 1.0, as replays of 1.0 logs need."""
    old = random_states_of_version("1.0")
    for s in old[::5]:
        assert type(s).__name__ == "FridayState10"
        parse(render_svg(s, 0))


def random_states_of_version(version: str) -> list[Any]:
    from islandgames import get_game
    from islandgames.core.rng import Rng

    game: Any = get_game("friday", version)
    state = game.new(3, FridayConfig(level=2))
    rng = Rng.from_seed(3, "render-test")
    out = [state]
    while game.outcome(state) is None:
        action, rng = rng.choice(game.legal_actions(state, 0))
        state = game.apply(state, 0, action)
        out.append(state)
    return out


def test_hazards_and_pirates_are_drawn_in_words() -> None:
    """Full hazard names on the card (not cut short), each step's value named, and a
    pirate's rule as its text, never its code (issue 37)."""
    from islandgames.games.friday.drawing import PIRATE_RULE_TEXT

    offers = pirates = 0
    for s in SAMPLE:
        view = GAME.view(s, 0)
        shown = texts(parse(render_svg(view)))
        words = " ".join(shown)
        for card in view.offer:
            if card == HIDDEN or view.fight is not None:
                continue
            offers += 1
            c = CARDS[card]
            assert any(t.endswith(str(c.hazard)) for t in shown), c.hazard
            assert "now (" in words and "yellow" in words and "red" in words
        for card in view.pirates:
            rule = CARDS[card].pirate_rule
            if rule is not None:
                pirates += 1
                assert PIRATE_RULE_TEXT[rule].split()[0] in words
                if not rule.isalpha():  # a code such as cost2 (half, aging, all are words)
                    assert rule not in words, rule
        assert not [t for t in shown if t.startswith("[") and "\u2026" in t]  # names whole
    assert offers and pirates  # the sample met hazards on offer and ruled pirates
