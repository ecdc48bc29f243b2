"""Not Alone's actions in the game's own words (the definition's ``describe_action``
hook): what ``islandgames play`` lists and the replay viewer shows.

Places and Place cards by their printed names and numbers (``the Jungle (2)``), Hunt
and Survival cards by their titles, the Hunted by seat. A card the action hides from
its reader (a per-seat log shows it as 0, or ``""`` for a Survival card: see
:func:`~.view.redact_action`) reads as hidden, never as a place: the words come from
the action and the public table alone, the same from a state as from any view.

>>> from islandgames.games.not_alone import GAME
>>> from islandgames.games.not_alone.actions import Explore, PlayHunt
>>> state = GAME.new(1)
>>> describe_action(state, 1, Explore((2,)))
'explore: play the Jungle (2) face down'
>>> describe_action(GAME.view(state, 0), 1, Explore((0,)))
'explore: play a Place card face down (hidden)'
>>> describe_action(state, 0, PlayHunt("cataclysm", places=(4,)))
'play Cataclysm on the Beach (4): its power is ineffective this turn'
"""

from __future__ import annotations

from .actions import (
    Action,
    Conceal,
    Discard,
    DiscardSurvival,
    Explore,
    Forgo,
    GiveUp,
    Keep,
    KeepSurvival,
    LoseWill,
    Pass,
    PlaceToken,
    PlayHunt,
    PlaySurvival,
    Resist,
    RiverKeep,
    TakeBack,
    UsePower,
)
from .data import HUNT, PLACES, SURVIVAL
from .state import NotAloneState
from .view import NotAloneView

__all__ = ["describe_action"]

Subject = NotAloneState | NotAloneView

_PLACE = {p.number: p.title.removeprefix("The ") for p in PLACES}
_TOKEN = {
    "creature": "the Creature token",
    "artemia": "the Artemia token",
    "target": "the Target token",
}
#: what Pass means in each step
_PASS = {
    "creature_window": "pass: play no Hunt card now",
    "hunt": "end the Hunting",
    "prepare": "pass: no Vortex before the reveal",
    "hunted_window": "pass: play no Survival card now",
}
#: why Place cards are discarded, by step
_DISCARD_WHY = {
    "forbidden_zone": "Forbidden Zone",
    "scream": "Scream",
    "artemia": "the Artemia token",
}


def place(n: int) -> str:
    """``the Jungle (2)``; 0 (a card hidden from the reader): ``a Place card (hidden)``."""
    if n == 0:
        return "a Place card (hidden)"
    return f"the {_PLACE[n]} ({n})" if n in _PLACE else f"place {n}"


def _and(parts: list[str]) -> str:
    if not parts:
        return "nothing"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def places(cards: tuple[int, ...]) -> str:
    """Place cards in words; the hidden ones (0) counted together."""
    hidden = sum(1 for c in cards if c == 0)
    shown = [place(c) for c in cards if c != 0]
    if hidden:
        shown.append("a Place card (hidden)" if hidden == 1 else f"{hidden} Place cards (hidden)")
    return _and(shown)


def _effect(text: str) -> str:
    """A card's text as a clause: ``regain 1 Will``."""
    text = text.rstrip(".")
    return text[:1].lower() + text[1:]


def _survival(card: str) -> str:
    if not card:
        return "a Survival card (hidden)"
    c = SURVIVAL.get(card)
    return c.title if c is not None else card


def _hunt(card: str) -> str:
    c = HUNT.get(card)
    return c.title if c is not None else card


def _creature(s: Subject) -> int:
    return s.creature_seat if isinstance(s, NotAloneView) else s.config.creature_seat


def _play_hunt(s: Subject, a: PlayHunt) -> str:
    card = a.card
    head = f"play {_hunt(card)}"
    if card == "flashback" and s.hunt_discard:
        card = s.hunt_discard[-1]  # E17: it copies the top of the Hunt discard pile
        head += f" as {_hunt(card)}"
    who = f"seat {a.seat}"
    if card == "anticipation":
        return f"{head}, naming {who}: if the Creature token catches them, Assimilation +1"
    if card == "ascendancy":
        return f"{head} on {who}: they discard Place cards until 2 remain"
    if card == "phobia":
        if a.seat < 0:
            return f"{head} (no Hunted holds more than 2 Place cards: the symbol only)"
        return f"{head} on {who}: they show you all but 2 Place cards in hand"
    if card == "detour" and len(a.places) == 2:
        return f"{head}: move {who} from {place(a.places[0])} to {place(a.places[1])}"
    if card == "force_field" and len(a.places) == 2:
        return (
            f"{head} on {place(a.places[0])} and {place(a.places[1])}: neither may be "
            "played this turn"
        )
    if card == "cataclysm" and a.places:
        return f"{head} on {place(a.places[0])}: its power is ineffective this turn"
    info = HUNT.get(card)
    return head if info is None else f"{head} ({_effect(info.text)})"


