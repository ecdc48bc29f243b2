"""The results of :class:`~islandgames.service.MatchService` calls, and their wire form.

Each result is a frozen value with ``to_wire`` (the plain data the adapters send: maps,
lists, ints, strings) and ``from_wire`` (the client side: a result from what a server
sent). They live apart from the service so that clients (``islandgames_msgpackrpc``,
``islandgames_grpc``, :mod:`islandgames.service.client`) share them without the
service's machinery, and so that the wire form of every result is in one place.

>>> r = ViewResult("m_1", 0, 3, (1,), False, None, {"hand": []})
>>> ViewResult.from_wire(r.to_wire()) == r
True
>>> ViewResult.from_wire({**r.to_wire(), "added_later": 1}) == r  # a newer server
True
"""

from __future__ import annotations

from typing import Any, TypeVar

import attrs

from ..core import serde
from ..core.game import Outcome
from ..core.log import LogParent

__all__ = [
    "ActResult",
    "Created",
    "Forked",
    "LayoutResult",
    "LegalActions",
    "SeatInfo",
    "SeatToken",
    "StateAtResult",
    "Status",
    "Update",
    "ViewResult",
    "wire_outcome",
]

_R = TypeVar("_R")


def _result_from_wire(cls: type[_R], data: Any) -> _R:
    """A result from its ``to_wire`` form as a server sent it; keys the class does not
    have are ignored (a newer server may send more). :class:`DecodeError` if it is not
    one."""
    if type(data) is dict:
        names = attrs.fields_dict(cls)  # type: ignore[arg-type]
        data = {k: v for k, v in data.items() if k in names}
    return serde.from_wire(data, cls)


@attrs.frozen(slots=True)
class SeatToken:
    """A seat's secret token, given once, at creation. ``bot``: the bot spec the server
    plays the seat with (an AI seat: its token sees as the seat but cannot act), or None
    for a seat a client plays."""

    seat: int
    role: str
    token: str
    bot: str | None = None


@attrs.frozen(slots=True)
class SeatInfo:
    """A seat, its role and, for an AI seat, the ``bot`` spec the server plays it with."""

    seat: int
    role: str
    bot: str | None = None


def _seat_wire(seat: SeatToken | SeatInfo) -> dict[str, Any]:
    """A seat map of a result: ``bot`` only for an AI seat (absent otherwise, so results
    of matches without AI seats keep the form they always had)."""
    out: dict[str, Any] = {"seat": seat.seat, "role": seat.role}
    if isinstance(seat, SeatToken):
        out["token"] = seat.token
    if seat.bot is not None:
        out["bot"] = seat.bot
    return out


@attrs.frozen(slots=True)
class Created:
    """A new match: its id, one token per seat and a spectator token. ``seq`` and
    ``to_act`` are the match's once the AI seats (if any) that were to act at the start
    have played (an all-AI match is over at once)."""

    match_id: str
    game: str
    seats: tuple[SeatToken, ...]
    spectator_token: str
    seed_commitment: str
    seq: int
    to_act: tuple[int, ...]

    def to_wire(self) -> dict[str, Any]:
        return {
            "match_id": self.match_id,
            "game": self.game,
            "seats": [_seat_wire(s) for s in self.seats],
            "spectator_token": self.spectator_token,
            "seed_commitment": self.seed_commitment,
            "seq": self.seq,
            "to_act": list(self.to_act),
        }

    @classmethod
    def from_wire(cls, data: Any) -> Created:
        """The result from its :meth:`to_wire` form (:class:`DecodeError` if not one)."""
        return _result_from_wire(cls, data)


