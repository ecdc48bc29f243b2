"""AI seats: seats the server plays itself with a bot (``create(..., ai_seats=...)``).

The server plays an AI seat whenever ``to_act`` lists it, right after the action (or
creation, or load) that made it so, each action stored, chained and watched like a
client's, deterministically from the match's secret seed. The log header lists the AI
seats; verification stays a pure replay. Checked here on the service, through every
client (in process, MessagePack-RPC, gRPC, with equal results), across two services and
two processes, across a restart of a SQLite store, and on the log format."""

from __future__ import annotations

import itertools
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import attrs
import msgpack
import pytest

import islandgames
from islandgames.bots import register_bot, unregister_bot
from islandgames.core.errors import IslandGamesError, LogFormatError
from islandgames.core.log import (
    LogAiSeat,
    ReplayLog,
    parse_records,
    read_log,
    record_list,
    verify_fork,
    verify_log,
    write_log,
)
from islandgames.core.rng import Rng
from islandgames.service import (
    Created,
    Forked,
    InvalidArgumentError,
    MatchClient,
    MatchService,
    MemoryStore,
    PermissionDeniedError,
    SqliteStore,
    error_to_wire,
)
from islandgames.service import service as service_module
from islandgames.service.service import ai_action, ai_interjection, ai_interjection_rng, ai_rng
from tests.service.test_match_client import TRANSPORTS, Recorder, connected

REPO = Path(__file__).resolve().parents[2]


def play_humans(
    status: Callable[[], Any],
    act: Callable[[int, int], Any],
    ai: set[int],
    limit: int = 3000,
) -> int:
    """Play every human seat with its ``pick``-th legal action (``act(seat, n)``) until
    the game is over, checking that no client ever waits on an AI seat. The number of
    human actions."""
    n = 0
    while True:
        st = status()
        if st.over:
            assert st.to_act == () and st.may_act == ()
            return n
        assert st.to_act and not set(st.to_act) & ai, st.to_act
        assert not set(st.may_act) & ai, st.may_act
        act(st.to_act[0], n)
        n += 1
        assert n < limit, "the match did not end"


def play_service(service: MatchService, m: Created | Forked) -> int:
    tokens = [s.token for s in m.seats]
    ai = {s.seat for s in m.seats if s.bot is not None}

    def act(seat: int, n: int) -> None:
        legal = service.legal_actions(tokens[seat])
        r = service.act(tokens[seat], legal.actions[n % len(legal.actions)], legal.seq)
        assert r.seat == seat and r.seq == legal.seq + 1  # the caller's own entry

    return play_humans(lambda: service.status(m.spectator_token), act, ai)


# --- the service ---------------------------------------------------------------------------


def test_an_all_ai_friday_plays_itself_out_at_create() -> None:
    service = MatchService()
    m = service.create("friday", {"level": 2}, seed=7, ai_seats={0: "heuristic"})
    assert m.seats[0].bot == "heuristic" and m.to_act == () and m.seq > 20
    assert m.to_wire()["seats"][0]["bot"] == "heuristic"
    st = service.status(m.spectator_token)
    assert st.over and st.seq == m.seq and st.seats[0].bot == "heuristic"
    assert st.to_wire()["seats"] == [{"seat": 0, "role": "robinson", "bot": "heuristic"}]
    log = service.log(m.seats[0].token)
    assert log.header.ai_seats == (LogAiSeat(0, "heuristic"),)
    assert all(e.seat == 0 for e in log.entries) and len(log.entries) == m.seq
    assert verify_log(log).verified
    # the same as playing the bot by hand, with the documented random stream
    game = service._cache[m.match_id].game
    state = game.new(7, game.decode_config({"level": 2}))
    for e in log.entries:
        action = ai_action(game, state, 0, "heuristic", 7, e.seq)
        assert game.encode_action(action) == e.action
        state = game.apply(state, 0, action)


def test_matches_without_ai_seats_keep_their_forms() -> None:
    service = MatchService()
    m = service.create("forbidden-island", {"players": 2}, seed=3)
    assert all(s.bot is None for s in m.seats)
    assert all("bot" not in s for s in m.to_wire()["seats"])
    st = service.status(m.spectator_token)
    assert all("bot" not in s for s in st.to_wire()["seats"])
    assert not service.has_ai_seats(m.spectator_token)
    log = service.log(m.spectator_token)
    assert log.header.ai_seats is None and "ai_seats" not in record_list(log)[0]
    empties: tuple[Any, ...] = (None, {}, [])
    for empty in empties:
        again = service.create("forbidden-island", {"players": 2}, seed=3, ai_seats=empty)
        assert record_list(service.log(again.spectator_token))[0] == record_list(log)[0]