def _play_survival(s: Subject, a: PlaySurvival) -> str:
    card = a.card
    head = f"play {_survival(card)}"
    if card == "sacrifice" and a.cards:
        return f"{head}: discard {places(a.cards)}; the Creature may play no Hunt card this turn"
    if card == "sixth_sense":
        return f"{head}: take {places(a.cards)} back from your discard pile"
    if card == "vortex" and len(a.cards) == 2:
        old, new = a.cards
        return f"{head}: swap {place(old)}, in play, for {place(new)} from your discard pile"
    if card == "double_back" and a.cards:
        return f"{head}: take {places(a.cards)} back into your hand"
    if card in ("hologram", "wrong_track") and len(a.places) == 2:
        f, t = a.places
        token = "the Artemia token"
        if card == "wrong_track":
            token = "the Creature token" if f in s.creature_token else "the Target token"
        return f"{head}: move {token} from {place(f)} to {place(t)}"
    info = SURVIVAL.get(card)
    return head if info is None else f"{head} ({_effect(info.text)})"


def _power(s: Subject, a: UsePower) -> str:
    """What using the power ``a.power`` does."""
    p, cards = a.power, a.cards
    persecution = "persecution" in s.effects
    if p == 1:
        if cards:
            return f"take {places(cards)} back from your discard pile (Persecution)"
        return "take back every Place card from your discard pile"
    if p in (2, 6):
        if persecution and cards:
            return f"take {places(cards)} back from your discard pile (Persecution)"
        extra = f" and {places(cards)} from your discard pile" if cards else ""
        return f"take this Place card back{extra}"
    if p == 3:
        return "play 2 Place cards next turn, keeping 1 before the reveal (River)"
    if p == 4:
        if s.marker:
            return "remove the Marker counter to move the Rescue counter forward 1 space"
        return "put the Marker counter on the Beach"
    if p == 5:
        return f"take {places(cards)} from the reserve"
    if p == 7:
        return "draw 2 Survival cards, keep 1 and discard the other"
    if p == 8:
        return "move the Rescue counter forward 1 space"
    if p == 9:
        if a.seat >= 0:
            return f"seat {a.seat} regains 1 Will"
        return "draw 1 Survival card"
    if p == 10:
        return "play 2 Place cards next turn, both revealed and resolved (Artefact)"
    return f"use the power of {place(p)}"


def _use_power(s: Subject, a: UsePower) -> str:
    at = f"resolve {place(a.at)}"
    does = _power(s, a)
    if a.survival == "drone":
        return f"{at} with Drone, as the Rover: {does}"
    if a.survival == "gate":
        return f"{at} with Gate, as {place(a.power)}: {does}"
    if a.at == 1 and a.power != 1:  # N6: the Lair copies the Creature token's place
        return f"{at}, copying {place(a.power)}: {does}"
    if a.power != a.at:
        return f"{at} as {place(a.power)}: {does}"
    return f"{at}: {does}"


def describe_action(subject: Subject, seat: int, action: Action) -> str:
    """``action`` of ``seat`` in words, as ``subject`` (the state it is played in, or
    a view of it) shows the table; cards the action hides read as hidden."""
    s = subject
    if isinstance(action, Pass):
        if seat == _creature(s) and s.step == "hunted_window":
            return "pass: play no Hunt card now"
        return _PASS.get(s.step, "pass: play no Survival card now")
    if isinstance(action, Explore):
        n = len(action.cards)
        double = " (a double play)" if n > 1 else ""
        if 0 in action.cards:  # face down to the reader as well
            cards = "a Place card" if n == 1 else f"{n} Place cards"
            return f"explore: play {cards} face down (hidden){double}"
        return f"explore: play {places(action.cards)} face down{double}"
    if isinstance(action, Resist):
        return (
            f"resist: lose {action.will} Will to take {places(action.cards)} back from "
            "your discard pile"
        )
    if isinstance(action, GiveUp):
        return "give up: back to 3 Will and every Place card back to hand; Assimilation +1"
    if isinstance(action, PlaySurvival):
        return _play_survival(s, action)
    if isinstance(action, PlayHunt):
        return _play_hunt(s, action)
    if isinstance(action, PlaceToken):
        return f"put {_TOKEN.get(action.token, action.token)} on {places(action.places)}"
    if isinstance(action, RiverKeep):
        if action.card == 0:
            return "River: keep one of your 2 played cards (hidden), take the other back"
        return f"River: keep {place(action.card)} in play, take the other card back"
    if isinstance(action, Discard):
        why = _DISCARD_WHY.get(s.step)
        return f"discard {places(action.cards)}" + (f" ({why})" if why else "")
    if isinstance(action, LoseWill):
        return "lose 1 Will instead of discarding 2 Place cards (Scream)"
    if isinstance(action, DiscardSurvival):
        return f"discard the Survival card {_survival(action.card)} (Toxin)"
    if isinstance(action, Keep):
        return f"keep {places(action.cards)}, discard the rest of your hand (Ascendancy)"
    if isinstance(action, Conceal):
        return f"hide {places(action.cards)}; show the rest of your hand to the Creature (Phobia)"
    if isinstance(action, UsePower):
        return _use_power(s, action)
    if isinstance(action, TakeBack):
        return f"resolve {place(action.at)}: take {place(action.card)} back instead"
    if isinstance(action, Forgo):
        return f"resolve {place(action.at)}: do nothing"
    if isinstance(action, KeepSurvival):
        if not action.card:
            return "keep one of the 2 Survival cards drawn (hidden), discard the other"
        return f"keep {_survival(action.card)}, discard the other Survival card drawn"
    raise TypeError(f"not a not-alone action: {action!r}")
