"""``islandgames games``: list the registered games."""

from __future__ import annotations

import argparse
import json
from typing import Any

from rich import box
from rich.table import Table

from ..bots import bot_names
from ..core import serde
from ..core.registry import game_ids, rules_versions
from ._common import EXIT_OK, _load_game, _out, _print_json, _t


def add_parser(subparsers: Any) -> None:
    """Add ``games`` to the ``islandgames`` subparsers."""
    p = subparsers.add_parser(
        "games",
        help="list the registered games",
        description="List the registered games (GameInfo).",
    )
    p.add_argument("--json", action="store_true", help="print the GameInfo wire form as JSON")
    p.set_defaults(func=cmd_games)


def cmd_games(args: argparse.Namespace) -> int:
    infos = [_load_game(g).info for g in game_ids()]
    if args.json:
        _print_json(
            [{**serde.to_wire(i), "rules_versions": list(rules_versions(i.id))} for i in infos]
        )
        return EXIT_OK
    table = Table(title="islandgames: registered games", box=box.SIMPLE_HEAD)
    table.add_column("id", no_wrap=True, style="bold")
    for col in ("title", "rules", "seats", "roles", "kind", "bots"):
        table.add_column(col, overflow="fold")
    table.add_column("default config", overflow="fold", min_width=24, ratio=1)
    for info in infos:
        seats = (
            f"{info.min_seats}"
            if info.min_seats == info.max_seats
            else f"{info.min_seats}-{info.max_seats}"
        )
        kind = [
            name
            for name, flag in (
                ("chance", info.chance),
                ("hidden information", info.hidden_information),
                ("simultaneous", info.simultaneous),
            )
            if flag
        ]
        cfg = serde.to_wire(info.default_config)
        if isinstance(cfg, dict):
            cfg.pop("type", None)
        table.add_row(
            _t(info.id),
            _t(info.title),
            _t(", ".join(rules_versions(info.id))),  # every version stays playable
            _t(seats),
            _t(", ".join(info.roles)),
            _t(", ".join(kind) or "deterministic, open"),
            _t(", ".join(bot_names(info.id))),
            _t(json.dumps(cfg)),
        )
    _out().print(table)
    return EXIT_OK
