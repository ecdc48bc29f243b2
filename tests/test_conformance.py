"""The generic conformance suite: every registered game, thousands of seeded random games.

At every step of every game: invariants of to_act/legal_actions/outcome, wire and msgpack
round trips of state, action and view, a stable hash, no mutation by apply, rejection of
illegal and malformed actions with the state unchanged, non-interference of every seat's
view (and the spectator's) under resampling of what it cannot see, no RNG material in
views. At the end of every game: the log verifies by replay, survives a file round trip,
and (sampled) every per-seat redacted log verifies against the full one. Same seed, same
trace: checked by the replay and across processes.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
from typing import Any

import attrs
import pytest

import islandgames
from islandgames import (
    DecodeError,
    GameOverError,
    IllegalActionError,
    Match,
    NotYourTurnError,
    game_ids,
    get_game,
    read_log,
    rules_versions,
    verify_log,
    verify_redacted,
    write_log,
)
from islandgames.core import serde
from islandgames.core.rng import Rng

#: Seeded random games per game id. Long games get fewer so that CI stays within minutes:
#: a random Gozer game runs ~550 actions to the round limit (Friday ~50, Forbidden Island
#: ~70, Not Alone ~160). A game id not listed gets DEFAULT_GAMES.
#: ISLANDGAMES_CONFORMANCE_SCALE multiplies every count (CI runs the defaults).
DEFAULT_GAMES = 2000
GAMES = {"friday": 2000, "forbidden-island": 2000, "not-alone": 1500, "gozer": 400}
#: Earlier rules versions (kept so that their logs replay forever) get this share of the
#: games; their golden traces (tests/test_golden.py) pin them exactly.
OLDER_VERSIONS_SHARE = 0.1
SCALE = float(os.environ.get("ISLANDGAMES_CONFORMANCE_SCALE", "1"))
CHUNKS = 8
MAX_ACTIONS = 20_000
#: The fields of one legal action are probed at every PROBE_EVERY-th step.
PROBE_EVERY = 4

#: Every (game id, rules version) the engine has.
VERSIONS = [(g, v) for g in game_ids() for v in rules_versions(g)]


@attrs.frozen
class NotAnAction:
    """An attrs object no game accepts as an action."""

    x: int = 0


def _seeds(game_id: str, chunk: int, rules_version: str | None = None) -> range:
    share = 1.0
    if rules_version is not None and rules_version != get_game(game_id).info.rules_version:
        share = OLDER_VERSIONS_SHARE
    total = max(CHUNKS, int(GAMES.get(game_id, DEFAULT_GAMES) * SCALE * share))
    return range(chunk, total, CHUNKS)


def _viewers(game: Any, state: Any) -> list[int | None]:
    return [*game.seats(state), None]


def _wire_bytes(obj: Any) -> bytes:
    return serde.packb(serde.to_wire(obj))


def _check_step_invariants(game: Any, state: Any) -> dict[int, tuple[Any, ...]]:
    outcome = game.outcome(state)
    waiting = game.to_act(state)
    legal = {s: game.legal_actions(state, s) for s in game.seats(state)}
    if outcome is not None:
        assert waiting == (), f"game over but to_act={waiting}"
        assert all(not a for a in legal.values()), "game over but legal actions remain"
        return legal
    assert waiting, "game not over but nobody to act"
    assert list(waiting) == sorted(set(waiting)), f"to_act not sorted/unique: {waiting}"
    for s in waiting:
        assert legal[s], f"seat {s} is to act but has no legal action"
    for s, acts in legal.items():
        assert len(set(acts)) == len(acts), f"duplicate legal actions for seat {s}"
        assert game.legal_actions(state, s) == acts, "legal_actions not deterministic"
        for a in acts:
            assert isinstance(a, game._action_classes)
    return legal


def _check_round_trips(game: Any, state: Any, actions: list[Any]) -> bytes:
    wire = serde.to_wire(state)
    raw = serde.packb(wire)
    back = game.decode_state(serde.unpackb(raw))
    assert back == state, "state wire round trip changed the state"
    assert serde.packb(serde.to_wire(back)) == raw, "canonical bytes not stable"
    assert serde.state_hash(back) == serde.state_hash(state)
    for a in actions:
        aw = game.encode_action(a)
        assert game.decode_action(serde.unpackb(serde.packb(aw))) == a
    return raw


def _check_views(game: Any, state: Any, viewers: list[int | None], rng: Rng) -> Rng:
    key = getattr(getattr(state, "rng", None), "key", None)
    for viewer in viewers:
        view = game.view(state, viewer)
        vbytes = _wire_bytes(view)
        assert game.decode_view(serde.unpackb(vbytes)) == view, "view round trip"
        if key is not None:
            assert key.encode() not in vbytes, f"view of {viewer} leaks the RNG key"
        sub, rng = rng.split()
        other = game.resample_hidden(state, viewer, sub)
        if game.info.chance:
            assert serde.state_hash(other) != serde.state_hash(state), (
                "resample_hidden must at least redraw the RNG key"
            )
        assert _wire_bytes(game.view(other, viewer)) == vbytes, (
            f"view of seat {viewer} changed when only hidden information was resampled"
        )
    return rng


def _check_rejections(
    game: Any, state: Any, raw: bytes, legal: dict[int, tuple[Any, ...]], seen: list[Any],
    rng: Rng,
) -> Rng:
    """A sample of bad calls (wrong type, bad seat, an action legal elsewhere, a seat with
    nothing to do): each raises the right error and leaves the state's bytes unchanged."""
    n = game.seat_count(state)
    probes: list[tuple[Any, Any, type[Exception]]] = [
        (0, None, IllegalActionError),
        (0, NotAnAction(), IllegalActionError),
    ]
    if seen:
        probes.append((-1 if len(seen) % 2 else n, seen[-1], IllegalActionError))
    for s in game.seats(state):
        foreign = [a for a in seen[-8:] if a not in legal[s]]
        if foreign:
            pick, rng = rng.choice(foreign)
            probes.append((s, pick, IllegalActionError))
        if not legal[s] and seen:
            probes.append((s, seen[-1], NotYourTurnError))
    over = game.outcome(state) is not None
    for seat, action, exc in probes:
        with pytest.raises(GameOverError if over else exc):
            game.apply(state, seat, action)
    assert _wire_bytes(state) == raw, "a rejected action changed the state"
    return rng


