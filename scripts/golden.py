"""Golden traces: fixed random games per game and rules version, pinned in tests/golden/.

    python scripts/golden.py --out tests/golden                       # every game and version
    python scripts/golden.py --out tests/golden --game gozer --rules-version 1.1
    python scripts/golden.py --out tests/golden --game friday --logs tests/golden/logs

For each game and rules version the engine has, and each config of :data:`CONFIGS` and
seed of :data:`SEEDS`, a game is played from ``new(seed, config)`` choosing every action
uniformly over (seat, action) among every seat's legal actions, with
``Rng.from_seed(seed, "golden")``, until it is over. It is written, one JSON file per game
and version (``<game>-<version>.json``), as its config (wire form), seed, the
engine_version of the log header, the number of actions, the log's chain hash at every
seq (``chain[0]`` is the header's, ``chain[seq]`` the entry's) and the outcome (wire
form). ``tests/test_golden.py`` replays every trace with the current engine.

``--logs DIR`` also writes, per game and version, the full log files of :data:`LOGS`
(``<game>-<version>-<label>.iglog``), played the same way through ``Match``.

The traces of a version are generated once, by the engine that shipped it, and never
again: this script runs on every engine since 0.1.0 (it needs only ``get_game``,
``Rng``, ``serde``, ``Match`` and ``make_header``/``make_entry``/``header_chain`` from
``islandgames.core.log``). Run it from an old checkout with ``PYTHONPATH=<it>/src``.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import islandgames
from islandgames.core import registry, serde
from islandgames.core.log import header_chain, make_entry, make_header
from islandgames.core.match import Match
from islandgames.core.registry import get_game
from islandgames.core.rng import Rng

FORMAT = "islandgames-golden"
FORMAT_VERSION = 1

#: Seeds of every config's traces.
SEEDS = (1, 2, 3)

#: Configs (wire form; missing fields take their defaults) per game, by label. Mostly
#: small ones: uniformly random players rarely end Gozer before its round limit.
CONFIGS: dict[str, tuple[tuple[str, dict[str, Any]], ...]] = {
    "friday": (
        ("level-1", {"level": 1}),
        ("level-2-reshuffle", {"level": 2, "empty_aging_stack": "reshuffle"}),
        ("level-4", {"level": 4}),
    ),
    "forbidden-island": (
        ("2-novice", {"players": 2, "difficulty": "novice"}),
        ("4-legendary", {"players": 4, "difficulty": "legendary"}),
    ),
    "not-alone": (
        ("1-hunted-b", {"hunted": 1, "board": "b"}),
        ("4-hunted", {"hunted": 4, "creature_seat": 2}),
    ),
    "gozer": (
        ("3-players-8-rounds", {"players": 3, "round_limit": 8}),
        ("6-players-kill-4-rounds", {"players": 6, "round_limit": 4, "gozer_shot": "kill"}),
        ("default", {}),
    ),
}

#: Traces whose random game reaches a rule that differs between rules versions (found by
#: playing each seed with one version flag flipped), so that the golden traces of every
#: version pin that rule too: (label, config, seed) per game. Friday's
#: ``exchange_leaves_fight_first`` (an exchange whose draw ends the game) is not reached
#: by uniform random play in 6,000 seeds per level; its scenario tests pin it
#: (tests/friday/test_rules_versions.py).
REACHING: dict[str, tuple[tuple[str, dict[str, Any], int], ...]] = {
    "friday": (
        ("won-fight-lost-to-aging-level-3", {"level": 3}, 93),
        ("sort-discard-then-look-level-1", {"level": 1}, 2199),
    ),
    "gozer": (("dying-bridge-holder-5-players-10-rounds", {"players": 5, "round_limit": 10}, 94),),
    # Not Alone 1.1: Wrong Track played in the window after a Survival draw
    # (window_after_survival_draw); two commits taken back by phase-1 cards
    # (phase1_cards_take_back_commits). Only in not-alone-1.1.json: the 1.0 file is kept
    # as its engine made it (an --append to it belongs to a worktree of that engine).
    "not-alone": (
        ("card-after-a-survival-draw-2-hunted", {"hunted": 2}, 17),
        ("commits-taken-back-2-hunted", {"hunted": 2}, 2),
    ),
}

#: Full log files written with ``--logs``: (label, config, seed) per game.
LOGS: dict[str, tuple[tuple[str, dict[str, Any], int], ...]] = {
    "friday": (
        ("level-2-reshuffle", {"level": 2, "empty_aging_stack": "reshuffle"}, 7),
        ("level-3", {"level": 3}, 8),
    ),
    "gozer": (
        ("4-players-3-rounds", {"players": 4, "round_limit": 3}, 7),
        ("5-players-kill-2-rounds", {"players": 5, "round_limit": 2, "gozer_shot": "kill"}, 8),
    ),
}

#: A random game never needs this many actions (a guard against a game that never ends).
MAX_ACTIONS = 100_000


def versions(game_id: str) -> tuple[str, ...]:
    """The rules versions this engine has of ``game_id`` (engines before the rules
    versions registry have exactly one)."""
    listed = getattr(registry, "rules_versions", None)
    if listed is None:
        return (get_game(game_id).info.rules_version,)
    return tuple(listed(game_id))


def game_of(game_id: str, rules_version: str) -> Any:
    if rules_version not in versions(game_id):
        raise SystemExit(f"this engine has no {game_id} rules {rules_version}")
    if len(versions(game_id)) == 1:
        return get_game(game_id)
    return get_game(game_id, rules_version=rules_version)


def random_game(game: Any, seed: int, config: Any) -> tuple[Any, list[tuple[int, Any, Any]]]:
    """The golden random game: (the initial state, [(seat, action, state after), ...])."""
    start = state = game.new(seed, config)
    rng = Rng.from_seed(seed, "golden")
    played: list[tuple[int, Any, Any]] = []
    while game.outcome(state) is None:
        if len(played) >= MAX_ACTIONS:
            raise RuntimeError(f"{game.info.id} seed {seed}: no end after {MAX_ACTIONS} actions")
        choices = [(s, a) for s in game.seats(state) for a in game.legal_actions(state, s)]
        (seat, action), rng = rng.choice(choices)
        state = game.apply(state, seat, action)
        played.append((seat, action, state))
    return start, played


def trace(game: Any, label: str, seed: int, config_wire: dict[str, Any]) -> dict[str, Any]:
    """One golden trace, hashed as a log of this engine's version would be."""
    engine_version = islandgames.__version__
    config = game.decode_config(config_wire)
    start, played = random_game(game, seed, config)
    header = make_header(game, seed, config, start, engine_version)
    chain = header_chain(header)
    chains = [chain.hex()]
    for seq, (seat, action, state) in enumerate(played, 1):
        entry = make_entry(game, seed, chain, seq, seat, action, serde.state_hash(state))
        chain = bytes.fromhex(entry.chain_hash)
        chains.append(entry.chain_hash)
    return {
        "label": f"{label}/seed-{seed}",
        "config": header.config,
        "seed": seed,
        "engine_version": engine_version,
        "actions": len(played),
        "chain": chains,
        "outcome": serde.to_wire(game.outcome(played[-1][2] if played else start)),
    }


