"""A rule-of-thumb Friday player that sees only Robinson's view.

Its judgement rests on one utility: what the life points left are worth (each point
more the fewer remain; death is -100), plus a bonus for a hazard beaten (its
knowledge card) and for bad cards destroyed after a loss. With that it

* fights the hazard whose value in the next step is higher (the one left behind comes
  back harder), unless the fight now looks much worse; in the red step, the better
  outlook; the lone last hazard is skipped when fighting it looks worse than that;
* draws free cards while short, then pays for extra cards while a small dynamic
  programme over the values left in its stack says the expected utility beats
  resolving now (against a pirate it always pays: losing there loses the game);
* uses abilities that help (draws, double, destroying or swapping out bad cards);
* spends a lost fight's life on destroying its worst cards.

Win rates are in docs/friday.md (about 11% at level 1 against 0% for random play).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...bots import win_chance
from ...core.game import Game
from ...core.rng import Rng
from .actions import (
    Action,
    ChooseHazard,
    ChoosePirate,
    ChooseTarget,
    DestroyCard,
    DrawFree,
    DrawPaid,
    FinishDestroying,
    Replace,
    ResolveFight,
    SkipHazard,
    SortDiscard,
    SortLook,
    SortReturn,
    UseAbility,
)
from .data import (
    ABILITY,
    CARDS,
    HAZARD_FREE,
    HAZARD_VALUES,
    IS_AGING,
    LIFE_LOSS,
    VALUE,
)
from .state import FightCard, PendingSort, PendingTarget
from .view import HIDDEN, FridayView

__all__ = ["HeuristicBot", "card_worth"]

#: stands in for a normal aging card the player cannot identify ("stupid", -2)
_TYPICAL_AGING = next(c.id for c in CARDS if c.name == "stupid")

# How much an ability adds to a card's long-term worth in Robinson's deck.
_ABILITY_WORTH: dict[str | None, float] = {
    None: 0.0,
    "life1": 0.5,
    "life2": 1.0,
    "cards1": 1.0,
    "cards2": 1.5,
    "destroy": 1.2,
    "double": 1.2,
    "copy": 0.8,
    "step_minus": 0.8,
    "sort3": 0.6,
    "exchange1": 0.8,
    "exchange2": 1.2,
    "below": 0.5,
    "stop": -2.0,
    "highest_zero": -2.5,
    "life_minus1": -1.5,
    "life_minus2": -2.5,
}

# Preferred copy targets, best first.
_COPY_ORDER = (
    "cards2",
    "double",
    "cards1",
    "step_minus",
    "destroy",
    "exchange2",
    "exchange1",
    "life2",
    "life1",
    "below",
    "sort3",
)

# Tuning (measured over seeded games, see docs/friday.md):
#: weight of the next-step value of the hazard left behind
_FUTURE = 8.0
#: what a life point is worth: _LIFE_BASE + _LIFE_LOW / (life + 2)
_LIFE_BASE = 1.0
_LIFE_LOW = 6.0
#: the worth of an average good card: destroying a worse one gains the difference
_DECK_TARGET = 1.5
#: after a lost fight, cards worth less than this are destroyed
_KEEP = 1.0
#: a card is swapped out (exchange, below) when its value is below a draw's mean - _SWAP
_SWAP = -0.5
#: utility of beating a pirate, and of dying
_PIRATE_WIN = 50.0
_DEATH = -100.0
#: cost of drawing one more card (the deck cycles faster, aging cards come sooner)
_CYCLE = 0.2
#: at most this many extra cards are planned against a hazard
_MAX_PAID = 6


def card_worth(card: int) -> float:
    """A card's long-term worth in Robinson's deck (value plus ability)."""
    return VALUE[card] + _ABILITY_WORTH[ABILITY[card]] - (0.5 if IS_AGING[card] else 0.0)


def _life_table() -> tuple[float, ...]:
    out = [0.0]
    for life in range(1, 64):
        out.append(out[-1] + _LIFE_BASE + _LIFE_LOW / (life + 2))
    return tuple(out)


_LIFE_VALUE = _life_table()


def _life_value(life: int) -> float:
    """What having ``life`` points is worth (death below 0)."""
    return _DEATH if life < 0 else _LIFE_VALUE[life]


class HeuristicBot:
    """Plays Friday by the rules of thumb above; deterministic (ignores its RNG)."""

    name = "heuristic"

    def choose(
        self, game: Game[Any, Any, Any, Any], view: Any, legal: Sequence[Any], rng: Rng
    ) -> tuple[Any, Rng]:
        return _decide(view, tuple(legal)), rng

    def evaluate(self, game: Game[Any, Any, Any, Any], view: Any) -> float:
        """The chance that this bot wins from ``view``, by a logistic model of
        :func:`value_features` fitted to its own games (``bench/fit_values.py``): what
        a search bot (``mcts``) scores a rollout it cuts short."""
        v: FridayView = view
        if v.result is not None:
            return 1.0 if v.result == "won" else 0.0
        return win_chance(VALUE_WEIGHTS, value_features(v))


#: the names of :func:`value_features`, in order
VALUE_FEATURES = (
    "bias", "life", "low_life", "step1", "step2", "pirates", "hazards_left", "own_cards",
    "own_value", "strong", "weak", "aging", "ability", "destroyed", "pirate_value",
    "fight_need", "fight_free", "max_life",
)  # fmt: skip

#: the weights of the win-chance model: ``python bench/fit_values.py friday`` (3,000
#: heuristic games at level 1, 462,006 decisions; held-out log-loss 0.326, a constant
#: 0.457)
VALUE_WEIGHTS: tuple[float, ...] = (
    -13.3073, 3.6357, 1.6909, -3.0767, -3.5932, 2.2214, 1.2878, -0.3187, 1.3629,
    -0.3885, -0.2935, 0.3994, 0.9991, 3.8518, -0.4592, -0.3892, 0.5882, -0.0000,
)  # fmt: skip


def value_features(v: FridayView) -> tuple[float, ...]:
    """What the win-chance model reads off Robinson's table (see VALUE_FEATURES)."""
    own = list(v.stack_cards) + list(v.discard)
    fv = v.fight
    need = free = 0.0
    if fv is not None:
        own += [c.card for c in fv.fight.cards]
        if isinstance(fv.fight.pending, PendingSort):
            own += list(fv.fight.pending.looked)
        need = float(fv.hazard_value - fv.total)
        free = float(fv.free_left)
    known = [c for c in own if c != HIDDEN]
    values = [VALUE[c] for c in known]
    hidden = len(own) - len(known)
    pirates = sum(
        CARDS[p].pirate_value or 30
        for p, beaten in zip(v.pirates, v.pirates_defeated, strict=True)
        if not beaten
    )
    return (
        1.0,
        v.life / 10,
        min(v.life, 4) / 4,
        float(v.step == 1),
        float(v.step >= 2),
        float(v.step >= 3),
        (v.hazard_stack_size + len(v.offer)) / 10,
        len(own) / 10,
        sum(values) / 10,
        sum(1 for x in values if x >= 2) / 5,
        sum(1 for x in values if x <= -1) / 5,
        (sum(1 for c in known if IS_AGING[c]) + hidden) / 5,
        sum(card_worth(c) - VALUE[c] for c in known) / 5,
        len(v.destroyed) / 10,
        pirates / 50,
        need / 10,
        free / 5,
        v.max_life / 20,
    )


