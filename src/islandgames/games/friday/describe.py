"""Friday's actions in the game's own words (the definition's ``describe_action``
hook): what ``islandgames play`` lists and the replay viewer shows.

Friday's actions point at cards by their place (``UseAbility(card=2)``: the third card
of the fight); the words name the card there, with its value and ability, and keep the
place in brackets, numbered as the text view numbers it (``[2]``), so that two cards
of the same name stay apart. A card the subject does not show (the cards a sort holds,
to a spectator) is named by its place alone, and marked ``(hidden)``.

>>> from islandgames.games.friday import GAME
>>> from islandgames.games.friday.actions import ChooseHazard
>>> state = GAME.new(3)
>>> words = describe_action(GAME.view(state, 0), 0, ChooseHazard(1))
>>> print(words)  # doctest: +NORMALIZE_WHITESPACE
fight hazard [1] 'With the raft to the wreck': 1 free card, needs 0; if won, take
'Realization' (value 0, destroy 1 card); the other hazard is discarded
"""

from __future__ import annotations

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
from .data import CARDS, DESTROY_COST
from .rules import enemy_value, fight_total, free_left, paid_cost
from .state import Fight, FridayState, PendingSort, PendingTarget
from .view import HIDDEN, FridayView

__all__ = ["describe_action"]

#: the abilities in the rulebook's words
ABILITY_WORDS: dict[str, str] = {
    "life1": "+1 life",
    "life2": "+2 life",
    "cards1": "+1 card",
    "cards2": "+2 cards",
    "destroy": "destroy 1 card",
    "double": "double 1 card",
    "copy": "copy 1 ability",
    "step_minus": "step -1",
    "sort3": "sort 3 cards",
    "exchange1": "exchange 1 card",
    "exchange2": "exchange 2 cards",
    "below": "1 card below the pile",
    "stop": "stop",
    "highest_zero": "the highest card counts 0",
    "life_minus1": "-1 life",
    "life_minus2": "-2 life",
}
_PIRATE_RULE = {
    "cost2": "each extra card costs 2 life",
    "half": "only half the cards count",
    "plus1": "+1 per face-up card",
    "aging": "2 per aging card gone from the aging stack",
    "all": "every undefeated hazard at once",
}
#: a fight's cards read outside a fight (no such action is legal then)
_NO_FIGHT = Fight(enemy=0, allowance=0)
_TARGET = {
    "destroy": "destroy {}",
    "double": "double {}",
    "exchange1": "exchange {} for the next card of the stack",
    "exchange2": "exchange {} for the next card of the stack",
    "below": "put {} below the pile",
    "copy": "copy the ability of {}",
}


def card_words(card: int) -> str:
    """A card's fighting side: ``'Strategy' (value 0, exchange 2 cards)``."""
    if card == HIDDEN:
        return "a face-down card (hidden)"
    c = CARDS[card]
    ability = f", {ABILITY_WORDS.get(c.ability, c.ability)}" if c.ability else ""
    return f"'{c.name.capitalize()}' (value {c.value}{ability})"


def _hazard(card: int, step: int) -> str:
    c = CARDS[card]
    free = c.free or 0
    need = c.hazard_values[min(step, 2)]
    return (
        f"'{c.hazard}': {free} free card{'' if free == 1 else 's'}, needs {need}; "
        f"if won, take {card_words(card)}"
    )


def _pirate(card: int) -> str:
    c = CARDS[card]
    free = "*" if c.free is None else str(c.free)
    value = "*" if c.pirate_value is None else str(c.pirate_value)
    rule = f"; {_PIRATE_RULE.get(c.pirate_rule, c.pirate_rule)}" if c.pirate_rule else ""
    return f"the pirate {free}/{value} ({free} free cards, needs {value}{rule})"


def _fight_card(fight: Fight, i: int) -> str:
    if not 0 <= i < len(fight.cards):
        return f"fight card [{i}]"
    return f"[{i}] {card_words(fight.cards[i].card)}"


