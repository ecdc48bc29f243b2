"""The match service in process: tokens, seats, hidden information, seq, watch, logs,
stores (memory, SQLite and PostgreSQL), reload with hash checks, concurrency."""

from __future__ import annotations

import random
import re
import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

from islandgames import (
    IllegalActionError,
    InvalidConfigError,
    LogFormatError,
    NotYourTurnError,
    UnknownGameError,
    get_game,
    read_log,
    verify_log,
    verify_redacted,
    write_log,
)
from islandgames.core import serde
from islandgames.core.errors import (
    DecodeError,
    GameOverError,
    IslandGamesError,
    UnsupportedRulesVersionError,
)
from islandgames.core.log import ReplayLog
from islandgames.service import (
    ERROR_CODES,
    CorruptMatchError,
    InvalidArgumentError,
    InvalidTokenError,
    MatchService,
    MemoryStore,
    PermissionDeniedError,
    SqliteStore,
    StaleSeqError,
    StoreError,
    Update,
    error_from_wire,
    error_to_wire,
)
from islandgames.service.errors import ProtocolError
from islandgames.service.tokens import token_hash

TOY = "toy-bids"
SEED = 0x5EED_1234_ABCD


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


def strings(obj: Any) -> set[str]:
    """Every string (keys too) inside a response."""
    if hasattr(obj, "to_wire"):
        obj = obj.to_wire()
    elif attrs.has(type(obj)):
        obj = serde.to_wire(obj)
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


def log_strings(log: ReplayLog) -> set[str]:
    out = strings(log.header)
    for e in log.entries:
        out |= strings(e)
    if log.end is not None:
        out |= strings(log.end)
    return out


def hidden_from(state: Any, seat: int | None) -> set[str]:
    """What ``seat`` must not learn in the toy game: the deck, other hands and other
    seats' pending bids, and the RNG key."""
    hidden = set(state.deck) | {state.rng.key}
    for s in range(state.seats):
        if s != seat:
            hidden.update(state.hands[s])
            if state.bids[s] is not None:
                hidden.add(state.bids[s])
    return hidden


# --- creation and tokens -------------------------------------------------------------------


def test_create_gives_one_secret_token_per_seat_and_a_spectator(service: MatchService) -> None:
    m = service.create(TOY, {"seats": 4}, seed=SEED)
    tokens = [s.token for s in m.seats] + [m.spectator_token]
    assert [s.seat for s in m.seats] == [0, 1, 2, 3]
    assert len(set(tokens)) == 5
    assert all(t.startswith("igt_") and len(t) >= 40 for t in tokens)
    assert m.seq == 0 and m.to_act == (0, 1, 2, 3)
    wire = m.to_wire()
    assert wire["seats"][2] == {"seat": 2, "role": "bidder", "token": m.seats[2].token}
    for seat, token in enumerate(tokens[:4]):
        assert service.status(token).seat == seat
    assert service.status(m.spectator_token).seat is None


