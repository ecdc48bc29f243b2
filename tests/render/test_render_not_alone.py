"""Not Alone pictures: the SVG and the 80-column terminal view, seat by seat."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from islandgames import get_game
from islandgames.games.not_alone import GAME, GAMES, NotAloneConfig
from islandgames.games.not_alone.data import HUNT, PLACES, SURVIVAL, SURVIVAL_NAMES
from islandgames.games.not_alone.render import render_view
from islandgames.render import Svg
from islandgames.render.not_alone import render_svg, render_text
from tests.render.render_kit import groups, parse, random_states, texts

#: seeded random games with 1 to 6 Hunted (seats = Hunted + 1)
RUNS = [
    random_states("not-alone", seed, NotAloneConfig(hunted=1 + seed % 6), steps=300)
    for seed in range(8)
]
STATES = [s for run in RUNS for s in run]
SAMPLE = STATES[::29] + [run[-1] for run in RUNS]


def _seats(s: Any) -> list[int | None]:
    return [None, *range(GAME.seat_count(s))]


def _with_hunted(s: Any, k: int, **changes: Any) -> Any:
    hunted = list(s.hunted)
    hunted[k] = attrs.evolve(hunted[k], **changes)
    return attrs.evolve(s, hunted=tuple(hunted))


def _setup_with_distinct_survival_cards() -> Any:
    for seed in range(100):
        s = GAME.new(seed)
        cards = [h.survival for h in s.hunted]
        if all(len(c) == 1 for c in cards) and len({c[0] for c in cards}) == len(cards):
            return s
    raise AssertionError("no seed deals distinct Survival cards")


# --- the SVG -------------------------------------------------------------------------------


def test_the_svg_is_well_formed_and_shows_places_track_will_and_hands() -> None:
    for s in SAMPLE:
        for seat in _seats(s):
            v = GAME.view(s, seat)
            root = parse(render_svg(v))
            words = texts(root)
            for p in PLACES:
                (place,) = groups(root, place=p.number, tokens=_tokens(v, p.number))
                assert p.title in words and str(p.number) in "".join(place.itertext())
            (rescue,) = groups(root, counter="rescue")
            assert rescue.get("data-at") == str(v.rescue)
            (assimilation,) = groups(root, counter="assimilation")
            assert assimilation.get("data-at") == str(v.assimilation)
            for h in v.hunted:
                (row,) = groups(root, seat=h.seat, will=h.will)
                assert row.get("class") == "hunted"
                hand = groups(root, seat=h.seat, zone="hand")
                shown = [g for g in hand if g.get("class") == "card"]
                assert len(shown) == h.hand_count
                if h.hand is not None:
                    assert [g.get("data-card") for g in shown] == [str(c) for c in h.hand]
                played = [g for g in groups(root, seat=h.seat, zone="played")
                          if g.get("class") == "card"]  # fmt: skip
                assert len(played) == h.played_count
            hunt = [g for g in groups(root, zone="hunt-played") if g.get("class") == "card"]
            assert [g.get("data-card") for g in hunt] == list(v.hunt_played)


def _tokens(v: Any, p: int) -> str:
    names = [("creature", v.creature_token), ("artemia", v.artemia_token),
             ("target", v.target_token)]  # fmt: skip
    return " ".join(n for n, places in names for _ in range(places.count(p)))


def test_the_svg_is_deterministic() -> None:
    config = NotAloneConfig(hunted=3)
    a = random_states("not-alone", 11, config, steps=90)[-1]
    b = random_states("not-alone", 11, config, steps=90)[-1]
    assert a is not b and a == b
    for seat in (None, 0, 2):
        first = render_svg(a, seat)
        assert first == render_svg(a, seat) == render_svg(b, seat)
        assert first == render_svg(GAME.view(b, seat))
        assert isinstance(first, Svg) and first._repr_svg_() == str(first)
    assert render_svg() == render_svg(None)


def test_the_picture_changes_with_the_tokens_the_track_and_will() -> None:
    s = GAME.new(3)
    before = render_svg(s, 1)
    assert groups(parse(before), place=3, tokens="")
    placed = attrs.evolve(s, creature_token=(3,), target_token=(7,))
    after = parse(render_svg(placed, 1))
    (place,) = groups(after, place=3, tokens="creature")
    assert groups(place, token="creature", place=3)
    assert groups(after, place=7, tokens="target")
    moved = parse(render_svg(attrs.evolve(s, rescue=s.rescue - 2), 1))
    assert groups(moved, counter="rescue", at=s.rescue - 2)
    hurt = parse(render_svg(_with_hunted(s, 1, will=1), 1))
    assert groups(hurt, seat=2, will=1) and not groups(parse(before), seat=2, will=1)


def test_a_hunted_s_hidden_cards_are_not_in_another_seat_s_picture() -> None:
    s = _setup_with_distinct_survival_cards()
    mine = SURVIVAL[s.hunted[0].survival[0]].title  # the Hunted at seat 1
    own = render_svg(s, 1)
    assert mine in texts(parse(own))
    for seat in (None, 0, 2, 3):
        svg = render_svg(s, seat)
        assert mine not in svg, (mine, seat)
        hand = [g for g in groups(parse(svg), seat=1, zone="hand") if g.get("class") == "card"]
        assert len(hand) == 5
        assert all(g.get("data-hidden") == "1" and g.get("data-card") is None for g in hand)
        assert {"".join(g.itertext()) for g in hand} == {"?"}


def test_the_creature_s_hunt_hand_is_not_in_a_hunted_s_picture() -> None:
    s = GAME.new(1)
    titles = [HUNT[c].title for c in s.hunt_hand]
    creature = texts(parse(render_svg(s, 0)))
    for t in titles:
        assert t in creature
    for seat in (None, 1, 2, 3):
        svg = render_svg(s, seat)
        for t in titles:
            assert t not in svg, (t, seat)


def test_hidden_cards_never_change_another_seat_s_picture() -> None:
    """Swap one Hunted's hidden cards (hand, Survival cards, played cards before the
    reveal): that seat's picture changes, every other seat's stays byte for byte."""
    checked = 0
    for s in SAMPLE:
        if s.winner:
            continue
        base = {seat: render_svg(s, seat) for seat in _seats(s)}
        for k, h in enumerate(s.hunted):
            changes: dict[str, Any] = {}
            if h.hand and len(h.hand) < 10:
                new = next(c for c in range(1, 11) if c not in h.hand)
                changes["hand"] = (new, *h.hand[1:])
            if h.survival:
                other = next(c for c in SURVIVAL_NAMES if c not in h.survival)
                changes["survival"] = (other, *h.survival[1:])
            if h.played and s.phase < 3:
                changes["played"] = tuple(11 - c if c else 0 for c in h.played)
            if not changes:
                continue
            swapped = _with_hunted(s, k, **changes)
            for seat in _seats(s):
                same = render_svg(swapped, seat) == base[seat]
                assert same == (seat != h.seat), (seat, h.seat, changes)
                checked += 1
    assert checked > 100


def test_played_cards_are_hidden_from_the_creature_until_the_reveal() -> None:
    found = 0
    for s in STATES:
        players = [h for h in s.hunted if h.played and any(h.played)]
        if s.phase >= 3 or s.winner or not players or found >= 40:
            continue
        creature = parse(render_svg(s, s.config.creature_seat))
        for h in players:
            cards = [g for g in groups(creature, seat=h.seat, zone="played")
                     if g.get("class") == "card"]  # fmt: skip
            assert len(cards) == len(h.played)
            assert all(g.get("data-card") is None for g in cards)
            own = parse(render_svg(s, h.seat))
            shown = [g.get("data-card") for g in groups(own, seat=h.seat, zone="played")
                     if g.get("class") == "card"]  # fmt: skip
            assert shown == [str(c) for c in h.played]
            found += 1
    assert found > 20


def test_a_view_is_drawn_for_its_own_seat_only() -> None:
    v = GAME.view(GAME.new(1), 2)
    assert render_svg(v) == render_svg(v, 2)
    with pytest.raises(ValueError, match="seat 2"):
        render_svg(v, 0)


def test_states_of_every_rules_version_are_drawn() -> None:
    for game in GAMES:
        s = game.new(4)
        assert render_svg(s, 1) == render_svg(game.view(s, 1))


# --- the terminal view ---------------------------------------------------------------------


def test_terminal_views_fit_80_columns_and_name_every_place() -> None:
    game = get_game("not-alone")
    checked = 0
    for s in STATES[::5] + [run[-1] for run in RUNS]:
        for seat in _seats(s):
            text = render_view(game.view(s, seat))
            assert text == render_text(game.view(s, seat))
            lines = text.splitlines()
            assert max(len(line) for line in lines) <= 80, text
            for p in PLACES:
                assert any(f"{p.number:>3} {p.title}" in line for line in lines), p.title
            assert f"Rescue {s.rescue} " in text and f"Assimilation {s.assimilation} " in text
            for h in s.hunted:
                assert f"Hunted seat {h.seat}" in text and f"Will {h.will}/3" in text
            checked += 1
    assert checked > 300


def test_the_terminal_view_hides_other_seats_cards() -> None:
    s = _setup_with_distinct_survival_cards()
    mine = SURVIVAL[s.hunted[0].survival[0]].title
    own = render_text(GAME.view(s, 1))
    assert f"Survival (1): {mine}" in own and "hand (5): 1 2 3 4 5" in own
    for seat in (None, 0, 2):
        text = render_text(GAME.view(s, seat))
        assert mine not in text
        block = text[text.index("Hunted seat 1") : text.index("Hunted seat 2")]
        assert "hand (5): 5 hidden" in block and "Survival (1): 1 hidden" in block
    hunted = render_text(GAME.view(s, 1))
    for c in s.hunt_hand:
        assert HUNT[c].title not in hunted
        assert HUNT[c].title in render_text(GAME.view(s, 0))