def golden_file(game_id: str, rules_version: str) -> dict[str, Any]:
    game = game_of(game_id, rules_version)
    assert game.info.rules_version == rules_version
    traces = [
        trace(game, label, seed, config)
        for label, config in CONFIGS[game_id]
        for seed in SEEDS
    ]
    traces.extend(trace(game, label, seed, config) for label, config, seed in extra_traces(game_id))
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "game": game_id,
        "rules_version": rules_version,
        "traces": traces,
    }


def extra_traces(game_id: str) -> tuple[tuple[str, dict[str, Any], int], ...]:
    return REACHING.get(game_id, ())


def append_missing(path: Path, game_id: str, rules_version: str) -> int:
    """Add to an existing file the traces of :data:`REACHING` it lacks (made by this
    engine), leaving the traces it has untouched. How many were added."""
    data = json.loads(path.read_text())
    have = {t["label"] for t in data["traces"]}
    game = game_of(game_id, rules_version)
    added = 0
    for label, config, seed in extra_traces(game_id):
        if f"{label}/seed-{seed}" not in have:
            data["traces"].append(trace(game, label, seed, config))
            added += 1
    path.write_text(json.dumps(data, indent=1) + "\n")
    return added


def write_logs(game_id: str, rules_version: str, out: Path) -> list[Path]:
    game = game_of(game_id, rules_version)
    written = []
    for label, config_wire, seed in LOGS.get(game_id, ()):
        match = Match(game, seed, game.decode_config(config_wire))
        _, played = random_game(game, seed, match.config)
        for seat, action, _after in played:
            match.act(seat, action)
        path = out / f"{game_id}-{rules_version}-{label}.iglog"
        match.save(path)
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, required=True, help="directory of the JSON files")
    parser.add_argument("--game", choices=sorted(CONFIGS), help="only this game")
    parser.add_argument("--rules-version", help="only this rules version")
    parser.add_argument("--logs", type=Path, help="also write the LOGS log files here")
    parser.add_argument(
        "--append",
        action="store_true",
        help="only add the REACHING traces missing from existing files (keeps the rest)",
    )
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for game_id in [args.game] if args.game else list(CONFIGS):
        chosen = [args.rules_version] if args.rules_version else list(versions(game_id))
        for rules_version in chosen:
            if args.append:
                path = args.out / f"{game_id}-{rules_version}.json"
                print(f"{path}: {append_missing(path, game_id, rules_version)} traces added")
                continue
            data = golden_file(game_id, rules_version)
            path = args.out / f"{game_id}-{rules_version}.json"
            path.write_text(json.dumps(data, indent=1) + "\n")
            total = sum(t["actions"] for t in data["traces"])
            print(f"{path}: {len(data['traces'])} traces, {total} actions")
            if args.logs is not None:
                args.logs.mkdir(parents=True, exist_ok=True)
                for log in write_logs(game_id, rules_version, args.logs):
                    print(f"{log}: {log.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
