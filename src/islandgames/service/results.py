"""The results of :class:`~islandgames.service.MatchService` calls, and their wire form.

Each result is a frozen value with ``to_wire`` (the plain data the adapters send: maps,
lists, ints, strings) and ``from_wire`` (the client side: a result from what a server
sent). Their fields declare the envelope once (:mod:`islandgames.service.wiretypes`):
protobuf numbers and docs, from which ``match_service.proto``, the gRPC conversions and
the protocol reference are made. They live apart from the service so that clients
(``islandgames_msgpackrpc``, ``islandgames_grpc``, :mod:`islandgames.service.client`)
share them without the service's machinery, and so that the wire form of every result is
in one place.

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
from .wiretypes import (
    ActionValue,
    LayoutValue,
    OutcomeValue,
    StateValue,
    ViewValue,
    external_message,
    to_wire,
    wire_field,
    wire_message,
)

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
    "WatchStarted",
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


@wire_message("SeatToken", "A seat's secret token.")
@attrs.frozen(slots=True)
class SeatToken:
    """A seat's secret token, given once, at creation. ``bot``: the bot spec the server
    plays the seat with (an AI seat: its token sees as the seat but cannot act), or None
    for a seat a client plays."""

    seat: int = wire_field(1)
    role: str = wire_field(2)
    token: str = wire_field(3)
    bot: str | None = wire_field(
        4,
        "Set for an AI seat: the bot the server plays it with (its token sees as the seat "
        "but cannot act: PERMISSION_DENIED).",
        omit_none=True,
        default=None,
    )


@wire_message("SeatInfo")
@attrs.frozen(slots=True)
class SeatInfo:
    """A seat, its role and, for an AI seat, the ``bot`` spec the server plays it with."""

    seat: int = wire_field(1)
    role: str = wire_field(2)
    bot: str | None = wire_field(
        3, "Set for an AI seat: the bot the server plays it with.", omit_none=True, default=None
    )


@wire_message("CreateMatchResponse")
@attrs.frozen(slots=True)
class Created:
    """A new match: its id, one token per seat and a spectator token. ``seq`` and
    ``to_act`` are the match's once the AI seats (if any) that were to act at the start
    have played (an all-AI match is over at once)."""

    match_id: str = wire_field(1)
    game: str = wire_field(2)
    seats: tuple[SeatToken, ...] = wire_field(3, "One token per seat, in seat order.")
    spectator_token: str = wire_field(4)
    seed_commitment: str = wire_field(
        5, 'H("islandgames-seed", seed): checkable once the log reveals the seed.'
    )
    seq: int = wire_field(
        6, "0, or more once the AI seats that were to act at the start have played."
    )
    to_act: tuple[int, ...] = wire_field(7, "The seats the game waits on (after those AI actions).")

    def to_wire(self) -> dict[str, Any]:
        return to_wire(self)

    @classmethod
    def from_wire(cls, data: Any) -> Created:
        """The result from its :meth:`to_wire` form (:class:`DecodeError` if not one)."""
        return _result_from_wire(cls, data)


@wire_message("ActResponse")
@attrs.frozen(slots=True)
class ActResult:
    """An acknowledged action: it is stored before this is returned. Every field is of
    the caller's action (its entry ``seq``, ``to_act`` after it, ...); in a match with AI
    seats the call returns once the server has played the AI seats to act after it, so
    the match may be further on: :meth:`MatchService.status`, ``view`` and ``watch``
    give the current seq."""

    match_id: str = wire_field(1)
    seq: int = wire_field(2, "The seq of the applied action (the number of actions applied now).")
    seat: int = wire_field(3)
    to_act: tuple[int, ...] = wire_field(4)
    over: bool = wire_field(5)
    outcome: OutcomeValue | None = wire_field(6, "Set once the game is over.")
    view: ViewValue = wire_field(7, "The acting seat's new view.")
    state_hash: str = wire_field(8)
    chain_hash: str = wire_field(9)

    def to_wire(self) -> dict[str, Any]:
        return to_wire(self)

    @classmethod
    def from_wire(cls, data: Any) -> ActResult:
        """The result from its :meth:`to_wire` form (:class:`DecodeError` if not one)."""
        return _result_from_wire(cls, data)


@wire_message("GetViewResponse")
@attrs.frozen(slots=True)
class ViewResult:
    """What the token's seat (None: spectator) sees at ``seq``."""

    match_id: str = wire_field(1)
    seat: int | None = wire_field(2, "Unset for a spectator token.")
    seq: int = wire_field(3)
    to_act: tuple[int, ...] = wire_field(4)
    over: bool = wire_field(5)
    outcome: OutcomeValue | None = wire_field(6)
    view: ViewValue = wire_field(7)

    def to_wire(self) -> dict[str, Any]:
        return to_wire(self)

    @classmethod
    def from_wire(cls, data: Any) -> ViewResult:
        """The result from its :meth:`to_wire` form (:class:`DecodeError` if not one)."""
        return _result_from_wire(cls, data)


