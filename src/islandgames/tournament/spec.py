"""What a tournament is: the game, the bots, how they are seated, the configs and the
action limit (:class:`TournamentSpec`). The seeds are not part of it: a store holds the
results of one spec for any seeds, and a run with more seeds extends it.

>>> spec = build_spec("not-alone", {"a": "random", "b": "heuristic"})
>>> spec.seating, spec.configs[0].slots, spec.configs[0].seatings
('roles', ('creature', 'hunted'), ((0, 1), (1, 0)))
>>> spec.seat_bots(0, 1, ("creature", "hunted", "hunted", "hunted"))
('b', 'a', 'a', 'a')
"""

from __future__ import annotations

import hashlib
import itertools
import json
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, Literal

import attrs

from .._version import __version__
from ..bots import get_bot, parse_bot_spec
from ..core import serde
from ..core.errors import InvalidConfigError
from ..core.game import Game
from ..core.registry import get_game
from ..core.rng import MAX_SEED
from .errors import TournamentError
from .seatings import ROTATIONS, Rotation, seatings

__all__ = [
    "FORMAT",
    "ConfigPlan",
    "Key",
    "TEAM_SLOT",
    "SeatingMode",
    "TournamentSpec",
    "build_spec",
    "check_seeds",
]

AnyGame = Game[Any, Any, Any, Any]

#: The ``format`` of a spec's wire form (and of a store's metadata).
FORMAT = "islandgames-tournament"
FORMAT_VERSION = 1

SeatingMode = Literal["seats", "roles", "team"]
#: The one slot of a ``team`` seating: one bot plays every seat.
TEAM_SLOT = "every seat"
#: One game of a tournament: (config index, seed, seating index).
Key = tuple[int, int, int]
Slot = int | str

MAX_BOT_NAME = 60


@attrs.frozen
class ConfigPlan:
    """One config of the tournament: its full wire form (every field), its slots (the
    seats, or the roles in play, found from the game at seed 0) and its seatings (a
    bot index per slot)."""

    config: dict[str, Any]
    slots: tuple[Slot, ...]
    seatings: tuple[tuple[int, ...], ...]


@attrs.frozen
class TournamentSpec:
    """A tournament's identity (built and checked by :func:`build_spec`)."""

    game: str
    rules_version: str
    engine_version: str
    bots: tuple[tuple[str, str], ...]  # (name, spec), in the order given
    seating: SeatingMode
    rotation: Rotation
    configs: tuple[ConfigPlan, ...]
    max_actions: int

    @property
    def bot_names(self) -> tuple[str, ...]:
        return tuple(name for name, _ in self.bots)

    def to_wire(self) -> dict[str, Any]:
        """Plain data (JSON-compatible): what a store keeps and compares."""
        return {
            "format": FORMAT,
            "format_version": FORMAT_VERSION,
            "game": self.game,
            "rules_version": self.rules_version,
            "engine_version": self.engine_version,
            "bots": [{"name": n, "spec": s} for n, s in self.bots],
            "seating": self.seating,
            "rotation": self.rotation,
            "configs": [
                {
                    "config": c.config,
                    "slots": list(c.slots),
                    "seatings": [list(s) for s in c.seatings],
                }
                for c in self.configs
            ],
            "max_actions": self.max_actions,
        }

    @classmethod
    def from_wire(cls, data: Any) -> TournamentSpec:
        """The spec of :meth:`to_wire`'s data; a ``ValueError`` saying what is wrong."""
        try:
            if data["format"] != FORMAT:
                raise ValueError(f"format is {data['format']!r}, not {FORMAT!r}")
            if data["format_version"] != FORMAT_VERSION:
                raise ValueError(
                    f"format version {data['format_version']!r} (this engine reads "
                    f"{FORMAT_VERSION})"
                )
            if data["seating"] not in ("seats", "roles", "team"):
                raise ValueError(f"seating {data['seating']!r}")
            if data["rotation"] not in ROTATIONS:
                raise ValueError(f"rotation {data['rotation']!r}")
            return cls(
                game=_str(data["game"]),
                rules_version=_str(data["rules_version"]),
                engine_version=_str(data["engine_version"]),
                bots=tuple((_str(b["name"]), _str(b["spec"])) for b in data["bots"]),
                seating=data["seating"],
                rotation=data["rotation"],
                configs=tuple(
                    ConfigPlan(
                        dict(c["config"]),
                        tuple(c["slots"]),
                        tuple(tuple(int(i) for i in s) for s in c["seatings"]),
                    )
                    for c in data["configs"]
                ),
                max_actions=int(data["max_actions"]),
            )
        except (KeyError, TypeError, AttributeError) as exc:
            raise ValueError(f"malformed spec ({type(exc).__name__}: {exc})") from None

    def canonical(self) -> str:
        """The spec as canonical JSON text: no spaces, every map in field order (a
        config's fields in its class's order), so a spec read back is the same text."""
        return json.dumps(self.to_wire(), separators=(",", ":"))

    @property
    def fingerprint(self) -> str:
        """blake2b-128 of :meth:`canonical`: equal fingerprints, same tournament."""
        return hashlib.blake2b(self.canonical().encode(), digest_size=16).hexdigest()

    def games_per_seed(self) -> int:
        return sum(len(c.seatings) for c in self.configs)

    def keys(self, seeds: Iterable[int]) -> Iterator[Key]:
        """Every game of ``seeds``, in report order: config, then seed, then seating."""
        ordered = sorted(seeds)
        for ci, plan in enumerate(self.configs):
            for seed in ordered:
                for k in range(len(plan.seatings)):
                    yield ci, seed, k

    def seat_bots(self, config: int, seating: int, roles: Sequence[str]) -> tuple[str, ...]:
        """The bot name of each seat of a game whose seats have ``roles``; a
        ``ValueError`` for a seat whose slot the seating does not have."""
        plan = self.configs[config]
        chosen = plan.seatings[seating]
        out = []
        for seat, role in enumerate(roles):
            slot: Slot = (
                seat if self.seating == "seats" else role if self.seating == "roles" else TEAM_SLOT
            )
            if slot not in plan.slots:
                raise ValueError(
                    f"seat {seat} ({role}) has no slot in config {config}'s seatings "
                    f"(slots {', '.join(map(str, plan.slots))})"
                )
            out.append(self.bots[chosen[plan.slots.index(slot)]][0])
        return tuple(out)

    def describe(self) -> str:
        """One line: the game, the bots, the seating and the configs."""
        bots = ", ".join(n if n == s else f"{n}={s}" for n, s in self.bots)
        return (
            f"{self.game} (rules {self.rules_version}, engine {self.engine_version}): bots "
            f"{bots}; seating {self.seating}/{self.rotation}; {len(self.configs)} config(s); "
            f"max {self.max_actions} actions"
        )


