"""Scenario setups: ``game.new(seed, config, setup=...)`` fixes parts of the setup; the
log's header commits to the setup (keyed by the seed), the end record reveals it, and
such logs replay, verify, redact, rewind and fork like any other."""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import msgpack
import pytest

from islandgames import Match, read_log, verify_log, write_log
from islandgames.core import serde
from islandgames.core.errors import (
    DecodeError,
    InvalidConfigError,
    LogFormatError,
    ReplayDivergenceError,
)
from islandgames.core.history import History, fork, state_at
from islandgames.core.log import (
    ReplayLog,
    setup_commitment,
    verify_fork,
    verify_redacted,
)
from islandgames.core.registry import get_game, rules_versions
from islandgames.core.rng import Rng
from islandgames.games.forbidden_island import ForbiddenIslandConfig, ForbiddenIslandSetup
from islandgames.games.forbidden_island.data import LAYOUTS, TILE_IDS
from islandgames.games.forbidden_island.rules import FULL_TREASURE_DECK
from islandgames.games.friday import FridayConfig, FridaySetup
from islandgames.games.friday.data import (
    AGING_DIFFICULT,
    AGING_NORMAL,
    CARDS,
    HAZARDS,
    PIRATES,
    STARTING,
)
from islandgames.games.gozer import GozerConfig, GozerSetup
from islandgames.games.not_alone import NotAloneConfig, NotAloneSetup
from islandgames.games.not_alone.data import HUNT_NAMES, SURVIVAL_NAMES

GAME_IDS = ("friday", "forbidden-island", "not-alone", "gozer")
_SVG_NS = "http://www.w3.org/2000/svg"


def _reversed_setup(game_id: str, seed: int) -> Any:
    """A setup fixing every order the game allows, each the reverse of the seed's."""
    game = get_game(game_id)
    plain: Any = game.new(seed)
    if game_id == "friday":
        return FridaySetup(hazards=tuple(reversed(plain.offer + plain.hazard_stack)))
    if game_id == "forbidden-island":
        return ForbiddenIslandSetup(board=tuple(reversed(plain.board)))
    if game_id == "not-alone":
        return NotAloneSetup(hunt_deck=tuple(sorted(HUNT_NAMES)))
    return GozerSetup(gozer=(plain.gozer + 1) % plain.config.players)


def _play_out(m: Match, seed: int, limit: int = 5000) -> None:
    rng = Rng.from_seed(seed, "setups")
    for _ in range(limit):
        if m.outcome() is not None:
            return
        seat = m.to_act()[0]
        legal = m.legal_actions(seat)
        i, rng = rng.below(len(legal))
        m.act(seat, legal[i])
    raise AssertionError("the game did not end")


# --- the games -------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_an_empty_setup_is_no_setup_in_every_rules_version(game_id: str) -> None:
    for version in rules_versions(game_id):
        game = get_game(game_id, version)
        for seed in (0, 1, 99, 1 << 200):
            assert game.new(seed, None, game.setup_type()) == game.new(seed)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_setup_changes_only_what_it_fixes(game_id: str) -> None:
    game = get_game(game_id)
    plain: Any = game.new(7)
    fixed: Any = game.new(7, None, _reversed_setup(game_id, 7))
    assert fixed != plain
    assert fixed.rng == plain.rng  # the seed's later randomness is untouched


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_setups_are_refused_when_not_the_games_or_malformed(game_id: str) -> None:
    game = get_game(game_id)
    other = FridaySetup() if game_id != "friday" else GozerSetup()
    with pytest.raises(InvalidConfigError, match=r"expects a \w+Setup setup, got"):
        game.new(1, None, other)
    with pytest.raises(InvalidConfigError, match="malformed"):
        game.new(1, None, game.setup_type(**{attrs.fields(game.setup_type)[0].name: [1]}))


