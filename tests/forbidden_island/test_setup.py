"""Components as data and the setup of section 2 (I9, I12, I15-I17)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from islandgames import InvalidConfigError, get_game
from islandgames.core import serde
from islandgames.core.rng import Rng
from islandgames.games.forbidden_island import GAME, INFO, RULES, ForbiddenIslandConfig
from islandgames.games.forbidden_island.data import (
    ADVENTURERS,
    FLOOD_DRAWS,
    LAYOUTS,
    SKULL_LEVEL,
    TILES,
    TREASURE_DECK,
    TREASURES,
)
from islandgames.games.forbidden_island.rules import GEOMETRY, setup, shuffle

Cfg = ForbiddenIslandConfig


def test_tiles_treasures_and_start_markers() -> None:
    assert len(TILES) == 24
    assert len({t.id for t in TILES}) == 24
    kinds = Counter(t.treasure for t in TILES)
    assert kinds == {None: 16, "earth": 2, "wind": 2, "fire": 2, "ocean": 2}
    starts = {t.start_of: t.id for t in TILES if t.start_of}
    assert starts == {
        "engineer": "bronze_gate",
        "explorer": "copper_gate",
        "pilot": "fools_landing",
        "navigator": "gold_gate",
        "diver": "iron_gate",
        "messenger": "silver_gate",
    }
    assert {a.id: a.start for a in ADVENTURERS} == starts
    pickups = {t.id: set(t.pickup) for t in TREASURES}
    assert pickups == {
        "earth": {"temple_of_the_moon", "temple_of_the_sun"},
        "wind": {"howling_garden", "whispering_garden"},
        "fire": {"cave_of_embers", "cave_of_shadows"},
        "ocean": {"coral_palace", "tidal_palace"},
    }
    names = {t.id: t.name for t in TILES}
    assert names["fools_landing"] == "Fools' Landing"  # I15: as printed


def test_treasure_deck_and_water_meter() -> None:
    deck = dict(TREASURE_DECK)
    assert deck == {
        "earth": 5,
        "wind": 5,
        "fire": 5,
        "ocean": 5,
        "helicopter_lift": 3,
        "sandbags": 2,
        "waters_rise": 3,
    }
    assert sum(deck.values()) == 28
    assert FLOOD_DRAWS[1:] == (2, 2, 3, 3, 3, 4, 4, 5, 5)
    assert SKULL_LEVEL == 10


def test_standard_layout_is_the_6x6_box_minus_corners() -> None:
    cells = set(LAYOUTS["standard"].cells)
    assert len(cells) == 24
    corners = {(0, 0), (1, 0), (0, 1), (4, 0), (5, 0), (5, 1)}
    corners |= {(0, 4), (0, 5), (1, 5), (5, 4), (4, 5), (5, 5)}
    box = {(x, y) for x in range(6) for y in range(6)}
    assert cells == box - corners
    geo = GEOMETRY["standard"]
    cell_list = LAYOUTS["standard"].cells
    # (2,0) has neighbours (3,0) and (2,1) only: corner cells are not island (I5)
    top = cell_list.index((2, 0))
    assert {cell_list[c] for c in geo.ortho[top]} == {(3, 0), (2, 1)}
    assert {cell_list[c] for c in geo.king[top]} == {(3, 0), (2, 1), (1, 1), (3, 1)}
    # distances go around the missing corners
    a, b = cell_list.index((1, 1)), cell_list.index((2, 0))
    assert geo.dist[a][b] == 2
    a, b = cell_list.index((0, 2)), cell_list.index((2, 0))
    assert geo.dist[a][b] == 4


def test_info_and_registry_contract() -> None:
    assert INFO.id == "forbidden-island"
    assert (INFO.min_seats, INFO.max_seats) == (2, 4)
    assert set(INFO.roles) == {a.id for a in ADVENTURERS}
    assert INFO.chance and INFO.hidden_information and not INFO.simultaneous
    assert GAME.decode_config({}) == Cfg()
    assert GAME.decode_config({"players": 2, "difficulty": "legendary"}) == Cfg(
        players=2, difficulty="legendary"
    )


def test_registered_under_its_id() -> None:
    try:
        game = get_game("forbidden-island")
    except LookupError:
        pytest.skip("not registered yet")
    assert game is GAME


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize(
    ("difficulty", "level"), [("novice", 1), ("normal", 2), ("elite", 3), ("legendary", 4)]
)
def test_setup(players: int, difficulty: str, level: int) -> None:
    for seed in range(8):
        s = GAME.new(seed, Cfg(players=players, difficulty=difficulty))  # type: ignore[arg-type]
        GAME.check_state(s)
        assert s.water_level == level
        assert sorted(s.board) == sorted(t.id for t in TILES)
        # 6 initial floods, face up in the flood discard pile, all other cards in the deck
        assert s.tiles.count("flooded") == 6 and s.tiles.count("sunk") == 0
        assert len(s.flood_discard) == 6 and len(s.flood_deck) == 18
        flooded = {s.board[c] for c, st in enumerate(s.tiles) if st == "flooded"}
        assert flooded == set(s.flood_discard)
        # adventurers distinct, pawns on their start tiles (flooded or not)
        assert len(s.adventurers) == players == len(set(s.adventurers))
        assert s.pawns == tuple(
            next(a.start for a in ADVENTURERS if a.id == x) for x in s.adventurers
        )
        # two cards each, never Waters Rise!
        assert all(len(h) == 2 and "waters_rise" not in h for h in s.hands)
        assert s.treasure_discard == () and len(s.treasure_deck) == 28 - 2 * players
        assert s.treasure_deck.count("waters_rise") == 3
        assert s.phase == "actions" and s.actions_left == 3 and 0 <= s.active < players
        assert GAME.to_act(s) == (s.active,)


def test_setup_is_seeded() -> None:
    assert GAME.new(7) == GAME.new(7)
    states = [GAME.new(seed) for seed in range(30)]
    assert len({s.board for s in states}) == 30
    assert len({s.adventurers for s in states}) > 5
    assert {s.active for s in states} == {0, 1, 2, 3}  # I12: random first player


def test_configured_adventurers_and_first_player() -> None:
    cfg = Cfg(players=3, adventurers=("diver", "navigator", "pilot"), first_player=2)
    for seed in range(5):
        s = GAME.new(seed, cfg)
        assert s.adventurers == ("diver", "navigator", "pilot")
        assert s.pawns == ("iron_gate", "gold_gate", "fools_landing")
        assert s.active == 2
        assert GAME.role(s, 1) == "navigator"


@pytest.mark.parametrize(
    "cfg",
    [
        Cfg(players=1),
        Cfg(players=5),
        Cfg(difficulty="impossible"),  # type: ignore[arg-type]
        Cfg(players=2, adventurers=("diver",)),
        Cfg(players=2, adventurers=("diver", "diver")),
        Cfg(players=2, adventurers=("diver", "chef")),
        Cfg(players=2, first_player=2),
        Cfg(players=2, first_player=-1),
        Cfg(layout="atlantis"),
    ],
)
def test_invalid_configs(cfg: Cfg) -> None:
    with pytest.raises(InvalidConfigError):
        GAME.new(1, cfg)


def _replay_deal(seed: int, players: int) -> tuple[list[str], list[str], Any]:
    """Re-run the RNG draws of setup up to the deal: the dealt cards in order, the
    Waters Rise! set aside, and the RNG before the reshuffle."""
    rng = Rng.from_seed(seed)
    board, rng = shuffle(rng, tuple(t.id for t in TILES))
    _, rng = shuffle(rng, board)
    _, rng = shuffle(rng, tuple(a.id for a in ADVENTURERS))
    deck, rng = shuffle(rng, tuple(c for c, n in TREASURE_DECK for _ in range(n)))
    pile = list(deck)
    dealt: list[str] = []
    aside: list[str] = []
    for _ in range(players):
        got = 0
        while got < 2:
            card = pile.pop(0)
            if card == "waters_rise":
                aside.append(card)
            else:
                dealt.append(card)
                got += 1
    return dealt, aside, (pile, rng)


def test_waters_rise_dealt_at_setup_is_set_aside_and_shuffled_back_once() -> None:
    """I9: a Waters Rise! dealt is replaced; all set-aside ones are shuffled back into
    the deck once, after every hand is dealt."""
    found = 0
    for seed in range(60):
        dealt, aside, (pile, rng) = _replay_deal(seed, 4)
        s = GAME.new(seed, Cfg(players=4))
        got = [c for h in s.hands for c in h]
        assert Counter(got) == Counter(dealt)
        if aside:
            found += 1
            expected, _ = shuffle(rng, pile + aside)
            assert s.treasure_deck == expected
            assert s.treasure_deck != tuple(pile + aside)
        else:
            assert s.treasure_deck == tuple(pile)
    assert found >= 5  # the case is actually exercised


def test_setup_function_is_pure_data() -> None:
    s = setup(Rng.from_seed(3), Cfg(players=2, difficulty="elite"), RULES[-1])
    assert serde.to_wire(s) == serde.to_wire(GAME.new(3, Cfg(players=2, difficulty="elite")))


def test_shuffle_is_a_uniform_permutation() -> None:
    """The chunked Fisher-Yates (several swap indices per RNG draw) is uniform: every
    permutation of 4 items about equally often, every card in every place of 24."""
    rng = Rng.from_seed(99, "shuffle-test")
    counts: Counter[tuple[int, ...]] = Counter()
    for _ in range(4800):
        perm, rng = shuffle(rng, (0, 1, 2, 3))
        counts[perm] += 1
    assert len(counts) == 24
    assert all(140 <= c <= 260 for c in counts.values()), counts  # expected 200 each
    where: Counter[tuple[int, int]] = Counter()
    for _ in range(2400):
        perm24, rng = shuffle(rng, tuple(range(24)))
        assert sorted(perm24) == list(range(24))
        where.update((card, pos) for pos, card in enumerate(perm24) if card in (0, 23))
    assert all(50 <= where[(card, pos)] <= 160 for card in (0, 23) for pos in range(24))
    # it consumes few draws: two for 24 cards (rarely three, on a rejection)
    _, after = shuffle(Rng.from_seed(1), tuple(range(24)))
    assert 2 <= after.counter <= 4
