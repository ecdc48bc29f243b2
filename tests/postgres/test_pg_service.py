"""Two match services on one PostgreSQL database, in one process (as two servers would
be, minus the network): each sees the other's actions at once, stale acts lose with the
current seq, racing acts never both succeed, and watchers on one get every action made
through the other, in order and as their seat may see it."""

from __future__ import annotations

import random
import threading
from collections.abc import Iterator
from typing import Any

import pytest

from islandgames import IllegalActionError, verify_log
from islandgames.service import MatchService, StaleSeqError, Update
from islandgames.service.postgres import PostgresStore

TOY = "toy-bids"


@pytest.fixture
def pair(pg_schema_url: str) -> Iterator[tuple[MatchService, MatchService]]:
    a = MatchService(PostgresStore(pg_schema_url), snapshot_every=5)
    b = MatchService(PostgresStore(pg_schema_url), snapshot_every=5)
    try:
        yield a, b
    finally:
        a.close()
        b.close()


def test_each_server_sees_the_others_actions_at_once(
    pair: tuple[MatchService, MatchService],
) -> None:
    a, b = pair
    m = a.create("friday", None, seed=3)
    tok = m.seats[0].token
    rng = random.Random(3)
    services = [a, b]
    seq = 0
    while True:
        here = services[seq % 2]  # alternate: every act goes through the other server
        legal = here.legal_actions(tok)
        assert legal.seq == seq
        if not legal.actions:
            break
        result = here.act(tok, rng.choice(legal.actions), seq)
        assert result.seq == seq + 1
        seq += 1
        there = services[seq % 2]
        assert there.status(tok).seq == seq
        assert there.view(tok) == here.view(tok)
    assert a.log(tok) == b.log(tok)
    assert verify_log(b.log(tok)).status == "verified"


def test_the_loser_of_a_race_gets_the_current_seq(
    pair: tuple[MatchService, MatchService],
) -> None:
    a, b = pair
    m = a.create("friday", None, seed=4)
    tok = m.seats[0].token
    assert b.status(tok).seq == 0  # B holds the match at seq 0 now
    first = a.legal_actions(tok).actions[0]
    a.act(tok, first, 0)
    with pytest.raises(StaleSeqError) as info:
        b.act(tok, first, 0)  # B's memory says 0; the database says 1
    assert info.value.current_seq == 1
    # B was not stale for long: expected_seq 1 works through B, and A then loses
    second = b.legal_actions(tok).actions[0]
    assert b.act(tok, second, 1).seq == 2
    with pytest.raises(StaleSeqError) as info:
        a.act(tok, second, 1)
    assert info.value.current_seq == 2
    # without expected_seq the act applies to the current state, wherever it was made
    third = b.legal_actions(tok).actions[0]
    assert a.act(tok, third).seq == 3
    assert [e.action for e in b.log(tok).entries] == [first, second, third]


def test_an_act_illegal_only_in_a_stale_copy_is_stale_not_illegal(
    pair: tuple[MatchService, MatchService],
) -> None:
    a, b = pair
    m = a.create(TOY, {"seats": 2, "rounds": 2}, seed=8)
    tokens = [s.token for s in m.seats]
    assert b.status(tokens[0]).seq == 0  # B holds the bidding phase
    for seat in (0, 1):  # both bid through A: now seat 0 must draw
        a.act(tokens[seat], a.legal_actions(tokens[seat]).actions[0], seat)
    draw = a.legal_actions(tokens[0]).actions[0]
    assert draw["type"] == "draw"
    # in B's copy a draw is illegal (still bidding) and the seq matches that copy: B
    # must look at the store before calling it illegal
    with pytest.raises(StaleSeqError) as info:
        b.act(tokens[0], draw, 0)
    assert info.value.current_seq == 2
    assert b.act(tokens[0], draw, 2).seq == 3


def test_racing_acts_through_two_servers_apply_once(
    pair: tuple[MatchService, MatchService],
) -> None:
    """Threads on both servers act on one match at once, half of them without
    expected_seq: every acknowledged action is in the log once, at its seq."""
    a, b = pair
    m = a.create("friday", None, seed=77)
    tok = m.seats[0].token
    acked: dict[int, Any] = {}
    stale = [0]
    lock = threading.Lock()
    errors: list[BaseException] = []

    def worker(n: int) -> None:
        service = (a, b)[n % 2]
        rng = random.Random(n)
        try:
            for _ in range(400):
                legal = service.legal_actions(tok)
                if not legal.actions:
                    return
                action = rng.choice(legal.actions)
                try:
                    r = service.act(tok, action, legal.seq if n % 4 < 2 else None)
                except StaleSeqError:
                    with lock:
                        stale[0] += 1
                    continue
                except IllegalActionError:
                    continue  # without expected_seq: the state moved on meanwhile
                with lock:
                    assert r.seq not in acked
                    acked[r.seq] = action
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=worker, args=(n,)) for n in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert not errors, errors
    log = b.log(tok)
    assert log.end is not None, "the game should have been played to the end"
    assert sorted(acked) == list(range(1, len(log.entries) + 1))
    assert [e.action for e in log.entries] == [acked[s] for s in sorted(acked)]
    assert verify_log(log).status == "verified"
    assert a.log(tok) == log


class Recorder:
    def __init__(self) -> None:
        self.updates: list[Update] = []
        self.done = threading.Event()
        self.lock = threading.Lock()

    def __call__(self, update: Update) -> None:
        with self.lock:
            self.updates.append(update)
        if update.over:
            self.done.set()


def test_watchers_get_every_action_made_through_the_other_server(
    pair: tuple[MatchService, MatchService],
) -> None:
    a, b = pair
    m = b.create(TOY, {"seats": 3, "rounds": 6}, seed=21)
    tokens = [s.token for s in m.seats]
    viewers = [*tokens, m.spectator_token]
    # watchers on A (the match was created on B), and on B as the reference
    on_a = [Recorder() for _ in viewers]
    on_b = [Recorder() for _ in viewers]
    for token, rec_a, rec_b in zip(viewers, on_a, on_b, strict=True):
        assert a.watch(token, rec_a).active
        assert b.watch(token, rec_b).active
    rng = random.Random(21)
    half_way: Recorder | None = None
    seq = 0
    while True:
        status = b.status(tokens[0])
        if status.over:
            break
        seat = rng.choice(status.to_act)
        legal = b.legal_actions(tokens[seat])
        seq = b.act(tokens[seat], rng.choice(legal.actions), legal.seq).seq
        if seq == 10:  # a watcher that joins late on A catches up with after_seq
            half_way = Recorder()
            a.watch(m.spectator_token, half_way, after_seq=3)
    for rec in [*on_a, *on_b]:
        assert rec.done.wait(10)
    assert half_way is not None and half_way.done.wait(10)
    for rec_a, rec_b in zip(on_a, on_b, strict=True):
        assert [u.seq for u in rec_a.updates] == list(range(1, seq + 1))
        assert rec_a.updates == rec_b.updates  # exactly what the seat sees on B
    late, reference = half_way.updates, on_b[-1].updates
    assert [u.seq for u in late] == list(range(4, seq + 1))
    # the catch-up shows each action as public now (a bid once revealed), the rest alike
    assert [u.view for u in late] == [u.view for u in reference[3:]]
    assert late[7:] == reference[10:]