def _decide(v: FridayView, legal: tuple[Action, ...]) -> Action:
    first = legal[0]
    if isinstance(first, ChooseHazard):
        return _choose_hazard(v, legal)
    if isinstance(first, ChoosePirate):
        return _choose_pirate(v, legal)
    if isinstance(first, DestroyCard | FinishDestroying):
        return _destroy(v, legal)
    fv = v.fight
    assert fv is not None
    pending = fv.fight.pending
    if isinstance(pending, PendingTarget):
        return _target(v, legal, pending)
    if isinstance(pending, PendingSort):
        return _sort(legal, pending)
    if isinstance(first, Replace):
        return Replace(_mean(_pool(v)) > -0.2)
    return _fight(v, legal)


# --- the model ------------------------------------------------------------------------


def _pool(v: FridayView) -> tuple[int, ...]:
    """The cards the next draws come from, as far as the player can tell."""
    # a face-down aging card (levels 2-4, shown as HIDDEN) counts as a typical normal one
    if v.stack_cards:
        return tuple(_TYPICAL_AGING if c == HIDDEN else c for c in v.stack_cards)
    nxt = tuple(_TYPICAL_AGING if c == HIDDEN else c for c in v.aging_stack_cards[:1])
    return v.discard + nxt


def _mean(cards: Sequence[int]) -> float:
    return sum(VALUE[c] for c in cards) / len(cards) if cards else 0.0