def test_friday_setup_fixes_hazards_aging_pirates_and_stack() -> None:
    game = get_game("friday")
    hazards = tuple(sorted(HAZARDS, reverse=True))
    aging = tuple(sorted(a for a in AGING_NORMAL if CARDS[a].name != "very stupid")) + tuple(
        sorted(AGING_DIFFICULT)
    )
    stack = tuple(sorted(STARTING, reverse=True))
    s = game.new(3, None, FridaySetup(hazards, aging, PIRATES[-2:], stack))
    assert s.offer + s.hazard_stack == hazards and s.offer == hazards[:2]
    assert s.aging_stack == aging
    assert s.pirates == PIRATES[-2:]
    assert s.stack == stack
    # level 2: the top aging card is the one shuffled face down into the stack (F14)
    two = game.new(3, FridayConfig(level=2), FridaySetup(aging=aging))
    assert aging[0] in two.stack and two.aging_stack == aging[1:]
    placed = FridaySetup(aging=aging, stack=(aging[0], *sorted(STARTING)))
    assert game.new(3, FridayConfig(level=2), placed).stack[0] == aging[0]


@pytest.mark.parametrize(
    ("setup", "message"),
    [
        (FridaySetup(hazards=tuple(sorted(HAZARDS))[1:]), "setup hazards must hold exactly"),
        (FridaySetup(hazards=(*sorted(HAZARDS)[1:], STARTING[0])), "once too few"),
        (FridaySetup(pirates=(PIRATES[0], PIRATES[0])), "two different pirates"),
        (FridaySetup(pirates=(STARTING[0], PIRATES[0])), "two different pirates"),
        (FridaySetup(pirates=PIRATES[:3]), "two different pirates"),
        (FridaySetup(stack=tuple(STARTING[1:])), "setup stack must hold exactly"),
        (
            FridaySetup(
                aging=tuple(sorted(AGING_DIFFICULT))
                + tuple(a for a in AGING_NORMAL if CARDS[a].name != "very stupid")
            ),
            "every normal aging card lies above every difficult one",
        ),
    ],
)
def test_friday_impossible_setups_say_why(setup: FridaySetup, message: str) -> None:
    with pytest.raises(InvalidConfigError, match=message):
        get_game("friday").new(3, None, setup)


def test_friday_stack_at_level_2_needs_the_face_down_card() -> None:
    # the face-down aging card is the seed's unless the aging order is fixed too
    with pytest.raises(InvalidConfigError, match="setup stack must hold exactly"):
        get_game("friday").new(3, FridayConfig(level=2), FridaySetup(stack=STARTING))


def test_forbidden_island_setup_fixes_the_island_and_both_decks() -> None:
    game = get_game("forbidden-island")
    cells = len(LAYOUTS[ForbiddenIslandConfig().layout].cells)
    board = tuple(sorted(TILE_IDS[:cells]))
    flood = tuple(reversed(board))
    # no Waters Rise! among the 8 cards a 4-player deal draws: the deck stays as given
    plain_cards = sorted(c for c in FULL_TREASURE_DECK if c != "waters_rise")
    rises = [c for c in FULL_TREASURE_DECK if c == "waters_rise"]
    deck = (*plain_cards[:8], *rises, *plain_cards[8:])
    config = ForbiddenIslandConfig(players=4)
    s = game.new(5, config, ForbiddenIslandSetup(board, flood, deck))
    assert s.board == board
    assert s.flood_discard == flood[:6] and s.flood_deck == flood[6:]
    flooded = {board[i] for i, t in enumerate(s.tiles) if t == "flooded"}
    assert flooded == set(flood[:6])
    dealt = [card for hand in s.hands for card in hand]
    assert sorted(dealt) == sorted(deck[:8])
    assert s.treasure_deck == deck[8:]


def test_forbidden_island_impossible_setups_say_why() -> None:
    game = get_game("forbidden-island")
    with pytest.raises(InvalidConfigError, match="setup board must hold exactly"):
        game.new(5, None, ForbiddenIslandSetup(board=TILE_IDS[1:25]))
    with pytest.raises(InvalidConfigError, match="setup flood_deck must hold exactly"):
        game.new(5, None, ForbiddenIslandSetup(flood_deck=("fools_landing",) * 24))
    with pytest.raises(InvalidConfigError, match="setup treasure_deck must hold exactly"):
        game.new(5, None, ForbiddenIslandSetup(treasure_deck=FULL_TREASURE_DECK[:-1]))


