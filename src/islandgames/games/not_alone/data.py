"""Not Alone's components as data: places, Survival and Hunt cards, board tracks.

Places are numbered 1-10 (row 1 = 1 2 3 4 5, row 2 = 6 7 8 9 10); adjacency is a
shared horizontal or vertical border. Survival and Hunt cards have one copy each and
are named by snake_case ids. Counters are stored as "spaces left to the star".

>>> ADJACENT[3]
(2, 4, 8)
>>> len(PAIRS), PAIRS[0], PAIRS[-1]
(13, (1, 2), (9, 10))
>>> HUNT["clone"].phase, HUNT["clone"].symbol
(2, 'target')
>>> rescue_start(3), assimilation_start(3), reserve_copies(3)
(15, 9, 2)
>>> artemia_space("b", 7), artemia_space("a", 7)
(True, False)
"""

from __future__ import annotations

from typing import Literal

import attrs

__all__ = [
    "ADJACENT",
    "ALL_PLACES",
    "ARTEMIA_SPACES",
    "HUNT",
    "HUNT_CARDS",
    "HUNT_NAMES",
    "PAIRS",
    "PLACES",
    "RESERVE_PLACES",
    "STARTING_HAND",
    "SURVIVAL",
    "SURVIVAL_CARDS",
    "SURVIVAL_NAMES",
    "HuntCard",
    "Place",
    "SurvivalCard",
    "Symbol",
    "artemia_space",
    "assimilation_start",
    "rescue_start",
    "reserve_copies",
]

Symbol = Literal["", "artemia", "target"]


@attrs.frozen(slots=True)
class Place:
    """A Place card: ``number`` 1-10, id ``name``, printed ``title`` and its power."""

    number: int
    name: str
    title: str
    power: str


@attrs.frozen(slots=True)
class SurvivalCard:
    """A Hunted's Survival card, playable during ``phase`` (1-4)."""

    name: str
    title: str
    phase: int
    text: str


@attrs.frozen(slots=True)
class HuntCard:
    """A Creature's Hunt card, playable during ``phase`` (0: the phase of the copied
    card, Flashback only); ``symbol`` is the extra Hunt token it makes available."""

    name: str
    title: str
    phase: int
    symbol: Symbol
    text: str


PLACES: tuple[Place, ...] = (
    Place(
        1,
        "lair",
        "The Lair",
        "Take back every Place card from your discard pile, or use the power of the "
        "place holding the Creature token. Caught here: lose 1 extra Will.",
    ),
    Place(
        2,
        "jungle",
        "The Jungle",
        "Take back this Place card and 1 Place card from your discard pile.",
    ),
    Place(
        3,
        "river",
        "The River",
        "Next turn play 2 Place cards; before the reveal keep 1, take the other back.",
    ),
    Place(
        4,
        "beach",
        "The Beach",
        "Put the Marker counter on the Beach, or remove it to move the Rescue counter "
        "forward 1 space. Once per turn.",
    ),
    Place(5, "rover", "The Rover", "Take a Place card you do not own from the reserve."),
    Place(
        6,
        "swamp",
        "The Swamp",
        "Take back this Place card and 2 Place cards from your discard pile.",
    ),
    Place(7, "shelter", "The Shelter", "Draw 2 Survival cards, keep 1 and discard the other."),
    Place(8, "wreck", "The Wreck", "Move the Rescue counter forward 1 space. Once per turn."),
    Place(
        9,
        "source",
        "The Source",
        "A Hunted of your choice regains 1 Will, or draw 1 Survival card.",
    ),
    Place(
        10,
        "artefact",
        "The Artefact",
        "Next turn play 2 Place cards, both revealed and resolved. Cannot be copied.",
    ),
)

ALL_PLACES: tuple[int, ...] = tuple(range(1, 11))
STARTING_HAND: tuple[int, ...] = (1, 2, 3, 4, 5)
RESERVE_PLACES: tuple[int, ...] = (6, 7, 8, 9, 10)


def _adjacent(p: int) -> tuple[int, ...]:
    row, col = divmod(p - 1, 5)
    out = []
    for r, c in ((row - 1, col), (row, col - 1), (row, col + 1), (row + 1, col)):
        if 0 <= r < 2 and 0 <= c < 5:
            out.append(r * 5 + c + 1)
    return tuple(sorted(out))


#: ``ADJACENT[p]``: the places sharing a border with place ``p`` (index 0 unused).
ADJACENT: tuple[tuple[int, ...], ...] = ((), *(_adjacent(p) for p in ALL_PLACES))

#: The 13 adjacent pairs, (low, high), in increasing order.
PAIRS: tuple[tuple[int, int], ...] = tuple((a, b) for a in ALL_PLACES for b in ADJACENT[a] if a < b)