def _histogram(cards: Sequence[int]) -> tuple[tuple[int, float], ...]:
    counts: dict[int, int] = {}
    for c in cards:
        counts[VALUE[c]] = counts.get(VALUE[c], 0) + 1
    n = len(cards)
    return tuple((value, k / n) for value, k in sorted(counts.items()))


def _destroy_gain(cards: Sequence[int], budget: int) -> float:
    """What destroying the worst of ``cards`` with ``budget`` life points gains."""
    gain = 0.0
    for c in sorted(cards, key=card_worth):
        gain_c = 0.8 * (_DECK_TARGET - card_worth(c))
        cost = 2 if IS_AGING[c] else 1
        if gain_c <= 0 or cost > budget:
            continue
        gain += gain_c
        budget -= cost
    return gain


class _Plan:
    """Expected utility of a fight from here, drawing optimally from a value histogram
    (draws treated as independent; abilities ignored)."""

    def __init__(
        self,
        enemy: int,
        cards: Sequence[int],
        hist: tuple[tuple[int, float], ...],
        cost: int,
        aging_loss: int,
    ) -> None:
        self.pirate = CARDS[enemy].kind == "pirate"
        self.win = _PIRATE_WIN if self.pirate else 2.0 + 0.8 * card_worth(enemy)
        self.cards = cards
        self.hist = hist
        self.cost = cost
        self.aging_loss = aging_loss
        self.memo: dict[tuple[int, int, int, int], float] = {}
        self.gains: dict[int, float] = {}  # _destroy_gain(cards, budget) by budget

    def stop(self, need: int, life: int) -> float:
        life -= self.aging_loss
        if need <= 0:
            return self.win + _life_value(life)
        if self.pirate or life < need:
            return _DEATH
        gain = self.gains.get(need)
        if gain is None:
            gain = self.gains[need] = _destroy_gain(self.cards, need)
        return _life_value(life - need) + gain

    def draw(self, need: int, free: int, life: int, paid: int) -> float:
        """Expected utility of drawing one more card now (free if any is left)."""
        if not self.hist:
            return _DEATH
        if free > 0:
            free -= 1
        elif life >= self.cost and (self.pirate or paid < _MAX_PAID):
            life -= self.cost
            paid += 1
        else:
            return _DEATH * 2
        best = self.best
        total = 0.0
        for x, p in self.hist:  # the same sum, in the same order, as sum() would take
            total += p * best(need - x, free, life, paid)
        return total - _CYCLE

    def best(self, need: int, free: int, life: int, paid: int) -> float:
        if need <= 0:
            return self.stop(need, life)
        key = (need, free, life, paid)
        got = self.memo.get(key)
        if got is None:
            s = self.stop(need, life)
            d = self.draw(need, free, life, paid)
            got = self.memo[key] = s if s >= d else d
        return got


# --- decisions --------------------------------------------------------------------------


def _choose_hazard(v: FridayView, legal: tuple[Action, ...]) -> Action:
    hist = _histogram(_pool(v))
    outlook = []
    for h in v.offer:
        plan = _Plan(h, (), hist, 1, 0)
        need = HAZARD_VALUES[h][v.step]
        outlook.append(plan.best(need, HAZARD_FREE[h], v.life, 0))
    if len(v.offer) == 1:
        # Skipping keeps the life; the hazard comes back in the next step.
        skip = _life_value(v.life) - _left_behind(v, v.offer[0]) - 0.3
        return legal[0] if outlook[0] >= skip else SkipHazard()
    scores = [outlook[i] - _left_behind(v, v.offer[1 - i]) for i in range(2)]
    return legal[0 if scores[0] >= scores[1] else 1]


def _left_behind(v: FridayView, hazard: int) -> float:
    """What leaving ``hazard`` undefeated costs: it returns a step later, harder."""
    if v.step >= 2:
        return 0.0
    return _FUTURE * HAZARD_VALUES[hazard][v.step + 1]


def _choose_pirate(v: FridayView, legal: tuple[Action, ...]) -> Action:
    # Fight the pirate with the most free cards per point first.
    def ease(a: Action) -> float:
        assert isinstance(a, ChoosePirate)
        card = CARDS[v.pirates[a.index]]
        value = card.pirate_value if card.pirate_value is not None else 30
        return (card.free or 0) * 2.0 - value

    return max(legal, key=ease)