@attrs.frozen(slots=True)
class ActResult:
    """An acknowledged action: it is stored before this is returned. Every field is of
    the caller's action (its entry ``seq``, ``to_act`` after it, ...); in a match with AI
    seats the call returns once the server has played the AI seats to act after it, so
    the match may be further on: :meth:`MatchService.status`, ``view`` and ``watch``
    give the current seq."""

    match_id: str
    seq: int
    seat: int
    to_act: tuple[int, ...]
    over: bool
    outcome: dict[str, Any] | None
    view: Any
    state_hash: str
    chain_hash: str

    def to_wire(self) -> dict[str, Any]:
        return {
            "match_id": self.match_id,
            "seq": self.seq,
            "seat": self.seat,
            "to_act": list(self.to_act),
            "over": self.over,
            "outcome": self.outcome,
            "view": self.view,
            "state_hash": self.state_hash,
            "chain_hash": self.chain_hash,
        }

    @classmethod
    def from_wire(cls, data: Any) -> ActResult:
        """The result from its :meth:`to_wire` form (:class:`DecodeError` if not one)."""
        return _result_from_wire(cls, data)


@attrs.frozen(slots=True)
class ViewResult:
    """What the token's seat (None: spectator) sees at ``seq``."""

    match_id: str
    seat: int | None
    seq: int
    to_act: tuple[int, ...]
    over: bool
    outcome: dict[str, Any] | None
    view: Any

    def to_wire(self) -> dict[str, Any]:
        return {
            "match_id": self.match_id,
            "seat": self.seat,
            "seq": self.seq,
            "to_act": list(self.to_act),
            "over": self.over,
            "outcome": self.outcome,
            "view": self.view,
        }

    @classmethod
    def from_wire(cls, data: Any) -> ViewResult:
        """The result from its :meth:`to_wire` form (:class:`DecodeError` if not one)."""
        return _result_from_wire(cls, data)


@attrs.frozen(slots=True)
class StateAtResult:
    """The match as it was after entry ``seq`` (0: the initial state), as the token may
    see it: ``view`` is the token's seat's view then (a spectator's for a spectator
    token), or, with ``full`` (only once the game is over), ``view`` is None and
    ``state`` is the whole state. ``to_act``, ``over`` and ``outcome`` are those of
    that moment; ``current_seq`` is the match's seq now; ``state_hash`` and
    ``chain_hash`` are the log's after entry ``seq`` (the header's at 0)."""

    match_id: str
    seat: int | None
    seq: int
    current_seq: int
    to_act: tuple[int, ...]
    over: bool
    outcome: dict[str, Any] | None
    full: bool
    view: Any
    state: Any
    state_hash: str
    chain_hash: str

    def to_wire(self) -> dict[str, Any]:
        return {
            "match_id": self.match_id,
            "seat": self.seat,
            "seq": self.seq,
            "current_seq": self.current_seq,
            "to_act": list(self.to_act),
            "over": self.over,
            "outcome": self.outcome,
            "full": self.full,
            "view": self.view,
            "state": self.state,
            "state_hash": self.state_hash,
            "chain_hash": self.chain_hash,
        }

    @classmethod
    def from_wire(cls, data: Any) -> StateAtResult:
        """The result from its :meth:`to_wire` form (:class:`DecodeError` if not one)."""
        return _result_from_wire(cls, data)


@attrs.frozen(slots=True)
class Forked:
    """A new match forked from a finished one after its entry ``seq``: like
    :class:`Created` (new tokens, given once), at ``seq``, with ``parent`` as the fork's
    log header names it (the parent's match id, ``seq`` and chain hash at ``seq``)."""

    match_id: str
    game: str
    seats: tuple[SeatToken, ...]
    spectator_token: str
    seed_commitment: str
    seq: int
    to_act: tuple[int, ...]
    over: bool
    parent: LogParent

    def to_wire(self) -> dict[str, Any]:
        return {
            "match_id": self.match_id,
            "game": self.game,
            "seats": [_seat_wire(s) for s in self.seats],
            "spectator_token": self.spectator_token,
            "seed_commitment": self.seed_commitment,
            "seq": self.seq,
            "to_act": list(self.to_act),
            "over": self.over,
            "parent": {
                "match": self.parent.match,
                "seq": self.parent.seq,
                "chain_hash": self.parent.chain_hash,
            },
        }

    @classmethod
    def from_wire(cls, data: Any) -> Forked:
        """The result from its :meth:`to_wire` form (:class:`DecodeError` if not one)."""
        return _result_from_wire(cls, data)