def _variants(value: Any) -> list[Any]:
    """Values to put in a field that holds ``value``: type-confused ones (a bool for an
    int, an int for a bool, a list for a tuple, None, text, floats, integers beyond the
    wire's range) and neighbours of the same type (which may or may not be legal)."""
    common: list[Any] = [None, 1.0, [0], {"x": 1}]
    if type(value) is bool:
        return [*common, 0, 1, "true", not value]
    if type(value) is int:
        return [
            *common, True, False, str(value), float(value), value + 1, value - 1, -1,
            -value - 1, 2**53, -(2**53), 2**63,
        ]  # fmt: skip
    if type(value) is str:
        return [*common, 0, True, value.encode(), value + "x", value[:-1], value.upper(), ""]
    if type(value) is tuple:
        out: list[Any] = [*common, list(value), (*value, value[-1] if value else 0), value[:-1]]
        for i, item in enumerate(value[:2]):
            out.extend((*value[:i], v, *value[i + 1 :]) for v in _variants(item)[4:])
        return out
    return common


def _check_field_probes(
    game: Any, state: Any, raw: bytes, legal: dict[int, tuple[Any, ...]], rng: Rng
) -> Rng:
    """Every field of one legal action, set to type-confused and neighbouring values:
    ``apply`` accepts exactly the variants that are legal actions of exactly the declared
    types, and refuses every other one with IllegalActionError, changing nothing; the
    wire form of a type-confused value does not decode."""
    seats = [s for s, acts in legal.items() if acts]
    if not seats:
        return rng
    seat, rng = rng.choice(seats)
    action, rng = rng.choice(legal[seat])
    wire = game.encode_action(action)
    for field in attrs.fields(type(action)):
        for value in _variants(getattr(action, field.name)):
            probe = attrs.evolve(action, **{field.name: value})
            exact = serde.check_exact(probe) is None
            if exact and probe in legal[seat]:
                game.apply(state, seat, probe)  # a neighbour that is legal too
            else:
                with pytest.raises(IllegalActionError):
                    game.apply(state, seat, probe)
            if not exact and type(value) not in (tuple, list):
                with pytest.raises(DecodeError):
                    game.decode_action({**wire, field.name: value})
    assert _wire_bytes(state) == raw, "a probed action changed the state"
    return rng