@wire_message("StateAtResponse")
@attrs.frozen(slots=True)
class StateAtResult:
    """The match as it was after entry ``seq`` (0: the initial state), as the token may
    see it: ``view`` is the token's seat's view then (a spectator's for a spectator
    token), or, with ``full`` (only once the game is over), ``view`` is None and
    ``state`` is the whole state. ``to_act``, ``over`` and ``outcome`` are those of
    that moment; ``current_seq`` is the match's seq now; ``state_hash`` and
    ``chain_hash`` are the log's after entry ``seq`` (the header's at 0)."""

    match_id: str = wire_field(1)
    seat: int | None = wire_field(2, "Unset for a spectator token.")
    seq: int = wire_field(3, "The seq asked for.")
    current_seq: int = wire_field(4, "The match's seq now.")
    to_act: tuple[int, ...] = wire_field(
        5, "Who was to act, and whether the game was over, at `seq`."
    )
    over: bool = wire_field(6)
    outcome: OutcomeValue | None = wire_field(7)
    full: bool = wire_field(8)
    view: ViewValue | None = wire_field(9, "The token's view at `seq`; unset when `full`.")
    state: StateValue | None = wire_field(10, "The whole state at `seq`; set only when `full`.")
    state_hash: str = wire_field(
        11, "The log's state hash and chain hash after entry `seq` (the header's for 0)."
    )
    chain_hash: str = wire_field(12)

    def to_wire(self) -> dict[str, Any]:
        return to_wire(self)

    @classmethod
    def from_wire(cls, data: Any) -> StateAtResult:
        """The result from its :meth:`to_wire` form (:class:`DecodeError` if not one)."""
        return _result_from_wire(cls, data)


@wire_message("ForkResponse")
@attrs.frozen(slots=True)
class Forked:
    """A new match forked from a finished one after its entry ``seq``: like
    :class:`Created` (new tokens, given once), at ``seq``, with ``parent`` as the fork's
    log header names it (the parent's match id, ``seq`` and chain hash at ``seq``)."""

    match_id: str = wire_field(
        1, "The new match, as CreateMatch returns one (its tokens are given only here)."
    )
    game: str = wire_field(2)
    seats: tuple[SeatToken, ...] = wire_field(3)
    spectator_token: str = wire_field(4)
    seed_commitment: str = wire_field(5, "The parent's (a fork keeps the parent's seed).")
    seq: int = wire_field(6, "The fork's seq: the parent's entries it starts with.")
    to_act: tuple[int, ...] = wire_field(7)
    over: bool = wire_field(
        8, "Set when forked at the parent's last entry (the fork is over at once)."
    )
    parent: LogParent = wire_field(9, "As the fork's log header names it.")

    def to_wire(self) -> dict[str, Any]:
        return to_wire(self)

    @classmethod
    def from_wire(cls, data: Any) -> Forked:
        """The result from its :meth:`to_wire` form (:class:`DecodeError` if not one)."""
        return _result_from_wire(cls, data)


@wire_message("ListLegalActionsResponse")
@attrs.frozen(slots=True)
class LegalActions:
    """The token's seat's legal actions at ``seq`` (none for a spectator)."""

    match_id: str = wire_field(1)
    seat: int | None = wire_field(2, "Unset for a spectator token (which has no actions).")
    seq: int = wire_field(3, "Pass it as `expected_seq` to Act.")
    actions: tuple[ActionValue, ...] = wire_field(
        4, "Empty when the seat has nothing to decide now."
    )

    def to_wire(self) -> dict[str, Any]:
        return to_wire(self)

    @classmethod
    def from_wire(cls, data: Any) -> LegalActions:
        """The result from its :meth:`to_wire` form (:class:`DecodeError` if not one)."""
        return _result_from_wire(cls, data)