def test_forbidden_island_one_human_one_ai_to_the_end() -> None:
    service = MatchService(snapshot_every=8)
    m = service.create("forbidden-island", {"players": 2}, seed=5, ai_seats={1: "heuristic"})
    assert [s.bot for s in m.seats] == [None, "heuristic"]
    assert service.has_ai_seats(m.seats[0].token)
    updates: list[Any] = []
    sub = service.watch(m.spectator_token, updates.append)
    assert play_service(service, m) > 5
    assert not sub.active
    log = service.log(m.spectator_token)
    seats = {e.seat for e in log.entries}
    assert seats == {0, 1}
    assert [u.seq for u in updates] == list(range(m.seq + 1, len(log.entries) + 1))
    assert [u.seat for u in updates] == [e.seat for e in log.entries[m.seq :]]
    assert all(1 not in u.may_act for u in updates)
    assert verify_log(log).verified
    assert log.header.ai_seats == (LogAiSeat(1, "heuristic"),)
    # a watch that catches up shows the same updates
    late: list[Any] = []
    service.watch(m.spectator_token, late.append, after_seq=m.seq)
    assert late == updates


def test_an_ai_seat_token_sees_but_cannot_act() -> None:
    service = MatchService()
    m = service.create("forbidden-island", {"players": 2}, seed=5, ai_seats={1: "random"})
    ai_token = m.seats[1].token
    assert service.view(ai_token).seat == 1
    st = service.status(ai_token)
    assert st.seat == 1 and st.seats[1].bot == "random"
    legal = service.legal_actions(m.seats[0].token)
    service.act(m.seats[0].token, legal.actions[0], legal.seq)
    before = service.status(ai_token)
    for action in ({"type": "end_turn"}, *service.legal_actions(ai_token).actions):
        with pytest.raises(PermissionDeniedError, match=r"seat 1 is played by the server"):
            service.act(ai_token, action, before.seq)
    assert service.status(ai_token) == before


@pytest.mark.parametrize(
    ("ai_seats", "message"),
    [
        ({2: "random"}, "ai_seats: seat 2 is not a seat of this forbidden-island match (seats 0"),
        ({-1: "random"}, "ai_seats: seat -1 is not a seat"),
        ({True: "random"}, "ai_seats: a seat must be an int, got bool True"),
        ([{"seat": "1", "bot": "random"}], "ai_seats: a seat must be an int, got str '1'"),
        ({1: "nope"}, "ai_seats: seat 1: no bot 'nope' for forbidden-island; available: random"),
        ({1: "mcts:seconds=0.5"}, "bot 'mcts:seconds=0.5' has a time budget (seconds)"),
        ({1: "heuristic:time_limit=3"}, "has a time budget (time_limit)"),
        ({1: "mcts:max_ms=3"}, "has a time budget (max_ms)"),
        ({1: ""}, "ai_seats: seat 1: the bot must be a non-empty string"),
        ({1: "x" * 129}, "at most 128 characters"),
        ({1: 7}, "ai_seats: seat 1: the bot must be a non-empty string"),
        ([{"seat": 1, "bot": "random"}, {"seat": 1, "bot": "heuristic"}], "seat 1 is named twice"),
        ([{"seat": 1}], "ai_seats[0] must be a map with exactly the keys seat, bot"),
        ([{"seat": 1, "bot": "random", "x": 1}], "ai_seats[0] must be a map"),
        ("random", "ai_seats must be a list of {seat, bot} maps or nil, got a str"),
        (5, "ai_seats must be a list of {seat, bot} maps or nil, got an int"),
    ],
)
def test_bad_ai_seats_are_refused_before_anything_is_stored(ai_seats: Any, message: str) -> None:
    store = MemoryStore()
    service = MatchService(store)
    with pytest.raises(InvalidArgumentError) as err:
        service.create("forbidden-island", {"players": 2}, seed=1, ai_seats=ai_seats)
    assert message in str(err.value)
    assert not store._records