def test_tokens_are_stored_only_as_hashes(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    svc = MatchService(SqliteStore(path))
    m = svc.create(TOY, None, seed=1)
    svc.close()
    raw = b"".join(p.read_bytes() for p in tmp_path.iterdir() if p.is_file())
    for token in [s.token for s in m.seats] + [m.spectator_token]:
        assert token.encode() not in raw
        assert token_hash(token) in raw
    mem = MemoryStore()
    svc2 = MatchService(mem)
    m2 = svc2.create(TOY, None, seed=1)
    assert m2.seats[0].token not in repr(vars(mem))


def test_seed_defaults_to_os_randomness_and_reads_text_by_the_one_rule(
    service: MatchService,
) -> None:
    a = service.create(TOY)
    b = service.create(TOY)
    assert a.seed_commitment != b.seed_commitment
    c = service.create(TOY, None, 255)
    d = service.create(TOY, None, "255")  # decimal, as on the command line
    e = service.create(TOY, None, "0xFF")
    assert c.seed_commitment == d.seed_commitment == e.seed_commitment
    with pytest.raises(InvalidArgumentError, match=r"hex needs the 0x prefix: 0xff"):
        service.create(TOY, None, "ff")  # bare hex would read "10" two ways
    for bad in (-1, 1 << 256, "-1", str(1 << 256), "0x", "xyz", "", " 5", 1.5, True, [1]):
        with pytest.raises(InvalidArgumentError):
            service.create(TOY, None, bad)  # type: ignore[arg-type]


def test_create_rejects_unknown_games_and_bad_configs(service: MatchService) -> None:
    with pytest.raises(UnknownGameError):
        service.create("chess")
    with pytest.raises(InvalidArgumentError):
        service.create(42)  # type: ignore[arg-type]
    with pytest.raises(InvalidConfigError):
        service.create(TOY, {"seats": 9})
    with pytest.raises(DecodeError):
        service.create(TOY, {"seats": "2"})
    with pytest.raises(DecodeError):
        service.create(TOY, {"colour": "red"})
    with pytest.raises(DecodeError):
        service.create(TOY, [2])  # type: ignore[arg-type]


def test_bad_tokens_are_refused_alike(service: MatchService) -> None:
    m = service.create(TOY, None, seed=3)
    forged = m.seats[0].token[:-2] + ("AA" if not m.seats[0].token.endswith("AA") else "BB")
    for bad in (forged, "", "x" * 1000, None, 7, b"igt_x", ["igt_"]):
        with pytest.raises(InvalidTokenError, match="invalid token"):
            service.view(bad)  # type: ignore[arg-type]
        with pytest.raises(InvalidTokenError):
            service.act(bad, {"type": "draw"})  # type: ignore[arg-type]


def test_games_lists_registered_games(service: MatchService) -> None:
    ids = [g["id"] for g in service.games()]
    assert TOY in ids and "friday" in ids
    toy = next(g for g in service.games() if g["id"] == TOY)
    assert toy["default_config"] == {"seats": 2, "rounds": 3}
    assert toy["simultaneous"] is True


# --- acting ------------------------------------------------------------------------------


def test_stale_seq_is_rejected_with_the_current_seq(service: MatchService) -> None:
    m = service.create("friday", None, seed=11)
    token = m.seats[0].token
    first = service.legal_actions(token).actions[0]
    r = service.act(token, first, 0)
    assert r.seq == 1 and r.seat == 0
    before = service.view(token)
    with pytest.raises(StaleSeqError) as info:
        service.act(token, service.legal_actions(token).actions[0], 0)
    assert info.value.current_seq == 1
    assert error_to_wire(info.value)["details"] == {"current_seq": 1}
    with pytest.raises(StaleSeqError):
        service.act(token, service.legal_actions(token).actions[0], 5)
    assert service.view(token) == before
    with pytest.raises(InvalidArgumentError):
        service.act(token, first, "1")  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError):
        service.act(token, first, True)
    # without expected_seq the act is not checked for staleness
    assert service.act(token, service.legal_actions(token).actions[0]).seq == 2


def test_a_token_acts_only_as_its_own_seat(service: MatchService) -> None:
    m = service.create(TOY, {"seats": 3}, seed=SEED)
    game = get_game(TOY)
    state = game.new(SEED, game.decode_config({"seats": 3}))
    tok = [s.token for s in m.seats]
    with pytest.raises(PermissionDeniedError):
        service.act(m.spectator_token, {"type": "bid", "card": state.hands[0][0]})
    # seat 0 cannot bid a card of seat 1 (that would be acting with seat 1's hand)
    with pytest.raises(IllegalActionError):
        service.act(tok[0], {"type": "bid", "card": state.hands[1][0]})
    # an action has no seat field to forge
    with pytest.raises(DecodeError):
        service.act(tok[0], {"type": "bid", "card": state.hands[0][0], "seat": 1})
    for s in range(3):
        r = service.act(tok[s], {"type": "bid", "card": state.hands[s][0]})
        assert r.seat == s
    # draw phase: only seat 0 may draw now
    assert service.status(tok[0]).to_act == (0,)
    for s in (1, 2):
        with pytest.raises(NotYourTurnError):
            service.act(tok[s], {"type": "draw"})
    seq = service.status(tok[0]).seq
    assert service.act(tok[0], {"type": "draw"}).seat == 0
    log = service.log(tok[0])
    assert [e.seat for e in log.entries] == [0, 1, 2, 0]
    assert seq == 3