@wire_message("GetStatusResponse")
@attrs.frozen(slots=True)
class Status:
    """Public facts about a match, and who the token is. ``to_act``: the seats whose
    decision the game waits on; ``may_act``: every seat with at least one legal action
    now, in seat order (``to_act`` and the seats that may interject, such as a Forbidden
    Island special card played out of turn; empty once the game is over), AI seats
    excepted: the server plays those itself (when ``to_act`` lists them, and their
    bots' out-of-turn plays right after each action). ``seats`` names each AI seat's
    ``bot``."""

    match_id: str = wire_field(1)
    game: str = wire_field(2)
    rules_version: str = wire_field(3)
    seat: int | None = wire_field(4, "The token's seat and role; unset for a spectator token.")
    role: str | None = wire_field(5)
    seats: tuple[SeatInfo, ...] = wire_field(6)
    seq: int = wire_field(7)
    to_act: tuple[int, ...] = wire_field(8)
    over: bool = wire_field(9)
    outcome: OutcomeValue | None = wire_field(10)
    seed_commitment: str = wire_field(11)
    chain_hash: str = wire_field(12)
    may_act: tuple[int, ...] = wire_field(
        13,
        "Every seat with at least one legal action now, in seat order: the seats of "
        "`to_act` and any seat that may interject (e.g. play a Forbidden Island special "
        "card out of turn). Empty once the game is over.",
        default=(),
    )

    def to_wire(self) -> dict[str, Any]:
        return to_wire(self)

    @classmethod
    def from_wire(cls, data: Any) -> Status:
        """The result from its :meth:`to_wire` form (:class:`DecodeError` if not one)."""
        return _result_from_wire(cls, data)


@wire_message("Update", "One applied action as the watcher may see it.")
@attrs.frozen(slots=True)
class Update:
    """One applied action as a watcher may see it: ``action`` is redacted for the
    watcher's seat (None: hidden from it) and ``view`` is the watcher's new view;
    ``to_act`` and ``may_act`` as :class:`Status` has them, after the action (``to_act``
    may list an AI seat: the server's action for it is the next update)."""

    match_id: str = wire_field(1)
    seq: int = wire_field(2)
    seat: int = wire_field(3, "The seat that acted.")
    action: ActionValue | None = wire_field(
        4,
        "The action as the watcher may see it; unset: hidden from the watcher (some games "
        "show a partial form instead).",
    )
    view: ViewValue = wire_field(5, "The watcher's view after the action.")
    to_act: tuple[int, ...] = wire_field(6)
    over: bool = wire_field(7)
    outcome: OutcomeValue | None = wire_field(8)
    may_act: tuple[int, ...] = wire_field(
        9,
        "Every seat with at least one legal action after the action (as GetStatus's).",
        default=(),
    )

    def to_wire(self) -> dict[str, Any]:
        return to_wire(self)

    @classmethod
    def from_wire(cls, data: Any) -> Update:
        """The result from its :meth:`to_wire` form (:class:`DecodeError` if not one)."""
        return _result_from_wire(cls, data)


@wire_message("GetLayoutResponse")
@attrs.frozen(slots=True)
class LayoutResult:
    """A game's layout (:func:`islandgames.layout`) in wire form, under
    ``rules_version``: for a match (``match_id`` set), with what is fixed for that
    match. ``layout`` is None for a game without one."""

    game: str = wire_field(1)
    rules_version: str = wire_field(2)
    match_id: str | None = wire_field(3, "Set for GetMatchLayout only.")
    layout: LayoutValue | None = wire_field(
        4,
        'The game\'s layout message (docs/protocol-grpc.md, "Layouts"); unset for a game '
        "that has none.",
    )

    def to_wire(self) -> dict[str, Any]:
        return to_wire(self)

    @classmethod
    def from_wire(cls, data: Any) -> LayoutResult:
        """The result from its :meth:`to_wire` form (:class:`DecodeError` if not one)."""
        return _result_from_wire(cls, data)


@wire_message("WatchStarted")
@attrs.frozen(slots=True)
class WatchStarted:
    """How a watch started: the match, the watcher's seat (None: a spectator), the
    match's seq then (after any catch-up), and whether it is live (False for a
    finished game: only the catch-up follows)."""

    match_id: str = wire_field(1)
    seat: int | None = wire_field(2, "Unset for a spectator token.")
    seq: int = wire_field(
        3,
        "The match's seq when the watch started: catch-up updates (after_seq) have a seq up "
        "to this one, live updates follow it.",
    )
    active: bool = wire_field(4, "False for a finished game: the stream ends after the catch-up.")


external_message(
    LogParent,
    "LogParent",
    'Where a forked log comes from (docs/log-format.md, "Forked logs").',
    {
        "match": (1, 'The parent\'s match id ("" for a log forked in the library).'),
        "seq": (2, "The parent's entry after which the fork goes on."),
        "chain_hash": (3, "The parent's chain hash after entry `seq` (its header chain for 0)."),
    },
)


def wire_outcome(outcome: Outcome | None) -> dict[str, Any] | None:
    """An outcome as results carry it (None while the game runs)."""
    return None if outcome is None else serde.to_wire(outcome)