def test_not_alone_with_ai_seats_makes_simultaneous_choices_one_after_another() -> None:
    for ai in ({1: "heuristic", 2: "random"}, {0: "heuristic"}):
        service = MatchService()
        m = service.create("not-alone", {"hunted": 2}, seed=11, ai_seats=ai)
        assert not set(m.to_act) & set(ai)
        play_service(service, m)
        log = service.log(m.spectator_token)
        assert {e.seat for e in log.entries} == {0, 1, 2}
        assert verify_log(log).verified


def test_gozer_ai_castaways_answer_requests_when_to_act_lists_them() -> None:
    answered = 0
    for seed in (1, 2, 22):
        service = MatchService()
        m = service.create("gozer", None, seed=seed, ai_seats={1: "heuristic", 2: "heuristic"})
        play_service(service, m)
        log = service.log(m.spectator_token)
        assert verify_log(log).verified
        for e in log.entries:
            if e.seat in (1, 2) and e.action is not None and e.action["type"] == "respond":
                answered += 1
    assert answered  # an AI castaway answered a client's trade offer (seed 22)


def test_mcts_with_a_count_budget_plays_deterministically() -> None:
    pytest.importorskip("islandgames.bots.mcts")
    spec = "mcts:iterations=2,max_rollout_decisions=10"
    logs = []
    for _ in range(2):
        service = MatchService()
        m = service.create("friday", None, seed=21, ai_seats=[{"seat": 0, "bot": spec}])
        assert m.to_act == ()
        logs.append(service.log(m.spectator_token))
    assert logs[0] == logs[1] and verify_log(logs[0]).verified
    assert logs[0].header.ai_seats == (LogAiSeat(0, spec),)


def test_the_bot_streams_are_keyed_by_seed_seat_and_seq() -> None:
    streams = {ai_rng(seed, seat, seq).key for seed in (1, 2) for seat in (0, 1) for seq in (1, 2)}
    assert len(streams) == 8
    assert ai_rng(1, 0, 1) == ai_rng(1, 0, 1) and ai_rng(1, 0, 1).counter == 0
    assert ai_rng(1, 0, 1) != Rng.from_seed(1, "ai/0/1")
    offers = {
        ai_interjection_rng(seed, seat, seq).key
        for seed in (1, 2)
        for seat in (0, 1)
        for seq in (1, 2)
    }
    assert len(offers) == 8 and not offers & streams


def test_two_services_give_the_same_bytes() -> None:
    def run() -> bytes:
        service = MatchService()
        m = service.create(
            "forbidden-island", {"players": 3}, seed=99, ai_seats={2: "heuristic", 0: "random"}
        )
        play_service(service, m)
        out = _bytes(service.log(m.spectator_token))
        service.close()
        return out

    first = run()
    assert first == run()
    assert read_log(first).header.ai_seats == (LogAiSeat(0, "random"), LogAiSeat(2, "heuristic"))


_CHILD = """
import sys
from islandgames.service import MatchService
from tests.service.test_ai_seats import _bytes, play_service
service = MatchService()
m = service.create("forbidden-island", {"players": 3}, seed=99,
                   ai_seats=[{"seat": 0, "bot": "random"}, {"seat": 2, "bot": "heuristic"}])
play_service(service, m)
sys.stdout.buffer.write(_bytes(service.log(m.spectator_token)))
"""


def test_another_process_gives_the_same_bytes() -> None:
    here = MatchService()
    m = here.create(
        "forbidden-island", {"players": 3}, seed=99, ai_seats={0: "random", 2: "heuristic"}
    )
    play_service(here, m)
    env = {"PYTHONHASHSEED": "12345", "PATH": "/usr/bin:/bin"}
    child = subprocess.run(
        [sys.executable, "-c", _CHILD], cwd=REPO, env={**env, "PYTHONPATH": str(REPO)},
        capture_output=True, check=True, timeout=120,
    )  # fmt: skip
    assert child.stdout == _bytes(here.log(m.spectator_token))


def _bytes(log: ReplayLog) -> bytes:
    import io

    buf = io.BytesIO()
    write_log(log, buf)
    return buf.getvalue()