def _destroy(v: FridayView, legal: tuple[Action, ...]) -> Action:
    fv = v.fight
    assert fv is not None
    cards = fv.fight.cards
    options = [a for a in legal if isinstance(a, DestroyCard)]
    if options:
        worst = min(options, key=lambda a: card_worth(cards[a.index].card))
        if card_worth(cards[worst.index].card) < _KEEP:
            return worst
    return FinishDestroying()


def _target(v: FridayView, legal: tuple[Action, ...], pending: PendingTarget) -> Action:
    fv = v.fight
    assert fv is not None
    cards = fv.fight.cards
    js = [a.card for a in legal if isinstance(a, ChooseTarget)]
    ability = pending.ability
    if ability == "double":
        j = max(js, key=lambda j: VALUE[cards[j].card])
    elif ability == "copy":
        j = min(js, key=lambda j: _copy_rank(ABILITY[cards[j].card]))
    elif ability == "destroy":
        j = min(js, key=lambda j: card_worth(cards[j].card))
    else:  # exchange / below: the card that helps least now
        j = min(js, key=lambda j: (VALUE[cards[j].card], card_worth(cards[j].card)))
    return ChooseTarget(j)


def _copy_rank(ability: str | None) -> int:
    return _COPY_ORDER.index(ability) if ability in _COPY_ORDER else len(_COPY_ORDER)


def _sort(legal: tuple[Action, ...], pending: PendingSort) -> Action:
    looked = pending.looked
    if SortLook() in legal:
        return SortLook()
    discards = [a for a in legal if isinstance(a, SortDiscard)]
    if discards:
        worst = min(discards, key=lambda a: card_worth(looked[a.index]))
        if card_worth(looked[worst.index]) < 0:
            return worst
    # Return the worst first: the last returned is the next card drawn.
    returns = [a for a in legal if isinstance(a, SortReturn)]
    return min(returns, key=lambda a: VALUE[looked[a.index]])


def _fight(v: FridayView, legal: tuple[Action, ...]) -> Action:
    fv = v.fight
    assert fv is not None
    cards = fv.fight.cards
    need = fv.hazard_value - fv.total
    pool = _pool(v)
    mean = _mean(pool)
    for a in legal:
        if isinstance(a, UseAbility) and _worth_using(v, cards, a.card, need, mean):
            return a
    if need > 0 and DrawFree() in legal:
        return DrawFree()
    if need > 0 and DrawPaid() in legal and CARDS[fv.fight.enemy].kind == "pirate":
        # A lost pirate fight loses the game: every card is worth its life.
        return DrawPaid()
    if need > 0 and DrawPaid() in legal:
        # Free cards are used up: plan the extra ones.
        plan = _Plan(
            fv.fight.enemy,
            [c.card for c in cards],
            _histogram(pool),
            fv.paid_cost,
            sum(LIFE_LOSS[c.card] for c in cards),
        )
        if v.stack_top:  # the next card is known: its draw is certain, later ones are not
            life = v.life - fv.paid_cost
            draw = plan.best(need - VALUE[v.stack_top[0]], 0, life, 1) - _CYCLE
        else:
            draw = plan.draw(need, 0, v.life, 0)
        if draw > plan.stop(need, v.life):
            return DrawPaid()
    if ResolveFight() in legal:
        return ResolveFight()
    return legal[0]


def _worth_using(v: FridayView, cards: Sequence[FightCard], j: int, need: int, mean: float) -> bool:
    ability = ABILITY[cards[j].card]
    others = [k for k in range(len(cards)) if k != j]
    if ability in ("life1", "life2"):
        return v.life < v.max_life
    if ability in ("cards1", "cards2", "step_minus", "sort3"):
        return need > 0
    if ability == "double":
        return need > 0 and any(VALUE[cards[k].card] > 0 and not cards[k].doubled for k in others)
    if ability == "destroy":
        return any(card_worth(cards[k].card) < 0 for k in others)
    if ability in ("exchange1", "exchange2", "below"):
        # With an empty stack the card would come straight back (below) or force a
        # reshuffle with an aging card (exchange).
        return (
            need > 0
            and v.stack_size > 0
            and any(VALUE[cards[k].card] < mean - _SWAP for k in others)
        )
    if ability == "copy":
        return need > 0
    return False
