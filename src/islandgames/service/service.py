"""The match service: many matches, many clients, one secret token per seat.

Every operation that touches a match takes a token, and the token alone decides the
seat: a seat token acts and sees only as its seat, a spectator token sees only what a
spectator may. Inputs and outputs are in wire form (plain data), so adapters are thin;
Python callers may also pass action and config objects.

>>> service = MatchService()
>>> m = service.create("friday", seed=7)
>>> token = m.seats[0].token
>>> first = service.legal_actions(token).actions[0]
>>> service.act(token, first, expected_seq=0).seq
1
>>> try:
...     service.act(token, first, expected_seq=0)
... except StaleSeqError as exc:
...     print(exc.current_seq)
1

This module holds what owns matches: :class:`MatchService` and the matches it keeps
in memory (their locks, caches, store and AI play). Around it, each in its own module:
the results and their wire form (:mod:`~islandgames.service.results`), the watch
fan-out (:mod:`~islandgames.service.watch`), the moves of AI seats
(:mod:`~islandgames.service.ai_moves`; their limits and pool:
:mod:`~islandgames.service.ai`) and the checks of what clients send
(:mod:`~islandgames.service.decode`). What this module exported before they moved out
(the result and watch classes, ``ai_rng``...) it still exports.
"""

from __future__ import annotations

import functools
import itertools
import logging
import threading
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import attrs

from .._version import __version__
from ..bots import Budget, BudgetExceededError, SearchCancelledError
from ..core import serde
from ..core.errors import DecodeError, IllegalActionError, InvalidConfigError
from ..core.game import Game, Outcome
from ..core.history import History
from ..core.layout import game_layout
from ..core.log import (
    MAX_BOT_SPEC,
    LogAiSeat,
    LogEnd,
    LogEntry,
    LogHeader,
    LogParent,
    ReplayLog,
    Verification,
    header_chain,
    make_entry,
    make_header,
    next_chain,
    verify_log,
    verify_redacted,
)
from ..core.match import redact_log
from ..core.registry import game_ids, get_game, rules_versions
from .ai import DEFAULT_AI_LIMITS, AiDue, AiLimits, AiPool, AiTask, Caller
from .ai_moves import ai_action as ai_action
from .ai_moves import ai_interjection as ai_interjection
from .ai_moves import ai_interjection_rng as ai_interjection_rng
from .ai_moves import ai_rng as ai_rng
from .ai_moves import ai_to_act, may_act
from .decode import TIME_BUDGET_KEYS as TIME_BUDGET_KEYS
from .decode import (
    ActionInput,
    AiSeatsInput,
    ConfigInput,
    LogInput,
    decode_action,
    decode_ai_seats,
    decode_bool,
    decode_config,
    decode_optional_seq,
    decode_seed,
    decode_seq,
    lookup_game,
    parse_log,
)
from .errors import (
    CorruptMatchError,
    GameNotOverError,
    InvalidArgumentError,
    InvalidTokenError,
    PermissionDeniedError,
    SeqConflictError,
    StaleSeqError,
    StoreError,
)
from .results import (
    ActResult,
    Created,
    Forked,
    LayoutResult,
    LegalActions,
    SeatInfo,
    SeatToken,
    StateAtResult,
    Status,
    Update,
    ViewResult,
    wire_outcome,
)
from .store import MatchRecord, MatchStore, MemoryStore, Snapshot, TokenRow
from .tokens import new_match_id, new_token, token_hash
from .watch import LoopFanout, Subscription, WatchChannel, WatchGroup
from .watch import UpdateCallback as UpdateCallback

__all__ = [
    "ActResult",
    "Created",
    "Forked",
    "LayoutResult",
    "LegalActions",
    "LoopFanout",
    "MatchService",
    "SeatInfo",
    "SeatToken",
    "StateAtResult",
    "Status",
    "Subscription",
    "Update",
    "ViewResult",
    "WatchChannel",
]

_log = logging.getLogger("islandgames.service")

#: How often an act without ``expected_seq`` is tried again after losing a race for its
#: seq to another server (each try re-reads the match first).
MAX_ACT_ATTEMPTS = 16

#: The most actions the server plays for AI seats in one call (create, act, or the
#: first use of a match loaded from the store). Past it the match waits on the AI seat
#: (an error is logged) until the next call on the match goes on.
MAX_AI_ACTIONS = 10_000

#: How many :class:`~islandgames.History` objects (one per match, for ``state_at`` and
#: ``fork``) a service keeps by default, least recently used dropped first.
HISTORY_CACHE_SIZE = 8

AnyGame = Game[Any, Any, Any, Any]

#: What :meth:`MatchService._append` stored: the entry, then ``to_act`` and the
#: outcome's wire form after it.
_Appended = tuple[LogEntry, tuple[int, ...], dict[str, Any] | None]


# --- a loaded match ------------------------------------------------------------------------


class _Live:
    """A match in memory: the current state, every entry and the watchers."""

    __slots__ = (
        "ai",
        "ai_task",
        "chain",
        "config",
        "entries",
        "evicted",
        "game",
        "groups",
        "header",
        "last_snapshot",
        "lock",
        "match_id",
        "offered",
        "plain",
        "seed",
        "state",
        "subs",
    )

    def __init__(
        self,
        match_id: str,
        game: AnyGame,
        seed: int,
        config: Any,
        header: LogHeader,
        state: Any,
        entries: list[LogEntry],
        last_snapshot: int,
    ) -> None:
        self.match_id = match_id
        self.game = game
        self.seed = seed
        self.config = config
        self.header = header
        self.state = state
        self.entries = entries
        self.chain = bytes.fromhex(entries[-1].chain_hash) if entries else header_chain(header)
        self.last_snapshot = last_snapshot
        self.lock = threading.Lock()
        #: every live watch; those without a channel; those with one, by channel and seat
        self.subs: dict[int, Subscription] = {}
        self.plain: dict[int, Subscription] = {}
        self.groups: dict[tuple[int, int | None], WatchGroup] = {}
        self.evicted = False
        #: seat -> bot spec of every AI seat (the header's ``ai_seats``)
        self.ai: dict[int, str] = {a.seat: a.bot for a in header.ai_seats or ()}
        #: the AI play of this match on the service's pool, while there is one
        self.ai_task: AiTask | None = None
        #: the seq at which the AI seats were last offered their out-of-turn plays and
        #: made none (the same offer gives the same answer: it is not made again)
        self.offered = -1

    @property
    def seq(self) -> int:
        return len(self.entries)

    def chain_at(self, seq: int) -> str:
        """The chain hash after entry ``seq`` (called with the lock held)."""
        return self.entries[seq - 1].chain_hash if seq else header_chain(self.header).hex()

    def add_sub(self, sub: Subscription) -> None:
        self.subs[sub.id] = sub
        if sub.channel is None:
            self.plain[sub.id] = sub
            return
        key = (id(sub.channel), sub.seat)  # the group holds the channel: ids stay unique
        group = self.groups.get(key)
        if group is None:
            group = self.groups[key] = WatchGroup(sub.channel, sub.seat)
        group.subs[sub.id] = sub
        group.members = None

    def remove_sub(self, sub: Subscription) -> None:
        if self.subs.pop(sub.id, None) is None:
            return
        if sub.channel is None:
            self.plain.pop(sub.id, None)
            return
        key = (id(sub.channel), sub.seat)
        group = self.groups.get(key)
        if group is not None:
            group.subs.pop(sub.id, None)
            group.members = None
            if not group.subs:
                del self.groups[key]

    def clear_subs(self) -> list[Subscription]:
        """Forget every watch; returns them."""
        subs = list(self.subs.values())
        self.subs.clear()
        self.plain.clear()
        self.groups.clear()
        return subs