def test_illegal_and_malformed_actions_change_nothing(service: MatchService) -> None:
    m = service.create(TOY, None, seed=SEED)
    tok = m.seats[0].token
    before = service.status(tok)
    for bad in ({"type": "fly"}, {"card": "k01"}, "draw", None, 7, {"type": "draw"}):
        with pytest.raises(IslandGamesError):
            service.act(tok, bad, 0)  # type: ignore[arg-type]
    assert service.status(tok) == before


def test_game_over_refuses_further_actions(service: MatchService) -> None:
    m = service.create("friday", None, seed=5)
    tok = m.seats[0].token
    play_friday(service, tok, random.Random(5))
    st = service.status(tok)
    assert st.over and st.outcome is not None and st.to_act == ()
    assert service.legal_actions(tok).actions == ()
    with pytest.raises(GameOverError):
        service.act(tok, {"type": "draw_free"}, st.seq)


def play_friday(service: MatchService, token: str, rng: random.Random) -> int:
    seq = 0
    while True:
        legal = service.legal_actions(token)
        if not legal.actions:
            return seq
        seq = service.act(token, rng.choice(legal.actions), seq).seq


def play_toy(
    service: MatchService, tokens: list[str], rng: random.Random, seed: int, config: Any
) -> Iterator[tuple[int, Any, Any]]:
    """Play the toy game to the end; yields (seat, action wire, true state after)."""
    game = get_game(TOY)
    state = game.new(seed, game.decode_config(config))
    seq = 0
    while game.outcome(state) is None:
        seat = rng.choice(game.to_act(state))
        action = rng.choice(service.legal_actions(tokens[seat]).actions)
        r = service.act(tokens[seat], action, seq)
        seq = r.seq
        state = game.apply(state, seat, game.decode_action(action))
        assert r.state_hash == serde.state_hash(state)
        yield seat, action, state


# --- hidden information -------------------------------------------------------------------


def test_no_token_reads_what_its_view_does_not_show(service: MatchService) -> None:
    """Every response to every token is checked against the true state: nothing hidden
    from the token's seat (other hands, pending bids, deck, RNG key, seed) appears, and
    the views equal the game's own view for that seat."""
    game = get_game(TOY)
    config = {"seats": 3, "rounds": 4}
    m = service.create(TOY, config, seed=SEED)
    tokens = [s.token for s in m.seats]
    viewers: list[tuple[int | None, str]] = [(0, tokens[0]), (1, tokens[1]), (2, tokens[2])]
    viewers.append((None, m.spectator_token))
    seed_hex = f"{SEED:064x}"
    received: dict[int | None, list[Update]] = {seat: [] for seat, _ in viewers}
    for seat, tok in viewers:
        service.watch(tok, received[seat].append)
    checked = 0
    for acting, _action, state in play_toy(service, tokens, random.Random(7), SEED, config):
        over = game.outcome(state) is not None
        for seat, tok in viewers:
            secret = set() if over else hidden_from(state, seat) | {seed_hex}
            view = service.view(tok)
            assert view.view == serde.to_wire(game.view(state, seat))
            legal = service.legal_actions(tok)
            expected = () if seat is None else game.legal_actions(state, seat)
            assert legal.actions == tuple(game.encode_action(a) for a in expected)
            update = received[seat][-1]
            assert update.view == view.view and update.seat == acting
            responses = [view, legal, service.status(tok), update]
            seen = set().union(*(strings(r) for r in responses))
            seen |= log_strings(service.log(tok))
            if seat is not None and not over:  # error messages must not leak either
                with pytest.raises(IllegalActionError) as info:
                    service.act(tok, {"type": "bid", "card": "k99"})
                seen |= set(re.findall(r"k\d\d", str(info.value)))
            leaked = seen & secret
            assert not leaked, f"seat {seat} received {leaked}"
            checked += 1
        # a bid still pending is shown to its bidder only
        if state.phase == "bid" and state.bids[acting] is not None:
            for seat, _ in viewers:
                shown = received[seat][-1].action
                if seat == acting:
                    assert shown == {"type": "bid", "card": state.bids[acting]}
                else:
                    assert shown is None
    assert checked > 20
    # after the end the full log with the seed is given to every token, and verifies
    full = service.log(m.spectator_token)
    assert full.viewer == "all" and full.end is not None and full.end.seed == seed_hex
    v = verify_log(full)
    assert v.status == "verified"


