"""Not Alone's RL codec: its action table and its observation caps (docs/rl.md), read
by :mod:`islandgames.rl` through the game's definition.

A table says which values a field can take, not when they are legal: that stays with
the rules (``legal_actions``, read for the masks). Where one field's values depend on
another's (a card's parameters depend on the card), the class has one shape per case,
listed from a per-card/per-power table.

>>> sum(1 for s in action_table(NotAloneConfig()) for _ in s.actions()) > 2000
True
"""

from __future__ import annotations

from typing import Any

from ...core.actionspace import ObservationSpec, Shape, combos, ordered_pairs, shape, singles
from . import actions as na
from . import data as nd
from .contract import NotAloneConfig

__all__ = ["action_table", "observation"]


def action_table(config: NotAloneConfig) -> list[Shape]:
    """The shapes of Not Alone's action space for ``config.hunted`` Hunted."""
    places = nd.ALL_PLACES
    hunted = tuple(s for s in range(config.hunted + 1) if s != config.creature_seat)
    adjacent = {p: nd.ADJACENT[p] for p in places}
    moves = ordered_pairs(places, adjacent)  # a token or a Hunted moved to a neighbour
    one = singles(places)
    # the parameters of each Survival card played with PlaySurvival (the others: none;
    # Drone and Gate are only ever used through UsePower)
    survival: dict[str, dict[str, Any]] = {
        "sacrifice": {"cards": one},
        "sixth_sense": {"cards": combos(places, 1, 2)},
        "vortex": {"cards": ordered_pairs(places)},  # (played card out, discard card in)
        "double_back": {"cards": one},
        "hologram": {"places": moves},
        "wrong_track": {"places": moves},
        "drone": {},
        "gate": {},
    }
    # the parameters of each Hunt card; Flashback takes those of the card it copies
    hunt: dict[str, list[dict[str, Any]]] = {
        "force_field": [{"places": nd.PAIRS}],
        "anticipation": [{"seat": hunted}],
        "ascendancy": [{"seat": hunted}],
        "phobia": [{"seat": (-1, *hunted)}],
        "cataclysm": [{"places": one}],
        "detour": [{"seat": hunted, "places": moves}],
    }
    hunt["flashback"] = [{}, *(d for name in nd.HUNT_NAMES for d in hunt.get(name, ()))]
    # the parameters of each place's power (UsePower.cards, UsePower.seat)
    power: dict[int, dict[str, Any]] = {
        1: {"cards": ((), *one)},  # the Lair (under Persecution: one card back)
        2: {"cards": ((), *one)},  # the Jungle: optionally one more card back
        5: {"cards": singles(nd.RESERVE_PLACES)},  # the Rover
        6: {"cards": combos(places, 0, 2)},  # the Swamp
        9: {"seat": (-1, *hunted)},  # the Source: a Hunted healed, or a card drawn
    }
    out = [
        shape(na.Pass),
        shape(na.Explore, cards=combos(places, 1, 2)),
        shape(na.Resist, will=(1,), cards=combos(places, 1, 2)),
        shape(na.Resist, will=(2,), cards=combos(places, 3, 4)),
        shape(na.GiveUp),
    ]
    out.extend(
        shape(na.PlaySurvival, card=(c,), **survival.get(c, {}))
        for c in nd.SURVIVAL_NAMES
        if c not in ("drone", "gate")
    )
    for c in nd.HUNT_NAMES:
        out.extend(shape(na.PlayHunt, card=(c,), **d) for d in hunt.get(c, [{}]))
    out.extend(
        [
            shape(na.PlaceToken, token=("creature", "artemia", "target"), places=one),
            shape(na.PlaceToken, token=("artemia", "target"), places=nd.PAIRS),  # Virus, Mirage
            shape(na.RiverKeep, card=places),
            shape(na.Discard, cards=combos(places, 1, 2)),
            shape(na.LoseWill),
            shape(na.DiscardSurvival, card=nd.SURVIVAL_NAMES),
            shape(na.Keep, cards=combos(places, 2, 2)),
            shape(na.Conceal, cards=combos(places, 2, 2)),
        ]
    )
    for p in places:  # "": the place itself (the Lair may copy any); "gate": a neighbour
        out.append(
            shape(na.UsePower, at=places, power=(p,), survival=("", "gate"), **power.get(p, {}))
        )
    out.append(shape(na.UsePower, at=places, power=(5,), survival=("drone",), **power[5]))
    out.extend(
        [
            shape(na.TakeBack, at=places, card=places),
            shape(na.Forgo, at=places),
            shape(na.KeepSurvival, card=nd.SURVIVAL_NAMES),
        ]
    )
    return out


def observation(config: NotAloneConfig) -> ObservationSpec:
    """The caps of Not Alone's flat observation for ``config.hunted`` Hunted."""
    seats = config.hunted + 1
    places = len(nd.ALL_PLACES)
    return ObservationSpec(
        caps={
            "to_act": seats,
            "reserve": len(nd.RESERVE_PLACES),
            "hunted": config.hunted,
            "hunted[].hand": places,
            "hunted[].discard": places,
            "hunted[].owned": places,
            "hunted[].played": 2,
            "hunted[].places": 2,
            "hunted[].survival": 8,  # no hand limit (N18); more than 8 is truncated
            "hunted[].choice": 4,
            "hunt_hand": 8,
            "hunt_discard": len(nd.HUNT_NAMES),
            "hunt_played": 4,
            "effects": 8,
            "survival_discard": len(nd.SURVIVAL_NAMES),
            "creature_token": 2,
            "artemia_token": 2,
            "target_token": 2,
            "phobia_shown": places,
            "queue": 2 * seats,
            "shelter": 2,
        },
        default_cap=places,
        words=("a", "b", "river", "artefact"),
    )
