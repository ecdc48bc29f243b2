"""Verifying a log: the verdicts and the verifiers (DESIGN section 5).

A verification is one of three verdicts (:class:`Verification`, :data:`Verdict`):
:func:`verify_log` checks a log on its own, :func:`verify_redacted` a per-seat log
against the full log, :func:`verify_fork` a forked log against its parent. "Verified"
means one thing: every entry replayed from the revealed seed under the header's rules
version, every hash, the chain and the recorded outcome equal to the replay's. A log
that those rules do not reproduce is replayed again under each historical variant of
its version (:func:`~islandgames.core.registry.log_variants`: the rules main's logs
naming that version were once played under), and verified if one reproduces it whole.
"""

from __future__ import annotations

import os
import typing
from collections.abc import Iterator
from typing import IO, Any, Literal, TypeAlias

import attrs

from . import serde
from .errors import DecodeError, IllegalActionError, InvalidConfigError, LogFormatError
from .game import Outcome
from .logreader import (
    _Actions,
    _ai_seats,
    _is_hex64,
    _parent,
    _setup_problem,
    _shown,
    _viewer_ok,
    read_log,
)
from .logrecords import (
    AnyGame,
    LogEntry,
    LogHeader,
    ReplayLog,
    Viewer,
    action_salt,
    header_chain,
    initial_state,
    make_header,
    next_chain,
    seed_commitment,
    setup_commitment,
)

__all__ = [
    "Divergence",
    "LogSource",
    "Verdict",
    "Verification",
    "verify_fork",
    "verify_log",
    "verify_redacted",
]

#: What the verifiers take: a log already read, or what :func:`read_log` reads (a path,
#: the log's bytes, or a binary file open for reading).
LogSource: TypeAlias = ReplayLog | str | os.PathLike[str] | bytes | bytearray | IO[bytes]


def _as_log(source: LogSource, what: str = "log") -> ReplayLog:
    """``source`` as a :class:`ReplayLog`: itself, or read with :func:`read_log` (its
    :class:`LogFormatError` for a file that is no log, or cannot be read)."""
    if isinstance(source, ReplayLog):
        return source
    if isinstance(source, str | os.PathLike | bytes | bytearray | memoryview) or callable(
        getattr(source, "read", None)
    ):
        return read_log(typing.cast("str | os.PathLike[str] | bytes | IO[bytes]", source))
    raise TypeError(
        f"{what} must be a ReplayLog, a path (str or os.PathLike), the log's bytes or a "
        f"binary file, got {type(source).__name__}"
    )

#: ``verified``: every entry replayed from the revealed seed under the header's rules
#: version, every hash, the chain and the end record's outcome equal to the replay's.
#: ``unfinished``: no seed yet (or only a per-seat log of a running game): the chain and
#: every visible action's commitment hold, nothing was replayed. ``diverged``: the first
#: disagreement is in ``divergence``.
Verdict = Literal["verified", "unfinished", "diverged"]


@attrs.frozen(slots=True)
class Divergence:
    """The first place where a log disagrees with itself or with the engine."""

    seq: int
    what: str
    expected: str
    found: str

    def __str__(self) -> str:
        where = "header" if self.seq == 0 else f"entry {self.seq}"
        return f"{where}: {self.what} (expected {self.expected}, found {self.found})"


@attrs.frozen(slots=True)
class Verification:
    """The verdict on a log: ``status`` is ``verified``, ``unfinished`` or ``diverged``
    (see :data:`Verdict`); ``entries`` in the log; ``viewer`` it is for; the first
    ``divergence`` (diverged only); the replayed ``outcome`` (verified, finished only).
    """

    status: Verdict
    entries: int
    viewer: Viewer
    divergence: Divergence | None
    outcome: Outcome | None

    @property
    def verified(self) -> bool:
        """Only a full replay from the revealed seed makes a log verified."""
        return self.status == "verified"

    def __str__(self) -> str:
        if self.status == "diverged":
            return f"diverged at {self.divergence}"
        return f"{self.status} ({self.entries} entries)"

    def to_wire(self) -> dict[str, Any]:
        """The verdict as both protocols send it: ``status``, ``entries``, ``viewer``,
        ``divergence`` (a map or nil) and ``outcome`` (a map or nil)."""
        return {
            "status": self.status,
            "entries": self.entries,
            "viewer": self.viewer,
            "divergence": None if self.divergence is None else serde.to_wire(self.divergence),
            "outcome": None if self.outcome is None else serde.to_wire(self.outcome),
        }

    @classmethod
    def from_wire(cls, data: Any) -> Verification:
        """The verdict a server sent (:class:`DecodeError` if it is not one)."""
        if type(data) is not dict or set(data) != {
            "status", "entries", "viewer", "divergence", "outcome"
        }:
            raise DecodeError(f"not a verification: {_shown(data)}")
        status = data["status"]
        if status not in ("verified", "unfinished", "diverged") or type(status) is not str:
            raise DecodeError(f"unknown verification status {_shown(status)}")
        viewer = data["viewer"]
        if not (viewer is None or viewer == "all" or type(viewer) is int):
            raise DecodeError(f"bad viewer {_shown(viewer)}")
        entries = data["entries"]
        if type(entries) is not int:
            raise DecodeError(f"entries must be an int, got {_shown(entries)}")
        div, out = data["divergence"], data["outcome"]
        return cls(
            typing.cast(Verdict, status),
            entries,
            viewer,
            None if div is None else serde.from_wire(div, Divergence),
            None if out is None else serde.from_wire(out, Outcome),
        )


