"""A :class:`Match`: one game in progress with its replay log, for embedding.

>>> from islandgames import Match
>>> m = Match("friday", seed=42)
>>> m.to_act()
(0,)
>>> first = m.legal_actions(0)[0]
>>> _ = m.act(0, first)
>>> m.seq, len(m.log().entries)
(1, 1)

A config may be a plain dict of some of the game's config fields; an action may be
pushed as the text ``islandgames play`` lists (or its wire map), for the one seat the
game waits on; the repr says where the match stands:

>>> g = Match("gozer", seed=1, config={"players": 3})
>>> g
<Match gozer (rules 1.1) seq 0: to act seat 0 (castaway)>
>>> g.push("step(to=1)")
Step(to=1)
>>> g.seq, g.legal_actions(0)[-1]
(1, EndMove())
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Sequence
from pathlib import Path
from typing import IO, Any

import attrs

from .._version import __version__
from . import serde
from .errors import GameOverError, IllegalActionError, NotYourTurnError, ReplayDivergenceError
from .game import Game, Outcome, Seat
from .logrecords import (
    LogAiSeat,
    LogEnd,
    LogEntry,
    LogHeader,
    LogParent,
    ReplayLog,
    header_chain,
    initial_state,
    make_entry,
    make_header,
    next_chain,
    setup_wire,
    write_log,
)
from .logverify import LogSource, _as_log
from .registry import definition_of, get_game, log_variants

__all__ = ["Match", "redact_log"]


class Match:
    """A game, its current state and its log. Not thread-safe; one writer at a time.

    ``game`` is a game id (its newest rules, or ``rules_version``) or a game object.
    ``seed`` defaults to 128 bits from the OS. ``config`` is the game's config object,
    a plain dict of some of its fields (the rest take their defaults:
    :meth:`Game.make_config`) or None (the defaults). ``setup`` (the game's ``setup_type``)
    fixes parts of the setup (:meth:`Game.new`): the header commits to it and the end
    record reveals it, with the seed. With ``log_path``, every record is appended to
    that file (and flushed) as it is made, so a crash loses nothing that was
    acknowledged; :meth:`rewind` rewrites that file to the rewound log.
    """

    def __init__(
        self,
        game: str | Game[Any, Any, Any, Any],
        seed: int | None = None,
        config: Any = None,
        *,
        log_path: str | os.PathLike[str] | None = None,
        rules_version: str | None = None,
        setup: Any = None,
    ) -> None:
        if isinstance(game, str):
            self.game: Game[Any, Any, Any, Any] = get_game(game, rules_version)
        elif rules_version is not None and rules_version != game.info.rules_version:
            raise ValueError(
                f"rules_version {rules_version!r} given with a game object of rules "
                f"{game.info.rules_version}"
            )
        else:
            self.game = game
        self.seed: int = secrets.randbits(128) if seed is None else seed
        self.config: Any = self.game.make_config(config)
        self.setup: Any = setup
        self.state: Any = self.game.new(self.seed, self.config, setup)
        self.header: LogHeader = make_header(
            self.game, self.seed, self.config, self.state, __version__, None, setup_wire(setup)
        )
        self._entries: list[LogEntry] = []
        self._chain = header_chain(self.header)
        self._file: IO[bytes] | None = None
        self._log_path: Path | None = None
        if log_path is not None:
            self._open(Path(log_path))

    def _open(self, path: Path) -> None:
        self._log_path = path
        self._file = open(path, "wb")  # noqa: SIM115 - closed in close()/end
        self._append({"type": "header", **serde.to_wire(self.header), "viewer": "all"})

    @classmethod
    def _adopt(
        cls,
        game: Game[Any, Any, Any, Any],
        seed: int,
        config: Any,
        parent: LogParent,
        entries: Sequence[LogEntry],
        state: Any,
        log_path: str | os.PathLike[str] | None,
        setup: Any = None,
        ai_seats: tuple[LogAiSeat, ...] | None = None,
    ) -> Match:
        """A match whose header names ``parent`` and whose log starts with ``entries``
        (seats, actions, salts, commitments and state hashes kept, the chain recomputed
        under the new header), now at ``state`` (the state after the last of them).
        ``ai_seats``: the parent's, which a fork keeps (its lineage check compares them)."""
        m = cls(game, seed, config, setup=setup)
        m.header = attrs.evolve(m.header, parent=parent, ai_seats=ai_seats)
        m._chain = header_chain(m.header)
        if log_path is not None:
            m._open(Path(log_path))
        for e in entries:
            m._push(attrs.evolve(e, chain_hash=next_chain(
                m._chain, e.seat, e.action_commitment, e.state_hash
            ).hex()))  # fmt: skip
        m.state = state
        m._finish_if_over()
        return m

    def _push(self, entry: LogEntry) -> None:
        self._entries.append(entry)
        self._chain = bytes.fromhex(entry.chain_hash)
        self._append({"type": "entry", **serde.to_wire(entry)})

    def _finish_if_over(self) -> None:
        outcome = self.game.outcome(self.state)
        if outcome is not None and self._file is not None:
            self._append({"type": "end", **serde.to_wire(self._end(outcome))})
            self._close_file()

    # --- at a glance -------------------------------------------------------------------

    def __repr__(self) -> str:
        """The game, its rules, how many actions were applied, and who acts now (or the
        outcome). Never the seed: it is secret until the log reveals it."""
        g = self.game
        head = f"<Match {g.info.id} (rules {g.info.rules_version}) seq {self.seq}"
        outcome = self.outcome()
        if outcome is not None:
            results = "; ".join(
                f"seat {r.seat} ({r.role}) {r.result}, score {r.score}"
                for r in outcome.results
            )
            return f"{head}: over ({outcome.reason}): {results}>"
        seats = self.to_act()
        if not seats:  # pragma: no cover - a running game always waits on someone
            return f"{head}: waiting on nobody>"
        who = ", ".join(f"seat {s} ({g.role(self.state, s)})" for s in seats)
        return f"{head}: to act {who}>"

    def _repr_svg_(self) -> str | None:
        """The picture a notebook shows: the current state as a spectator sees it,
        drawn by the game's picture hook (what ``islandgames.render.render_svg(m.state)``
        draws); None for a game without a picture. For a seat's view, call
        ``render_svg(m.state, seat)``."""
        d = definition_of(self.game)
        if d is None or d.render_svg is None:
            return None
        return str(d.render_svg(self.game.view(self.state, None)))

    # --- playing ---------------------------------------------------------------------

    @property
    def seq(self) -> int:
        """How many actions have been applied."""
        return len(self._entries)

    def to_act(self) -> tuple[Seat, ...]:
        return self.game.to_act(self.state)

    def legal_actions(self, seat: Seat) -> tuple[Any, ...]:
        return self.game.legal_actions(self.state, seat)

    def view(self, seat: Seat | None) -> Any:
        return self.game.view(self.state, seat)

    def outcome(self) -> Outcome | None:
        return self.game.outcome(self.state)

    def act(self, seat: Seat, action: Any, expected_seq: int | None = None) -> Any:
        """Apply ``action`` for ``seat``; record it; return the new state.

        With ``expected_seq``, the action is refused unless exactly that many actions
        have been applied (optimistic concurrency)."""
        if expected_seq is not None and expected_seq != self.seq:
            raise IllegalActionError(
                f"stale expected_seq {expected_seq}: the match is at seq {self.seq}"
            )
        new = self.game.apply(self.state, seat, action)
        entry = make_entry(
            self.game, self.seed, self._chain, self.seq + 1, seat, action, serde.state_hash(new)
        )
        self.state = new
        self._push(entry)
        self._finish_if_over()
        return new

    def push(self, action: Any, seat: Seat | None = None) -> Any:
        """Parse ``action`` (its text as ``islandgames play`` lists it, its wire map, or
        the action itself: :meth:`Game.parse_action`), apply it for ``seat`` and record
        it; return the typed action applied (python-chess's ``push_uci``; :meth:`act`
        returns the new state). ``seat`` None: the one seat the game waits on, or, when
        it waits on several, the one of them for which the action is legal; an
        optional action of a seat it does not wait on needs ``seat``."""
        typed = self.game.parse_action(action)
        if seat is None:
            seat = self._seat_for(typed)
        self.act(seat, typed)
        return typed

    def _seat_for(self, action: Any) -> Seat:
        waiting = self.to_act()
        if len(waiting) == 1:
            return waiting[0]
        if not waiting:
            if self.outcome() is not None:
                raise GameOverError(
                    f"the {self.game.info.title} game is over; no action is accepted"
                )
            raise NotYourTurnError("the game waits on no seat; pass seat=")  # pragma: no cover
        fits = [s for s in waiting if self.game.is_legal(self.state, s, action)]
        if len(fits) == 1:
            return fits[0]
        listed = ", ".join(map(str, waiting))
        if not fits:
            raise IllegalActionError(
                f"{self.game.format_action(action)} is legal for none of the seats the "
                f"game waits on ({listed})"
            )
        raise NotYourTurnError(
            f"{self.game.format_action(action)} is legal for seats "
            f"{', '.join(map(str, fits))} alike; pass seat="
        )

    def rewind(self, seq: int) -> Any:
        """Go back to the state after entry ``seq`` (0: the initial state); the entries
        after it are dropped, and the match plays on from there. Returns that state.

        The state is found by replaying the first ``seq`` actions from the initial
        state (states are immutable, so nothing played since can have changed them).
        A match writing a log file (``log_path``) rewrites it, atomically, to exactly
        the rewound log, and goes on appending to it; after :meth:`close` the file is
        left alone. The rewound match's log is byte for byte the log of a match that
        played only those ``seq`` actions."""
        if type(seq) is not int or not 0 <= seq <= self.seq:
            raise ValueError(f"rewind to seq {seq!r}: the match has seqs 0..{self.seq}")
        state = self.game.new(self.seed, self.config, self.setup)
        for e in self._entries[:seq]:
            assert e.action is not None
            state = self.game.apply(state, e.seat, self.game.decode_action(e.action))
        if serde.state_hash(state) != (
            self._entries[seq - 1].state_hash if seq else self.header.initial_state_hash
        ):  # pragma: no cover - apply is deterministic
            raise ReplayDivergenceError(f"rewind: entry {seq} does not reproduce", seq)
        del self._entries[seq:]
        self._chain = (
            bytes.fromhex(self._entries[-1].chain_hash) if seq else header_chain(self.header)
        )
        self.state = state
        if self._log_path is not None:
            self._rewrite(self._log_path)
        return state

    def _rewrite(self, path: Path) -> None:
        """Write the whole log to ``path`` atomically; go on appending to it."""
        self._close_file()
        self._log_path = path
        write_log(self.log(), path)
        if self.outcome() is None:
            self._file = open(path, "ab")  # noqa: SIM115 - closed in close()/end

    def _end(self, outcome: Outcome) -> LogEnd:
        return LogEnd(f"{self.seed:064x}", serde.to_wire(outcome), setup_wire(self.setup))

    # --- the log -----------------------------------------------------------------------

    def log(self, viewer: Seat | str | None = "all") -> ReplayLog:
        """The full log (``"all"``: the seed is included once the game is over) or the
        log redacted for one seat (None: a spectator)."""
        outcome = self.outcome()
        end = self._end(outcome) if outcome is not None else None
        full = ReplayLog(self.header, tuple(self._entries), end, "all")
        if viewer == "all":
            return full
        if not (viewer is None or isinstance(viewer, int)):
            raise ValueError(f"viewer must be 'all', a seat or None, got {viewer!r}")
        return redact_log(self.game, self.seed, full, viewer, setup_wire(self.setup))

    def save(self, path: str | os.PathLike[str]) -> None:
        write_log(self.log(), path)

    def _append(self, record: dict[str, Any]) -> None:
        if self._file is not None:
            self._file.write(serde.packb(record))
            self._file.flush()

    def close(self) -> None:
        """Stop writing the log file (if any); the match itself can go on in memory."""
        self._close_file()
        self._log_path = None

    def _close_file(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None

    # --- replay ------------------------------------------------------------------------

    @classmethod
    def from_log(
        cls,
        log: LogSource,
        seed: int | None = None,
        *,
        log_path: str | os.PathLike[str] | None = None,
        setup: Any = None,
    ) -> Match:
        """Rebuild a match by replaying a full log, under the rules version it was
        recorded with (a forked log keeps its header's ``parent``); ``log`` may also be
        what :func:`read_log` reads (a path, the log's bytes, a binary file). The seed (and the
        scenario setup, if the header commits to one) come from the log's end record
        or, for a game still running, must be given (``setup``: the game's setup_type). Raises
        :class:`ReplayDivergenceError` at the first entry that does not reproduce.
        With ``log_path`` (which may be the file the log was read from), the rebuilt
        log is written there atomically once replayed, and every later action appended.
        A log that its header's rules version does not reproduce is replayed again under
        each historical variant of that version
        (:func:`~islandgames.core.registry.log_variants`): the first that reproduces it
        is the match's game (and plays on under those rules); if none does, the
        divergence of the rules that reproduced it furthest is raised (the header
        version's on a tie)."""
        log = _as_log(log)
        if seed is None:
            if log.end is None:
                raise ReplayDivergenceError("the log has no revealed seed; pass seed=")
            seed = int(log.end.seed, 16)
        game = get_game(log.header.game, log.header.rules_version)
        try:
            return cls._replayed(game, log, seed, log_path, setup)
        except ReplayDivergenceError as exc:
            furthest = exc  # the rules that reproduced the log furthest (a tie: the header's)
            for variant in log_variants(log.header.game, log.header.rules_version):
                try:
                    return cls._replayed(variant, log, seed, log_path, setup)
                except ReplayDivergenceError as again:
                    if (again.seq or 0) > (furthest.seq or 0):
                        furthest = again
            if furthest is exc:
                raise
            raise furthest from None

    @classmethod
    def _replayed(
        cls,
        game: Game[Any, Any, Any, Any],
        log: ReplayLog,
        seed: int,
        log_path: str | os.PathLike[str] | None,
        setup: Any,
    ) -> Match:
        """:meth:`from_log` under ``game`` (:class:`ReplayDivergenceError` if ``game``
        does not reproduce ``log``)."""
        if setup is None and log.end is not None and log.end.setup is not None:
            setup = game.decode_setup(log.end.setup)
        if setup is None and log.header.setup_commitment is not None:
            raise ReplayDivergenceError(
                "the log's header commits to a scenario setup; pass setup=", 0
            )
        m = cls(game, seed, game.decode_config(log.header.config), setup=setup)
        if serde.canonical_bytes(m.header) != serde.canonical_bytes(
            _same_version(log.header, m.header)
        ):
            raise ReplayDivergenceError("the log header does not match this seed and config", 0)
        # the rebuilt log is the log: it keeps the engine_version that wrote it (which
        # the chain covers) and a forked log's parent
        m.header = attrs.evolve(
            m.header, engine_version=log.header.engine_version, parent=log.header.parent
        )
        m._chain = header_chain(m.header)
        for e in log.entries:
            if e.action is None:
                raise ReplayDivergenceError(f"entry {e.seq}: the action is masked", e.seq)
            try:
                m.act(e.seat, game.decode_action(e.action))
            except IllegalActionError as exc:
                raise ReplayDivergenceError(f"entry {e.seq}: {exc}", e.seq) from exc
            if m._entries[-1] != e:
                raise ReplayDivergenceError(f"entry {e.seq}: hashes differ from the log", e.seq)
        if log_path is not None:
            m._rewrite(Path(log_path))
        return m


def _same_version(theirs: LogHeader, ours: LogHeader) -> LogHeader:
    # an older engine_version may have written the log (and a fork names its parent);
    # everything else must match
    from attrs import evolve

    return evolve(theirs, engine_version=ours.engine_version, parent=ours.parent)


def redact_log(
    game: Game[Any, Any, Any, Any],
    seed: int,
    full: ReplayLog,
    viewer: Seat | None,
    setup: dict[str, Any] | None = None,
) -> ReplayLog:
    """The log as ``viewer`` may see it: actions the game hides from that seat are
    masked (action None, or a partial form; no salt), every hash is kept. ``setup``:
    the scenario setup's wire form for a running match whose header commits to one
    (once over, the end record has it)."""
    if setup is None and full.end is not None:
        setup = full.end.setup
    states = [initial_state(game, full.header, seed, setup)]
    for e in full.entries:
        assert e.action is not None, "redact_log needs the full log"
        states.append(game.apply(states[-1], e.seat, game.decode_action(e.action)))
    now = states[-1]
    out: list[LogEntry] = []
    for e, before in zip(full.entries, states, strict=False):
        assert e.action is not None
        action = game.decode_action(e.action)
        shown = game.redact_action(before, e.seat, action, viewer, now)
        if shown == action:
            out.append(e)
        else:
            wire = None if shown is None else game.encode_action(shown)
            out.append(
                LogEntry(e.seq, e.seat, wire, None, e.action_commitment, e.state_hash, e.chain_hash)
            )
    return ReplayLog(full.header, tuple(out), full.end, viewer)
