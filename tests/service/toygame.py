"""A small test game that has everything the service must handle generically.

"Sealed bids" (id ``toy-bids``): 2-4 seats, a shuffled deck (chance, hidden order),
private hands (hidden information), and every round all seats bid a card at the same time
(simultaneous, hidden until all bids are in). Then, in seat order, everybody draws a card
(a public action with a private effect). The highest bid of a round scores a point.

Card names are unique strings (``k00``..``k39``) so a test can search any response for a
card that the receiver must not know. :func:`register` adds the game to the registry and
:func:`unregister` removes it again (the tests of this folder do so around each test, so
the rest of the suite never sees it); ``toygame_plugin`` registers it in a server process
(``--import toygame_plugin``).
"""

from __future__ import annotations

from typing import Any, Literal

import attrs

from islandgames.core import registry, serde
from islandgames.core.errors import InvalidConfigError
from islandgames.core.game import Game, GameInfo, Outcome, Seat, SeatResult
from islandgames.core.rng import Rng

DECK: tuple[str, ...] = tuple(f"k{i:02d}" for i in range(40))
GAME_ID = "toy-bids"


def value(card: str) -> int:
    return int(card[1:])


@attrs.frozen(slots=True)
class ToyConfig:
    seats: int = 2
    rounds: int = 3


@attrs.frozen(slots=True)
class ToyState:
    seats: int
    rounds: int
    round: int
    phase: Literal["bid", "draw", "over"]
    deck: tuple[str, ...]
    hands: tuple[tuple[str, ...], ...]
    bids: tuple[str | None, ...]
    revealed: tuple[tuple[str, ...], ...]
    scores: tuple[int, ...]
    turn: int
    rng: Rng


@attrs.frozen(slots=True)
class Bid:
    card: str


@attrs.frozen(slots=True)
class Draw:
    pass


Action = Bid | Draw
serde.register_union(Action)


@attrs.frozen(slots=True)
class ToyView:
    seat: int | None
    round: int
    phase: str
    hand: tuple[str, ...]
    hand_sizes: tuple[int, ...]
    deck_size: int
    has_bid: tuple[bool, ...]
    my_bid: str | None
    revealed: tuple[tuple[str, ...], ...]
    scores: tuple[int, ...]
    turn: int


INFO = GameInfo(
    id=GAME_ID,
    title="Sealed bids (test game)",
    rules_version="1",
    min_seats=2,
    max_seats=4,
    roles=("bidder",),
    chance=True,
    hidden_information=True,
    simultaneous=True,
    default_config=ToyConfig(),
    summary="A test game: secret simultaneous bids from private hands.",
)