def test_not_alone_setup_fixes_the_deals() -> None:
    game = get_game("not-alone")
    hunt = tuple(sorted(HUNT_NAMES))
    survival = tuple(sorted(SURVIVAL_NAMES, reverse=True))
    s = game.new(2, NotAloneConfig(hunted=3), NotAloneSetup(hunt, survival))
    assert s.hunt_hand == tuple(sorted(hunt[:3]))
    assert s.hunt_deck == hunt[3:]
    assert [h.survival for h in s.hunted] == [(c,) for c in survival[:3]]
    assert s.survival_deck == survival[3:]
    with pytest.raises(InvalidConfigError, match="setup survival_deck must hold exactly"):
        game.new(2, None, NotAloneSetup(survival_deck=survival[:-1]))


def test_gozer_setup_seats_gozer() -> None:
    game = get_game("gozer")
    for seat in range(5):
        s = game.new(11, GozerConfig(players=5), GozerSetup(gozer=seat))
        assert s.gozer == seat and game.role(s, seat) == "gozer"
    with pytest.raises(InvalidConfigError, match=r"setup gozer must be a seat 0\.\.4, got 5"):
        game.new(11, GozerConfig(players=5), GozerSetup(gozer=5))


def test_setups_decode_from_partial_wire_maps() -> None:
    game = get_game("gozer")
    assert game.decode_setup({"gozer": 2}) == GozerSetup(gozer=2)
    assert game.decode_setup({}) == GozerSetup()
    for bad in ({"gozer": "2"}, {"seat": 2}, [2]):
        with pytest.raises(DecodeError, match=r"gozer|seat|map"):
            game.decode_setup(bad)


# --- logs ------------------------------------------------------------------------------


@pytest.fixture(params=GAME_IDS)
def played(request: pytest.FixtureRequest) -> tuple[Match, Any]:
    game_id: str = request.param
    setup = _reversed_setup(game_id, 21)
    m = Match(game_id, seed=21, setup=setup)
    _play_out(m, 21)
    return m, setup


def test_a_setup_log_commits_in_the_header_and_reveals_at_the_end(
    played: tuple[Match, Any], tmp_path: Path
) -> None:
    m, setup = played
    log = m.log()
    wire = serde.to_wire(setup)
    assert log.header.setup_commitment == setup_commitment(21, wire)
    assert log.end is not None and log.end.setup == wire
    path = tmp_path / "m.iglog"
    write_log(log, path)
    again = read_log(path)
    assert again == log and verify_log(again).status == "verified"
    # the setup never appears in a header, which every per-seat log shows
    header = msgpack.Unpacker(io.BytesIO(path.read_bytes()), raw=False).unpack()
    assert "setup" not in header and header["setup_commitment"] == log.header.setup_commitment
    for seat in (None, *range(m.game.seat_count(m.state))):
        redacted = m.log(seat)
        assert redacted.header == log.header
        assert verify_redacted(redacted, log).status == "verified"


def test_a_plain_log_has_no_setup_keys(tmp_path: Path) -> None:
    m = Match("gozer", seed=3)
    _play_out(m, 3)
    path = tmp_path / "m.iglog"
    write_log(m.log(), path)
    records = list(msgpack.Unpacker(io.BytesIO(path.read_bytes()), raw=False))
    assert "setup_commitment" not in records[0] and "setup" not in records[-1]


def _with_end_setup(log: ReplayLog, setup: Any) -> ReplayLog:
    assert log.end is not None
    return attrs.evolve(log, end=attrs.evolve(log.end, setup=setup))