def test_a_restart_between_a_stored_action_and_the_ai_reply_goes_on(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    ai = {1: "heuristic"}
    # the reference: one life
    ref = MatchService()
    r = ref.create("forbidden-island", {"players": 2}, seed=8, ai_seats=ai)
    play_service(ref, r)
    want = _bytes(ref.log(r.spectator_token))

    first = MatchService(SqliteStore(path), snapshot_every=4)
    m = first.create("forbidden-island", {"players": 2}, seed=8, ai_seats=ai)
    tokens = [s.token for s in m.seats]
    # the server dies after storing a human action, before the AI seat's reply (until
    # then it plays the AI seat's out-of-turn plays, as the reference did)
    play_ai = first._play_ai

    def dies_before_the_reply(live: Any) -> None:
        if 1 not in live.game.to_act(live.state):
            play_ai(live)

    first._play_ai = dies_before_the_reply  # type: ignore[method-assign]
    acted = 0
    while True:
        st = first.status(tokens[0])
        if 1 in st.to_act:
            break
        legal = first.legal_actions(tokens[0])
        first.act(tokens[0], legal.actions[acted % len(legal.actions)], legal.seq)
        acted += 1
    seq = st.seq
    first.close()

    second = MatchService(SqliteStore(path), snapshot_every=4)
    st = second.status(m.spectator_token)  # the load plays the AI seat first
    assert st.seq > seq and 1 not in st.to_act
    assert [e.seat for e in second.log(tokens[0]).entries[seq:]] == [1] * (st.seq - seq)

    def act(seat: int, n: int) -> None:
        legal = second.legal_actions(tokens[seat])
        second.act(tokens[seat], legal.actions[(n + acted) % len(legal.actions)], legal.seq)

    play_humans(lambda: second.status(m.spectator_token), act, {1})
    got = second.log(m.spectator_token)
    second.close()
    # the same entries as without the restart (the header's engine version is the same)
    assert _bytes(got) == want
    third = MatchService(SqliteStore(path), load_from_snapshot=False)
    assert third.log(m.spectator_token) == got and verify_log(got).verified
    third.close()


def test_a_failing_bot_leaves_the_match_waiting_and_the_next_call_goes_on(
    caplog: pytest.LogCaptureFixture,
) -> None:
    class Flaky:
        name = "flaky"
        broken = True

        def choose(self, game: Any, view: Any, legal: Any, rng: Rng) -> tuple[Any, Rng]:
            if Flaky.broken:
                raise RuntimeError("the bot broke")
            return legal[0], rng

    register_bot("forbidden-island", "flaky", Flaky)
    try:
        service = MatchService()
        m = service.create("forbidden-island", {"players": 2}, seed=4, ai_seats={1: "flaky"})
        tokens = [s.token for s in m.seats]
        with caplog.at_level("ERROR", logger="islandgames.service"):
            while 1 not in (st := service.status(tokens[0])).to_act:
                legal = service.legal_actions(tokens[0])
                r = service.act(tokens[0], legal.actions[-1], legal.seq)
                assert r.seq == legal.seq + 1  # the caller's action stands
        assert "bot 'flaky' of AI seat 1 failed" in caplog.text
        assert service.status(tokens[0]).seq == st.seq  # waits on the AI seat
        Flaky.broken = False
        after = service.status(tokens[0])
        assert after.seq > st.seq and 1 not in after.to_act
        assert verify_log(service.log(tokens[0])).status == "unfinished"
    finally:
        unregister_bot("forbidden-island", "flaky")


def _out_of_turn(game: Any, log: ReplayLog, seed: int) -> list[tuple[int, int, Any]]:
    """(seq, seat, action) of every entry whose seat ``to_act`` did not list, replaying
    ``log`` and checking that the server's plays are the documented bots' (an auditor's
    re-run with the revealed seed): each AI decision is :func:`ai_action`'s, each AI
    out-of-turn play :func:`ai_interjection`'s, and before every entry the AI seats
    were offered nothing else."""
    ai = {a.seat: a.bot for a in log.header.ai_seats or ()}
    state = game.new(seed, game.decode_config(log.header.config))
    found = []
    for e in log.entries:
        to_act = game.to_act(state)
        waited = e.seat in to_act
        next_seat = min(s for s in to_act if s in ai) if set(to_act) & set(ai) else to_act[0]
        hit = ai_interjection(game, state, next_seat, ai, seed, e.seq)
        action = game.decode_action(e.action)
        if hit is not None:  # the server must have played it, as this entry
            assert hit[0] == e.seat and game.encode_action(hit[1]) == e.action, e.seq
        elif e.seat in ai:
            assert waited, e.seq
            assert game.encode_action(ai_action(game, state, e.seat, ai[e.seat], seed, e.seq)) == (
                e.action
            ), e.seq
        if not waited:
            found.append((e.seq, e.seat, action))
        state = game.apply(state, e.seat, action)
    return found


def test_forbidden_island_ai_seats_play_special_cards_out_of_turn() -> None:
    from islandgames.games.forbidden_island.actions import HelicopterLift, LiftOff, Sandbags

    ai = {s: "heuristic" for s in range(4)}
    kinds: set[type] = set()
    for seed in (1, 2, 3):
        service = MatchService()
        m = service.create("forbidden-island", {"players": 4}, seed=seed, ai_seats=ai)
        assert m.to_act == ()
        log = service.log(m.spectator_token)
        assert verify_log(log).verified
        plays = _out_of_turn(service._cache[m.match_id].game, log, seed)
        kinds |= {type(a) for _, _, a in plays}
        assert all(isinstance(a, Sandbags | HelicopterLift | LiftOff) for _, _, a in plays)
    assert Sandbags in kinds  # the heuristic sandbags a vital tile out of turn


def test_an_ai_seat_interjects_before_a_client_acts() -> None:
    from islandgames.games.forbidden_island.actions import Sandbags

    game = islandgames.get_game("forbidden-island")
    seen = 0
    for seed in range(1, 7):
        service = MatchService()
        ai = {1: "heuristic", 2: "random"}
        m = service.create("forbidden-island", {"players": 3}, seed=seed, ai_seats=ai)
        play_service(service, m)
        log = service.log(m.spectator_token)
        plays = _out_of_turn(game, log, seed)
        # the random bot never plays out of turn; the heuristic's plays came while the
        # match waited on a client or on the other AI seat
        assert all(seat == 1 for _, seat, _ in plays)
        seen += sum(isinstance(a, Sandbags) for _, _, a in plays)
        assert verify_log(log).verified
    assert seen


def test_a_failing_out_of_turn_play_is_skipped_and_the_seat_still_plays(
    caplog: pytest.LogCaptureFixture,
) -> None:
    class Meddler:
        """Chooses like the random bot; every offer to play out of turn breaks."""

        name = "meddler"

        def choose(self, game: Any, view: Any, legal: Any, rng: Rng) -> tuple[Any, Rng]:
            return rng.choice(legal)

        def interject(self, game: Any, view: Any, legal: Any, rng: Rng) -> tuple[Any, Rng]:
            raise RuntimeError("the interjection broke")

    register_bot("forbidden-island", "meddler", Meddler)
    try:
        service = MatchService()
        with caplog.at_level("ERROR", logger="islandgames.service"):
            m = service.create(
                "forbidden-island", {"players": 2}, seed=6, ai_seats={0: "meddler", 1: "meddler"}
            )
        assert "an AI seat's out-of-turn play failed" in caplog.text
        st = service.status(m.spectator_token)
        assert st.over and st.seq == m.seq  # both seats played on to the end
        log = service.log(m.spectator_token)
        game = service._cache[m.match_id].game
        state = game.new(6, game.decode_config({"players": 2}))
        for e in log.entries:
            assert e.seat in game.to_act(state)
            state = game.apply(state, e.seat, game.decode_action(e.action))
    finally:
        unregister_bot("forbidden-island", "meddler")


def test_the_ai_play_of_one_call_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(service_module, "MAX_AI_ACTIONS", 5)
    service = MatchService()
    m = service.create("friday", None, seed=3, ai_seats={0: "random"})
    assert m.seq == 5 and m.to_act == (0,)
    assert service.status(m.spectator_token).seq == 10  # the next call goes on
    monkeypatch.setattr(service_module, "MAX_AI_ACTIONS", 10_000)
    assert service.status(m.spectator_token).over


def test_a_fork_keeps_the_ai_seats_and_plays_them() -> None:
    service = MatchService()
    m = service.create("forbidden-island", {"players": 2}, seed=6, ai_seats={1: "heuristic"})
    play_service(service, m)
    parent = service.log(m.spectator_token)
    entries = parent.entries
    # after a client's entry that the AI seat's follows
    at = next(a.seq for a, b in itertools.pairwise(entries) if (a.seat, b.seat) == (0, 1))
    f = service.fork(m.seats[0].token, at)
    assert [s.bot for s in f.seats] == [None, "heuristic"] and f.seq == at
    assert 1 in f.to_act  # as at the fork's seq; the AI seat played at once
    st = service.status(f.spectator_token)
    assert 1 not in st.to_act and st.seq > at
    fork_log = service.log(f.spectator_token)
    assert fork_log.header.ai_seats == parent.header.ai_seats

    def played(es: Any) -> list[tuple[int, Any, str]]:
        return [(e.seat, e.action, e.state_hash) for e in es]

    # the same replies as in the parent: the AI's play follows from seed, seat and seq
    assert played(fork_log.entries[at:]) == played(entries[at : st.seq])
    play_service(service, f)
    assert verify_fork(service.log(f.spectator_token), parent).verified


def test_a_library_fork_of_an_ai_seat_log_keeps_its_ai_seats() -> None:
    service = MatchService()
    m = service.create("forbidden-island", {"players": 2}, seed=6, ai_seats={1: "heuristic"})
    play_service(service, m)
    parent = service.log(m.seats[0].token)
    fork = islandgames.fork(parent, 5)
    assert fork.header.ai_seats == parent.header.ai_seats
    verdict = verify_fork(fork.log(), parent)
    assert (verdict.status, verdict.entries) == ("unfinished", 5), str(verdict)


# --- the log header ----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def ai_log() -> ReplayLog:
    service = MatchService()
    m = service.create(
        "forbidden-island", {"players": 3}, seed=12, ai_seats={0: "random", 2: "heuristic"}
    )
    play_service(service, m)
    return service.log(m.spectator_token)


def test_the_header_key_round_trips(ai_log: ReplayLog) -> None:
    records = record_list(ai_log)
    head = records[0]
    assert list(head)[-2:] == ["ai_seats", "viewer"]
    assert head["ai_seats"] == [{"seat": 0, "bot": "random"}, {"seat": 2, "bot": "heuristic"}]
    data = _bytes(ai_log)
    assert read_log(data) == ai_log and _bytes(read_log(data)) == data
    shuffled = [dict(reversed(list(r.items()))) for r in records]
    assert parse_records(shuffled) == ai_log
    assert verify_log(ai_log).verified


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ([], "ai_seats must be a non-empty list"),
        ({"0": "random"}, "ai_seats must be a non-empty list"),
        ([{"seat": 2, "bot": "heuristic"}, {"seat": 0, "bot": "random"}], "out of order"),
        ([{"seat": 0, "bot": "random"}, {"seat": 0, "bot": "random"}], "out of order"),
        ([{"seat": 3, "bot": "random"}], r"ai_seats\[0\].seat must be a seat 0..2, got 3"),
        ([{"seat": True, "bot": "random"}], r"ai_seats\[0\].seat must be a seat 0..2, got True"),
        ([{"seat": 0, "bot": ""}], r"ai_seats\[0\].bot must be a non-empty str"),
        ([{"seat": 0, "bot": 5}], r"ai_seats\[0\].bot must be a non-empty str"),
        ([{"seat": 0}], r"ai_seats\[0\] must be a map with exactly the keys seat, bot"),
        ([{"seat": 0, "bot": "random", "by": "x"}], r"ai_seats\[0\] must be a map"),
    ],
)
def test_a_bad_header_key_is_refused_on_reading(
    ai_log: ReplayLog, value: Any, message: str
) -> None:
    records = record_list(ai_log)
    records[0]["ai_seats"] = value
    with pytest.raises(LogFormatError, match=message):
        parse_records(records)
    data = b"".join(msgpack.packb(r) for r in records)
    with pytest.raises(LogFormatError, match=message):
        read_log(data)


