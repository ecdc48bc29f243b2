"""A heuristic bot for Not Alone that plays either side from its seat's view.

As a Hunted it values places (the Wreck and the Beach move the Rescue counter, the
Rover and the Shelter build the hand), keeps its hand and Will healthy (Resist before
running dry, Give Up only when forced), picks its place at random weighted by value so
that it stays hard to predict, and uses Survival cards when they pay off (Dodge when
caught, Vortex away from the Creature token...).

As the Creature it models each Hunted's choice as the same value-weighted draw over
the cards that Hunted may hold (owned minus discarded), hunts where the expected catch
is highest, spreads the other tokens over the next best places, and plays the Hunt
card that hurts most in each phase.

>>> from islandgames.bots import play
>>> from islandgames.bots import RandomBot
>>> r = play("not-alone", seed=1, bots={0: HeuristicBot(), 1: RandomBot(),
...      2: RandomBot(), 3: RandomBot()})
>>> r.outcome is not None
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from ...bots import win_chance
from ...core.game import Game
from ...core.rng import Rng
from .actions import (
    Discard,
    Explore,
    Forgo,
    GiveUp,
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
from .data import HUNT, RESERVE_PLACES
from .view import HuntedView, NotAloneView

__all__ = ["HeuristicBot"]

#: How much a Hunted likes to hold / play each place (index = place).
PLACE_VALUE = (0.0, 1.0, 1.5, 1.2, 2.0, 1.8, 1.8, 2.0, 3.0, 1.6, 1.4)

#: Survival cards a Hunted prefers to keep (Shelter) and not to lose (Toxin).
SURVIVAL_RANK = {
    "dodge": 10,
    "wrong_track": 9,
    "vortex": 8,
    "adrenaline": 7,
    "detector": 6,
    "gate": 6,
    "amplifier": 5,
    "drone": 5,
    "hologram": 5,
    "sixth_sense": 4,
    "double_back": 4,
    "ingenuity": 3,
    "strike_back": 3,
    "smokescreen": 2,
    "sacrifice": 2,
}

#: Phase-2 Hunt cards the Creature likes to play (0: keep for later).
HUNT_RANK = {
    "clone": 10,
    "fierceness": 8,
    "anticipation": 7,
    "mutation": 6,
    "scream": 6,
    "virus": 6,
    "forbidden_zone": 5,
    "ascendancy": 5,
    "interference": 4,
    "toxin": 3,
    "phobia": 3,
    "mirage": 3,
    "persecution": 2,
}


class HeuristicBot:
    """Plays the Creature or a Hunted, whichever its view says it is."""

    name = "heuristic"

    def choose(
        self, game: Game[Any, Any, Any, Any], view: Any, legal: Sequence[Any], rng: Rng
    ) -> tuple[Any, Rng]:
        v: NotAloneView = view
        if len(legal) == 1:
            return legal[0], rng
        if v.role == "creature":
            return _Creature(v).choose(legal, rng)
        return _Hunted(v).choose(legal, rng)

    def evaluate(self, game: Game[Any, Any, Any, Any], view: Any) -> float:
        """The chance that the view's side wins, by a logistic model of
        :func:`value_features` fitted to this bot's games (``bench/fit_values.py``):
        what a search bot (``mcts``) scores a rollout it cuts short."""
        v: NotAloneView = view
        if v.winner:
            return 1.0 if (v.winner == "creature") == (v.role == "creature") else 0.0
        return win_chance(VALUE_WEIGHTS, value_features(v))

    def sample_state(
        self, game: Game[Any, Any, Any, Any], view: Any, seat: int | None, rng: Rng
    ) -> Any:
        """A determinization of ``view`` under this bot's model of the Hunted: the
        game's own sample (:meth:`~islandgames.core.game.Game.sample_state`), then
        each face-down Place card the viewer cannot see redrawn from that Hunted's
        cards by the value a Hunted sees in it (the Creature's guess, as the Hunted
        themselves choose): what a search bot (``mcts``) believes of the others."""
        v: NotAloneView = view
        sample_rng, rng = rng.split()
        state = game.sample_state(v, seat, sample_rng)
        blocked = v.target_token if "force_field" in v.effects else ()
        hunted = list(state.hunted)
        for i, h in enumerate(v.hunted):
            if h.played is not None or not h.played_count:
                continue
            real = hunted[i]
            pool = sorted((*real.hand, *(c for c in real.played if c)))
            for c in real.choice:  # a hidden choice's cards stay in the hand
                pool.remove(c)
            played: list[int] = []
            for _ in range(len(real.played)):
                cands = [c for c in pool if c not in blocked]
                weights = [_guess_value(v, h, c) for c in cands]
                c, rng = _weighted(cands, weights, rng)
                pool.remove(c)
                played.append(c)
            hand = tuple(sorted((*pool, *real.choice)))
            hunted[i] = attrs.evolve(real, hand=hand, played=tuple(sorted(played)))
        return attrs.evolve(state, hunted=tuple(hunted))


#: the names of :func:`value_features`, in order (each signed by the viewer's side)
VALUE_FEATURES = (
    "bias", "rescue", "assimilation", "race", "marker", "artemia_space", "will",
    "will_min", "will_low", "hand", "discard", "survival", "hunt_hand", "phase3",
)  # fmt: skip

#: the weights of the win-chance model: ``python bench/fit_values.py not-alone --games
#: 4000`` (3 Hunted; 349,228 decisions; held-out log-loss 0.466, a constant 0.681)
VALUE_WEIGHTS: tuple[float, ...] = (
    2.7707, 1.3261, -3.8134, 5.1395, -0.2582, 0.0885, -1.5092, 0.2095, 0.4795, -1.6331,
    -0.6552, -1.1400, 0.5360, -0.1652,
)  # fmt: skip


def value_features(v: NotAloneView) -> tuple[float, ...]:
    """What the win-chance model reads off the public table (see VALUE_FEATURES): the
    two counters and their race, the Hunted's Will, cards in hand and in discard, the
    Creature's Hunt cards. Every feature is seen from the Creature's side and signed by
    the viewer's (+1 the Creature, -1 a Hunted), so the fitted chances of the two sides
    add up to one."""
    n = len(v.hunted)
    wills = [h.will for h in v.hunted]
    x = (
        1.0,
        v.rescue / 10,
        v.assimilation / 10,
        (v.rescue - v.assimilation) / 10,
        float(v.marker),
        float(v.artemia_space),
        sum(wills) / (3 * n),
        min(wills) / 3,
        sum(1 for w in wills if w <= 1) / n,
        sum(h.hand_count for h in v.hunted) / (5 * n),
        sum(h.discard_count for h in v.hunted) / (5 * n),
        sum(h.survival_count for h in v.hunted) / n,
        v.hunt_hand_count / 3,
        float(v.phase >= 3),
    )
    sign = 1.0 if v.role == "creature" else -1.0
    return tuple(sign * f for f in x)


def _best(legal: Sequence[Any], score: Any, rng: Rng) -> tuple[Any, Rng]:
    """The legal action with the highest score (ties broken at random)."""
    scored = [(score(a), k) for k, a in enumerate(legal)]
    top = max(s for s, _ in scored)
    ties = [k for s, k in scored if s >= top - 1e-9]
    k, rng = rng.choice(ties)
    return legal[k], rng


def _weighted(legal: Sequence[Any], weights: Sequence[float], rng: Rng) -> tuple[Any, Rng]:
    total = sum(weights)
    if total <= 0:
        return rng.choice(list(legal))
    x, rng = rng.below(1 << 30)
    target = x / (1 << 30) * total
    acc = 0.0
    for a, w in zip(legal, weights, strict=True):
        acc += w
        if target < acc:
            return a, rng
    return legal[-1], rng


# --- the Hunted -----------------------------------------------------------------------


class _Hunted:
    def __init__(self, v: NotAloneView) -> None:
        self.v = v
        me = next(h for h in v.hunted if h.seat == v.seat)
        self.me: HuntedView = me
        self.hand = me.hand or ()
        self.discard = me.discard or ()

    def place_value(self, p: int) -> float:
        v = self.v
        if p == 8:
            return 3.0
        if p == 4:
            return 2.6 if v.marker else 1.6
        if p == 5:
            owned = self.me.owned
            free = any(v.reserve[r - 6] > 0 and r not in owned for r in RESERVE_PLACES)
            return 2.2 if free else 0.4
        if p == 1:
            return 0.6 + 0.5 * len(self.discard)
        if p == 2:
            return 1.2 + (0.4 if self.discard else 0.0)
        if p == 6:
            return 1.2 + 0.4 * min(2, len(self.discard))
        if p == 9:
            low = any(h.will <= 1 for h in v.hunted)
            return 2.2 if low else 1.5
        if p in (3, 10):
            return 0.4 if self.me.next_double else 1.2
        return PLACE_VALUE[p]

    def risky(self, p: int) -> bool:
        v = self.v
        return p in v.creature_token or p in v.artemia_token or p in v.target_token

    def choose(self, legal: Sequence[Any], rng: Rng) -> tuple[Any, Rng]:
        v = self.v
        step = v.step
        if step == "explore" or (step == "creature_window" and v.phase == 1):
            return self.explore(legal, rng)  # rules 1.1 explore alongside the Creature
        if step in ("resolve_free", "resolve_target"):
            if any(isinstance(a, Pass) for a in legal):  # 1.1: the window after a draw
                return _best(legal, self.window_score, rng)
            return _best(legal, self.resolve_score, rng)
        if step == "prepare":
            return _best(legal, self.prepare_score, rng)
        if step == "hunted_window":
            return _best(legal, self.window_score, rng)
        if step in ("forbidden_zone", "artemia"):
            return _best(legal, lambda a: -sum(PLACE_VALUE[c] for c in a.cards), rng)
        if step == "scream":
            return _best(legal, self.scream_score, rng)
        if step == "toxin":
            return _best(legal, lambda a: -SURVIVAL_RANK.get(a.card, 0), rng)
        if step in ("ascendancy", "phobia"):
            return _best(legal, lambda a: sum(PLACE_VALUE[c] for c in a.cards), rng)
        return _best(legal, self.generic_score, rng)

    def generic_score(self, a: Any) -> float:
        if isinstance(a, KeepSurvival):
            return SURVIVAL_RANK.get(a.card, 0)
        return 0.0

    def explore(self, legal: Sequence[Any], rng: Rng) -> tuple[Any, Rng]:
        me = self.me
        explores = [a for a in legal if isinstance(a, Explore)]
        survival = [a for a in legal if isinstance(a, PlaySurvival)]
        useful = [a for a in survival if self.phase1_score(a) > 0]
        if useful:
            return _best(useful, self.phase1_score, rng)
        resists = [a for a in legal if isinstance(a, Resist)]
        low_hand = len(self.hand) <= 2 and len(self.discard) >= 2
        if resists and (not explores or low_hand) and me.will >= 2:
            ones = [a for a in resists if a.will == 1] or resists
            return _best(ones, lambda a: sum(self.place_value(c) for c in a.cards), rng)
        if explores:
            weights = [sum(self.place_value(c) for c in a.cards) for a in explores]
            return _weighted(explores, weights, rng)
        if resists and me.will >= 2:
            return _best(resists, lambda a: sum(self.place_value(c) for c in a.cards), rng)
        give = [a for a in legal if isinstance(a, GiveUp)]
        if give:
            return give[0], rng
        return legal[0], rng

    def phase1_score(self, a: PlaySurvival) -> float:
        v, me = self.v, self.me
        card = a.card
        if card == "adrenaline":
            return 5.0 if me.will <= 2 else 0.0
        if card == "ingenuity":
            return 3.0 if not v.marker else 0.0
        if card == "sixth_sense":
            return 4.0 + sum(self.place_value(c) for c in a.cards) if len(self.hand) <= 3 else 0
        if card == "strike_back":
            return 2.0
        if card == "smokescreen":
            return 1.0
        if card == "sacrifice" and len(self.hand) >= 4 and not v.hunt_played:
            return 3.0 - self.place_value(a.cards[0])
        return 0.0

    def prepare_score(self, a: Any) -> float:
        if isinstance(a, RiverKeep):
            return self.place_value(a.card) - (10 if self.risky(a.card) else 0)
        if isinstance(a, PlaySurvival):  # vortex
            old, new = a.cards
            if not self.risky(old):
                return -1.0
            return 5.0 + self.place_value(new) - (10 if self.risky(new) else 0)
        return 0.0

    def window_score(self, a: Any) -> float:
        if isinstance(a, Pass):
            return 0.0
        assert isinstance(a, PlaySurvival)
        v = self.v
        card = a.card
        if card in ("dodge", "detector"):
            return 6.0
        if card in ("wrong_track", "hologram"):
            f, t = a.places
            if f not in self.me.places:
                return -1.0
            crowd = sum(1 for h in v.hunted if t in h.places)
            return 5.0 - 3 * crowd
        if card == "amplifier":
            return 4.0
        if card == "double_back":
            return 2.0 + self.place_value(a.cards[0]) * 0.5
        return -1.0

    def scream_score(self, a: Any) -> float:
        if isinstance(a, LoseWill):
            return 1.0 if self.me.will >= 2 and len(self.hand) <= 3 else -3.0
        assert isinstance(a, Discard)
        return -sum(PLACE_VALUE[c] for c in a.cards)

    def resolve_score(self, a: Any) -> float:
        v = self.v
        if isinstance(a, KeepSurvival):
            return SURVIVAL_RANK.get(a.card, 0)
        if isinstance(a, Forgo):
            return 0.0
        if isinstance(a, TakeBack):
            return 1.0 + 0.2 * PLACE_VALUE[a.card]
        assert isinstance(a, UsePower)
        cost = 2.5 if a.survival else 0.0
        p = a.power
        if p == 8:
            score = 10.0
        elif p == 4:
            score = 9.0 if v.marker else 4.0
        elif p == 5:
            score = 4.0 + PLACE_VALUE[a.cards[0]]
        elif p == 7:
            score = 4.0
        elif p == 9:
            if a.seat < 0:
                score = 3.5
            else:
                will = next(h.will for h in v.hunted if h.seat == a.seat)
                score = 6.0 if will <= 1 else 2.5
        elif p == 1:
            score = 1.0 + 1.2 * (len(a.cards) if a.cards else len(self.discard))
        elif p in (2, 6):
            score = 2.0 + sum(0.8 + 0.2 * PLACE_VALUE[c] for c in a.cards)
        elif p == 3:
            score = 2.0
        else:
            score = 2.5
        return score - cost


# --- the Creature ---------------------------------------------------------------------


class _Creature:
    def __init__(self, v: NotAloneView) -> None:
        self.v = v
        self.blocked = v.target_token if "force_field" in v.effects else ()
        self.probs = [self.predict(h) for h in v.hunted]

    def predict(self, h: HuntedView) -> dict[int, float]:
        """Where this Hunted is: revealed places, or a value-weighted guess."""
        if h.places:
            return {p: 1.0 for p in h.places}
        gone = set(h.discard or ())
        cands = [p for p in h.owned if p not in gone and p not in self.blocked]
        if not cands:
            return {}
        weights = {p: _guess_value(self.v, h, p) for p in cands}
        total = sum(weights.values())
        n = max(1, h.played_count)
        return {p: min(1.0, n * w / total) for p, w in weights.items()}

    def heat(self, p: int) -> float:
        out = 0.0
        for h, pr in zip(self.v.hunted, self.probs, strict=True):
            x = pr.get(p, 0.0)
            if x:
                bonus = 1.0 + (0.6 if h.will <= 1 else 0.0) + (0.4 if p == 1 else 0.0)
                out += x * bonus
        return out

    def choose(self, legal: Sequence[Any], rng: Rng) -> tuple[Any, Rng]:
        v = self.v
        if v.step == "hunt":
            return self.hunt(legal, rng)
        return _best(legal, self.window_score, rng)

    def hunt(self, legal: Sequence[Any], rng: Rng) -> tuple[Any, Rng]:
        cards = [a for a in legal if isinstance(a, PlayHunt)]
        if cards:
            a, rng = _best(cards, self.card_score, rng)
            if self.card_score(a) > 0:
                return a, rng
        tokens = [a for a in legal if isinstance(a, PlaceToken)]
        for kind in ("creature", "artemia", "target"):
            mine = [a for a in tokens if a.token == kind]
            if mine:
                return _best(mine, self.token_score, rng)
        return next(a for a in legal if isinstance(a, Pass)), rng

    def token_score(self, a: PlaceToken) -> float:
        v = self.v
        score = sum(self.heat(p) for p in a.places)
        if a.token != "creature" and v.creature_token:
            score -= sum(self.heat(p) for p in a.places if p in v.creature_token)
        if a.token == "target" and "mirage" in v.effects:
            score += 0.2 * sum(_guess_place(p) for p in a.places)
        return score

    def card_score(self, a: PlayHunt) -> float:
        v = self.v
        eff = v.hunt_discard[-1] if a.card == "flashback" else a.card
        base = float(HUNT_RANK.get(eff, 0))
        if eff == "anticipation" or eff == "ascendancy":
            h = next(h for h in v.hunted if h.seat == a.seat)
            if eff == "ascendancy":
                return base + 0.5 * (h.hand_count - 2)
            pr = self.probs[v.hunted.index(h)]
            return base + 2.0 * max(pr.values(), default=0.0)
        if eff == "toxin" and not any(h.survival_count for h in v.hunted):
            return 0.0
        if eff == "phobia" and a.seat >= 0:
            h = next(h for h in v.hunted if h.seat == a.seat)
            return base + 0.2 * h.hand_count
        return base

    def window_score(self, a: Any) -> float:
        v = self.v
        if isinstance(a, Pass):
            return 0.0
        assert isinstance(a, PlayHunt)
        eff = v.hunt_discard[-1] if a.card == "flashback" else a.card
        info = HUNT[eff]
        if eff == "despair":
            return 1.0 + sum(h.survival_count for h in v.hunted) * 0.6 - 1.5
        if eff == "force_field":
            keep_for_phase2 = any(HUNT_RANK.get(c, 0) >= 5 for c in v.hunt_hand or ())
            if keep_for_phase2:
                return -1.0
            return 0.5 * sum(_guess_place(p) for p in a.places) - 2.0
        if eff == "detour":
            f, t = a.places
            hot = t in v.creature_token or (t in v.target_token and "clone" in v.effects)
            already = f in v.creature_token
            return 8.0 if hot and not already else (3.0 if t in v.artemia_token else -1.0)
        if eff == "cataclysm":
            p = a.places[0]
            on = sum(1 for h in v.hunted if p in h.places)
            if p in v.creature_token or p in v.artemia_token:
                on = 0
            gain = 2.0 if p in (4, 8) else 0.6
            return on * gain - 0.5
        if eff == "stasis":
            return 6.0
        if eff == "tracking":
            return 3.0
        return float(info.phase == v.phase) - 1.0


def _guess_place(p: int) -> float:
    return PLACE_VALUE[p]


def _guess_value(v: NotAloneView, h: HuntedView, p: int) -> float:
    """What a Hunted seems to see in place ``p`` (the Creature's model)."""
    if p == 4:
        return 2.6 if v.marker else 1.6
    if p == 1:
        return 0.6 + 0.5 * h.discard_count
    if p == 5:
        free = any(v.reserve[r - 6] > 0 and r not in h.owned for r in RESERVE_PLACES)
        return 2.2 if free else 0.4
    return PLACE_VALUE[p]