# --- verification -----------------------------------------------------------------------


def _diverged(log: ReplayLog, seq: int, what: str, expected: str, found: str) -> Verification:
    return Verification(
        "diverged", len(log.entries), log.viewer, Divergence(seq, what, expected, found), None
    )


def verify_log(log: LogSource) -> Verification:
    """The verdict on ``log`` (:class:`Verification`), never raising for a log that was
    read or parsed, except for a game or rules version this engine does not have
    (:class:`UnknownGameError`, :class:`UnsupportedRulesVersionError`). ``log`` is a
    :class:`ReplayLog` or what :func:`read_log` reads: a path (str or os.PathLike), the
    log's bytes, a binary file; a file that is no log raises :class:`LogFormatError`
    (it was never read, so there is no verdict on it).

    >>> import io
    >>> from islandgames import Match, write_log
    >>> m = Match("friday", seed=7)
    >>> while m.outcome() is None:
    ...     _ = m.act(0, m.legal_actions(0)[0])
    >>> buf = io.BytesIO()
    >>> write_log(m.log(), buf)
    >>> verify_log(buf.getvalue()).status, verify_log(m.log()).status
    ('verified', 'verified')

    Always: ``seq`` runs 1..n, every seat is in range, every visible action matches its
    commitment (re-encoded canonically), the chain holds; a full log masks nothing.
    Without an end record that is all (``unfinished``). With it, the seed must match the
    commitment and the header must be the one its seed and config give; every action is
    replayed under the header's rules version (a masked action of a per-seat log is the
    legal action its commitment names, found with the revealed salt), every state hash
    and the outcome must match, and for a per-seat log every entry must show exactly
    what its viewer may see of that action. Only then is the log ``verified``. When
    the header's rules version does not reproduce a finished log, each historical
    variant of that version (:func:`~islandgames.core.registry.log_variants`) is tried
    in turn, and the log is ``verified`` if one reproduces it whole; otherwise the
    divergence reported is that of the rules that reproduced the log furthest (the
    header's rules version's on a tie: a log written under those rules diverges where
    it always did).
    """
    return _verify(_as_log(log))[0]


def _verify(log: ReplayLog) -> tuple[Verification, AnyGame]:
    """:func:`verify_log`'s verdict and the game it replayed the log under (the game of
    the header's rules version unless one of its historical variants verified it)."""
    from .registry import get_game, log_variants  # late: the registry imports the games

    h = log.header
    game = get_game(h.game, h.rules_version)
    shown = _first_pass(game, log)
    if isinstance(shown, Verification):
        return shown, game
    verdict, under = _replay(game, log, shown), game
    if verdict.status != "verified":
        for variant in log_variants(h.game, h.rules_version):
            again = _replay(variant, log, shown)
            if again.status == "verified":
                return again, variant
            if _reached(again) > _reached(verdict):  # the rules that got furthest
                verdict, under = again, variant
    return verdict, under


def _reached(verdict: Verification) -> int:
    """How far a replay reproduced the log: the seq of its divergence (0: the header)."""
    return -1 if verdict.divergence is None else verdict.divergence.seq