def test_the_header_key_is_covered_by_the_chain(ai_log: ReplayLog) -> None:
    records = record_list(ai_log)
    records[0]["ai_seats"] = [{"seat": 0, "bot": "heuristic"}, {"seat": 2, "bot": "heuristic"}]
    verdict = verify_log(parse_records(records))
    assert verdict.status == "diverged" and verdict.divergence is not None
    assert (verdict.divergence.seq, verdict.divergence.what) == (1, "chain_hash")
    # the key out of place is not canonical
    head = records[0]
    viewer = head.pop("viewer")
    moved = {"type": "header", "ai_seats": head.pop("ai_seats"), **head, "viewer": viewer}
    data = b"".join(msgpack.packb(r) for r in [moved, *records[1:]])
    with pytest.raises(LogFormatError):
        read_log(data)


def test_a_python_built_header_with_bad_ai_seats_diverges(ai_log: ReplayLog) -> None:
    bad = attrs.evolve(
        ai_log, header=attrs.evolve(ai_log.header, ai_seats=(LogAiSeat(2, "x"), LogAiSeat(0, "y")))
    )
    verdict = verify_log(bad)
    assert verdict.divergence is not None and verdict.divergence.what == "ai_seats"


# --- every client ------------------------------------------------------------------------------


def ai_scenario(connect: Callable[[], MatchClient]) -> Recorder:
    rec = Recorder()
    with connect() as c, connect() as other:
        m = c.create("forbidden-island", {"players": 2}, seed=2, ai_seats={1: "heuristic"})
        rec.learn(m)
        rec.add("created", m)
        tokens = [s.token for s in m.seats]
        rec.add("status", c.status(tokens[1]))
        with c.watch(m.spectator_token) as watch:
            seq = m.seq

            def act(seat: int, n: int) -> None:
                nonlocal seq
                legal = other.legal_actions(tokens[seat])
                r = other.act(tokens[seat], legal.actions[n % len(legal.actions)], legal.seq)
                rec.add("act", r)
                now = other.status(m.spectator_token).seq
                for _ in range(now - seq):  # the client's update, then the AI seat's
                    update = watch.next(30)
                    assert update is not None
                    rec.add("update", update)
                seq = now

            play_humans(lambda: c.status(m.spectator_token), act, {1})
            assert watch.next(1) is None
        rec.add("status end", c.status(tokens[0]))
        log = c.log(tokens[1])
        assert log.header.ai_seats == (LogAiSeat(1, "heuristic"),)
        rec.add("log", record_list(log))
        rec.add("verify", c.verify(log).to_wire())
        f = c.fork(tokens[0], 3)
        rec.learn(f)
        rec.add("fork", f)
        rec.add("fork status", attrs.evolve(c.status(f.seats[1].token), chain_hash="<fork>"))
        m2 = c.create(
            "forbidden-island", {"players": 2}, seed=1, ai_seats=[{"seat": 1, "bot": "random"}]
        )
        rec.learn(m2)
        for bad in (
            lambda: c.act(m2.seats[1].token, c.legal_actions(m2.seats[0].token).actions[0]),
            lambda: c.create("forbidden-island", None, 1, None, {7: "random"}),
            lambda: c.create("forbidden-island", None, 1, None, {True: "random"}),
            lambda: c.create("forbidden-island", None, 1, None, {1: "no-such-bot"}),
            lambda: c.create("forbidden-island", None, 1, None, {1: "mcts:seconds=1"}),
            lambda: c.create("forbidden-island", None, 1, None, [{"seat": 1}]),
        ):
            with pytest.raises(IslandGamesError) as err:
                bad()
            rec.add("error", (type(err.value).__name__, error_to_wire(err.value)))
    return rec