def test_a_tampered_setup_does_not_verify(played: tuple[Match, Any]) -> None:
    m, _ = played
    log = m.log()
    other = serde.to_wire(m.game.setup_type())  # a valid setup, not the one committed to
    v = verify_log(_with_end_setup(log, other))
    assert v.status == "diverged" and v.divergence is not None
    assert v.divergence.what == "setup_commitment" and v.divergence.seq == 0
    missing = verify_log(_with_end_setup(log, None))
    assert missing.divergence is not None and missing.divergence.what == "setup"
    # the commitment is part of the header, so the chain covers it
    no_commitment = attrs.evolve(log, header=attrs.evolve(log.header, setup_commitment=None))
    v2 = verify_log(no_commitment)
    assert v2.divergence is not None and (v2.divergence.seq, v2.divergence.what) == (
        1,
        "chain_hash",
    )


def _rewritten(path: Path, edit: Callable[[list[dict[str, Any]]], None]) -> bytes:
    records = list(msgpack.Unpacker(io.BytesIO(path.read_bytes()), raw=False))
    edit(records)
    return b"".join(serde.packb(r) for r in records)


def test_reading_refuses_setup_records_out_of_place(
    played: tuple[Match, Any], tmp_path: Path
) -> None:
    m, _ = played
    path = tmp_path / "m.iglog"
    write_log(m.log(), path)

    def drop_commitment(records: list[dict[str, Any]]) -> None:
        del records[0]["setup_commitment"]

    def non_canonical(records: list[dict[str, Any]]) -> None:
        records[-1]["setup"] = {k: v for k, v in records[-1]["setup"].items() if v is not None}

    def bad_commitment(records: list[dict[str, Any]]) -> None:
        records[0]["setup_commitment"] = "XYZ"

    cases = [
        (drop_commitment, "a setup in the end record of a log whose header commits to none"),
        (bad_commitment, "setup_commitment must be 64 lower-case hex digits"),
    ]
    if any(v is None for v in serde.to_wire(m.setup).values()):
        cases.append((non_canonical, "setup must list every field"))
    for edit, message in cases:
        bad = tmp_path / "bad.iglog"
        bad.write_bytes(_rewritten(path, edit))
        with pytest.raises(LogFormatError, match=message):
            read_log(bad)


def test_time_travel_and_forks_keep_the_setup(played: tuple[Match, Any]) -> None:
    m, setup = played
    log = m.log()
    mid = len(log.entries) // 2
    expected = m.game.new(21, m.config, setup)
    assert state_at(log, 0) == expected
    assert History(log, every=4).state_at(mid) == state_at(log, mid)
    f = fork(log, mid)
    assert f.setup == setup
    assert f.log().header.setup_commitment == log.header.setup_commitment
    _play_out(f, 5)
    assert verify_fork(f.log(), log).status == "verified"
    again = Match.from_log(log)
    assert again.log() == log


def test_a_running_setup_log_needs_its_setup(played: tuple[Match, Any]) -> None:
    m, setup = played
    running = attrs.evolve(m.log(), end=None)
    seed = 21
    with pytest.raises(ReplayDivergenceError, match="pass setup="):
        state_at(running, 1, seed)
    with pytest.raises(ReplayDivergenceError, match="pass setup="):
        Match.from_log(running, seed)
    assert state_at(running, 1, seed, setup=setup) == state_at(m.log(), 1)
    assert Match.from_log(running, seed, setup=setup).state == state_at(
        m.log(), len(running.entries)
    )


def test_rewind_keeps_the_setup() -> None:
    setup = _reversed_setup("friday", 4)
    m = Match("friday", seed=4, setup=setup)
    start = m.state
    _play_out(m, 4)
    assert m.rewind(0) == start
    assert m.log().header.setup_commitment is not None


def test_the_replay_viewer_draws_a_setup_log(played: tuple[Match, Any]) -> None:
    from islandgames.render import replay_html
    from islandgames.render.html import _drawer, page_data, page_picture

    m, setup = played
    page = replay_html(m.log())
    assert "VERIFIED" in page
    # the first picture is the table as the setup laid it out, seen by a spectator
    draw = _drawer(m.game, None)
    assert draw is not None
    expected = draw(m.game.new(21, m.config, setup))
    # the page keeps one xmlns for all its pictures, and no trailing newlines
    shown = page_picture(page_data(page), 0)
    assert shown is not None
    assert shown.strip() == expected.replace(f' xmlns="{_SVG_NS}"', "", 1).strip()