def test_running_game_logs_are_redacted_per_seat_and_verify(service: MatchService) -> None:
    config = {"seats": 2, "rounds": 2}
    m = service.create(TOY, config, seed=9)
    tokens = [s.token for s in m.seats]
    redacted: dict[int | None, ReplayLog] = {}
    for _seat, _action, state in play_toy(service, tokens, random.Random(2), 9, config):
        if state.phase == "bid" and any(b is not None for b in state.bids):
            # someone has bid secretly: take every seat's log now
            for seat, tok in ((0, tokens[0]), (1, tokens[1]), (None, m.spectator_token)):
                log = service.log(tok)
                assert log.viewer == seat and log.end is None
                assert verify_log(log).status == "unfinished"
                redacted[seat] = log
            break
    assert redacted, "the game never had a pending secret bid"
    hidden_entries = [e for e in redacted[None].entries if e.action is None]
    assert hidden_entries, "the spectator should not see a pending bid"
    list(play_toy_rest(service, tokens, 9, config))
    full = service.log(tokens[0])
    assert full.viewer == "all" and full.end is not None
    for log in redacted.values():
        assert verify_redacted(log, full).status == "verified"


def play_toy_rest(
    service: MatchService, tokens: list[str], seed: int, config: Any
) -> Iterator[None]:
    rng = random.Random(seed)
    while True:
        st = service.status(tokens[0])
        if st.over:
            return
        seat = rng.choice(st.to_act)
        service.act(tokens[seat], rng.choice(service.legal_actions(tokens[seat]).actions))
        yield None


# --- watch ---------------------------------------------------------------------------------


def test_watch_streams_updates_in_order_and_catches_up(service: MatchService) -> None:
    config = {"seats": 2, "rounds": 3}
    m = service.create(TOY, config, seed=4)
    tokens = [s.token for s in m.seats]
    live: list[Update] = []
    sub = service.watch(tokens[1], live.append)
    assert sub.active and sub.seq == 0
    moves = list(play_toy(service, tokens, random.Random(4), 4, config))
    assert [u.seq for u in live] == list(range(1, len(moves) + 1))
    assert live[-1].over and live[-1].outcome is not None
    assert not sub.active
    # a late watcher asking from seq 0 gets the same updates, then no live subscription
    replay: list[Update] = []
    late = service.watch(tokens[1], replay.append, after_seq=0)
    assert not late.active
    assert [u.seq for u in replay] == [u.seq for u in live]
    assert [u.view for u in replay] == [u.view for u in live]
    # redaction uses the final state for the catch-up: every bid is revealed by now
    assert all(u.action is not None for u in replay)
    part: list[Update] = []
    service.watch(tokens[0], part.append, after_seq=len(moves) - 2)
    assert [u.seq for u in part] == [len(moves) - 1, len(moves)]
    with pytest.raises(InvalidArgumentError):
        service.watch(tokens[0], part.append, after_seq=len(moves) + 1)
    with pytest.raises(InvalidArgumentError):
        service.watch(tokens[0], part.append, after_seq="1")


def test_watch_close_and_failing_callbacks(service: MatchService) -> None:
    m = service.create("friday", None, seed=8)
    tok = m.seats[0].token
    got: list[Update] = []
    sub = service.watch(m.spectator_token, got.append)

    def broken(update: Update) -> None:
        raise RuntimeError("watcher bug")

    bad = service.watch(tok, broken)
    service.act(tok, service.legal_actions(tok).actions[0], 0)
    assert len(got) == 1 and not bad.active
    sub.close()
    assert not sub.active
    service.act(tok, service.legal_actions(tok).actions[0], 1)
    assert len(got) == 1


# --- verify --------------------------------------------------------------------------------