def test_ai_seats_give_the_same_results_on_every_transport() -> None:
    results: dict[str, list[tuple[str, Any]]] = {}
    for transport in TRANSPORTS:
        with connected(transport) as connect:
            results[transport] = ai_scenario(connect).items
    local = results["local"]
    labels = [label for label, _ in local]
    assert labels.count("update") > labels.count("act") > 5
    assert next(v for label, v in local if label == "error")[0] == "PermissionDeniedError"
    for transport in ("msgpack", "grpc"):
        got = results[transport]
        assert [label for label, _ in got] == labels, transport
        for (label, value), (_, want) in zip(got, local, strict=True):
            assert value == want, (transport, label)


@pytest.fixture()
def every_client() -> Iterator[dict[str, Callable[[], MatchClient]]]:
    from contextlib import ExitStack

    with ExitStack() as stack:
        yield {t: stack.enter_context(connected(t)) for t in TRANSPORTS}


def test_an_all_ai_match_through_every_client(
    every_client: dict[str, Callable[[], MatchClient]],
) -> None:
    logs = []
    for transport, connect in every_client.items():
        with connect() as c:
            m = c.create("friday", None, 5, None, {0: "heuristic"})
            assert m.to_act == () and m.seats[0].bot == "heuristic", transport
            logs.append(record_list(c.log(m.spectator_token)))
    assert logs[0] == logs[1] == logs[2]


