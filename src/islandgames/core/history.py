"""Time travel over a log: the state at any step, views, diffs and forks (issue 17).

A :class:`History` is built once from a full log by one replay. States are immutable,
so it keeps a reference to every ``every``-th state (a snapshot costs no copy) and the
decoded actions; :meth:`History.state_at` then costs O(k): the nearest snapshot at or
before ``seq``, plus at most k-1 actions. The snapshots can be kept beside the log in an
index file (:meth:`History.write_index`, :meth:`History.load`), checked on load against
the log's own state hashes, so a forged index is refused.

>>> from islandgames import History, Match, diff, fork
>>> m = Match("friday", seed=7)
>>> for _ in range(5):
...     _ = m.act(0, m.legal_actions(0)[0])
>>> h = History(m.log(), seed=7, every=2)
>>> h.state_at(3) == list(m.log().states(seed=7))[3]
True
>>> f = fork(m.log(), 2, seed=7)
>>> f.seq, f.header.parent.seq, f.state == h.state_at(2)
(2, 2, True)
>>> print(diff(h.state_at(3), h.state_at(3)))
(no differences)
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

import attrs
import msgpack

from . import serde
from .errors import DecodeError, LogFormatError, ReplayDivergenceError
from .game import Game, Seat
from .logrecords import (
    MAX_RECORD_BYTES,
    LogParent,
    ReplayLog,
    _actions,
    _game,
    _initial,
    _seed,
    _setup,
    _step,
    replay_states,
)
from .match import Match

__all__ = [
    "ABSENT",
    "DEFAULT_EVERY",
    "INDEX_FORMAT",
    "Change",
    "Diff",
    "History",
    "diff",
    "fork",
    "replay_states",
    "state_at",
]

AnyGame = Game[Any, Any, Any, Any]

#: Snapshots every this many entries by default.
DEFAULT_EVERY = 64
INDEX_FORMAT = "islandgames-history-index"
INDEX_FORMAT_VERSION = 1


# --- replaying ---------------------------------------------------------------------------
# (replay_states and its steps are in logrecords, beside ReplayLog.states)


def state_at(log: ReplayLog, seq: int, seed: int | None = None, *, setup: Any = None) -> Any:
    """The state after entry ``seq`` of a full log (0: the initial state), by one replay
    of the first ``seq`` entries (build a :class:`History` to ask for many)."""
    _check_seq(log, seq)
    for i, state in enumerate(replay_states(log, seed, setup=setup)):
        if i == seq:
            return state
    raise AssertionError("unreachable")  # pragma: no cover


def _check_seq(log: ReplayLog, seq: int) -> None:
    n = len(log.entries)
    if type(seq) is not int or not 0 <= seq <= n:
        raise IndexError(f"seq {seq!r} outside 0..{n} (the log has {n} entries)")


# --- History -----------------------------------------------------------------------------


class History:
    """Random access to every state of a full log, in O(``every``) per look-up.

    Built by one replay (every state hash checked, :class:`ReplayDivergenceError` at
    the first that differs), keeping the state every ``every`` entries. ``seed`` is the
    end record's unless given (a running game), and so is ``setup`` (a scenario setup
    the header commits to); a history loaded from an index needs no seed, but
    :meth:`fork` does.
    """

    def __init__(
        self,
        log: ReplayLog,
        seed: int | None = None,
        *,
        every: int = DEFAULT_EVERY,
        setup: Any = None,
    ) -> None:
        if type(every) is not int or every < 1:
            raise ValueError(f"every must be an int >= 1, got {every!r}")
        self.log = log
        self.game: AnyGame = _game(log)
        self.every = every
        self.seed: int | None = _seed(log, seed)
        self.setup: Any = _setup(self.game, log, setup)
        self._actions = _actions(self.game, log)
        state = _initial(self.game, log, self.seed, self.setup)
        snaps = [state]
        for seq, action in enumerate(self._actions, start=1):
            state = _step(self.game, log, state, seq, action)
            if seq % every == 0:
                snaps.append(state)
        self._snapshots: tuple[Any, ...] = tuple(snaps)

    @property
    def last(self) -> int:
        """The last seq (the number of entries)."""
        return len(self.log.entries)

    @property
    def snapshots(self) -> tuple[int, ...]:
        """The seqs that have a snapshot: 0, every, 2*every, ..."""
        return tuple(i * self.every for i in range(len(self._snapshots)))

    def state_at(self, seq: int) -> Any:
        """The state after entry ``seq`` (0: the initial state): the nearest snapshot at
        or before ``seq``, then at most ``every - 1`` actions, the result's hash checked
        against the log's."""
        _check_seq(self.log, seq)
        base = seq // self.every
        state = self._snapshots[base]
        start = base * self.every
        for i in range(start, seq):
            e = self.log.entries[i]
            state = self.game.apply(state, e.seat, self._actions[i])
        if seq > start and serde.state_hash(state) != self.log.entries[seq - 1].state_hash:
            raise ReplayDivergenceError(f"entry {seq}: the state hash differs from the log", seq)
        return state

    def view_at(self, seq: int, seat: Seat | None) -> Any:
        """What ``seat`` (None: a spectator) saw after entry ``seq``."""
        if seat is not None and not 0 <= seat < self.log.header.seats:
            raise ValueError(f"seat {seat}: the log has seats 0..{self.log.header.seats - 1}")
        return self.game.view(self.state_at(seq), seat)

    def states(self) -> Iterator[Any]:
        """Every state in order, from the initial state to the last."""
        for seq in range(self.last + 1):
            if seq % self.every == 0:
                state = self._snapshots[seq // self.every]
            else:
                e = self.log.entries[seq - 1]
                state = self.game.apply(state, e.seat, self._actions[seq - 1])
            yield state

    def fork(
        self,
        seq: int,
        *,
        match: str = "",
        log_path: str | os.PathLike[str] | None = None,
    ) -> Any:
        """A new :class:`~islandgames.Match` going on from the state after entry ``seq``
        (see :func:`fork`), found in O(``every``)."""
        if self.seed is None:
            raise ReplayDivergenceError("forking needs the seed; load the history with seed=")
        return _fork(
            self.game, self.log, self.seed, seq, self.state_at(seq), match, log_path, self.setup
        )

    # --- the index file --------------------------------------------------------------

    def write_index(self, target: str | os.PathLike[str] | IO[bytes]) -> None:
        """Write the snapshots beside the log: a msgpack stream of a header record
        ``{type: "index", format, format_version, game, rules_version, every, entries,
        chain_hash}`` then one ``{type: "snapshot", seq, state}`` per snapshot, ``state``
        being the canonical bytes of the state (msgpack bin). The states hold what the
        players may not see (deck orders, the RNG key): keep the index as secret as the
        seed while the game runs."""
        records: list[dict[str, Any]] = [
            {
                "type": "index",
                "format": INDEX_FORMAT,
                "format_version": INDEX_FORMAT_VERSION,
                "game": self.log.header.game,
                "rules_version": self.log.header.rules_version,
                "every": self.every,
                "entries": self.last,
                "chain_hash": self.log.chain_hash,
            }
        ]
        for seq, state in zip(self.snapshots, self._snapshots, strict=True):
            records.append({"type": "snapshot", "seq": seq, "state": serde.canonical_bytes(state)})
        data = b"".join(serde.packb(r) for r in records)
        if isinstance(target, str | os.PathLike):
            path = Path(target)
            tmp = path.with_name(path.name + ".tmp")
            tmp.write_bytes(data)
            os.replace(tmp, path)
        else:
            target.write(data)

    @classmethod
    def load(
        cls,
        log: ReplayLog,
        index: str | os.PathLike[str] | IO[bytes] | bytes,
        seed: int | None = None,
    ) -> History:
        """A history from a full log and its index file, without replaying the log.

        Every snapshot's state hash must equal the log's state hash at its seq (the
        header's initial state hash at 0), and the snapshots must be exactly those of
        ``every``: a forged or stale index raises :class:`LogFormatError` naming the
        record and its byte offset. The index may be older than a log that has grown
        since (the missing snapshots are replayed); it may not be newer. ``seed`` (or
        the end record's) is only needed to :meth:`fork`."""
        if isinstance(index, bytes | bytearray | memoryview):
            data = bytes(index)
        elif isinstance(index, str | os.PathLike):
            try:
                data = Path(index).read_bytes()
            except OSError as exc:
                raise LogFormatError(f"cannot read index {os.fspath(index)!r}: {exc}") from exc
        else:
            data = index.read()
        self = cls.__new__(cls)
        self.log = log
        self.game = _game(log)
        self.seed = None if seed is None and log.end is None else _seed(log, seed)
        self.setup = _setup(self.game, log, None)
        self._actions = _actions(self.game, log)
        records = list(_index_records(data))
        if not records:
            raise LogFormatError("index: empty file, no index record at byte 0")
        (start, _), head = records[0]
        _index_head(head, log, start)
        self.every = head["every"]
        snaps: list[Any] = []
        n = len(log.entries)
        for i, ((start, end), rec) in enumerate(records[1:], start=1):
            where = f"index record {i} (bytes {start}..{end})"
            if type(rec) is not dict or tuple(rec) != ("type", "seq", "state"):
                raise LogFormatError(f"{where}: a snapshot is a map of type, seq and state")
            seq, blob = rec["seq"], rec["state"]
            if rec["type"] != "snapshot" or type(seq) is not int or type(blob) is not bytes:
                raise LogFormatError(f"{where}: a snapshot is {{type: 'snapshot', seq, state}}")
            want = len(snaps) * self.every
            if seq != want or seq > n:
                raise LogFormatError(
                    f"{where}: snapshot seq {seq}, expected {want} (every {self.every} "
                    f"entries, at most the log's {n})"
                )
            expected = log.entries[seq - 1].state_hash if seq else log.header.initial_state_hash
            found = _hash(blob)
            if found != expected:
                raise LogFormatError(
                    f"{where}: the snapshot at seq {seq} is not the log's state: its hash "
                    f"{found} differs from the log's "
                    f"{'entry ' + str(seq) if seq else 'initial'} state hash {expected}"
                )
            try:
                state = self.game.decode_state(serde.unpackb(blob))
            except DecodeError as exc:
                raise LogFormatError(f"{where}: the snapshot at seq {seq}: {exc}") from exc
            if serde.canonical_bytes(state) != blob:  # pragma: no cover - hash matched
                raise LogFormatError(f"{where}: the snapshot at seq {seq} is not canonical")
            snaps.append(state)
        if len(snaps) != head["entries"] // self.every + 1:
            raise LogFormatError(
                f"index: {len(snaps)} snapshots for {head['entries']} entries every "
                f"{self.every} (expected {head['entries'] // self.every + 1})"
            )
        state = snaps[-1]
        for seq in range((len(snaps) - 1) * self.every + 1, n + 1):  # the log grew since
            state = _step(self.game, log, state, seq, self._actions[seq - 1])
            if seq % self.every == 0:
                snaps.append(state)
        self._snapshots = tuple(snaps)
        return self

    def __repr__(self) -> str:
        return (
            f"<History {self.log.header.game} {self.last} entries, "
            f"{len(self._snapshots)} snapshots every {self.every}>"
        )


def _hash(blob: bytes) -> str:
    return hashlib.blake2b(blob, digest_size=32).hexdigest()


def _index_records(data: bytes) -> Iterator[tuple[tuple[int, int], Any]]:
    unpacker = msgpack.Unpacker(
        raw=False, strict_map_key=True, max_buffer_size=max(len(data), 1), use_list=True
    )
    unpacker.feed(data)
    start, i = 0, 0
    while start < len(data):
        try:
            record = unpacker.unpack()
        except msgpack.OutOfData:
            raise LogFormatError(
                f"index record {i} (from byte {start}) is cut off at byte {len(data)}"
            ) from None
        except Exception as exc:
            raise LogFormatError(
                f"index record {i} (from byte {start}) is not valid msgpack: "
                f"{type(exc).__name__}"
            ) from None
        end = unpacker.tell()
        if i == 0 and end - start > MAX_RECORD_BYTES:
            raise LogFormatError(f"index record 0 (bytes {start}..{end}) is too large")
        yield (start, end), record
        start, i = end, i + 1


_INDEX_KEYS = (
    "type", "format", "format_version", "game", "rules_version", "every", "entries",
    "chain_hash",
)  # fmt: skip


def _index_head(head: Any, log: ReplayLog, start: int) -> None:
    where = f"index record 0 (from byte {start})"
    if type(head) is not dict or tuple(head) != _INDEX_KEYS or head["type"] != "index":
        raise LogFormatError(f"{where}: an index starts with {{{', '.join(_INDEX_KEYS)}}}")
    if head["format"] != INDEX_FORMAT or head["format_version"] != INDEX_FORMAT_VERSION:
        raise LogFormatError(f"{where}: not an islandgames history index (version 1)")
    h = log.header
    if (head["game"], head["rules_version"]) != (h.game, h.rules_version):
        raise LogFormatError(
            f"{where}: an index of {head['game']} {head['rules_version']}, the log is "
            f"{h.game} {h.rules_version}"
        )
    every, entries = head["every"], head["entries"]
    if type(every) is not int or every < 1 or type(entries) is not int or entries < 0:
        raise LogFormatError(f"{where}: every must be an int >= 1 and entries an int >= 0")
    if entries > len(log.entries):
        raise LogFormatError(
            f"{where}: the index covers {entries} entries, the log has only {len(log.entries)}"
        )
    if head["chain_hash"] != log.chain_hash_at(entries):
        raise LogFormatError(
            f"{where}: the index is of another log: its chain hash at entry {entries} is "
            f"{head['chain_hash']!r}, the log's is {log.chain_hash_at(entries)}"
        )


# --- forks -------------------------------------------------------------------------------


def fork(
    log: ReplayLog,
    seq: int,
    seed: int | None = None,
    *,
    match: str = "",
    log_path: str | os.PathLike[str] | None = None,
    setup: Any = None,
) -> Any:
    """A new :class:`~islandgames.Match` that goes on from the state after entry ``seq``
    of a full log, deterministically: the same state, the same RNG (the fork keeps the
    seed and the scenario setup, the end record's unless given). Its log verifies on its
    own: it holds the parent's first ``seq`` entries (seats, actions, salts,
    commitments, state hashes) re-chained under its own header, whose ``parent`` names
    ``match`` (a service match id; ``""`` for a library log), ``seq`` and the parent's
    chain hash at ``seq``; then whatever is played next. The first ``seq`` entries are
    replayed and checked; with ``log_path`` the fork's log is written there as it goes,
    like any match's.
    :func:`~islandgames.verify_fork` checks a fork against its parent."""
    _check_seq(log, seq)
    game = _game(log)
    seed = _seed(log, seed)
    setup = _setup(game, log, setup)
    actions = _actions(game, log)
    state = _initial(game, log, seed, setup)
    for i in range(1, seq + 1):
        state = _step(game, log, state, i, actions[i - 1])
    return _fork(game, log, seed, seq, state, match, log_path, setup)


def _fork(
    game: AnyGame,
    log: ReplayLog,
    seed: int,
    seq: int,
    state: Any,
    match: str,
    log_path: str | os.PathLike[str] | None,
    setup: Any = None,
) -> Any:
    if type(match) is not str:
        raise TypeError(f"match must be a str, got {type(match).__name__}")
    parent = LogParent(match=match, seq=seq, chain_hash=log.chain_hash_at(seq))
    config = game.decode_config(log.header.config)
    return Match._adopt(
        game, seed, config, parent, log.entries[:seq], state, log_path, setup,
        log.header.ai_seats,
    )  # fmt: skip


# --- diffs -------------------------------------------------------------------------------


class _Absent:
    """What a path holds on the side where it does not exist."""

    _instance: _Absent | None = None

    def __new__(cls) -> _Absent:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "ABSENT"

    def __reduce__(self) -> str:
        return "ABSENT"


#: ``before`` of an item only in the second value, ``after`` of one only in the first.
ABSENT: Any = _Absent()

_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")


def _shown(value: Any) -> str:
    if value is ABSENT:
        return "(absent)"
    text = json.dumps(value, separators=(",", ":"), ensure_ascii=False)
    return text if len(text) <= 80 else text[:77] + "..."


@attrs.frozen(slots=True)
class Change:
    """One difference: the wire ``path`` (``fight.cards[2].uses``; ``""`` for the whole
    value), what it held ``before`` and ``after`` (wire data, or :data:`ABSENT`)."""

    path: str
    before: Any
    after: Any

    def __str__(self) -> str:
        return f"{self.path or '(root)'}: {_shown(self.before)} -> {_shown(self.after)}"


class Diff(tuple[Change, ...]):
    """The changes between two values, in a deterministic order (the first value's
    field order, list items by index, then keys only the second has)."""

    __slots__ = ()

    def __str__(self) -> str:
        return "\n".join(map(str, self)) if self else "(no differences)"


def diff(a: Any, b: Any) -> Diff:
    """A structural diff of two states or views (any attrs values, or wire data), as
    wire paths: maps by key (``.key``, or ``["key"]`` for a key that is not a name),
    lists by index (``[i]``, an item only one side has being :data:`ABSENT` on the
    other). Tagged values of different types (``"type"`` differs) change as a whole.

    >>> from islandgames import Match
    >>> m = Match("friday", seed=7)
    >>> before = m.state
    >>> _ = m.act(0, m.legal_actions(0)[0])   # fight one hazard of the offer
    >>> for change in diff(before, m.state)[:4]:
    ...     print(change)
    phase: "hazard" -> "fight"
    hazard_discard[0]: (absent) -> 25
    offer[0]: 46 -> (absent)
    offer[1]: 25 -> (absent)
    """
    out: list[Change] = []
    _walk(_wire(a), _wire(b), "", out)
    return Diff(out)


def _wire(value: Any) -> Any:
    if attrs.has(type(value)):
        return serde.to_wire(value)
    return value


def _key_path(path: str, key: Any) -> str:
    if type(key) is str and _IDENT.match(key):
        return f"{path}.{key}" if path else key
    return f"{path}[{json.dumps(key)}]"


def _walk(a: Any, b: Any, path: str, out: list[Change]) -> None:
    if type(a) is dict and type(b) is dict:
        if a.get("type") != b.get("type"):
            out.append(Change(path, a, b))
            return
        for k, v in a.items():
            if k in b:
                _walk(v, b[k], _key_path(path, k), out)
            else:
                out.append(Change(_key_path(path, k), v, ABSENT))
        for k, v in b.items():
            if k not in a:
                out.append(Change(_key_path(path, k), ABSENT, v))
        return
    if type(a) is list and type(b) is list:
        for i, (x, y) in enumerate(zip(a, b, strict=False)):
            _walk(x, y, f"{path}[{i}]", out)
        for i in range(len(b), len(a)):
            out.append(Change(f"{path}[{i}]", a[i], ABSENT))
        for i in range(len(a), len(b)):
            out.append(Change(f"{path}[{i}]", ABSENT, b[i]))
        return
    if type(a) is not type(b) or a != b:
        out.append(Change(path, a, b))