@attrs.frozen(slots=True)
class LegalActions:
    """The token's seat's legal actions at ``seq`` (none for a spectator)."""

    match_id: str
    seat: int | None
    seq: int
    actions: tuple[Any, ...]

    def to_wire(self) -> dict[str, Any]:
        return {
            "match_id": self.match_id,
            "seat": self.seat,
            "seq": self.seq,
            "actions": list(self.actions),
        }

    @classmethod
    def from_wire(cls, data: Any) -> LegalActions:
        """The result from its :meth:`to_wire` form (:class:`DecodeError` if not one)."""
        return _result_from_wire(cls, data)


@attrs.frozen(slots=True)
class Status:
    """Public facts about a match, and who the token is. ``to_act``: the seats whose
    decision the game waits on; ``may_act``: every seat with at least one legal action
    now, in seat order (``to_act`` and the seats that may interject, such as a Forbidden
    Island special card played out of turn; empty once the game is over), AI seats
    excepted: the server plays those itself (when ``to_act`` lists them, and their
    bots' out-of-turn plays right after each action). ``seats`` names each AI seat's
    ``bot``."""

    match_id: str
    game: str
    rules_version: str
    seat: int | None
    role: str | None
    seats: tuple[SeatInfo, ...]
    seq: int
    to_act: tuple[int, ...]
    over: bool
    outcome: dict[str, Any] | None
    seed_commitment: str
    chain_hash: str
    may_act: tuple[int, ...] = ()

    def to_wire(self) -> dict[str, Any]:
        return {
            "match_id": self.match_id,
            "game": self.game,
            "rules_version": self.rules_version,
            "seat": self.seat,
            "role": self.role,
            "seats": [_seat_wire(s) for s in self.seats],
            "seq": self.seq,
            "to_act": list(self.to_act),
            "over": self.over,
            "outcome": self.outcome,
            "seed_commitment": self.seed_commitment,
            "chain_hash": self.chain_hash,
            "may_act": list(self.may_act),
        }

    @classmethod
    def from_wire(cls, data: Any) -> Status:
        """The result from its :meth:`to_wire` form (:class:`DecodeError` if not one)."""
        return _result_from_wire(cls, data)


@attrs.frozen(slots=True)
class Update:
    """One applied action as a watcher may see it: ``action`` is redacted for the
    watcher's seat (None: hidden from it) and ``view`` is the watcher's new view;
    ``to_act`` and ``may_act`` as :class:`Status` has them, after the action (``to_act``
    may list an AI seat: the server's action for it is the next update)."""

    match_id: str
    seq: int
    seat: int
    action: Any
    view: Any
    to_act: tuple[int, ...]
    over: bool
    outcome: dict[str, Any] | None
    may_act: tuple[int, ...] = ()

    def to_wire(self) -> dict[str, Any]:
        return {
            "match_id": self.match_id,
            "seq": self.seq,
            "seat": self.seat,
            "action": self.action,
            "view": self.view,
            "to_act": list(self.to_act),
            "over": self.over,
            "outcome": self.outcome,
            "may_act": list(self.may_act),
        }

    @classmethod
    def from_wire(cls, data: Any) -> Update:
        """The result from its :meth:`to_wire` form (:class:`DecodeError` if not one)."""
        return _result_from_wire(cls, data)


@attrs.frozen(slots=True)
class LayoutResult:
    """A game's layout (:func:`islandgames.layout`) in wire form, under
    ``rules_version``: for a match (``match_id`` set), with what is fixed for that
    match. ``layout`` is None for a game without one."""

    game: str
    rules_version: str
    match_id: str | None
    layout: Any

    def to_wire(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "rules_version": self.rules_version,
            "match_id": self.match_id,
            "layout": self.layout,
        }

    @classmethod
    def from_wire(cls, data: Any) -> LayoutResult:
        """The result from its :meth:`to_wire` form (:class:`DecodeError` if not one)."""
        return _result_from_wire(cls, data)


def wire_outcome(outcome: Outcome | None) -> dict[str, Any] | None:
    """An outcome as results carry it (None while the game runs)."""
    return None if outcome is None else serde.to_wire(outcome)
