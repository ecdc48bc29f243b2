"""Time travel in the match service (issue 17): ``state_at`` (a seat's view at any seq,
the full state only once the game is over) and ``fork`` (a new match from a finished
match's history, whose log names its parent), in every store."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

from islandgames import History, fork, get_game, verify_fork, verify_log, write_log
from islandgames.core import serde
from islandgames.core.log import ReplayLog, read_log
from islandgames.service import (
    ERROR_CODES,
    Created,
    Forked,
    GameNotOverError,
    InvalidArgumentError,
    InvalidTokenError,
    MatchService,
    MemoryStore,
    PermissionDeniedError,
    SqliteStore,
    error_from_wire,
    error_to_wire,
)

TOY = "toy-bids"


@pytest.fixture(params=["memory", "sqlite", "postgres"])
def service(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[MatchService]:
    if request.param == "memory":
        svc = MatchService(MemoryStore(), snapshot_every=4)
    elif request.param == "sqlite":
        svc = MatchService(SqliteStore(tmp_path / "store.db"), snapshot_every=4)
    else:  # needs ISLANDGAMES_PG_URL (tests/conftest.py)
        from islandgames.service.postgres import PostgresStore

        url: str = request.getfixturevalue("pg_schema_url")
        svc = MatchService(PostgresStore(url), snapshot_every=4)
    yield svc
    svc.close()


def tokens_of(m: Created | Forked) -> dict[int, str]:
    return {s.seat: s.token for s in m.seats}


def step(service: MatchService, tokens: dict[int, str], rng: random.Random) -> bool:
    """One random legal action of a seat the game waits on; False once it is over."""
    st = service.status(next(iter(tokens.values())))
    if st.over:
        return False
    seat = rng.choice(st.to_act)
    service.act(tokens[seat], rng.choice(service.legal_actions(tokens[seat]).actions), st.seq)
    return True


def play_out(service: MatchService, tokens: dict[int, str], rng: random.Random) -> int:
    while step(service, tokens, rng):
        pass
    return service.status(next(iter(tokens.values()))).seq


def strings(obj: Any) -> set[str]:
    out: set[str] = set()
    stack = [obj]
    while stack:
        x = stack.pop()
        if isinstance(x, str):
            out.add(x)
        elif isinstance(x, dict):
            stack.extend(x.keys())
            stack.extend(x.values())
        elif isinstance(x, list | tuple):
            stack.extend(x)
    return out


def toy_hidden_from(state: Any, seat: int | None) -> set[str]:
    """What ``seat`` must not learn in the toy game: the deck, other hands and other
    seats' pending bids, and the RNG key."""
    hidden = set(state.deck) | {state.rng.key}
    for s in range(state.seats):
        if s != seat:
            hidden.update(state.hands[s])
            if state.bids[s] is not None:
                hidden.add(state.bids[s])
    return hidden


# --- state_at -------------------------------------------------------------------------------