SURVIVAL_CARDS: tuple[SurvivalCard, ...] = (
    SurvivalCard("adrenaline", "Adrenaline", 1, "Regain 1 Will."),
    SurvivalCard("ingenuity", "Ingenuity", 1, "Put the Marker counter on the Beach."),
    SurvivalCard(
        "sacrifice",
        "Sacrifice",
        1,
        "Discard 1 Place card from your hand; the Creature may play no Hunt card this turn.",
    ),
    SurvivalCard(
        "sixth_sense",
        "Sixth Sense",
        1,
        "Take 2 Place cards of your choice back from your discard pile.",
    ),
    SurvivalCard(
        "smokescreen",
        "Smokescreen",
        1,
        "The Hunted hide their discard piles from the Creature until the end of the turn.",
    ),
    SurvivalCard(
        "strike_back",
        "Strike Back",
        1,
        "2 random Hunt cards from the Creature's hand go to the bottom of the Hunt deck.",
    ),
    SurvivalCard(
        "vortex",
        "Vortex",
        2,
        "Swap your played Place card with a Place card from your discard pile.",
    ),
    SurvivalCard("detector", "Detector", 3, "Avoid the effects of the Artemia token."),
    SurvivalCard("dodge", "Dodge", 3, "Avoid the effects of the Creature token."),
    SurvivalCard(
        "drone", "Drone", 3, "Instead of your Place card's power, use the power of the Rover."
    ),
    SurvivalCard(
        "gate", "Gate", 3, "Instead of your Place card's power, use the power of an adjacent place."
    ),
    SurvivalCard("hologram", "Hologram", 3, "Move the Artemia token to an adjacent place."),
    SurvivalCard("wrong_track", "Wrong Track", 3, "Move the Creature token to an adjacent place."),
    SurvivalCard(
        "amplifier",
        "Amplifier",
        4,
        "Remove the Marker counter from the Beach to move the Rescue counter forward 1 space.",
    ),
    SurvivalCard(
        "double_back", "Double Back", 4, "Take the Place card you played back into your hand."
    ),
)

HUNT_CARDS: tuple[HuntCard, ...] = (
    HuntCard(
        "despair", "Despair", 1, "artemia", "No Survival card may be played or drawn this turn."
    ),
    HuntCard(
        "force_field",
        "Force Field",
        1,
        "target",
        "Before the Hunted play, put the Target token on 2 adjacent places; neither "
        "may be played this turn.",
    ),
    HuntCard(
        "anticipation",
        "Anticipation",
        2,
        "",
        "Name a Hunted: if the Creature token catches them, the Assimilation counter "
        "moves 1 extra space.",
    ),
    HuntCard(
        "ascendancy",
        "Ascendancy",
        2,
        "",
        "A Hunted of your choice discards Place cards from hand until 2 remain.",
    ),
    HuntCard(
        "fierceness",
        "Fierceness",
        2,
        "",
        "Each Hunted caught by the Creature token loses 1 extra Will.",
    ),
    HuntCard(
        "forbidden_zone", "Forbidden Zone", 2, "", "Every Hunted discards 1 Place card from hand."
    ),
    HuntCard(
        "interference",
        "Interference",
        2,
        "",
        "The powers of the Beach and the Wreck are ineffective this turn.",
    ),
    HuntCard(
        "persecution",
        "Persecution",
        2,
        "",
        "Using a place's power, each Hunted may take back only 1 Place card.",
    ),
    HuntCard(
        "mutation",
        "Mutation",
        2,
        "artemia",
        "The Artemia token also makes each Hunted it affects lose 1 Will.",
    ),
    HuntCard(
        "phobia",
        "Phobia",
        2,
        "artemia",
        "A Hunted of your choice shows you all but 2 of the Place cards in hand.",
    ),
    HuntCard(
        "virus",
        "Virus",
        2,
        "artemia",
        "Put the Artemia token on 2 adjacent places; it affects both.",
    ),
    HuntCard("clone", "Clone", 2, "target", "The Target token counts as a second Creature token."),
    HuntCard(
        "mirage",
        "Mirage",
        2,
        "target",
        "Put the Target token on 2 adjacent places; both places are ineffective.",
    ),
    HuntCard(
        "scream",
        "Scream",
        2,
        "target",
        "Each Hunted on the targeted place discards 2 Place cards or loses 1 Will.",
    ),
    HuntCard(
        "toxin",
        "Toxin",
        2,
        "target",
        "Each Hunted on the targeted place discards 1 Survival card; the place is ineffective.",
    ),
    HuntCard(
        "cataclysm",
        "Cataclysm",
        3,
        "",
        "The power of a place of your choice is ineffective this turn.",
    ),
    HuntCard(
        "detour",
        "Detour",
        3,
        "",
        "After the reveal, move one Hunted to a place adjacent to their revealed place.",
    ),
    HuntCard(
        "stasis",
        "Stasis",
        4,
        "",
        "The Rescue counter does not move forward at the end of this turn.",
    ),
    HuntCard("tracking", "Tracking", 4, "", "Next turn you may play up to 2 Hunt cards."),
    HuntCard(
        "flashback", "Flashback", 0, "", "Copy the last Hunt card you discarded (in its phase)."
    ),
)

SURVIVAL: dict[str, SurvivalCard] = {c.name: c for c in SURVIVAL_CARDS}
HUNT: dict[str, HuntCard] = {c.name: c for c in HUNT_CARDS}
#: Card ids in table order (the order decks are built in before shuffling).
SURVIVAL_NAMES: tuple[str, ...] = tuple(c.name for c in SURVIVAL_CARDS)
HUNT_NAMES: tuple[str, ...] = tuple(c.name for c in HUNT_CARDS)

#: Distances of the Rescue counter from the star that carry an Artemia symbol.
ARTEMIA_SPACES: dict[str, tuple[int, ...]] = {
    "a": (1, 2, 3, 4, 5, 6),
    "b": (1, 3, 5, 7, 9, 11),
}


def artemia_space(board: str, rescue: int) -> bool:
    """Whether the Rescue counter ``rescue`` spaces from the star is on an Artemia symbol."""
    return rescue in ARTEMIA_SPACES[board]


def reserve_copies(hunted: int) -> int:
    """Copies of each of places 6-10 in the reserve (players = hunted + 1)."""
    players = hunted + 1
    return 1 if players < 3 else (2 if players < 5 else 3)


def rescue_start(hunted: int) -> int:
    """Start distance of the Rescue counter from the star (11 + players)."""
    return 12 + hunted


def assimilation_start(hunted: int) -> int:
    """Start distance of the Assimilation counter from the star (5 + players)."""
    return 6 + hunted
