"""The action-space tables: for each game, its action classes with the domain of each
varying field, from the game's data and config (docs/rl.md lists them).

A table says which values a field can take, not when they are legal: that stays with
the rules (``legal_actions``, read for the masks). Where one field's values depend on
another's (a Not Alone card's parameters depend on the card), the class has one shape
per case, listed from a per-card/per-power table.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from ..games.forbidden_island import actions as fa
from ..games.forbidden_island import data as fd
from ..games.friday import actions as ra
from ..games.friday import data as rd
from ..games.gozer import actions as ga
from ..games.gozer import data as gd
from ..games.gozer.board import BOARD
from ..games.not_alone import actions as na
from ..games.not_alone import data as nd
from .codec import Shape, combos, ordered_pairs, shape, singles

__all__ = ["OBSERVATIONS", "TABLES", "ObservationSpec", "shapes"]

BOOLS = (False, True)


def friday(config: Any) -> list[Shape]:
    # a fight can hold at most every card Robinson can own (F: starting, knowledge and
    # aging cards; pirates and hazard sides never fight for him)
    fight = range(len(rd.STARTING) + len(rd.HAZARDS) + len(rd.AGING))
    offer = range(2)  # F: two hazards offered, two pirates drawn
    sort = range(3)  # the sort3 ability holds at most three cards
    return [
        shape(ra.ChooseHazard, index=offer),
        shape(ra.SkipHazard),
        shape(ra.ChoosePirate, index=offer),
        shape(ra.DrawFree),
        shape(ra.DrawPaid),
        shape(ra.UseAbility, card=fight),
        shape(ra.ChooseTarget, card=fight),
        shape(ra.SortLook),
        shape(ra.SortDiscard, index=sort),
        shape(ra.SortReturn, index=sort),
        shape(ra.Replace, draw=BOOLS),
        shape(ra.ResolveFight),
        shape(ra.DestroyCard, index=fight),
        shape(ra.FinishDestroying),
    ]


def forbidden_island(config: Any) -> list[Shape]:
    seats = range(config.players)
    tiles = fd.TILE_IDS
    return [
        shape(fa.Move, to=tiles),
        shape(fa.Fly, to=tiles),
        shape(fa.Navigate, pawn=seats, to=tiles),
        shape(fa.ShoreUp, tile=tiles, also=(None, *tiles)),
        shape(fa.Give, card=fd.TREASURE_CARDS, to=seats),
        shape(fa.Capture, treasure=fd.TREASURE_IDS),
        shape(fa.EndActions),
        shape(fa.DrawTreasure),
        shape(fa.DrawFlood),
        shape(fa.Discard, card=(*fd.TREASURE_CARDS, *fd.SPECIAL_CARDS)),
        shape(fa.Swim, to=tiles),
        shape(fa.DeclineRescue),
        shape(fa.Sandbags, tile=tiles),
        shape(fa.HelicopterLift, pawn=seats),
        shape(fa.LiftAlso, pawn=seats),
        shape(fa.LiftTo, to=tiles),
        shape(fa.LiftOff),
    ]


def not_alone(config: Any) -> list[Shape]:
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


def gozer(config: Any) -> list[Shape]:
    seats = range(config.players)
    # a trade hands over and receives disjoint sets of gadgets (each exists once), in
    # the canonical gadget order, and is never empty both ways
    exchanges = [
        (give, take)
        for give in combos(gd.GADGETS, 0, len(gd.GADGETS))
        for take in combos(gd.GADGETS, 0, len(gd.GADGETS))
        if (give or take) and not set(give) & set(take)
    ]
    trades = [
        Shape(ga.Trade, (("partner", (p,)), ("give", (g,)), ("take", (t,))))
        for p in seats
        for g, t in exchanges
    ]
    return [
        shape(ga.Step, to=range(BOARD.size)),
        shape(ga.EndMove),
        shape(ga.EndTurn),
        shape(ga.Fire, target=seats),
        shape(ga.Heal, target=seats),
        *trades,
        shape(ga.CastOff),
        shape(ga.Fireball, gully=range(len(BOARD.gullies))),
        shape(ga.Attack, target=seats),
        shape(ga.Respond, accept=BOOLS),
    ]


TABLES: dict[str, Callable[[Any], list[Shape]]] = {
    "friday": friday,
    "forbidden-island": forbidden_island,
    "not-alone": not_alone,
    "gozer": gozer,
}


def shapes(game_id: str, config: Any) -> list[Shape]:
    """The shapes of ``game_id``'s action space under ``config``."""
    try:
        table = TABLES[game_id]
    except KeyError:
        raise KeyError(f"islandgames.rl has no action table for {game_id!r}") from None
    return table(config)


# --- observations ---------------------------------------------------------------------


@attrs.frozen(slots=True)
class ObservationSpec:
    """How a game's view is flattened (:class:`~islandgames.rl.observation.ViewEncoder`):
    the encoded length of its tuples by path (``default_cap`` for the others), and the
    words of its vocabulary beyond the roles and the action space's strings."""

    caps: dict[str, int]
    default_cap: int
    words: tuple[str, ...] = ()


def friday_observation(config: Any) -> ObservationSpec:
    robinson = len(rd.STARTING) + len(rd.HAZARDS) + len(rd.AGING)
    return ObservationSpec(
        # every pile is capped at the whole card table: nothing is ever truncated
        caps={
            "offer": 2,
            "pirates": 2,
            "pirates_defeated": 2,
            "fight.fight.cards": robinson,
            "fight.fight.pending<PendingSort>.looked": 3,
        },
        default_cap=len(rd.CARDS),
    )


def forbidden_island_observation(config: Any) -> ObservationSpec:
    seats = config.players
    tiles = len(fd.TILE_IDS)
    cards = sum(n for _, n in fd.TREASURE_DECK)
    return ObservationSpec(
        caps={
            "adventurers": seats,
            "board": tiles,
            "tiles": tiles,
            "pawns": seats,
            "hands": seats,
            "hands[]": 2 * fd.HAND_LIMIT,  # over the limit a player discards at once
            "captured": len(fd.TREASURE_IDS),
            "treasure_discard": cards,
            "flood_deck": tiles,
            "flood_deck[]": tiles,
            "flood_discard": tiles,
            "swimmers": seats,
            "declined": seats,
            "lift.pawns": seats,
            "to_act": seats,
            "ended": 4,
        },
        default_cap=tiles,
        words=(fd.WATERS_RISE, *fd.ADVENTURER_IDS, *fd.LAYOUTS),
    )


def not_alone_observation(config: Any) -> ObservationSpec:
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


def gozer_observation(config: Any) -> ObservationSpec:
    seats = config.players
    gadgets = len(gd.GADGETS)
    return ObservationSpec(
        caps={
            "table.pawns": seats,
            "table.gadgets": gadgets,
            "table.move.path": 8,  # a die roll's steps and the start
            "table.move.asked": seats,
            "table.offered": seats,
            "table.pending<TradeOffer>.give": gadgets,
            "table.pending<TradeOffer>.take": gadgets,
            "table.events": 8,  # free text, read from the view in info instead
        },
        default_cap=8,
        words=(*gd.GADGETS, *gd.KINDS),
    )


OBSERVATIONS: dict[str, Callable[[Any], ObservationSpec]] = {
    "friday": friday_observation,
    "forbidden-island": forbidden_island_observation,
    "not-alone": not_alone_observation,
    "gozer": gozer_observation,
}
