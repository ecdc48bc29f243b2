"""One game of a tournament as plain data (:class:`GameRecord`): cheap to send between
processes and machines, one row of the store."""

from __future__ import annotations

import hashlib
import zlib
from collections.abc import Iterable
from typing import Any

import attrs

from ..core import serde
from ..core.log import ReplayLog, read_log

__all__ = ["GameRecord", "SeatRecord", "results_digest"]

#: A result's value: a win counts 1, a draw 1/2, a loss 0.
VALUES = {"win": 1.0, "draw": 0.5, "loss": 0.0}


@attrs.frozen
class SeatRecord:
    """One seat's end of a game: its role, the bot (by tournament name) that played it,
    its result (``win``, ``draw`` or ``loss``) and score."""

    seat: int
    role: str
    bot: str
    result: str
    score: int


@attrs.frozen
class GameRecord:
    """One game: its key (``config`` index, ``seed``, ``seating`` index), its length in
    actions, the outcome's ``reason`` (None: unfinished after the action limit, or an
    error), each seat's result, the seat that acted first, whether it was decided in
    its last round (:mod:`islandgames.tournament.balance`; None: not defined or not
    finished), the final state's hash, an engine error if one stopped it, and its
    replay log (:attr:`log`: the bytes :func:`islandgames.write_log` writes; None when
    logs were not kept)."""

    config: int
    seed: int
    seating: int
    bots: tuple[str, ...]  # the bot of each seat
    actions: int
    reason: str | None
    seats: tuple[SeatRecord, ...]
    first_seat: int | None
    decided_last: bool | None
    final_hash: str | None
    error: str | None = None
    #: the replay log, zlib-compressed (as the store keeps it; compressed by the worker)
    log_zlib: bytes | None = attrs.field(default=None, repr=False, eq=False)

    @property
    def log(self) -> bytes | None:
        """The replay log's bytes (as :func:`islandgames.write_log` wrote them)."""
        return None if self.log_zlib is None else zlib.decompress(self.log_zlib)

    @property
    def key(self) -> tuple[int, int, int]:
        return self.config, self.seed, self.seating

    @property
    def finished(self) -> bool:
        return self.reason is not None

    def replay_log(self) -> ReplayLog:
        """The game's replay log (:func:`islandgames.read_log` of :attr:`log`)."""
        if self.log is None:
            raise LookupError(f"game {self.key} was stored without its log")
        return read_log(self.log)

    def result_wire(self) -> list[Any]:
        """Everything but the log, as plain data (what the results digest covers; the
        seed as hex text)."""
        return [
            self.config,
            f"{self.seed:x}",  # seeds reach 2**256: hex text, as everywhere on the wire
            self.seating,
            list(self.bots),
            self.actions,
            self.reason,
            [[s.seat, s.role, s.bot, s.result, s.score] for s in self.seats],
            self.first_seat,
            self.decided_last,
            self.final_hash,
            self.error,
        ]

    def to_wire(self) -> list[Any]:
        return [*self.result_wire(), self.log_zlib]

    @classmethod
    def from_wire(cls, data: list[Any]) -> GameRecord:
        (config, seed, seating, bots, actions, reason, seats, first, last, final, error, zipped) = (
            data
        )
        return cls(
            config,
            int(seed, 16),
            seating,
            tuple(bots),
            actions,
            reason,
            tuple(SeatRecord(*s) for s in seats),
            first,
            last,
            final,
            error,
            zipped,
        )


def results_digest(records: Iterable[GameRecord]) -> str:
    """blake2b-128 of every record's results (not its log), in key order: equal
    digests, identical results."""
    ordered = sorted(records, key=lambda r: r.key)
    return hashlib.blake2b(
        serde.packb([r.result_wire() for r in ordered]), digest_size=16
    ).hexdigest()