def _check_malformed_wire(game: Any, seen: list[Any]) -> None:
    garbage: list[Any] = [{}, {"type": "no_such_action"}, [], "x", {"type": 3}, None]
    for bad in garbage:
        with pytest.raises(DecodeError):
            game.decode_action(bad)
    for action in seen[:: max(1, len(seen) // 5)]:
        wire = game.encode_action(action)
        with pytest.raises(DecodeError):
            game.decode_action({**wire, "unexpected_field": 1})
        for key in [k for k in wire if k != "type"][:2]:
            with pytest.raises(DecodeError):
                game.decode_action({**wire, key: {"bogus": 1}})


def _check_log(game: Any, match: Match, check_redacted: bool) -> None:
    log = match.log()
    result = verify_log(log)
    assert result.status == "verified", f"log does not verify: {result.divergence}"
    buf = io.BytesIO()
    write_log(log, buf)
    again = read_log(buf.getvalue())
    assert again == log, "log file round trip"
    if check_redacted:
        for viewer in _viewers(game, match.state):
            red = match.log(viewer)
            check = verify_redacted(red, log)
            assert check.status == "verified", f"redacted log of {viewer}: {check.divergence}"


def _play_checked(
    game_id: str, seed: int, config: Any = None, rules_version: str | None = None
) -> int:
    """Play one random game (uniform over every seat's legal actions) with every check at
    every step. Non-interference is checked for one viewer per step, rotating over the
    seats and the spectator, so each viewer is covered throughout every game; the fields
    of one legal action are probed every few steps."""
    game = get_game(game_id, rules_version)
    match = Match(game, seed=seed, config=None if config is None else game.decode_config(config))
    rng = Rng.from_seed(seed, "conformance")
    seen: list[Any] = []
    viewers = _viewers(game, match.state)
    for step in range(MAX_ACTIONS):
        state = match.state
        legal = _check_step_invariants(game, state)
        if game.outcome(state) is not None:
            raw = _check_round_trips(game, state, [])
            rng = _check_views(game, state, viewers, rng)
            _check_rejections(game, state, raw, legal, seen, rng)
            break
        choices = [(s, a) for s in game.seats(state) for a in legal[s]]
        (seat, action), rng = rng.choice(choices)
        raw = _check_round_trips(game, state, [action])
        rng = _check_views(game, state, [viewers[(step + seed) % len(viewers)]], rng)
        rng = _check_rejections(game, state, raw, legal, seen, rng)
        if (step + seed) % PROBE_EVERY == 0:
            rng = _check_field_probes(game, state, raw, legal, rng)
        match.act(seat, action)
        assert _wire_bytes(state) == raw, "apply mutated its input state"
        seen.append(action)
    else:
        pytest.fail(f"{game_id} seed {seed}: no end after {MAX_ACTIONS} actions")
    _check_malformed_wire(game, seen)
    _check_log(game, match, check_redacted=seed % 10 == 0)
    return match.seq


@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize(
    ("game_id", "rules_version"), VERSIONS, ids=[f"{g}-{v}" for g, v in VERSIONS]
)
def test_random_games_fully_checked(game_id: str, rules_version: str, chunk: int) -> None:
    """Every step of every game, under every rules version, gets every check."""
    total = 0
    for seed in _seeds(game_id, chunk, rules_version):
        total += _play_checked(game_id, seed, rules_version=rules_version)
    assert total > 0


#: Configs other than the defaults, as wire data: every variant gets the same checks on
#: fewer games (a game id missing here is covered by its defaults only).
VARIANTS: dict[str, list[dict[str, Any]]] = {
    "friday": [{"level": 2}, {"level": 3}, {"level": 4, "empty_aging_stack": "reshuffle"}],
    "forbidden-island": [
        {"players": 2, "difficulty": "novice"},
        {"players": 3, "difficulty": "legendary"},
        {"players": 4, "difficulty": "elite", "first_player": 2},
    ],
    "not-alone": [
        {"hunted": 1},
        {"hunted": 6, "board": "b"},
        {"hunted": 2, "creature_seat": 2, "exhausted_will": 2},
    ],
    "gozer": [
        {"players": 2, "round_limit": 30},
        {"players": 6, "round_limit": 30, "gozer_shot": "kill"},
    ],
}
VARIANT_GAMES = 100


@pytest.mark.parametrize(
    ("game_id", "config"),
    [(g, c) for g in game_ids() for c in VARIANTS.get(g, [])],
    ids=lambda v: v if isinstance(v, str) else ",".join(f"{k}={x}" for k, x in v.items()),
)
def test_config_variants_fully_checked(game_id: str, config: dict[str, Any]) -> None:
    total = 0
    for seed in range(max(2, int(VARIANT_GAMES * SCALE))):
        total += _play_checked(game_id, seed, config)
    assert total > 0


@pytest.mark.parametrize("game_id", game_ids())
def test_info_and_config(game_id: str) -> None:
    game = get_game(game_id)
    info = game.info
    assert info.id == game_id
    assert 1 <= info.min_seats <= info.max_seats
    assert info.roles
    wire = serde.to_wire(info)
    assert wire["id"] == game_id
    cfg = game.decode_config({})
    assert cfg == info.default_config
    with pytest.raises(DecodeError):
        game.decode_config({"no_such_option": 1})
    with pytest.raises(islandgames.InvalidConfigError):
        game.new(-1)
    with pytest.raises(islandgames.InvalidConfigError):
        game.new(1, config=NotAnAction())


@pytest.mark.parametrize("game_id", game_ids())
def test_decode_state_rejects_garbage(game_id: str) -> None:
    game = get_game(game_id)
    wire = serde.to_wire(game.new(5))
    with pytest.raises(DecodeError):
        game.decode_state([])
    with pytest.raises(DecodeError):
        game.decode_state({**wire, "extra": 1})
    for key in list(wire)[:6]:
        broken = dict(wire)
        del broken[key]
        with pytest.raises(DecodeError):
            game.decode_state(broken)
        broken[key] = "not the right type" if not isinstance(wire[key], str) else 12345
        with pytest.raises(DecodeError):
            game.decode_state(broken)


_TRACE_SCRIPT = """
import sys
from islandgames import Match, state_hash
from islandgames.core.rng import Rng
game_id, seeds = sys.argv[1], [int(s) for s in sys.argv[2:]]
for seed in seeds:
    m = Match(game_id, seed=seed)
    rng = Rng.from_seed(seed, "trace")
    hashes = []
    while m.outcome() is None:
        choices = [(s, a) for s in m.game.seats(m.state) for a in m.legal_actions(s)]
        (seat, action), rng = rng.choice(choices)
        m.act(seat, action)
        hashes.append(state_hash(m.state))
    print(seed, m.seq, m.log().chain_hash)
"""


@pytest.mark.parametrize("game_id", game_ids())
def test_same_seed_same_trace_across_processes(game_id: str) -> None:
    seeds = [str(s) for s in range(12)]
    outputs = []
    for hashseed in ("0", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": hashseed}
        out = subprocess.run(
            [sys.executable, "-c", _TRACE_SCRIPT, game_id, *seeds],
            capture_output=True,
            text=True,
            env=env,
            check=True,
            timeout=300,
        ).stdout
        outputs.append(out)
    assert outputs[0] == outputs[1]
    assert len(outputs[0].splitlines()) == len(seeds)


#: Determinization (``sample_state``): seeded random games per (game, rules version),
#: each checked at every step up to SAMPLE_STEPS (Gozer's ~550-action games are cut
#: there; game 0 plays the defaults, the others the first config VARIANTS); every seat
#: is checked every SAMPLE_ALL_SEATS-th step, the acting seat and the spectator at every
#: step, and SAMPLE_SPREAD samples every few steps test that hidden parts vary.
SAMPLE_GAMES = 3
SAMPLE_STEPS = 120
SAMPLE_ALL_SEATS = 10
SAMPLE_SPREAD = 20


def _without_rng(state: Any) -> Any:
    return attrs.evolve(state, rng=Rng("0" * 64))


def _check_sample(game: Any, state: Any, seat: int | None, rng: Rng, play: bool) -> Rng:
    view = game.view(state, seat)
    sub, rng = rng.split()
    sample = game.sample_state(view, seat, sub)
    assert type(sample) is game.state_type, "a sample has this rules version's state class"
    assert game.view(sample, seat) == view, f"seat {seat} can tell a sample from the state"
    game.check_state(sample)
    assert game.decode_state(serde.to_wire(sample)) == sample, "sample wire round trip"
    assert sample.rng.key != state.rng.key, "a sample must not carry the real RNG key"
    if play:
        for _ in range(3):
            choices = [(s, a) for s in game.to_act(sample) for a in game.legal_actions(sample, s)]
            if not choices:
                break
            (s, a), rng = rng.choice(choices)
            sample = game.apply(sample, s, a)
    return rng


def _check_spread(game: Any, state: Any, seat: int | None, rng: Rng) -> tuple[bool, Rng]:
    """Where ``resample_hidden`` finds something hidden from ``seat``, samples differ too."""
    view = game.view(state, seat)
    real: set[bytes] = set()
    samples: set[bytes] = set()
    for _ in range(SAMPLE_SPREAD):
        a, rng = rng.split()
        b, rng = rng.split()
        real.add(_wire_bytes(_without_rng(game.resample_hidden(state, seat, a))))
        samples.add(_wire_bytes(_without_rng(game.sample_state(view, seat, b))))
    if len(real) > 1:
        assert len(samples) > 1, f"seat {seat} has hidden information, yet every sample is equal"
    return len(real) > 1, rng


@pytest.mark.parametrize(
    ("game_id", "rules_version"), VERSIONS, ids=[f"{g}-{v}" for g, v in VERSIONS]
)
def test_sample_state_from_views(game_id: str, rules_version: str) -> None:
    """At every step: the acting seat and a spectator (every seat now and then) cannot
    tell a sample from the real state, a sample is a valid state of this rules version
    that round-trips and plays on, and samples differ where something is hidden."""
    game = get_game(game_id, rules_version)
    hidden_seen = 0
    configs = [None, *VARIANTS.get(game_id, [])]
    for seed in range(SAMPLE_GAMES):
        config = configs[seed % len(configs)]  # the defaults, then config variants
        state = game.new(seed, None if config is None else game.decode_config(config))
        rng = Rng.from_seed(seed, "sample")
        for step in range(SAMPLE_STEPS):
            if game.outcome(state) is not None:
                break
            acting = game.to_act(state)
            viewers: list[int | None] = [acting[step % len(acting)], None]
            if step % SAMPLE_ALL_SEATS == 0:
                viewers = _viewers(game, state)
            for viewer in viewers:
                rng = _check_sample(game, state, viewer, rng, play=step % 5 == 0)
            if step % SAMPLE_ALL_SEATS == 5:
                hidden, rng = _check_spread(game, state, viewers[0], rng)
                hidden_seen += hidden
            choices = [(s, a) for s in game.seats(state) for a in game.legal_actions(state, s)]
            (seat, action), rng = rng.choice(choices)
            state = game.apply(state, seat, action)
    if game.info.hidden_information:
        assert hidden_seen, "no state with hidden information was met"