def _str(value: Any) -> str:
    if not isinstance(value, str):
        raise TypeError(f"expected a string, got {type(value).__name__}")
    return value


def config_wire(game: AnyGame, config: Any) -> dict[str, Any]:
    """The full wire form of ``config`` (a config object, a dict of some fields, None)."""
    wire = serde.to_wire(game.make_config(config))
    if not isinstance(wire, dict):  # pragma: no cover - every game's config is a record
        raise TypeError(f"{game.info.id}: a config's wire form is not a map")
    wire.pop("type", None)
    return wire


def _bots(game: AnyGame, bots: Mapping[str, str] | Sequence[str]) -> tuple[tuple[str, str], ...]:
    if isinstance(bots, str):
        raise TournamentError(f"bots must be a mapping of names to specs or a list, not {bots!r}")
    pairs = list(bots.items()) if isinstance(bots, Mapping) else [(s, s) for s in bots]
    if not pairs:
        raise TournamentError("no bots: give at least one bot (name: spec)")
    seen: set[str] = set()
    for name, spec in pairs:
        if not isinstance(name, str) or not isinstance(spec, str):
            raise TournamentError(f"a bot name and spec are strings, got {name!r}: {spec!r}")
        if not name or len(name) > MAX_BOT_NAME or not name.isprintable() or name != name.strip():
            raise TournamentError(
                f"bot name {name!r}: 1-{MAX_BOT_NAME} printable characters, no surrounding spaces"
            )
        if name in seen:
            raise TournamentError(f"bot name {name!r} is given twice")
        seen.add(name)
        _check_bot(game, name, spec)
    return tuple(pairs)


def _check_bot(game: AnyGame, name: str, spec: str) -> None:
    """Build the bot once: an unknown bot or a bad spec says so (with the game's bots)."""
    try:
        _, params = parse_bot_spec(spec)
        get_bot(game.info.id, spec)
    except (LookupError, ValueError, TypeError) as exc:
        raise TournamentError(f"bot {name!r}: {exc}") from None
    if "seconds" in params:
        raise TournamentError(
            f"bot {name!r}: {spec!r} has a wall-clock budget (seconds=), so its games depend "
            f"on the machine's speed and could not be reproduced or resumed; use iterations="
        )