class ToyGame(Game[ToyState, Any, ToyView, ToyConfig]):
    info = INFO
    state_type = ToyState
    action_type = Action
    view_type = ToyView
    config_type = ToyConfig

    def check_config(self, config: ToyConfig) -> None:
        if not 2 <= config.seats <= 4:
            raise InvalidConfigError(f"seats must be 2..4, got {config.seats}")
        if not 1 <= config.rounds <= 8:
            raise InvalidConfigError(f"rounds must be 1..8, got {config.rounds}")

    def _new(self, rng: Rng, config: ToyConfig) -> ToyState:
        deck, rng = rng.shuffle(DECK)
        n = config.seats
        hands = tuple(tuple(sorted(deck[2 * i : 2 * i + 2])) for i in range(n))
        return ToyState(
            seats=n,
            rounds=config.rounds,
            round=1,
            phase="bid",
            deck=deck[2 * n :],
            hands=hands,
            bids=(None,) * n,
            revealed=(),
            scores=(0,) * n,
            turn=0,
            rng=rng,
        )

    def seat_count(self, state: ToyState) -> int:
        return state.seats

    def role(self, state: ToyState, seat: Seat) -> str:
        return "bidder"

    def to_act(self, state: ToyState) -> tuple[Seat, ...]:
        if state.phase == "bid":
            return tuple(s for s in range(state.seats) if state.bids[s] is None)
        if state.phase == "draw":
            return (state.turn,)
        return ()

    def legal_actions(self, state: ToyState, seat: Seat) -> tuple[Any, ...]:
        if state.phase == "bid" and 0 <= seat < state.seats and state.bids[seat] is None:
            return tuple(Bid(c) for c in state.hands[seat])
        if state.phase == "draw" and seat == state.turn:
            return (Draw(),)
        return ()

    def _apply(self, state: ToyState, seat: Seat, action: Any) -> ToyState:
        if isinstance(action, Bid):
            hands = list(state.hands)
            hands[seat] = tuple(c for c in hands[seat] if c != action.card)
            bids = list(state.bids)
            bids[seat] = action.card
            state = attrs.evolve(state, hands=tuple(hands), bids=tuple(bids))
            if any(b is None for b in bids):
                return state
            shown = tuple(b for b in bids if b is not None)
            top = max(value(c) for c in shown)
            scores = tuple(
                sc + (1 if value(c) == top else 0)
                for sc, c in zip(state.scores, shown, strict=True)
            )
            last = state.round == state.rounds
            return attrs.evolve(
                state,
                bids=(None,) * state.seats,
                revealed=(*state.revealed, shown),
                scores=scores,
                phase="over" if last else "draw",
                turn=0,
            )
        hands = list(state.hands)
        hands[seat] = tuple(sorted((*hands[seat], state.deck[0])))
        turn = state.turn + 1
        if turn < state.seats:
            return attrs.evolve(state, hands=tuple(hands), deck=state.deck[1:], turn=turn)
        return attrs.evolve(
            state,
            hands=tuple(hands),
            deck=state.deck[1:],
            turn=0,
            phase="bid",
            round=state.round + 1,
        )

    def view(self, state: ToyState, seat: Seat | None) -> ToyView:
        return ToyView(
            seat=seat,
            round=state.round,
            phase=state.phase,
            hand=state.hands[seat] if seat is not None else (),
            hand_sizes=tuple(len(h) for h in state.hands),
            deck_size=len(state.deck),
            has_bid=tuple(b is not None for b in state.bids),
            my_bid=state.bids[seat] if seat is not None else None,
            revealed=state.revealed,
            scores=state.scores,
            turn=state.turn,
        )

    def outcome(self, state: ToyState) -> Outcome | None:
        if state.phase != "over":
            return None
        top = max(state.scores)
        winners = [s for s in range(state.seats) if state.scores[s] == top]
        results = tuple(
            SeatResult(
                s,
                "bidder",
                ("win" if len(winners) == 1 else "draw") if s in winners else "loss",
                state.scores[s],
            )
            for s in range(state.seats)
        )
        return Outcome(results, "all rounds played")

    def resample_hidden(self, state: ToyState, seat: Seat | None, rng: Rng) -> ToyState:
        others = [s for s in range(state.seats) if s != seat]
        pool = [*state.deck]
        for s in others:
            pool.extend(state.hands[s])
            b = state.bids[s]
            if b is not None:
                pool.append(b)
        shuffled, rng = rng.shuffle(pool)
        it = iter(shuffled)
        hands = list(state.hands)
        bids = list(state.bids)
        for s in others:
            hands[s] = tuple(sorted(next(it) for _ in hands[s]))
            if bids[s] is not None:
                bids[s] = next(it)
        deck = tuple(it)
        key, rng = rng.u64()
        return attrs.evolve(
            state,
            deck=deck,
            hands=tuple(hands),
            bids=tuple(bids),
            rng=Rng.from_seed(key),
        )

    def redact_action(
        self, before: ToyState, seat: Seat, action: Any, viewer: Seat | None, now: ToyState
    ) -> Any:
        if isinstance(action, Bid) and viewer != seat and len(now.revealed) < before.round:
            return None
        return action


GAME = ToyGame()


def register() -> None:
    registry.register_game(GAME_ID, __name__, replace=True)  # GAME from this module


def unregister() -> None:
    registry.unregister_game(GAME_ID)


def secrets_hidden_from(state: ToyState, seat: Seat | None) -> set[str]:
    """The cards ``seat`` must not learn from anything it receives now: the deck, the
    other hands and the other seats' pending bids."""
    hidden = set(state.deck)
    for s in range(state.seats):
        if s != seat:
            hidden.update(state.hands[s])
            b = state.bids[s]
            if b is not None:
                hidden.add(b)
    return hidden