# --- a shared store ------------------------------------------------------------------------------


def test_two_servers_on_one_postgresql_store_play_the_ai_seats_once(pg_schema_url: str) -> None:
    import threading

    from islandgames.service.postgres import PostgresStore

    ai = {1: "heuristic"}
    ref = MatchService()
    r = ref.create("forbidden-island", {"players": 2}, seed=3, ai_seats=ai)
    play_service(ref, r)
    want = ref.log(r.spectator_token)

    a = MatchService(PostgresStore(pg_schema_url), snapshot_every=5)
    b = MatchService(PostgresStore(pg_schema_url), snapshot_every=5)
    try:
        m = a.create("forbidden-island", {"players": 2}, seed=3, ai_seats=ai)
        tokens = [s.token for s in m.seats]
        servers = [a, b]
        races = 0

        def act(seat: int, n: int) -> None:
            nonlocal races
            here = servers[n % 2]
            legal = here.legal_actions(tokens[seat])
            action = legal.actions[n % len(legal.actions)]
            if n % 3 == 0:  # the writer dies before the AI reply: both servers play it
                here._play_ai = lambda live: None  # type: ignore[method-assign]
                here.act(tokens[seat], action, legal.seq)
                del here._play_ai
                barrier = threading.Barrier(2)

                def look(s: MatchService) -> None:
                    barrier.wait()
                    s.status(tokens[0])

                threads = [threading.Thread(target=look, args=(s,)) for s in servers]
                for t in threads:
                    t.start()
                for t in threads:
                    t.join(30)
                races += 1
            else:
                here.act(tokens[seat], action, legal.seq)

        play_humans(lambda: servers[0].status(m.spectator_token), act, {1})
        assert races > 3
        got_a, got_b = a.log(m.spectator_token), b.log(m.spectator_token)
        assert got_a == got_b
        assert got_a.entries == want.entries and verify_log(got_a).verified
    finally:
        a.close()
        b.close()