def test_verify_accepts_records_bytes_and_objects_and_finds_tampering(
    service: MatchService, tmp_path: Path
) -> None:
    m = service.create("friday", None, seed=21)
    tok = m.seats[0].token
    play_friday(service, tok, random.Random(21))
    log = service.log(tok)
    path = tmp_path / "game.iglog"
    write_log(log, path)
    data = path.read_bytes()
    assert service.verify(log).status == "verified"
    assert service.verify(data).status == "verified"
    bad_entry = attrs.evolve(log.entries[3], state_hash="00" * 32)
    tampered = attrs.evolve(log, entries=(*log.entries[:3], bad_entry, *log.entries[4:]))
    v = service.verify(tampered)
    assert v.status == "diverged" and v.divergence is not None and v.divergence.seq == 4
    with pytest.raises(LogFormatError):
        service.verify(b"\x92\x01")
    with pytest.raises(LogFormatError):
        service.verify([{"type": "entry"}])
    with pytest.raises(InvalidArgumentError):
        service.verify(42)  # type: ignore[arg-type]
    assert read_log(data) == log


# --- stores --------------------------------------------------------------------------------


def test_sqlite_store_reloads_matches_with_snapshots_and_replay(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    svc = MatchService(SqliteStore(path), snapshot_every=5)
    m = svc.create("friday", None, seed=31)
    tok = m.seats[0].token
    rng = random.Random(31)
    for seq in range(12):
        svc.act(tok, rng.choice(svc.legal_actions(tok).actions), seq)
    status, view, log = svc.status(tok), svc.view(tok), svc.log(tok)
    svc.close()
    svc2 = MatchService(SqliteStore(path), snapshot_every=5)
    assert svc2.status(tok) == status
    assert svc2.view(tok) == view
    assert svc2.log(tok) == log
    with sqlite3.connect(path) as db:
        snaps = [r[0] for r in db.execute("SELECT seq FROM snapshots ORDER BY seq")]
    assert snaps == [5, 10]
    play_friday_from(svc2, tok, rng, 12)
    full = svc2.log(tok)
    assert verify_log(full).status == "verified"
    svc2.close()


def play_friday_from(service: MatchService, token: str, rng: random.Random, seq: int) -> int:
    while True:
        legal = service.legal_actions(token)
        if not legal.actions:
            return seq
        seq = service.act(token, rng.choice(legal.actions), seq).seq


def _tampered_store(tmp_path: Path, sql: str) -> tuple[Path, str]:
    path = tmp_path / "t.db"
    svc = MatchService(SqliteStore(path), snapshot_every=3)
    m = svc.create("friday", None, seed=41)
    tok = m.seats[0].token
    rng = random.Random(41)
    for seq in range(7):
        svc.act(tok, rng.choice(svc.legal_actions(tok).actions), seq)
    svc.close()
    with sqlite3.connect(path) as db:
        db.execute("DROP TRIGGER IF EXISTS entries_no_update")
        db.execute(sql)
    return path, tok


@pytest.mark.parametrize(
    ("sql", "seq"),
    [
        ("UPDATE snapshots SET state_hash = 'ab' || substr(state_hash, 3) WHERE seq = 6", 6),
        ("UPDATE entries SET state_hash = 'ab' || substr(state_hash, 3) WHERE seq = 7", 7),
        ("UPDATE entries SET seat = 1 WHERE seq = 2", 2),
        ("UPDATE entries SET chain_hash = 'ab' || substr(chain_hash, 3) WHERE seq = 1", 1),
        ("UPDATE snapshots SET state = x'c1' WHERE seq = 6", 6),
    ],
)
def test_a_tampered_store_is_refused_on_load(tmp_path: Path, sql: str, seq: int) -> None:
    path, tok = _tampered_store(tmp_path, sql)
    svc = MatchService(SqliteStore(path))
    with pytest.raises(CorruptMatchError) as info:
        svc.status(tok)
    assert info.value.seq == seq
    assert error_to_wire(info.value)["code"] == "CORRUPT_MATCH"
    svc.close()


def test_sqlite_entries_are_append_only_and_the_store_is_exclusive(tmp_path: Path) -> None:
    path = tmp_path / "a.db"
    store = SqliteStore(path)
    svc = MatchService(store)
    m = svc.create("friday", None, seed=1)
    tok = m.seats[0].token
    svc.act(tok, svc.legal_actions(tok).actions[0], 0)
    with pytest.raises(StoreError, match="in use"):
        SqliteStore(path)
    store.flush()  # out of the journal: the triggers guard the rows in the database
    with sqlite3.connect(path) as db:
        with pytest.raises(sqlite3.DatabaseError, match="append-only"):
            db.execute("DELETE FROM entries")
        with pytest.raises(sqlite3.DatabaseError, match="append-only"):
            db.execute("UPDATE entries SET seat = 0")
    loaded = store.load(m.match_id)
    with pytest.raises(StoreError, match="does not follow"):
        store.append(m.match_id, loaded.entries[0], None)
    svc.close()
    SqliteStore(path).close()  # released on close


def test_evicted_matches_reload_transparently(tmp_path: Path) -> None:
    svc = MatchService(SqliteStore(tmp_path / "e.db"), cache_size=1, snapshot_every=2)
    matches = [svc.create("friday", None, seed=s) for s in range(4)]
    rngs = [random.Random(s) for s in range(4)]
    seqs = [0] * 4
    for _ in range(6):
        for i, m in enumerate(matches):
            tok = m.seats[0].token
            legal = svc.legal_actions(tok).actions
            if legal:
                seqs[i] = svc.act(tok, rngs[i].choice(legal), seqs[i]).seq
    assert len(svc._cache) == 1
    for i, m in enumerate(matches):
        assert svc.status(m.seats[0].token).seq == seqs[i]
    svc.close()


# --- concurrency ---------------------------------------------------------------------------


def test_concurrent_acts_on_one_match_are_serialised(service: MatchService) -> None:
    """Eight threads race to act on one match with optimistic concurrency: every act is
    applied once, in a gap-free sequence, and each acknowledged action is in the log."""
    m = service.create("friday", None, seed=77)
    tok = m.seats[0].token
    acked: dict[int, Any] = {}
    stale = [0]
    lock = threading.Lock()
    errors: list[BaseException] = []

    def worker(n: int) -> None:
        rng = random.Random(n)
        try:
            for _ in range(400):
                legal = service.legal_actions(tok)
                if not legal.actions:
                    return
                action = rng.choice(legal.actions)
                try:
                    r = service.act(tok, action, legal.seq)
                except StaleSeqError:
                    with lock:
                        stale[0] += 1
                    continue
                with lock:
                    assert r.seq not in acked
                    acked[r.seq] = action
        except BaseException as exc:  # surfaced below
            errors.append(exc)

    threads = [threading.Thread(target=worker, args=(n,)) for n in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert not errors, errors
    log = service.log(tok)
    assert log.end is not None, "the game should have been played to the end"
    assert sorted(acked) == list(range(1, len(log.entries) + 1))
    for e in log.entries:
        assert e.action == acked[e.seq]
    assert verify_log(log).status == "verified"


def test_concurrent_matches_in_threads(service: MatchService) -> None:
    matches = [service.create("friday", None, seed=100 + i) for i in range(6)]
    errors: list[BaseException] = []

    def run(i: int) -> None:
        try:
            play_friday(service, matches[i].seats[0].token, random.Random(i))
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert not errors, errors
    for m in matches:
        log = service.log(m.seats[0].token)
        assert verify_log(log).status == "verified"


# --- errors --------------------------------------------------------------------------------


@pytest.mark.parametrize("entry", ERROR_CODES, ids=lambda e: e.code)
def test_error_codes_round_trip(entry: Any) -> None:
    exc: Exception
    if entry.exception is StaleSeqError:
        exc = StaleSeqError(1, 3)
    elif entry.exception is CorruptMatchError:
        exc = CorruptMatchError("bad", 4)
    elif entry.exception is UnsupportedRulesVersionError:
        exc = UnsupportedRulesVersionError("friday", "9.9", ("1.0", "1.1"))
    else:
        exc = entry.exception("something went wrong")
    wire = error_to_wire(exc)
    assert wire["code"] == entry.code
    back = error_from_wire(wire)
    assert type(back) is entry.exception
    assert str(back) == ("internal error" if entry.code == "INTERNAL" else str(exc))
    assert error_to_wire(back) == wire


def test_unexpected_errors_do_not_leak() -> None:
    wire = error_to_wire(ZeroDivisionError("secret detail"))
    assert wire == {"code": "INTERNAL", "message": "internal error", "details": {}}
    proto = error_from_wire({"code": "METHOD_NOT_FOUND", "message": "no", "details": {}})
    assert isinstance(proto, ProtocolError) and proto.code == "METHOD_NOT_FOUND"
    assert isinstance(error_from_wire("garbage"), ProtocolError)
