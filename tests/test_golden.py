"""Golden traces: every rules version of every game replays as it was shipped.

``tests/golden/<game>-<version>.json`` (made by ``scripts/golden.py``; the 1.0 traces of
Friday and Gozer by the engine that shipped 1.0, commit ec5d216) pin fixed random games:
each is played again here with the current engine and must give the same log chain hash
at every seq (so the same header, actions and state hashes), the same number of actions
and the same outcome. The header carries the engine_version recorded in the trace, since
the chain depends on it. ``tests/golden/logs/*.iglog`` are full logs written by the
engine that shipped their rules version; they must replay entry by entry.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from islandgames.core import serde
from islandgames.core.log import (
    action_commitment,
    action_salt,
    header_chain,
    make_entry,
    make_header,
    next_chain,
    read_log,
)
from islandgames.core.registry import game_ids, get_game, rules_versions
from islandgames.core.rng import Rng

GOLDEN = Path(__file__).parent / "golden"
FILES = sorted(GOLDEN.glob("*.json"))
LOGS = sorted((GOLDEN / "logs").glob("*.iglog"))


def _load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text())
    assert data["format"] == "islandgames-golden" and data["format_version"] == 1, path
    return data


def test_every_game_and_rules_version_has_golden_traces() -> None:
    have = {(d["game"], d["rules_version"]) for d in map(_load, FILES)}
    want = {(g, v) for g in game_ids() for v in rules_versions(g)}
    assert want <= have, f"no golden traces for {sorted(want - have)} (scripts/golden.py)"
    assert have <= want, f"golden traces of rules this engine lacks: {sorted(have - want)}"


def _replay_trace(game: Any, trace: dict[str, Any]) -> tuple[list[str], int, Any]:
    """The golden random game of ``trace`` (see scripts/golden.py) with this engine:
    (chain hash at every seq, number of actions, outcome wire)."""
    seed = trace["seed"]
    config = game.decode_config(trace["config"])
    state = game.new(seed, config)
    header = make_header(game, seed, config, state, trace["engine_version"])
    chain = header_chain(header)
    chains = [chain.hex()]
    rng = Rng.from_seed(seed, "golden")
    limit = trace["actions"] + 1  # one past the recorded end: a longer game differs there
    while game.outcome(state) is None and len(chains) <= limit:
        choices = [(s, a) for s in game.seats(state) for a in game.legal_actions(state, s)]
        (seat, action), rng = rng.choice(choices)
        state = game.apply(state, seat, action)
        entry = make_entry(game, seed, chain, len(chains), seat, action, serde.state_hash(state))
        chain = bytes.fromhex(entry.chain_hash)
        chains.append(entry.chain_hash)
    outcome = game.outcome(state)
    return chains, len(chains) - 1, None if outcome is None else serde.to_wire(outcome)


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_traces_replay(path: Path) -> None:
    data = _load(path)
    game = get_game(data["game"], rules_version=data["rules_version"])
    where = f"{data['game']} {data['rules_version']}"
    for trace in data["traces"]:
        name = f"{where}, trace {trace['label']}"
        chains, actions, outcome = _replay_trace(game, trace)
        first = next(
            (seq for seq, (a, b) in enumerate(zip(chains, trace["chain"], strict=False)) if a != b),
            None,
        )
        if first is not None:
            pytest.fail(f"{name}: the chain hash differs first at seq {first}")
        if actions != trace["actions"]:
            pytest.fail(
                f"{name}: {actions} actions instead of {trace['actions']} "
                f"(first differing seq {min(actions, trace['actions']) + 1})"
            )
        if outcome != trace["outcome"]:
            pytest.fail(f"{name}: outcome {outcome} instead of {trace['outcome']}")


@pytest.mark.parametrize("path", LOGS, ids=[p.stem for p in LOGS])
def test_logs_of_earlier_engines_replay(path: Path) -> None:
    """Replay a committed log under its header's rules version from its revealed seed:
    the header, every state hash, action commitment and chain hash, and the outcome."""
    log = read_log(path)
    h = log.header
    game = get_game(h.game, rules_version=h.rules_version)
    assert log.end is not None, f"{path.name}: not a finished game"
    seed = int(log.end.seed, 16)
    config = game.decode_config(h.config)
    state = game.new(seed, config)
    ours = make_header(game, seed, config, state, h.engine_version)
    assert serde.canonical_bytes(ours) == serde.canonical_bytes(h), f"{path.name}: header"
    chain = header_chain(h)
    assert log.entries, f"{path.name}: no entries"
    for e in log.entries:
        where = f"{path.name}, entry {e.seq}"
        assert e.action is not None, f"{where}: masked"
        action = game.decode_action(e.action)
        state = game.apply(state, e.seat, action)
        assert serde.state_hash(state) == e.state_hash, f"{where}: state hash"
        salt = action_salt(seed, e.seq)
        assert e.salt == salt, f"{where}: salt"
        commitment = action_commitment(salt, game.encode_action(action))
        assert commitment == e.action_commitment, f"{where}: action commitment"
        chain = next_chain(chain, e.seat, commitment, serde.state_hash(state))
        assert chain.hex() == e.chain_hash, f"{where}: chain hash"
    outcome = game.outcome(state)
    assert outcome is not None, f"{path.name}: the replayed game is not over"
    assert serde.to_wire(outcome) == log.end.outcome, f"{path.name}: outcome"


def test_the_logs_cover_the_restored_versions() -> None:
    names = {p.name for p in LOGS}
    for game in ("friday", "gozer"):
        assert sum(n.startswith(f"{game}-1.0-") for n in names) == 2, names