def _held(fight: Fight, i: int) -> str:
    p = fight.pending
    looked = p.looked if isinstance(p, PendingSort) else ()
    if not 0 <= i < len(looked):
        return f"held card [{i}]"
    if looked[i] == HIDDEN:  # a spectator does not see the cards a sort holds
        return f"held card [{i}] (hidden)"
    return f"held card [{i}] {card_words(looked[i])}"


def _figures(subject: FridayState | FridayView) -> tuple[Fight | None, int, int, int, int]:
    """The fight, its total, the value to reach, free draws left and the life an extra
    card costs, as the view shows them (or the rules compute them from a state)."""
    if isinstance(subject, FridayView):
        f = subject.fight
        if f is None:
            return None, 0, 0, 0, 0
        return f.fight, f.total, f.hazard_value, f.free_left, f.paid_cost
    fight = subject.fight
    if fight is None:
        return None, 0, 0, 0, 0
    total, value = fight_total(subject), enemy_value(subject)
    return fight, total, value, free_left(fight), paid_cost(subject)


def describe_action(subject: FridayState | FridayView, seat: int, action: Action) -> str:
    """``action`` of Robinson in words, as ``subject`` (the state, Robinson's view or
    a spectator's) shows the table before it."""
    fight, total, value, free, cost = _figures(subject)
    if isinstance(action, ChooseHazard):
        offer = subject.offer
        if not 0 <= action.index < len(offer):
            return f"fight hazard [{action.index}]"
        other = "; the other hazard is discarded" if len(offer) > 1 else ""
        return f"fight hazard [{action.index}] {_hazard(offer[action.index], subject.step)}" + other
    if isinstance(action, SkipHazard):
        last = f" {CARDS[subject.offer[0]].hazard!r}" if subject.offer else ""
        return f"skip the last hazard{last}: it goes to the hazard discard pile"
    if isinstance(action, ChoosePirate):
        pirates = subject.pirates
        if not 0 <= action.index < len(pirates):
            return f"fight pirate [{action.index}] first"
        return f"fight pirate [{action.index}] first: {_pirate(pirates[action.index])}"
    if isinstance(action, DrawFree):
        return f"draw a free card ({free} free draw{'' if free == 1 else 's'} left)"
    if isinstance(action, DrawPaid):
        return f"pay {cost} life for an extra card"
    if isinstance(action, ResolveFight):
        if total >= value:
            outcome = "won"
        elif fight is not None and CARDS[fight.enemy].kind == "pirate":
            outcome = "lost: a lost pirate fight loses the game"
        else:
            outcome = f"lost: {value - total} life to pay"
        return f"stop drawing and fight: total {total} against {value} ({outcome})"
    if fight is None:
        fight = _NO_FIGHT
    if isinstance(action, UseAbility):
        return f"use the ability of {_fight_card(fight, action.card)}"
    if isinstance(action, ChooseTarget):
        p = fight.pending
        how = _TARGET.get(p.ability, "choose {}") if isinstance(p, PendingTarget) else "choose {}"
        return how.format(_fight_card(fight, action.card))
    if isinstance(action, SortLook):
        return "sort: look at the next card of the stack"
    if isinstance(action, SortDiscard):
        return f"sort: put {_held(fight, action.index)} on the discard pile"
    if isinstance(action, SortReturn):
        return f"sort: put {_held(fight, action.index)} back on top of the stack"
    if isinstance(action, Replace):
        return "draw a replacement card" if action.draw else "draw no replacement card"
    if isinstance(action, DestroyCard):
        i = action.index
        cost_ = DESTROY_COST[fight.cards[i].card] if 0 <= i < len(fight.cards) else 1
        return f"destroy {_fight_card(fight, i)} for {cost_} of the {fight.budget} life lost"
    if isinstance(action, FinishDestroying):
        return "stop destroying: the fight cards go to the discard pile"
    raise TypeError(f"not a friday action: {action!r}")
