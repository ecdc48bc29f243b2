"""Gozer logs that main wrote under a historical variant of rules 1.0: from 6234976 up
to f270b20 its "1.0" logs were played with B1 of 1.1 (a dying holder's deployed bridge
stays deployed, ``dying_holder_keeps_bridge``). Their initial state is 1.0's, so only a
replay tells them apart (``contract.LOG_VARIANT_RULES``, docs/gozer.md "Rules
versions"). Recorded by f270b20's own code (tests/golden/README.md)."""

from __future__ import annotations

import io
from pathlib import Path

import attrs
import pytest

from islandgames import Match, ReplayDivergenceError, get_game
from islandgames.core import serde
from islandgames.core.errors import UnsupportedRulesVersionError
from islandgames.core.log import (
    ReplayLog,
    header_chain,
    next_chain,
    read_log,
    verify_log,
    write_log,
)
from islandgames.core.registry import log_variants, rules_versions
from islandgames.games.gozer import GAMES, LOG_VARIANTS
from islandgames.games.gozer.contract import GozerRulesVariant

VARIANTS = Path(__file__).parents[1] / "golden" / "variants"
LOGS = sorted(VARIANTS.glob("gozer-1.0-f270b20-*.iglog"))
#: the entry where B1 first mattered in each log (1.0 itself diverges there)
BRIDGE = {
    "gozer-1.0-f270b20-2-players-bridge.iglog": 16,
    "gozer-1.0-f270b20-3-players-bridge.iglog": 18,
    "gozer-1.0-f270b20-4-players-bridge.iglog": 27,
}

V10, V11 = GAMES
(V1_0_F270B20,) = LOG_VARIANTS


def _bytes(log: ReplayLog) -> bytes:
    buf = io.BytesIO()
    write_log(log, buf)
    return buf.getvalue()


def _rechained_with_a_flipped_state_hash(log: ReplayLog, seq: int) -> ReplayLog:
    entries = list(log.entries)
    e = entries[seq - 1]
    flipped = e.state_hash[:-1] + ("0" if e.state_hash[-1] != "0" else "1")
    entries[seq - 1] = attrs.evolve(e, state_hash=flipped)
    chain = bytes.fromhex(entries[seq - 2].chain_hash) if seq > 1 else header_chain(log.header)
    for i in range(seq - 1, len(entries)):
        x = entries[i]
        chain = next_chain(chain, x.seat, x.action_commitment, x.state_hash)
        entries[i] = attrs.evolve(x, chain_hash=chain.hex())
    return attrs.evolve(log, entries=tuple(entries))


def test_the_variant_is_named_and_never_offered() -> None:
    assert log_variants("gozer", "1.0") == LOG_VARIANTS and log_variants("gozer", "1.1") == ()
    assert V1_0_F270B20.rules == GozerRulesVariant(
        "1.0", dying_holder_keeps_bridge=True, variant="f270b20"
    )
    assert V1_0_F270B20.info == V10.info and V1_0_F270B20.state_type is V10.state_type
    assert rules_versions("gozer") == ("1.0", "1.1")
    assert get_game("gozer", "1.0") is V10
    with pytest.raises(UnsupportedRulesVersionError):
        get_game("gozer", "1.0+f270b20")


@pytest.mark.parametrize("path", LOGS, ids=[p.stem for p in LOGS])
def test_a_log_is_verified_and_replayed_under_the_rules_it_was_played_with(path: Path) -> None:
    data = path.read_bytes()
    log = read_log(data)
    assert log.end is not None and log.header.rules_version == "1.0"
    verdict = verify_log(data)
    assert verdict.status == "verified", str(verdict)
    assert verdict.outcome is not None and serde.to_wire(verdict.outcome) == log.end.outcome
    m = Match.from_log(data)
    bridge = BRIDGE.get(path.name)
    assert m.game is (V10 if bridge is None else V1_0_F270B20)  # 1.0 first: a tie is 1.0's
    assert _bytes(m.log()) == data
    # the same initial state as 1.0: 1.0 replays the log up to the entry where B1 mattered
    state = V10.new(int(log.end.seed, 16), V10.decode_config(log.header.config))
    assert serde.state_hash(state) == log.header.initial_state_hash
    first = None
    for e in log.entries:
        state = V10.apply(state, e.seat, V10.decode_action(e.action))
        if serde.state_hash(state) != e.state_hash:
            first = e.seq
            break
    assert first == bridge


@pytest.mark.parametrize("name", sorted(BRIDGE))
def test_one_tampered_entry_diverges_at_that_entry(name: str) -> None:
    log = read_log(VARIANTS / name)
    for seq in (1, BRIDGE[name] - 1, BRIDGE[name], len(log.entries)):
        bad = _rechained_with_a_flipped_state_hash(log, seq)
        verdict = verify_log(_bytes(bad))
        assert verdict.status == "diverged" and verdict.divergence is not None
        assert (verdict.divergence.seq, verdict.divergence.what) == (seq, "state_hash")
        with pytest.raises(ReplayDivergenceError) as exc:
            Match.from_log(bad)
        assert exc.value.seq == seq