def _slots(game: AnyGame, config: Any, mode: SeatingMode) -> tuple[Slot, ...]:
    if mode == "team":
        return (TEAM_SLOT,)
    state = game.new(0, config)
    seats = game.seats(state)
    if mode == "seats":
        return tuple(seats)
    present = {game.role(state, s) for s in seats}
    return tuple(r for r in game.info.roles if r in present)


def _resolve_mode(game: AnyGame, configs: Sequence[Any], seating: str) -> SeatingMode:
    modes: dict[str, SeatingMode] = {"seats": "seats", "roles": "roles", "team": "team"}
    if seating in modes:
        return modes[seating]
    if seating != "auto":
        raise TournamentError(
            f"seating must be 'auto', 'seats', 'roles' or 'team', got {seating!r}"
        )
    # roles when every role of the game is in play in every config (roles that are
    # sides, as in not-alone and gozer); else seats (forbidden-island's adventurers are
    # drawn per seed, four of six)
    for config in configs:
        state = game.new(0, config)
        if {game.role(state, s) for s in game.seats(state)} != set(game.info.roles):
            return "seats"
    return "roles"


def build_spec(
    game: str,
    bots: Mapping[str, str] | Sequence[str],
    *,
    configs: Sequence[Any] | None = None,
    seating: str = "auto",
    rotation: str = "cyclic",
    max_actions: int = 100_000,
    rules_version: str | None = None,
) -> TournamentSpec:
    """Check and resolve a tournament: an unknown game is an
    :class:`~islandgames.UnknownGameError`; an unknown bot, a bad bot spec, a bad config,
    seating, rotation or action limit a :class:`TournamentError` saying which."""
    g = get_game(game, rules_version)
    if isinstance(max_actions, bool) or not isinstance(max_actions, int) or max_actions < 1:
        raise TournamentError(f"max_actions must be an int >= 1, got {max_actions!r}")
    if rotation not in ROTATIONS:
        raise TournamentError(f"rotation must be one of {', '.join(ROTATIONS)}, got {rotation!r}")
    pairs = _bots(g, bots)
    objects = []
    wires: list[dict[str, Any]] = []
    for i, c in enumerate([None] if configs is None else list(configs)):
        try:
            obj = g.make_config(c)
        except (InvalidConfigError, ValueError, TypeError) as exc:
            raise TournamentError(f"config {i} ({c!r}): {exc}") from None
        wire = config_wire(g, obj)
        if wire in wires:
            raise TournamentError(f"config {i} is config {wires.index(wire)} again: {wire}")
        objects.append(obj)
        wires.append(wire)
    if not objects:
        raise TournamentError("no configs: give at least one (None: the defaults)")
    mode = _resolve_mode(g, objects, seating)
    plans = []
    for obj, wire in zip(objects, wires, strict=True):
        slots = _slots(g, obj, mode)
        try:
            table = seatings(rotation, len(pairs), len(slots))
        except ValueError as exc:
            raise TournamentError(str(exc)) from None
        plans.append(ConfigPlan(wire, slots, table))
    return TournamentSpec(
        game=g.info.id,
        rules_version=g.info.rules_version,
        engine_version=__version__,
        bots=pairs,
        seating=mode,
        rotation=next(r for r in ROTATIONS if r == rotation),
        configs=tuple(plans),
        max_actions=max_actions,
    )


def check_seeds(seeds: Iterable[int]) -> tuple[int, ...]:
    """The seeds, sorted; a :class:`TournamentError` for none, a duplicate or a seed
    that is not an int in ``0..2**256-1``."""
    if isinstance(seeds, int | str | bytes):
        raise TournamentError(f"seeds must be a range or a list of ints, got {seeds!r}")
    try:
        items = list(seeds)
    except TypeError:
        raise TournamentError(f"seeds must be a range or a list of ints, got {seeds!r}") from None
    if not items:
        raise TournamentError(f"no seeds: {seeds!r} is empty")
    for s in items:
        if isinstance(s, bool) or not isinstance(s, int):
            raise TournamentError(f"seed {s!r} is not an int")
        if not 0 <= s <= MAX_SEED:
            raise TournamentError(f"seed {s} is outside 0..2**256-1")
    ordered = sorted(items)
    for a, b in itertools.pairwise(ordered):
        if a == b:
            raise TournamentError(f"seed {a} is given twice")
    return tuple(ordered)