def _first_pass(game: AnyGame, log: ReplayLog) -> Verification | list[Any]:
    """The checks that need no seed: a divergence, ``unfinished`` for a log without an
    end record, or else every visible action, typed (None: masked or partial)."""
    h = log.header
    full = log.viewer == "all"
    if not _viewer_ok(log.viewer, h.seats):
        return _diverged(
            log, 0, "viewer", f"'all', None or a seat 0..{h.seats - 1}", _shown(log.viewer)
        )
    if h.parent is not None:
        try:
            _parent(serde.to_wire(h.parent), "header")
        except (LogFormatError, TypeError) as exc:
            return _diverged(log, 0, "parent", "a parent of match, seq, chain_hash", str(exc))
    if h.ai_seats is not None:
        try:
            _ai_seats(serde.to_wire(h.ai_seats), h.seats, "header")
        except (LogFormatError, TypeError) as exc:
            return _diverged(log, 0, "ai_seats", "seats in order, each with its bot", str(exc))
    try:
        chain = header_chain(h)
    except Exception as exc:  # a header built in Python with values the wire cannot hold
        return _diverged(log, 0, "header", "a header in wire form", str(exc))
    shown: list[Any] = []  # each visible action, typed (None: masked or partial)
    actions = _Actions(game)
    for i, e in enumerate(log.entries, start=1):
        if type(e.seq) is not int or e.seq != i:
            return _diverged(log, i, "seq", str(i), str(e.seq))
        if type(e.seat) is not int or not 0 <= e.seat < h.seats:
            return _diverged(log, i, "seat", f"a seat 0..{h.seats - 1}", str(e.seat))
        for name in ("action_commitment", "state_hash", "chain_hash", "salt"):
            value = getattr(e, name)
            if not (value is None and name == "salt") and not _is_hex64(value):
                return _diverged(log, i, name, "64 lower-case hex digits", _shown(value))
        if e.action is None:
            if full:
                return _diverged(
                    log, i, "action", "every action, with its salt (a full log masks nothing)",
                    "a masked action",
                )
            if e.salt is not None:
                return _diverged(log, i, "salt", "no salt for a masked action", "a salt")
        elif e.salt is not None:
            try:
                typed, canonical = actions.decode(e.action)
            except DecodeError as exc:
                return _diverged(log, i, "action", "an action of the game", str(exc))
            found = serde.digest(bytes.fromhex(e.salt), canonical).hex()
            if found != e.action_commitment:
                return _diverged(log, i, "action_commitment", found, e.action_commitment)
            shown.append(typed)
        elif full:
            return _diverged(
                log, i, "salt", "every action's salt (a full log masks nothing)", "no salt"
            )
        if len(shown) < i:
            shown.append(None)
        chain = next_chain(chain, e.seat, e.action_commitment, e.state_hash)
        if chain.hex() != e.chain_hash:
            return _diverged(log, i, "chain_hash", chain.hex(), e.chain_hash)
    if log.end is None:
        return Verification("unfinished", len(log.entries), log.viewer, None, None)
    return shown


def _replay(game: AnyGame, log: ReplayLog, shown: list[Any]) -> Verification:
    h, end = log.header, log.end
    assert end is not None
    n = len(log.entries)
    if not _is_hex64(end.seed):
        return _diverged(log, n, "seed", "64 lower-case hex digits", _shown(end.seed))
    seed = int(end.seed, 16)
    if seed_commitment(seed) != h.seed_commitment:
        return _diverged(log, 0, "seed_commitment", seed_commitment(seed), h.seed_commitment)
    try:
        config = game.decode_config(h.config)
    except (DecodeError, InvalidConfigError) as exc:
        return _diverged(log, 0, "config", "a valid config", str(exc))
    setup = end.setup
    if (setup is None) != (h.setup_commitment is None):
        return _diverged(
            log, n, "setup", "the scenario setup the header commits to" if setup is None
            else "no setup (the header commits to none)", _shown(setup),
        )  # fmt: skip
    typed_setup = None
    if setup is not None:
        problem = _setup_problem(game, setup)
        if problem is not None:
            return _diverged(log, n, "setup", f"a {game.info.id} scenario setup", problem)
        found = setup_commitment(seed, setup)
        if found != h.setup_commitment:
            return _diverged(log, 0, "setup_commitment", found, _shown(h.setup_commitment))
        typed_setup = game.decode_setup(setup)
    try:
        state = game.new(seed, config, typed_setup)
    except InvalidConfigError as exc:
        return _diverged(log, n, "setup", "a setup the game accepts", str(exc))
    expected = make_header(
        game, seed, config, state, h.engine_version, h.parent, setup, h.ai_seats
    )
    if expected != h:
        for f in attrs.fields(LogHeader):
            mine, theirs = getattr(expected, f.name), getattr(h, f.name)
            if mine != theirs:
                return _diverged(log, 0, f.name, _shown(mine), _shown(theirs))
    steps: list[tuple[Any, LogEntry, Any]] = []  # per-seat logs: checked once the end is known
    for e, visible in zip(log.entries, shown, strict=True):
        salt = action_salt(seed, e.seq)
        if e.salt is not None and e.salt != salt:
            return _diverged(log, e.seq, "salt", salt, e.salt)
        if visible is not None:
            action = visible
        else:
            action = _recover(game, state, e.seat, salt, e.action_commitment)
            if action is None:
                return _diverged(
                    log, e.seq, "action_commitment",
                    "the commitment of a legal action of that seat", e.action_commitment,
                )  # fmt: skip
        try:
            after = game.apply(state, e.seat, action)
        except IllegalActionError as exc:
            return _diverged(log, e.seq, "action", "a legal action", str(exc))
        found = serde.state_hash(after)
        if found != e.state_hash:
            return _diverged(log, e.seq, "state_hash", found, e.state_hash)
        if log.viewer != "all":
            steps.append((state, e, action))
        state = after
    outcome = game.outcome(state)
    if outcome is None:
        return _diverged(log, n, "end", "a finished game", "the game is not over")
    wire = serde.to_wire(outcome)
    if wire != end.outcome:
        return _diverged(log, n, "outcome", _shown(wire), _shown(end.outcome))
    for before, e, action in steps:
        redaction = _redaction_problem(game, before, e, action, log.viewer, state)
        if redaction is not None:
            return _diverged(log, e.seq, "redaction", *redaction)
    return Verification("verified", n, log.viewer, None, outcome)