def test_state_at_is_each_seats_view_then_and_never_more(service: MatchService) -> None:
    """While a Not Alone game runs, every seat's state_at at several seqs is exactly what
    History gives from the full log afterwards, and it never holds another seat's hand;
    after the end, state_at of every token at every seq equals History.view_at."""
    m = service.create("not-alone", None, seed=11)
    tokens = tokens_of(m)
    viewers: list[tuple[int | None, str]] = [*tokens.items(), (None, m.spectator_token)]
    rng = random.Random(5)
    seen: list[tuple[int | None, int, Any]] = []
    creature = 0  # the default config's creature seat
    while step(service, tokens, rng):
        current = service.status(m.spectator_token).seq
        if current % 17:
            continue
        for seat, token in viewers:
            for seq in sorted({0, current // 3, current - 1, current}):
                r = service.state_at(token, seq)
                assert (r.seat, r.seq, r.current_seq, r.full) == (seat, seq, current, False)
                assert r.state is None and r.view is not None and r.view["seat"] == seat
                for h in r.view["hunted"]:
                    if h["seat"] != seat:
                        assert h["hand"] is None and h["survival"] is None
                if seat != creature:
                    assert r.view["hunt_hand"] is None
                seen.append((seat, seq, r.view))
    assert len(seen) > 40
    log = service.log(m.spectator_token)
    assert log.end is not None
    history = History(log)
    for seat, seq, view in seen:
        assert view == serde.to_wire(history.view_at(seq, seat))
    last = len(log.entries)
    for seat, token in viewers:
        for seq in (0, 1, last // 2, last - 1, last):
            r = service.state_at(token, seq)
            assert r.view == serde.to_wire(history.view_at(seq, seat))
            expected = log.entries[seq - 1].state_hash if seq else log.header.initial_state_hash
            assert r.state_hash == expected
            assert r.chain_hash == log.chain_hash_at(seq)
            assert r.over == (seq == last) and (r.outcome is not None) == (seq == last)


def test_state_at_of_a_running_toy_game_shows_nothing_hidden(service: MatchService) -> None:
    """Every string of a running game's state_at for a seat is checked against the true
    state at that seq: no other hand, pending bid, deck card or RNG key appears."""
    game = get_game(TOY)
    config = {"seats": 3, "rounds": 4}
    seed = 0x70
    m = service.create(TOY, config, seed=seed)
    tokens = tokens_of(m)
    rng = random.Random(2)
    states = [game.new(seed, game.decode_config(config))]
    checked = 0
    while True:
        st = service.status(m.spectator_token)
        if st.over:
            break
        seat = rng.choice(st.to_act)
        action = rng.choice(service.legal_actions(tokens[seat]).actions)
        service.act(tokens[seat], action, st.seq)
        states.append(game.apply(states[-1], seat, game.decode_action(action)))
        current = len(states) - 1
        for viewer, token in [*tokens.items(), (None, m.spectator_token)]:
            for seq in {0, current // 2, current}:
                r = service.state_at(token, seq)
                assert r.view == serde.to_wire(game.view(states[seq], viewer))
                assert not strings(r.to_wire()) & toy_hidden_from(states[seq], viewer)
                checked += 1
    assert checked > 50


def test_the_full_state_only_once_the_game_is_over(service: MatchService) -> None:
    m = service.create("friday", None, seed=3)
    tokens = tokens_of(m)
    rng = random.Random(1)
    for _ in range(6):
        step(service, tokens, rng)
    for token in (tokens[0], m.spectator_token):
        with pytest.raises(GameNotOverError, match="still running") as err:
            service.state_at(token, 2, True)
        assert isinstance(err.value, PermissionDeniedError)
        assert error_to_wire(err.value)["code"] == "GAME_NOT_OVER"
    last = play_out(service, tokens, rng)
    history = History(service.log(tokens[0]))
    for token in (tokens[0], m.spectator_token):
        for seq in (0, 2, last):
            r = service.state_at(token, seq, True)
            assert r.full and r.view is None
            assert r.state == serde.to_wire(history.state_at(seq))
            assert serde.state_hash(history.game.decode_state(r.state)) == r.state_hash


def test_state_at_refuses_bad_input_precisely(service: MatchService) -> None:
    m = service.create("friday", None, seed=4)
    tokens = tokens_of(m)
    rng = random.Random(4)
    for _ in range(3):
        step(service, tokens, rng)
    token = tokens[0]
    for bad in (-1, -(2**70)):
        with pytest.raises(InvalidArgumentError, match="at least 0"):
            service.state_at(token, bad)
    for bad_type in (True, False, 1.0, "1", None, [1]):
        with pytest.raises(InvalidArgumentError, match="seq must be an int"):
            service.state_at(token, bad_type)  # type: ignore[arg-type]
        with pytest.raises(InvalidArgumentError, match="seq must be an int"):
            service.fork(token, bad_type)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="beyond") as err:
        service.state_at(token, 4)
    assert err.value.details == {"current_seq": 3}
    wire = error_to_wire(err.value)
    assert wire["code"] == "INVALID_ARGUMENT" and wire["details"] == {"current_seq": 3}
    back = error_from_wire(wire)
    assert isinstance(back, InvalidArgumentError) and back.details == {"current_seq": 3}
    with pytest.raises(InvalidArgumentError, match="beyond"):
        service.state_at(token, 10**30)  # refused before any replay
    for bad_full in (1, "yes", None):
        with pytest.raises(InvalidArgumentError, match="full must be a bool"):
            service.state_at(token, 1, bad_full)  # type: ignore[arg-type]
    for bad_token in ("nope", "", None, 7):
        with pytest.raises(InvalidTokenError):
            service.state_at(bad_token, 0)  # type: ignore[arg-type]
        with pytest.raises(InvalidTokenError):
            service.fork(bad_token, 0)  # type: ignore[arg-type]
    assert service.state_at(token, 3).seq == 3  # nothing changed


def test_histories_are_cached_a_bounded_number_and_follow_a_growing_match() -> None:
    svc = MatchService(MemoryStore(), snapshot_every=4, history_cache_size=2)
    with pytest.raises(ValueError, match="history_cache_size"):
        MatchService(MemoryStore(), history_cache_size=0)
    rng = random.Random(9)
    matches = [svc.create("friday", None, seed=s) for s in range(5)]
    for m in matches:
        tokens = tokens_of(m)
        for _ in range(4):
            step(svc, tokens, rng)
        for seq in range(5):
            svc.state_at(m.spectator_token, seq)
        assert len(svc._histories) <= 2
    assert list(svc._histories) == [matches[3].match_id, matches[4].match_id]
    # a cached history of a match that has grown since is rebuilt when a later seq is
    # asked for, and still answers earlier ones
    m = matches[4]
    tokens = tokens_of(m)
    before = svc._histories[m.match_id]
    assert before.last == 4
    step(svc, tokens, rng)
    assert svc.state_at(tokens[0], 3).current_seq == 5
    assert svc._histories[m.match_id] is before
    assert svc.state_at(tokens[0], 5).seq == 5
    assert svc._histories[m.match_id] is not before and svc._histories[m.match_id].last == 5
    svc.close()


# --- fork -----------------------------------------------------------------------------------


def _finished(service: MatchService, game: str, seed: int, config: Any = None) -> Created:
    m = service.create(game, config, seed=seed)
    play_out(service, tokens_of(m), random.Random(seed))
    return m


def test_fork_of_a_running_match_is_refused(service: MatchService) -> None:
    m = service.create("friday", None, seed=8)
    tokens = tokens_of(m)
    step(service, tokens, random.Random(8))
    with pytest.raises(GameNotOverError, match="only a finished match can be forked"):
        service.fork(tokens[0], 1)
    with pytest.raises(GameNotOverError):
        service.fork(m.spectator_token, 0)
    assert len(service.store.match_ids()) == 1  # nothing was created


def test_fork_continues_deterministically_and_names_its_parent(service: MatchService) -> None:
    """A fork after entry k of a finished Not Alone match: new tokens, the parent's state
    and seed, a header naming (match id, k, chain hash at k); replaying the parent's own
    actions after k gives the parent's state hashes; played differently to its end, its
    log verifies on its own, through the service, and as a fork of the parent."""
    m = _finished(service, "not-alone", 21)
    parent_log = service.log(m.spectator_token)
    last = len(parent_log.entries)
    k = last // 2
    with pytest.raises(InvalidArgumentError, match="beyond"):
        service.fork(m.spectator_token, last + 1)
    f = service.fork(m.seats[1].token, k)
    assert isinstance(f, Forked) and f.match_id != m.match_id and f.game == "not-alone"
    assert f.seq == k and not f.over and f.seed_commitment == m.seed_commitment
    assert f.parent.match == m.match_id and f.parent.seq == k
    assert f.parent.chain_hash == parent_log.chain_hash_at(k)
    new_tokens = {s.token for s in f.seats} | {f.spectator_token}
    old_tokens = {s.token for s in m.seats} | {m.spectator_token}
    assert len(new_tokens) == len(f.seats) + 1 and not new_tokens & old_tokens
    assert [(s.seat, s.role) for s in f.seats] == [(s.seat, s.role) for s in m.seats]
    # the fork is at the parent's state after entry k, seen by every seat of the fork
    history = History(parent_log)
    for s in f.seats:
        assert service.view(s.token).view == serde.to_wire(history.view_at(k, s.seat))
        assert service.state_at(s.token, k).view == serde.to_wire(history.view_at(k, s.seat))
    assert service.status(f.spectator_token).to_act == f.to_act
    # its log while it runs: the parent's first k entries under a header naming the parent
    running = service.log(f.spectator_token)
    assert running.header.parent == f.parent and running.end is None
    assert [e.state_hash for e in running.entries] == [e.state_hash for e in parent_log.entries[:k]]
    # the same library fork gives the same log
    lib = fork(parent_log, k, match=m.match_id).log()
    assert serde.canonical_bytes(lib.header) == serde.canonical_bytes(running.header)
    assert [e.chain_hash for e in lib.entries] == [e.chain_hash for e in running.entries]
    # a second fork replays the parent's own actions: the same states follow (same seed)
    g = service.fork(m.spectator_token, k)
    g_tokens = tokens_of(g)
    for e in parent_log.entries[k:]:
        r = service.act(g_tokens[e.seat], e.action, e.seq - 1)  # type: ignore[arg-type]
        assert r.state_hash == e.state_hash
    assert service.status(g.spectator_token).outcome == parent_log.end.outcome  # type: ignore[union-attr]
    # the first fork is played its own way to the end
    play_out(service, tokens_of(f), random.Random(99))
    fork_log = service.log(f.spectator_token)
    assert fork_log.end is not None and fork_log.header.parent == f.parent
    assert verify_log(fork_log).status == "verified"
    assert service.verify(fork_log).status == "verified"
    assert verify_fork(fork_log, parent_log).status == "verified"
    # state_at and a fork of the fork work the same way
    fl = len(fork_log.entries)
    assert service.state_at(f.seats[0].token, fl, True).state == serde.to_wire(
        History(fork_log).state_at(fl)
    )
    ff = service.fork(f.spectator_token, k + 1)
    assert ff.parent.match == f.match_id
    play_out(service, tokens_of(ff), random.Random(7))
    ff_log = service.log(ff.spectator_token)
    assert verify_fork(ff_log, fork_log).status == "verified"
    assert verify_fork(ff_log, parent_log).status == "diverged"  # not its parent
    # the parent is untouched
    assert service.log(m.spectator_token) == parent_log


def test_a_fork_verifies_against_its_parent_only(service: MatchService) -> None:
    a = _finished(service, "friday", 31)
    b = _finished(service, "friday", 32)
    a_log = service.log(a.spectator_token)
    b_log = service.log(b.spectator_token)
    f = service.fork(a.seats[0].token, 5)
    play_out(service, tokens_of(f), random.Random(3))
    f_log = service.log(f.seats[0].token)
    assert verify_fork(f_log, a_log).status == "verified"
    v = verify_fork(f_log, b_log)
    assert v.status == "diverged" and v.divergence is not None
    # a header whose parent was dropped or moved breaks the fork's own chain
    assert f_log.header.parent is not None
    moved = attrs.evolve(f_log.header.parent, seq=4)
    for header in (
        attrs.evolve(f_log.header, parent=None),
        attrs.evolve(f_log.header, parent=moved),
    ):
        forged = ReplayLog(header, f_log.entries, f_log.end, f_log.viewer)
        assert service.verify(forged).status == "diverged"


@pytest.mark.parametrize("seq", [0, "last"])
def test_fork_at_the_ends(service: MatchService, seq: Any) -> None:
    m = _finished(service, "friday", 41)
    parent_log = service.log(m.spectator_token)
    at = len(parent_log.entries) if seq == "last" else 0
    f = service.fork(m.spectator_token, at)
    assert f.seq == at and f.over == (seq == "last")
    if f.over:
        assert service.status(f.spectator_token).outcome == parent_log.end.outcome  # type: ignore[union-attr]
    else:
        play_out(service, tokens_of(f), random.Random(1))
    f_log = service.log(f.spectator_token)
    assert f_log.end is not None
    assert verify_log(f_log).status == "verified"
    assert verify_fork(f_log, parent_log).status == "verified"


def test_a_fork_reloads_from_sqlite_and_plays_on(tmp_path: Path) -> None:
    path = tmp_path / "forks.db"
    svc = MatchService(SqliteStore(path), snapshot_every=4)
    m = _finished(svc, "forbidden-island", 51, {"players": 2})
    parent_log = svc.log(m.spectator_token)
    f = svc.fork(m.seats[0].token, 9)
    tokens = tokens_of(f)
    rng = random.Random(2)
    for _ in range(3):
        step(svc, tokens, rng)
    svc.close()
    for from_snapshot in (True, False):
        again = MatchService(SqliteStore(path), load_from_snapshot=from_snapshot)
        log = again.log(f.spectator_token)
        assert log.header.parent == f.parent and len(log.entries) == 12
        assert again.state_at(tokens[1], 9).view == serde.to_wire(History(parent_log).view_at(9, 1))
        again.close()
    again = MatchService(SqliteStore(path))
    play_out(again, tokens, rng)
    f_log = again.log(f.spectator_token)
    assert verify_fork(f_log, again.log(m.spectator_token)).status == "verified"
    data = tmp_path / "fork.iglog"
    write_log(f_log, data)
    assert again.verify(data.read_bytes()).status == "verified"
    assert read_log(data).header.parent == f.parent
    again.close()


def test_the_new_error_code_is_listed() -> None:
    entry = next(e for e in ERROR_CODES if e.code == "GAME_NOT_OVER")
    assert entry.exception is GameNotOverError and entry.grpc_status == "FAILED_PRECONDITION"
    # found before PERMISSION_DENIED, its base class
    codes = [e.code for e in ERROR_CODES]
    assert codes.index("GAME_NOT_OVER") < codes.index("PERMISSION_DENIED")