# --- the service ---------------------------------------------------------------------------


class MatchService:
    """Owns matches in a :class:`~islandgames.service.store.MatchStore` (in memory by
    default). Thread-safe: acts on one match are serialised by that match's lock, so
    no acknowledged action is lost or applied twice; different matches proceed
    independently.

    ``snapshot_every``: store the state after every that many actions (and at the end)
    so a reload replays at most that many. ``cache_size``: how many matches to keep
    loaded; idle ones beyond it are dropped and reloaded from the store on demand.
    ``load_from_snapshot``: rebuild a stored match from its newest snapshot (the default)
    or, if False, replay it from the seed, checking every entry's state hash.
    ``history_cache_size``: how many matches' :class:`~islandgames.History` (built by
    one replay for :meth:`state_at` and :meth:`fork`) to keep; the least recently used
    one beyond it is dropped and rebuilt from the match's log when next asked for.

    With a shared store (PostgreSQL: other servers append to the same matches) the
    matches in memory are only a cache: every call reads the entries other servers added
    since (checking their hashes as a load does) before it answers, an act whose seq
    another server took first fails with :class:`StaleSeqError` (or, without
    ``expected_seq``, is tried again on the new state), and watchers get the actions
    made through other servers as the store reports them.

    ``ai_limits`` bounds the work of AI seats (:class:`~islandgames.service.ai.AiLimits`:
    iterations a spec may ask for, CPU time per decision, the pool's threads, calls in
    flight in all and per client address); the bots play on the service's own pool
    (:attr:`ai_pool`), never in the calling thread. Every method that may wait on that
    play takes ``caller`` (a :class:`~islandgames.service.ai.Caller`: the client's
    address, and whether it is still there); in-process callers leave it None.
    """

    def __init__(
        self,
        store: MatchStore | None = None,
        *,
        snapshot_every: int = 64,
        cache_size: int = 1024,
        load_from_snapshot: bool = True,
        engine_version: str = __version__,
        history_cache_size: int = HISTORY_CACHE_SIZE,
        ai_limits: AiLimits = DEFAULT_AI_LIMITS,
    ) -> None:
        if snapshot_every < 1:
            raise ValueError("snapshot_every must be at least 1")
        if cache_size < 1:
            raise ValueError("cache_size must be at least 1")
        if history_cache_size < 1:
            raise ValueError("history_cache_size must be at least 1")
        self.store: MatchStore = MemoryStore() if store is None else store
        self.snapshot_every = snapshot_every
        self.cache_size = cache_size
        self.load_from_snapshot = load_from_snapshot
        self.engine_version = engine_version
        self._cache: OrderedDict[str, _Live] = OrderedDict()
        self._cache_lock = threading.Lock()
        self.history_cache_size = history_cache_size
        self._histories: OrderedDict[str, History] = OrderedDict()
        self._histories_lock = threading.Lock()
        self._tokens: dict[bytes, TokenRow] = {}
        self._sub_ids = itertools.count(1)
        self._shared = self.store.shared
        self.ai_limits = ai_limits
        #: the threads that play AI seats, and the count of calls waiting on them
        self.ai_pool = AiPool(ai_limits, self._ai_step, self._ai_finish)
        if self._shared:
            self.store.set_change_listener(self._on_store_change)

    # --- games and creation --------------------------------------------------------------

    def games(self) -> list[dict[str, Any]]:
        """The :class:`~islandgames.GameInfo` of every registered game (its newest
        rules), in wire form, with ``rules_versions``: every version the service can
        create, continue and verify, oldest first."""
        out = []
        for gid in game_ids():
            try:
                info = get_game(gid).info
            except ImportError as exc:  # a registered game whose module is missing
                _log.warning("game %s is registered but cannot be imported: %s", gid, exc)
                continue
            out.append({**serde.to_wire(info), "rules_versions": list(rules_versions(gid))})
        return out

    def create(
        self,
        game: str,
        config: ConfigInput = None,
        seed: int | str | None = None,
        rules_version: str | None = None,
        ai_seats: AiSeatsInput = None,
        *,
        caller: Caller | None = None,
    ) -> Created:
        """Start a match of ``game`` (an id) with ``config`` (wire map, config object or
        None for the defaults) and ``seed`` (int or hex string; None: 128 bits from the
        OS), under the game's newest rules or ``rules_version`` (any version the engine
        has, e.g. to replay a tournament's rules). The seed stays secret until the game
        is over.

        ``ai_seats`` names seats the server plays itself: a list of ``{"seat": int,
        "bot": spec}`` maps (the wire form) or, from Python, a mapping seat -> spec, e.g.
        ``{1: "heuristic"}``; every seat may be one (a match that plays itself, to
        watch). A spec is a bot of the game (:func:`islandgames.bots.bot_names`) with
        optional parameters, ``NAME:key=value,...``, and no time budget (its play must
        not depend on the clock). The server plays an AI seat whenever ``to_act`` lists
        it, right after the action that made it so, and first offers the other AI seats
        the out-of-turn plays their bots make (Forbidden Island's special cards), under
        the match's lock: each action stored, chained and watched like a client's, and
        chosen deterministically (:func:`ai_action`, :func:`ai_interjection`). The log
        header lists the AI seats. An AI seat's token sees as the seat but cannot act.
        A spec that asks for more search than :attr:`ai_limits` allow is refused."""
        with self._calling(caller) as c:
            return self._create(game, config, seed, rules_version, ai_seats, c)

    def _create(
        self,
        game: str,
        config: ConfigInput,
        seed: int | str | None,
        rules_version: str | None,
        ai_seats: AiSeatsInput,
        c: Caller,
    ) -> Created:
        g = lookup_game(game, rules_version)
        cfg = decode_config(g, config)
        seed_int = decode_seed(seed)
        state = g.new(seed_int, cfg)
        ai = decode_ai_seats(g, g.seat_count(state), ai_seats, self.ai_limits)
        if ai:  # before anything is stored: OVERLOADED leaves nothing behind
            self._need_ai(c)
        header = make_header(
            g, seed_int, cfg, state, self.engine_version,
            ai_seats=tuple(LogAiSeat(s, b) for s, b in sorted(ai.items())),
        )  # fmt: skip
        match_id = new_match_id()
        seats = g.seats(state)
        tokens = [new_token() for _ in seats]
        spectator = new_token()
        rows = [TokenRow(token_hash(t), match_id, s) for s, t in zip(seats, tokens, strict=True)]
        rows.append(TokenRow(token_hash(spectator), match_id, None))
        record = MatchRecord(match_id, g.info.id, seed_int, header.config, header)
        self.store.create(record, rows)
        for row in rows:
            self._remember(row)
        live = _Live(match_id, g, seed_int, cfg, header, state, [], 0)
        with self._cache_lock:
            self._cache[match_id] = live
            self._evict_locked()
        # nobody else knows the match yet: only its AI seats play
        self._settle_new(live, c)
        seq, now = live.seq, live.state
        return Created(
            match_id=match_id,
            game=g.info.id,
            seats=tuple(
                SeatToken(s, g.role(state, s), t, ai.get(s))
                for s, t in zip(seats, tokens, strict=True)
            ),
            spectator_token=spectator,
            seed_commitment=header.seed_commitment,
            seq=seq,
            to_act=g.to_act(now),
        )

    # --- playing --------------------------------------------------------------------------

    def act(
        self,
        token: str,
        action: ActionInput,
        expected_seq: int | None = None,
        *,
        caller: Caller | None = None,
    ) -> ActResult:
        """Apply ``action`` (wire form or action object) for the token's seat.

        With ``expected_seq`` (the number of actions the caller knows were applied),
        a stale call is refused with :class:`StaleSeqError` carrying the current seq,
        so a retried request can never apply an action twice. The action is stored
        before the result is returned, and so are the actions the server then plays
        for the AI seats it made the game wait on (the result is of the caller's
        action). The token of an AI seat cannot act (:class:`PermissionDeniedError`).
        On a match with AI seats the action waits until the AI play due before it is
        done, so the seats' out-of-turn offers come in the same order whoever calls."""
        with self._calling(caller) as c:
            return self._act(token, action, expected_seq, c)

    def _act(
        self, token: str, action: ActionInput, expected_seq: int | None, c: Caller
    ) -> ActResult:
        row = self._resolve(token)
        if row.seat is None:
            raise PermissionDeniedError("a spectator token cannot act")
        seat = row.seat
        expected_seq = decode_optional_seq("expected_seq", expected_seq)
        task: AiTask | None = None
        with self._locked(row.match_id, fresh=expected_seq is None, caller=c, act=True) as live:
            game = live.game
            if live.ai:
                self._need_ai(c)
            if seat in live.ai:
                raise PermissionDeniedError(
                    f"seat {seat} is played by the server (bot {live.ai[seat]!r}): its "
                    "token can see as the seat but not act"
                )
            # with a shared store, the match in memory may be behind the store: it is
            # re-read whenever that could change the answer (at most once per try)
            fresh = expected_seq is None
            attempt = 0
            while True:
                attempt += 1
                if expected_seq is not None and expected_seq != live.seq:
                    if self._shared and not fresh:
                        self._refresh(live)
                        fresh = True
                        continue
                    raise StaleSeqError(expected_seq, live.seq)
                act_obj = decode_action(game, action)
                before = live.state
                try:
                    new = game.apply(before, seat, act_obj)
                except IllegalActionError:
                    if self._shared and not fresh:
                        fresh = True
                        if self._refresh(live):
                            continue  # judged again on the current state
                    raise
                digest = serde.state_hash(new)
                outcome = game.outcome(new)
                appended = self._append(live, seat, act_obj, before, new, digest, outcome)
                if appended is not None:
                    break
                # another server took this seq: nothing of ours was stored
                self._refresh(live)
                fresh = True
                if expected_seq is not None or attempt >= MAX_ACT_ATTEMPTS:
                    raise StaleSeqError(expected_seq, live.seq)
            entry, to_act, outcome_wire = appended
            if live.ai:
                self._play_ai(live)
                task = live.ai_task
                if task is not None:
                    self.ai_pool.join(task, c)
        if task is not None:  # the replies the action made due (outside the match's lock)
            self.ai_pool.wait(task, c)
        return ActResult(
            match_id=live.match_id,
            seq=entry.seq,
            seat=seat,
            to_act=to_act,
            over=outcome is not None,
            outcome=outcome_wire,
            view=serde.to_wire(game.view(new, seat)),
            state_hash=digest,
            chain_hash=entry.chain_hash,
        )

    def _append(
        self,
        live: _Live,
        seat: int,
        action: Any,
        before: Any,
        new: Any,
        digest: str,
        outcome: Outcome | None,
    ) -> _Appended | None:
        """Store ``action`` by ``seat`` (turning the match's state ``before`` into
        ``new``, of state hash ``digest`` and ``outcome``) as the match's next entry,
        then take it into the match in memory and notify the watchers (called with its
        lock held). The one way an action reaches the store, a client's (:meth:`_act`)
        or an AI seat's (:meth:`_ai_step`): the same entry, the same snapshots (every
        ``snapshot_every`` entries and at the end), the same notifications.

        None: another server stored this seq first (a shared store); nothing of ours
        was stored, and the caller reads the store before it judges again. Any other
        failure of the store, a conflict on a store nobody shares included, drops the
        match from memory and is raised; nothing else here drops it (so a caller that
        finds ``live.evicted`` after an error knows the store failed)."""
        entry = make_entry(live.game, live.seed, live.chain, live.seq + 1, seat, action, digest)
        snap = None
        if outcome is not None or entry.seq - live.last_snapshot >= self.snapshot_every:
            snap = Snapshot(entry.seq, serde.to_wire(new), digest)
        try:
            self.store.append(live.match_id, entry, snap)
        except SeqConflictError:
            if self._shared:
                return None
            self._drop(live)
            raise
        except BaseException:
            # the store may or may not hold the entry now: reload from it next time
            self._drop(live)
            raise
        live.entries.append(entry)
        live.chain = bytes.fromhex(entry.chain_hash)
        live.state = new
        if snap is not None:
            live.last_snapshot = entry.seq
        to_act = live.game.to_act(new)
        outcome_wire = wire_outcome(outcome)
        self._notify(live, before, entry.seat, action, new, to_act, outcome_wire)
        return entry, to_act, outcome_wire

    def _play_ai(self, live: _Live) -> None:
        """Start playing the AI seats of ``live`` if its game waits on one, or if they
        have out-of-turn plays not yet offered at this seq (called with the match's lock
        held; returns at once): the play runs on :attr:`ai_pool` as ``live.ai_task``, one
        decision per turn of the pool (:meth:`_ai_step`), at most :data:`MAX_AI_ACTIONS`
        per task. Nothing happens while a task is already playing the match."""
        if live.ai_task is None and not live.evicted and self._ai_due(live):
            live.ai_task = self.ai_pool.start(live)

    def _ai_due(self, live: _Live) -> bool:
        """Whether the AI seats of ``live`` have something to do now (lock held): the
        game waits on one, or one may play out of turn before the seat it waits on and
        was not offered that at this seq."""
        game, state = live.game, live.state
        to_act = game.to_act(state)
        if not to_act:
            return False
        ai = live.ai
        if any(s in ai for s in to_act):
            return True
        if live.offered == live.seq:
            return False
        first = to_act[0]
        return any(s != first and game.legal_actions(state, s) for s in ai)

    def _need_ai(self, c: Caller) -> None:
        """The call of ``c`` is about to wait on AI play: it must be allowed to
        (:class:`~islandgames.service.ai.AiDue` for an adapter's quick call, which then
        comes again on the AI path) and be counted (``OVERLOADED`` past the limits)."""
        if not c.may_wait:
            raise AiDue()
        self.ai_pool.admit(c)

    def _settle_new(self, live: _Live, c: Caller) -> None:
        """Play the AI seats a new match (create, fork) waits on, and wait for them."""
        if not live.ai:
            return
        with live.lock:
            self._play_ai(live)
            task = live.ai_task
            if task is not None:
                self.ai_pool.join(task, c)
        if task is not None:
            self.ai_pool.wait(task, c)

    def _ai_finish(self, task: AiTask) -> None:
        live = task.live
        with live.lock:
            if live.ai_task is task:
                live.ai_task = None

    def _ai_step(self, task: AiTask) -> bool:
        """One turn of the AI play of ``task``'s match, on a worker of :attr:`ai_pool`:
        the lowest AI seat of ``to_act`` decides (Not Alone's simultaneous choices: one
        AI seat after another, then the clients), after the other AI seats have been
        offered their out-of-turn plays (:func:`ai_interjection`), as
        ``islandgames.bots.play`` offers them. Whether to play on.

        The bots choose outside the match's lock (reads of the match go on meanwhile),
        under a :class:`~islandgames.bots.Budget` of ``ai_limits.cpu_seconds`` that
        stops the search when the task is cancelled or the match dropped; the action is
        then stored under the lock, if the match is still where it was (else the turn is
        judged again).

        Never raises for a failure of the AI's play (a bot's error, a decision past its
        CPU budget, a store that fails): the actions of the callers are stored already.
        The error is logged and the match waits on the AI seat; the next call on the
        match (after a store failure: on the match as reloaded from the store) plays
        on."""
        live = task.live
        game = live.game
        with live.lock:
            if task.cancelled or live.evicted:
                return False
            before, seq = live.state, live.seq + 1
        if task.steps >= MAX_AI_ACTIONS:
            _log.error(
                "match %s: %d AI actions in one call; the next call on the match plays on",
                live.match_id, MAX_AI_ACTIONS,
            )  # fmt: skip
            return False
        to_act = game.to_act(before)
        if not to_act:
            return False
        seat = ai_to_act(game, before, live.ai)
        pool = self.ai_pool

        def stop() -> bool:
            return task.cancelled or live.evicted or pool.closed

        with Budget(self.ai_limits.cpu_seconds, stop):
            # before the seat the game waits on is played (by the server or a client),
            # the other AI seats may interject (Forbidden Island's I1): a bot that does
            # so in play() does so here
            next_seat = to_act[0] if seat is None else seat
            try:
                hit = ai_interjection(game, before, next_seat, live.ai, live.seed, seq)
                if hit is not None:
                    new = game.apply(before, *hit)
            except SearchCancelledError:
                return False
            except Exception:
                # an optional play: the game goes on without it (and the seat it waits
                # on still gets its turn)
                _log.exception(
                    "match %s: an AI seat's out-of-turn play failed at entry %d; "
                    "the match goes on without it",
                    live.match_id, seq,
                )  # fmt: skip
                hit = None
            if hit is not None:
                seat, action = hit
            elif seat is None:  # a client's turn, and no AI seat plays before it
                with live.lock:
                    if live.seq == seq - 1:
                        live.offered = live.seq
                return False
            spec = live.ai[seat]
            if hit is None:
                try:
                    action = ai_action(game, before, seat, spec, live.seed, seq)
                    new = game.apply(before, seat, action)
                except SearchCancelledError:
                    return False
                except BudgetExceededError as exc:
                    _log.error(
                        "match %s: bot %r of AI seat %d at entry %d: %s "
                        "(serve --ai-cpu-seconds); the match waits on it",
                        live.match_id, spec, seat, seq, exc,
                    )  # fmt: skip
                    return False
                except Exception:
                    _log.exception(
                        "match %s: bot %r of AI seat %d failed at entry %d; the match waits on it",
                        live.match_id, spec, seat, seq,
                    )  # fmt: skip
                    return False
        digest = serde.state_hash(new)
        outcome = game.outcome(new)
        with live.lock:
            if live.evicted or pool.closed:
                return False
            if live.seq != seq - 1:  # another server stored this seq meanwhile: judge again
                return True
            try:
                appended = self._append(live, seat, action, before, new, digest, outcome)
            except BaseException as exc:
                if not live.evicted:  # not the store's failure (that drops the match)
                    raise
                # the match was dropped: the next call reloads it from the store
                task.failed = True
                if isinstance(exc, SeqConflictError):
                    _log.error("match %s: entry %d is in the store already", live.match_id, seq)
                elif isinstance(exc, Exception):
                    _log.exception("match %s: cannot store AI entry %d", live.match_id, seq)
                else:
                    raise
                return False
            if appended is None:
                # another server took this seq (the same AI action, or a client's
                # interjection): read it and judge again
                try:
                    self._refresh(live)
                except Exception:
                    _log.exception("match %s: cannot catch up for its AI seats", live.match_id)
                    return False
                return True
        task.steps += 1
        return True

    def has_ai_seats(self, token: str) -> bool:
        """Whether the token's match has AI seats, so that a call on it may play bots
        (adapters run such an ``act`` off their event loop). Cheap: True also when the
        match is not in memory (loading it replays), False for a token it does not
        know (the call itself then says what is wrong)."""
        try:
            row = self._resolve(token)
        except Exception:
            return False
        with self._cache_lock:
            live = self._cache.get(row.match_id)
        return live is None or bool(live.ai)

    def view(self, token: str, *, caller: Caller | None = None) -> ViewResult:
        """The token's view of the current state."""
        row = self._resolve(token)
        live, state, seq = self._current(row.match_id, caller)
        game = live.game
        outcome = game.outcome(state)
        return ViewResult(
            match_id=live.match_id,
            seat=row.seat,
            seq=seq,
            to_act=game.to_act(state),
            over=outcome is not None,
            outcome=wire_outcome(outcome),
            view=serde.to_wire(game.view(state, row.seat)),
        )

    def legal_actions(self, token: str, *, caller: Caller | None = None) -> LegalActions:
        """The token's seat's legal actions now, in the game's order (wire form)."""
        row = self._resolve(token)
        live, state, seq = self._current(row.match_id, caller)
        game = live.game
        actions: tuple[Any, ...] = ()
        if row.seat is not None:
            actions = tuple(game.encode_action(a) for a in game.legal_actions(state, row.seat))
        return LegalActions(live.match_id, row.seat, seq, actions)

    def status(self, token: str, *, caller: Caller | None = None) -> Status:
        """Public facts about the token's match and the token's own seat."""
        row = self._resolve(token)
        with self._locked(row.match_id, fresh=True, caller=caller) as live:
            state, chain, seq = live.state, live.chain, live.seq
        game = live.game
        outcome = game.outcome(state)
        to_act = game.to_act(state)
        return Status(
            match_id=live.match_id,
            game=game.info.id,
            rules_version=game.info.rules_version,
            seat=row.seat,
            role=None if row.seat is None else game.role(state, row.seat),
            seats=tuple(
                SeatInfo(s, game.role(state, s), live.ai.get(s)) for s in game.seats(state)
            ),
            seq=seq,
            to_act=to_act,
            over=outcome is not None,
            outcome=wire_outcome(outcome),
            seed_commitment=live.header.seed_commitment,
            chain_hash=chain.hex(),
            may_act=may_act(game, state, to_act, outcome is not None, live.ai),
        )

    # --- layouts ---------------------------------------------------------------------------

    def layout(self, game: str, rules_version: str | None = None) -> LayoutResult:
        """The layout of ``game`` (an id) under its newest rules or ``rules_version``:
        what a client needs to draw it (no token; public data)."""
        g = lookup_game(game, rules_version)
        lay = game_layout(g)
        return LayoutResult(
            game=g.info.id,
            rules_version=g.info.rules_version,
            match_id=None,
            layout=None if lay is None else serde.to_wire(lay),
        )

    def match_layout(self, token: str, *, caller: Caller | None = None) -> LayoutResult:
        """The layout of the token's match: the game's, under the match's rules, with
        what is fixed for this match (public: the same for every token of it)."""
        row = self._resolve(token)
        live, state, _seq = self._current(row.match_id, caller)
        game = live.game
        lay = game_layout(game, state)
        return LayoutResult(
            game=game.info.id,
            rules_version=game.info.rules_version,
            match_id=live.match_id,
            layout=None if lay is None else serde.to_wire(lay),
        )

    # --- logs -----------------------------------------------------------------------------

    def log(self, token: str, *, caller: Caller | None = None) -> ReplayLog:
        """The match's log as the token may see it: once the game is over, the full log
        with the revealed seed (for every token); before, the log redacted for the
        token's seat (for a spectator token: for a spectator), without the seed."""
        row = self._resolve(token)
        with self._locked(row.match_id, fresh=True, caller=caller) as live:
            entries, state = tuple(live.entries), live.state
        game = live.game
        outcome = game.outcome(state)
        end = None
        if outcome is not None:
            end = LogEnd(seed=f"{live.seed:064x}", outcome=serde.to_wire(outcome))
        full = ReplayLog(live.header, entries, end, "all")
        if outcome is not None:
            return full
        return redact_log(game, live.seed, full, row.seat)

    def verify(self, log: LogInput, full: LogInput | None = None) -> Verification:
        """Verify a log sent by anyone (a :class:`ReplayLog`, log file bytes, or the
        list of records ``log`` returns). With ``full``, check ``log`` as a redacted
        log against that full log."""
        parsed = parse_log(log)
        if full is None:
            return verify_log(parsed)
        return verify_redacted(parsed, parse_log(full))

    # --- time travel ----------------------------------------------------------------------

    def state_at(
        self, token: str, seq: int, full: bool = False, *, caller: Caller | None = None
    ) -> StateAtResult:
        """The match as it was after entry ``seq`` (0: the initial state), as the token
        may see it: its seat's view then (a spectator token: a spectator's), never more
        than that seat could see at that moment. With ``full`` (once the game is over,
        any token of the match), the whole state instead; while the game runs that is
        :class:`GameNotOverError`. ``seq`` must be an int in 0..the match's current seq
        (else :class:`InvalidArgumentError`, with ``current_seq`` in its details).

        Built on a :class:`~islandgames.History` of the match (one replay, then
        O(``snapshot_every``) per look-up), of which the service keeps the
        ``history_cache_size`` most recently used."""
        row = self._resolve(token)
        seq = decode_seq(seq)
        full = decode_bool("full", full)
        live, history, current, over = self._time_travel(row, seq, caller)
        if full and not over:
            raise GameNotOverError(
                f"match {live.match_id} is still running (seq {current}): the full state "
                "is given only once the game is over; ask for the token's view (full false)"
            )
        game = live.game
        state = history.state_at(seq)
        outcome = game.outcome(state)
        log = history.log
        return StateAtResult(
            match_id=live.match_id,
            seat=row.seat,
            seq=seq,
            current_seq=current,
            to_act=game.to_act(state),
            over=outcome is not None,
            outcome=wire_outcome(outcome),
            full=full,
            view=None if full else serde.to_wire(game.view(state, row.seat)),
            state=serde.to_wire(state) if full else None,
            state_hash=log.entries[seq - 1].state_hash if seq else log.header.initial_state_hash,
            chain_hash=log.chain_hash_at(seq),
        )

    def fork(self, token: str, seq: int, *, caller: Caller | None = None) -> Forked:
        """A new match going on from the state after entry ``seq`` of the token's
        match, which must be over (:class:`GameNotOverError` while it runs: a fork of a
        running match would need its secret seed). Any token of the match may fork it.

        The fork is stored like any match, with new tokens (returned once, as by
        :meth:`create`) and the parent's seed, so it continues deterministically from
        that state. Its log holds the parent's first ``seq`` entries re-chained under
        its own header, whose ``parent`` names the parent's match id, ``seq`` and chain
        hash at ``seq``: it verifies on its own (:func:`~islandgames.verify_log`) and
        against the parent (:func:`~islandgames.verify_fork`). The parent's seed is
        public once it is over, so nothing in a fork is secret from whoever holds the
        parent's log. The fork keeps the parent's AI seats (its header lists them as the
        parent's does): those the fork's state waits on play at once, after ``seq``
        (the result describes the fork at ``seq``; ``status`` gives the current seq)."""
        with self._calling(caller) as c:
            return self._fork(token, seq, c)

    def _fork(self, token: str, seq: int, c: Caller) -> Forked:
        row = self._resolve(token)
        seq = decode_seq(seq)
        live, history, current, over = self._time_travel(row, seq, c)
        if not over:
            raise GameNotOverError(
                f"match {live.match_id} is still running (seq {current}): only a finished "
                "match can be forked (a fork of a running match would need its secret seed)"
            )
        game, seed, log = live.game, live.seed, history.log
        if live.ai:  # before anything is stored: OVERLOADED leaves nothing behind
            self._need_ai(c)
        parent = LogParent(match=live.match_id, seq=seq, chain_hash=log.chain_hash_at(seq))
        header = make_header(
            game, seed, live.config, history.state_at(0), self.engine_version, parent,
            ai_seats=live.header.ai_seats,
        )  # fmt: skip
        chain = header_chain(header)
        entries: list[LogEntry] = []
        for e in log.entries[:seq]:
            chain = next_chain(chain, e.seat, e.action_commitment, e.state_hash)
            entries.append(attrs.evolve(e, chain_hash=chain.hex()))
        state = history.state_at(seq)
        match_id = new_match_id()
        seats = game.seats(state)
        tokens = [new_token() for _ in seats]
        spectator = new_token()
        rows = [TokenRow(token_hash(t), match_id, s) for s, t in zip(seats, tokens, strict=True)]
        rows.append(TokenRow(token_hash(spectator), match_id, None))
        self.store.create(MatchRecord(match_id, game.info.id, seed, header.config, header), rows)
        # the entries as acts would have stored them; snapshots every snapshot_every
        # entries and at the fork's seq, so a reload replays little. Until the last is
        # stored no token of the fork is known to anyone.
        last_snapshot = 0
        for e in entries:
            snap = None
            if e.seq == seq or e.seq % self.snapshot_every == 0:
                snap = Snapshot(e.seq, serde.to_wire(history.state_at(e.seq)), e.state_hash)
                last_snapshot = e.seq
            self.store.append(match_id, e, snap)
        for row_ in rows:
            self._remember(row_)
        fork_live = _Live(match_id, game, seed, live.config, header, state, entries, last_snapshot)
        with self._cache_lock:
            self._cache[match_id] = fork_live
            self._evict_locked()
        self._settle_new(fork_live, c)
        return Forked(
            match_id=match_id,
            game=game.info.id,
            seats=tuple(
                SeatToken(s, game.role(state, s), t, fork_live.ai.get(s))
                for s, t in zip(seats, tokens, strict=True)
            ),
            spectator_token=spectator,
            seed_commitment=header.seed_commitment,
            seq=seq,
            to_act=game.to_act(state),
            over=game.outcome(state) is not None,
            parent=parent,
        )

    def _time_travel(
        self, row: TokenRow, seq: int, caller: Caller | None
    ) -> tuple[_Live, History, int, bool]:
        """The match, a :class:`History` of it that reaches ``seq``, its current seq and
        whether it is over. ``seq`` beyond the current seq is refused before any replay.
        A cached history is used while it still matches the match (its last entry's
        chain hash); else one is built outside the match's lock by one replay of the
        full log, and cached (LRU, ``history_cache_size``)."""
        with self._histories_lock:
            history = self._histories.get(row.match_id)
        with self._locked(row.match_id, fresh=True, caller=caller) as live:
            current = live.seq
            over = live.game.outcome(live.state) is not None
            if seq > current:
                raise InvalidArgumentError(
                    f"seq {seq} is beyond match {live.match_id}'s current seq {current} "
                    f"(0..{current})",
                    {"current_seq": current},
                )
            if history is not None and not (
                history.seed == live.seed
                and seq <= history.last <= current
                and history.log.chain_hash == live.chain_at(history.last)
            ):
                history = None
            log = None
            if history is None:
                end = None
                if over:
                    outcome = serde.to_wire(live.game.outcome(live.state))
                    end = LogEnd(seed=f"{live.seed:064x}", outcome=outcome)
                log = ReplayLog(live.header, tuple(live.entries), end, "all")
            seed = live.seed
        if history is None:
            assert log is not None
            history = History(log, seed, every=self.snapshot_every)
        with self._histories_lock:
            self._histories[row.match_id] = history
            self._histories.move_to_end(row.match_id)
            while len(self._histories) > self.history_cache_size:
                self._histories.popitem(last=False)
        return live, history, current, over

    # --- watching -------------------------------------------------------------------------

    def watch(
        self,
        token: str,
        callback: UpdateCallback,
        after_seq: int | None = None,
        *,
        channel: WatchChannel | None = None,
        tag: object = None,
        caller: Caller | None = None,
    ) -> Subscription:
        """Call ``callback`` with an :class:`Update` for every action applied from now
        on, as the token's seat may see it. With ``after_seq``, first replay the updates
        after that seq (so a client that reconnects misses nothing). A finished game
        yields no live subscription (``active`` is False). With ``channel``, the live
        updates go to the channel instead (:class:`WatchChannel`), the catch-up still to
        ``callback``; ``tag`` is kept on the subscription for the channel. With a
        ``caller`` that may not wait, a watch never waits on AI play (it starts with the
        match as it is, and the AI seats' actions come as updates)."""
        row = self._resolve(token)
        after_seq = decode_optional_seq("after_seq", after_seq)
        # a shared store reports other servers' actions on this match from now on (so
        # before the match is read below): nothing is missed between the read and that
        follows = self._shared
        if follows:
            self.store.follow(row.match_id)
        try:
            with self._locked(row.match_id, fresh=True, caller=caller, optional=True) as live:
                if after_seq is not None:
                    if not 0 <= after_seq <= live.seq:
                        raise InvalidArgumentError(f"after_seq must be in 0..{live.seq}")
                    for update in self._history(live, row.seat, after_seq):
                        callback(update)
                sid = next(self._sub_ids)
                sub = Subscription(
                    self, sid, live.match_id, row.seat, live.seq, callback, channel, tag
                )
                if live.game.outcome(live.state) is None:
                    sub.active = True
                    sub._follows, follows = follows, False
                    live.add_sub(sub)
        finally:
            if follows:
                self.store.unfollow(row.match_id)
        return sub

    def _unsubscribe(self, sub: Subscription) -> None:
        with self._cache_lock:
            live = self._cache.get(sub.match_id)
        if live is None:
            self._end(sub)
            return
        with live.lock:
            live.remove_sub(sub)
            self._end(sub)

    def _end(self, sub: Subscription) -> None:
        """Mark ``sub`` inactive and release its follow of the match (idempotent; called
        under the match's lock, or once nothing else can reach ``sub``)."""
        sub.active = False
        if sub._follows:
            sub._follows = False
            try:
                self.store.unfollow(sub.match_id)
            except Exception:  # pragma: no cover - a store's unfollow does not fail
                _log.exception("unfollow of %s failed", sub.match_id)

    def _notify(
        self,
        live: _Live,
        before: Any,
        seat: int,
        action: Any,
        new: Any,
        to_act: tuple[int, ...],
        outcome: dict[str, Any] | None,
    ) -> None:
        if not live.subs:
            return
        # one Update per audience (seat, or None for every spectator), shared by all its
        # watchers: the view and redaction are computed once, not once per watcher
        made: dict[int | None, Update] = {}
        movers = may_act(live.game, new, to_act, outcome is not None, live.ai)

        seq = live.seq

        def update_for(viewer: int | None) -> Update:
            # pure: reads immutable states only, so a channel may call it later
            update = made.get(viewer)
            if update is None:
                update = made[viewer] = self._update(
                    live, viewer, before, seat, action, new, new, seq, to_act, outcome,
                    movers,
                )  # fmt: skip
            return update

        for sub in list(live.plain.values()):
            try:
                sub._callback(update_for(sub.seat))
            except Exception:
                _log.exception("watch callback of %r failed; dropping it", sub)
                live.remove_sub(sub)
                self._end(sub)
        for group in list(live.groups.values()):
            members = group.members
            if members is None:
                members = group.members = tuple(group.subs.values())
            try:
                group.channel.publish(functools.partial(update_for, group.seat), members)
            except Exception:
                _log.exception("watch channel %r failed; dropping its watches", group.channel)
                for sub in members:
                    live.remove_sub(sub)
                    self._end(sub)
        if outcome is not None:
            for sub in live.clear_subs():
                self._end(sub)

    @staticmethod
    def _update(
        live: _Live,
        viewer: int | None,
        before: Any,
        seat: int,
        action: Any,
        after: Any,
        now: Any,
        seq: int,
        to_act: tuple[int, ...],
        outcome: dict[str, Any] | None,
        may_act: tuple[int, ...],
    ) -> Update:
        game = live.game
        shown = game.redact_action(before, seat, action, viewer, now)
        return Update(
            match_id=live.match_id,
            seq=seq,
            seat=seat,
            action=None if shown is None else game.encode_action(shown),
            view=serde.to_wire(game.view(after, viewer)),
            to_act=to_act,
            over=outcome is not None,
            outcome=outcome,
            may_act=may_act,
        )

    def _history(self, live: _Live, viewer: int | None, after_seq: int) -> Iterator[Update]:
        game = live.game
        snap = self.store.snapshot_at_or_before(live.match_id, after_seq)
        if snap is not None and snap.seq > 0:
            state = game.decode_state(snap.state)
            pos = snap.seq
        else:
            state = game.new(live.seed, live.config)
            pos = 0
        for e in live.entries[pos:after_seq]:
            state = game.apply(state, e.seat, game.decode_action(e.action))
        for e in live.entries[after_seq:]:
            action = game.decode_action(e.action)
            new = game.apply(state, e.seat, action)
            outcome = wire_outcome(game.outcome(new))
            to_act = game.to_act(new)
            yield self._update(
                live, viewer, state, e.seat, action, new, live.state, e.seq,
                to_act, outcome, may_act(game, new, to_act, outcome is not None, live.ai),
            )  # fmt: skip
            state = new

    # --- tokens, cache, loading ------------------------------------------------------------

    def _remember(self, row: TokenRow) -> None:
        if len(self._tokens) >= 100_000:
            self._tokens.clear()
        self._tokens[row.token_hash] = row

    def _resolve(self, token: str) -> TokenRow:
        h = token_hash(token)
        row = self._tokens.get(h)
        if row is None:
            row = self.store.token(h)
            if row is None:
                raise InvalidTokenError("invalid token")
            self._remember(row)
        return row

    @contextmanager
    def _calling(self, caller: Caller | None) -> Iterator[Caller]:
        """The caller of a public call (None: in process), counted against the AI
        limits from its first wait on AI play until the call returns."""
        c = Caller() if caller is None else caller
        if c.admitted or c.held:  # counted by whoever admitted it, or an outer call
            yield c
            return
        c.held = True
        try:
            yield c
        finally:
            c.held = False
            self.ai_pool.release(c)

    @contextmanager
    def _locked(
        self,
        match_id: str,
        *,
        fresh: bool = False,
        caller: Caller | None = None,
        act: bool = False,
        optional: bool = False,
    ) -> Iterator[_Live]:
        """The match, under its lock. ``fresh``: with a shared store, first read what
        other servers appended (unless the match was just loaded).

        With AI seats, first the AI play: a caller that may wait (in process; an
        adapter's call on the AI path) waits until the AI seats have played what is due
        (starting that play if nobody is playing it: a match loaded after a restart, a
        store or bot failure before, a call that left); an adapter's quick call (a
        :class:`~islandgames.service.ai.Caller` with ``may_wait`` False) answers the
        match as it is while the play runs, and raises
        :class:`~islandgames.service.ai.AiDue` where it would have to start it (an
        ``act``: wherever the match has AI seats), unless ``optional``."""
        with self._calling(caller) as c:
            waited = False  # a play this call waited on ended: it starts no other
            while True:
                while True:
                    live, loaded = self._get(match_id)
                    live.lock.acquire()
                    if not live.evicted:
                        break
                    live.lock.release()
                task = None
                try:
                    if fresh and self._shared and not loaded:
                        self._refresh(live)
                    if live.ai:
                        task = self._ai_wait_needed(
                            live, c, act=act, optional=optional, start=not waited
                        )
                except BaseException:
                    live.lock.release()
                    raise
                if task is None:
                    break
                live.lock.release()
                self.ai_pool.wait(task, c)
                if task.failed:  # the store failed under an AI action (logged)
                    raise StoreError(
                        f"match {match_id}: the store failed while the server played its "
                        "AI seats; try again"
                    )
                fresh = False
                waited = True
            try:
                yield live
            finally:
                live.lock.release()

    def _ai_wait_needed(
        self, live: _Live, c: Caller, *, act: bool, optional: bool, start: bool = True
    ) -> AiTask | None:
        """The AI task a call must wait on before it goes on (joined), or None (called
        with the match's lock held; see :meth:`_locked`). Without ``start``, only one
        that is running: a play the call waited on stopped short (a bot's error, its CPU
        budget), and the call answers the match as it is rather than retry it."""
        task = live.ai_task
        if task is None:
            if not start or not self._ai_due(live):
                return None
        elif not (c.may_wait or act):
            return None  # a quick read: the match as it is, while the AI seats play
        if optional and not c.may_wait:
            return None
        self._need_ai(c)
        if task is None:
            self._play_ai(live)
            task = live.ai_task
            if task is None:
                return None
        self.ai_pool.join(task, c)
        return task

    def _current(self, match_id: str, caller: Caller | None = None) -> tuple[_Live, Any, int]:
        with self._locked(match_id, fresh=True, caller=caller) as live:
            return live, live.state, live.seq

    def _get(self, match_id: str) -> tuple[_Live, bool]:
        """The match from the cache, or loaded from the store (then True)."""
        with self._cache_lock:
            live = self._cache.get(match_id)
            if live is not None:
                self._cache.move_to_end(match_id)
                return live, False
            live = self._load(match_id)
            self._cache[match_id] = live
            self._evict_locked()
            return live, True

    def _refresh(self, live: _Live) -> bool:
        """Apply the entries other writers appended after ``live.seq`` (called with
        ``live.lock`` held), checking each one's chain and state hash as a load does, and
        notify the watchers. Whether there were any. On a corrupt entry the match is
        dropped from memory and :class:`CorruptMatchError` raised."""
        new_entries = self.store.entries_after(live.match_id, live.seq)
        if not new_entries:
            return False
        game = live.game
        try:
            for e in new_entries:
                seq = live.seq + 1
                if e.seq != seq:
                    raise CorruptMatchError(
                        f"match {live.match_id}: entry {seq} has seq {e.seq}", seq
                    )
                if not 0 <= e.seat < game.seat_count(live.state):
                    raise CorruptMatchError(
                        f"match {live.match_id}: entry {seq} has seat {e.seat}", seq
                    )
                chain = next_chain(live.chain, e.seat, e.action_commitment, e.state_hash)
                if chain.hex() != e.chain_hash:
                    raise CorruptMatchError(
                        f"match {live.match_id}: chain hash differs at entry {seq}", seq
                    )
                before = live.state
                try:
                    action = game.decode_action(e.action)
                    new = game.apply(before, e.seat, action)
                except (DecodeError, IllegalActionError) as exc:
                    raise CorruptMatchError(
                        f"match {live.match_id}: entry {seq} does not replay: {exc}", seq
                    ) from exc
                if serde.state_hash(new) != e.state_hash:
                    raise CorruptMatchError(
                        f"match {live.match_id}: entry {seq} replays to a different state", seq
                    )
                live.entries.append(e)
                live.chain = chain
                live.state = new
                self._notify(
                    live, before, e.seat, action, new, game.to_act(new),
                    wire_outcome(game.outcome(new)),
                )  # fmt: skip
        except CorruptMatchError:
            self._drop(live)
            raise
        # the writers snapshot every snapshot_every actions: count from the last one
        live.last_snapshot = max(live.last_snapshot, live.seq - live.seq % self.snapshot_every)
        return True

    def _on_store_change(self, match_id: str | None, seq: int) -> None:
        """The store's listener: entry ``seq`` of ``match_id`` was stored (by any
        server; None: anything may have changed). Watched matches catch up at once;
        the others do when they are next used."""
        with self._cache_lock:
            if match_id is None:
                lives = [live for live in self._cache.values() if live.subs]
            else:
                found = self._cache.get(match_id)
                lives = [] if found is None else [found]
        for live in lives:
            # subs and seq are read under the match's lock: a watch that is starting
            # holds it from its own read of the store until it is subscribed
            with live.lock:
                if live.evicted or not live.subs or (match_id is not None and live.seq >= seq):
                    continue
                try:
                    self._refresh(live)
                except StoreError as exc:  # the next notification or call tries again
                    _log.warning("match %s: cannot catch up: %s", live.match_id, exc)

    def _drop(self, live: _Live) -> None:
        # called with live.lock held
        with self._cache_lock:
            if self._cache.get(live.match_id) is live:
                del self._cache[live.match_id]
        live.evicted = True
        for sub in live.clear_subs():
            self._end(sub)

    def _evict_locked(self) -> None:
        excess = len(self._cache) - self.cache_size
        if excess <= 0:
            return
        for match_id in list(self._cache)[:-1]:
            if excess <= 0:
                break
            live = self._cache[match_id]
            if live.subs or live.ai_task is not None or not live.lock.acquire(blocking=False):
                continue
            try:
                live.evicted = True
                del self._cache[match_id]
                excess -= 1
            finally:
                live.lock.release()

    def _load(self, match_id: str) -> _Live:
        """Rebuild a match from the store: check the header against the seed and
        config, the whole hash chain, the newest snapshot's hash, and replay the entries
        after it, checking every state hash."""
        stored = self.store.load(match_id)
        rec = stored.record
        # under the rules it was played with; a game or version this engine never had
        # is its own error (UNKNOWN_GAME, UNSUPPORTED_RULES_VERSION), not corruption
        game = get_game(rec.game, rec.header.rules_version)
        try:
            config = game.decode_config(rec.config)
            initial = game.new(rec.seed, config)
        except (DecodeError, InvalidConfigError) as exc:
            raise CorruptMatchError(f"match {match_id}: cannot rebuild: {exc}", 0) from exc
        ai_seats = rec.header.ai_seats
        if ai_seats is not None:
            listed = [a.seat for a in ai_seats]
            if not (
                listed
                and listed == sorted(set(listed))
                and all(type(s) is int and 0 <= s < game.seat_count(initial) for s in listed)
                and all(type(a.bot) is str and 0 < len(a.bot) <= MAX_BOT_SPEC for a in ai_seats)
            ):
                raise CorruptMatchError(f"match {match_id}: the header's ai_seats are bad", 0)
        header = make_header(
            game, rec.seed, config, initial, rec.header.engine_version, rec.header.parent,
            ai_seats=ai_seats,
        )  # fmt: skip
        if serde.canonical_bytes(header) != serde.canonical_bytes(rec.header):
            raise CorruptMatchError(
                f"match {match_id}: the stored header does not match its seed, config and "
                f"rules ({game.info.id} rules {game.info.rules_version}, "
                f"stored {rec.header.rules_version})",
                0,
            )
        entries = list(stored.entries)
        chain = header_chain(header)
        seats = game.seat_count(initial)
        for i, e in enumerate(entries, start=1):
            if e.seq != i:
                raise CorruptMatchError(f"match {match_id}: entry {i} has seq {e.seq}", i)
            if not 0 <= e.seat < seats:
                raise CorruptMatchError(f"match {match_id}: entry {i} has seat {e.seat}", i)
            try:
                chain = next_chain(chain, e.seat, e.action_commitment, e.state_hash)
            except (TypeError, ValueError, OverflowError):  # a damaged column
                raise CorruptMatchError(f"match {match_id}: entry {i} is damaged", i) from None
            if chain.hex() != e.chain_hash:
                raise CorruptMatchError(f"match {match_id}: chain hash differs at entry {i}", i)
        state, start = initial, 0
        snap = stored.snapshot if self.load_from_snapshot else None
        if snap is not None:
            if not 1 <= snap.seq <= len(entries) or (
                snap.state_hash != entries[snap.seq - 1].state_hash
            ):
                raise CorruptMatchError(
                    f"match {match_id}: snapshot {snap.seq} does not match the log", snap.seq
                )
            try:
                state = game.decode_state(snap.state)
            except DecodeError as exc:
                raise CorruptMatchError(
                    f"match {match_id}: snapshot {snap.seq}: {exc}", snap.seq
                ) from exc
            if serde.state_hash(state) != snap.state_hash:
                raise CorruptMatchError(
                    f"match {match_id}: snapshot {snap.seq} has the wrong state hash", snap.seq
                )
            start = snap.seq
        for e in entries[start:]:
            try:
                state = game.apply(state, e.seat, game.decode_action(e.action))
            except (DecodeError, IllegalActionError) as exc:
                raise CorruptMatchError(
                    f"match {match_id}: entry {e.seq} does not replay: {exc}", e.seq
                ) from exc
            if serde.state_hash(state) != e.state_hash:
                raise CorruptMatchError(
                    f"match {match_id}: entry {e.seq} replays to a different state", e.seq
                )
        last_snapshot = stored.snapshot.seq if stored.snapshot is not None else 0
        return _Live(match_id, game, rec.seed, config, header, state, entries, last_snapshot)

    def close(self) -> None:
        """Stop the AI seats' play (every search is cancelled, every call waiting on it
        returns), every watch, and close the store."""
        self.ai_pool.close()
        with self._histories_lock:
            self._histories.clear()
        with self._cache_lock:
            lives = list(self._cache.values())
            self._cache.clear()
        for live in lives:
            with live.lock:
                live.evicted = True
                for sub in live.clear_subs():
                    self._end(sub)
        self.store.close()