def _recover(game: AnyGame, state: Any, seat: int, salt: str, commitment: str) -> Any:
    """The legal action of ``seat`` whose commitment under ``salt`` is ``commitment``."""
    key = bytes.fromhex(salt)
    for action in game.legal_actions(state, seat):
        if serde.digest(key, serde.packb(game.encode_action(action))).hex() == commitment:
            return action
    return None


def _redaction_problem(
    game: AnyGame, before: Any, e: LogEntry, action: Any, viewer: Viewer, now: Any
) -> tuple[str, str] | None:
    """(expected, found) if ``e`` does not show exactly what ``viewer`` may see of
    ``action`` once the match has reached ``now``."""
    assert viewer != "all"
    shown = game.redact_action(before, e.seat, action, viewer, now)
    who = "a spectator" if viewer is None else f"seat {viewer}"
    if shown == action:
        if e.salt is None:
            return f"the whole action, as {who} sees it", "a masked action"
        return None
    wire = None if shown is None else game.encode_action(shown)
    if e.salt is not None:
        return f"the action masked for {who}", "the whole action with its salt"
    if e.action != wire:
        return f"{_shown(wire)} (as {who} sees it)", _shown(e.action)
    return None


def verify_redacted(redacted: LogSource, full: LogSource) -> Verification:
    """The verdict on a per-seat log checked against the full log: the same header,
    every entry's seat and hashes equal to the full log's, and every visible part of every
    entry (partial forms included) exactly the true action's redaction for the per-seat
    log's viewer. ``verified`` needs a verified full log; while the full log is
    ``unfinished`` (no seed), masked and partial forms cannot be checked and the verdict
    is at most ``unfinished``. A divergence of the full log itself is reported with
    ``what`` starting with ``"full log: "``. Either log may be given as for
    :func:`verify_log` (a path, bytes, a file)."""
    redacted, full = _as_log(redacted, "redacted"), _as_log(full, "full")
    n = len(redacted.entries)
    if redacted.viewer == "all":
        return _diverged(redacted, 0, "viewer", "a per-seat log (a seat, or None)", "'all'")
    if full.viewer != "all":
        return _diverged(redacted, 0, "full log: viewer", "'all'", str(full.viewer))
    whole, game = _verify(full)
    if whole.status == "diverged":
        assert whole.divergence is not None
        div = attrs.evolve(whole.divergence, what="full log: " + whole.divergence.what)
        return Verification("diverged", n, redacted.viewer, div, None)
    own = verify_log(redacted)
    if own.status == "diverged":
        return own
    if serde.canonical_bytes(redacted.header) != serde.canonical_bytes(full.header):
        return _diverged(redacted, 0, "header", "the full log's header", "a different header")
    if n > len(full.entries):
        return _diverged(
            redacted, len(full.entries) + 1, "entry", "no entry (the full log ends here)",
            "an extra entry",
        )  # fmt: skip
    for r, f in zip(redacted.entries, full.entries, strict=False):
        for what in ("seat", "action_commitment", "state_hash", "chain_hash"):
            if getattr(r, what) != getattr(f, what):
                return _diverged(
                    redacted, r.seq, what, str(getattr(f, what)), str(getattr(r, what))
                )
    if redacted.end is not None and (n != len(full.entries) or redacted.end != full.end):
        return _diverged(redacted, n, "end", "the full log's end record", "another one")
    if whole.status == "unfinished":
        for r, f in zip(redacted.entries, full.entries, strict=False):
            if r.salt is not None and (r.salt != f.salt or r.action != f.action):
                return _diverged(redacted, r.seq, "action", _shown(f.action), _shown(r.action))
        return Verification("unfinished", n, redacted.viewer, None, None)
    assert full.end is not None  # (game: the rules the full log verified under)
    seed = int(full.end.seed, 16)
    states = list(_states(game, seed, full, n))
    now = states[-1][1] if states else initial_state(game, full.header, seed, full.end.setup)
    for (before, _), r, f in zip(states, redacted.entries, full.entries[:n], strict=True):
        assert f.action is not None
        action = game.decode_action(f.action)
        problem = _redaction_problem(game, before, r, action, redacted.viewer, now)
        if problem is not None:
            return _diverged(redacted, r.seq, "redaction", *problem)
    outcome = whole.outcome if redacted.end is not None else None
    return Verification("verified", n, redacted.viewer, None, outcome)