@pytest.mark.parametrize("transport", ["msgpack", "grpc"])
def test_the_adapters_play_bots_off_their_event_loop(transport: str) -> None:
    import threading

    from islandgames.bots import RandomBot

    threads: list[str] = []

    class Where(RandomBot):
        name = "where"

        def choose(self, game: Any, view: Any, legal: Any, rng: Rng) -> tuple[Any, Rng]:
            threads.append(threading.current_thread().name)
            return super().choose(game, view, legal, rng)

    register_bot("friday", "where", Where)
    register_bot("forbidden-island", "where", Where)
    try:
        with connected(transport) as connect, connect() as c:
            m = c.create("friday", None, 2, None, {0: "where"})  # plays it all in create
            assert m.to_act == () and threads
            m = c.create("forbidden-island", {"players": 2}, 2, None, {1: "where"})
            before = len(threads)
            token = m.seats[0].token
            while 1 not in c.status(token).to_act and len(threads) == before:
                legal = c.legal_actions(token)
                c.act(token, legal.actions[0], legal.seq)
            assert len(threads) > before  # an act made the server play the AI seat
        # the servers' event loop runs in the thread of test_match_client's _loop_thread
        assert "match-client-test" not in threads
    finally:
        unregister_bot("friday", "where")
        unregister_bot("forbidden-island", "where")


def test_a_store_failing_under_an_ai_action_fails_no_call_that_stored(
    caplog: pytest.LogCaptureFixture,
) -> None:
    from islandgames.service import StoreError

    class Flaky(MemoryStore):
        fail_seat: int | None = None

        def append(self, match_id: str, entry: Any, snapshot: Any = None) -> None:
            if entry.seat == self.fail_seat:
                raise StoreError("disk full")
            super().append(match_id, entry, snapshot)

    store = Flaky()
    service = MatchService(store)
    m = service.create("forbidden-island", {"players": 2}, seed=2, ai_seats={1: "heuristic"})
    token = m.seats[0].token
    store.fail_seat = 1
    with caplog.at_level("ERROR", logger="islandgames.service"):
        while True:
            legal = service.legal_actions(token)
            r = service.act(token, legal.actions[0], legal.seq)  # stored: no error
            if 1 in r.to_act:
                break
    assert "cannot store AI entry" in caplog.text
    with pytest.raises(StoreError, match="the store failed while the server played its AI"):
        service.status(token)  # reloaded from the store, the AI seat's turn fails again
    store.fail_seat = None
    after = service.status(token)
    assert after.seq > r.seq and 1 not in after.to_act
    assert verify_log(service.log(token)).status == "unfinished"