def verify_fork(fork: LogSource, parent: LogSource) -> Verification:
    """The verdict on a forked log checked against the log it was forked from.

    Both logs must verify on their own (a divergence of the parent is reported with
    ``what`` starting with ``"parent log: "``). Then the lineage: the fork's header
    names a parent (``header.parent``), it is the parent's header in every field but
    ``engine_version`` and ``parent`` (same game, rules version, config, seats, seed
    commitment and initial state), the parent's chain hash after entry ``parent.seq``
    is the one named, and the fork's first ``parent.seq`` entries carry the parent's
    seats, action commitments and state hashes (and, where both show them, the same
    actions and salts). A lineage divergence has ``what`` starting with ``"lineage: "``
    (seq 0 for the header). Otherwise the verdict is the fork's own: ``verified``, or
    ``unfinished`` while the fork's game is still running. Either log may be given as
    for :func:`verify_log` (a path, bytes, a file)."""
    fork, parent = _as_log(fork, "fork"), _as_log(parent, "parent")
    n = len(fork.entries)
    link = fork.header.parent
    if link is None:
        return _diverged(fork, 0, "lineage: parent", "a header naming its parent", "none")
    whole = verify_log(parent)
    if whole.status == "diverged":
        assert whole.divergence is not None
        div = attrs.evolve(whole.divergence, what="parent log: " + whole.divergence.what)
        return Verification("diverged", n, fork.viewer, div, None)
    own = verify_log(fork)
    if own.status == "diverged":
        return own
    for f in attrs.fields(LogHeader):
        if f.name in ("engine_version", "parent"):
            continue
        mine, theirs = getattr(fork.header, f.name), getattr(parent.header, f.name)
        if mine != theirs:
            return _diverged(fork, 0, f"lineage: {f.name}", _shown(theirs), _shown(mine))
    if link.seq > len(parent.entries):
        return _diverged(
            fork, 0, "lineage: parent.seq", f"at most {len(parent.entries)} (the parent's "
            "entries)", str(link.seq),
        )  # fmt: skip
    at = parent.chain_hash_at(link.seq)
    if at != link.chain_hash:
        return _diverged(fork, 0, "lineage: parent.chain_hash", at, link.chain_hash)
    if link.seq > n:
        return _diverged(
            fork, n + 1, "lineage: entry", "the parent's entry (a fork holds the parent's "
            "first parent.seq entries)", "none",
        )  # fmt: skip
    for mine_e, theirs_e in zip(fork.entries[: link.seq], parent.entries, strict=False):
        for name in ("seat", "action_commitment", "state_hash"):
            if getattr(mine_e, name) != getattr(theirs_e, name):
                return _diverged(
                    fork, mine_e.seq, f"lineage: {name}", str(getattr(theirs_e, name)),
                    str(getattr(mine_e, name)),
                )  # fmt: skip
        if mine_e.salt is not None and theirs_e.salt is not None:
            for name in ("salt", "action"):
                if getattr(mine_e, name) != getattr(theirs_e, name):
                    return _diverged(
                        fork, mine_e.seq, f"lineage: {name}", _shown(getattr(theirs_e, name)),
                        _shown(getattr(mine_e, name)),
                    )  # fmt: skip
    return own


def _states(game: AnyGame, seed: int, full: ReplayLog, upto: int) -> Iterator[tuple[Any, Any]]:
    """(before, after) for the first ``upto`` entries of a verified full log."""
    assert full.end is not None
    state = initial_state(game, full.header, seed, full.end.setup)
    for e in full.entries[:upto]:
        assert e.action is not None
        after = game.apply(state, e.seat, game.decode_action(e.action))
        yield state, after
        state = after
