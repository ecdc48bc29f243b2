"""``islandgames games``: list the registered games."""

from __future__ import annotations

import argparse
import json
from typing import Any

from rich.padding import Padding
from rich.table import Table
from rich.text import Text

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
    # one block per game (a heading line, then label/value rows): fits 80 columns, and
    # long values wrap between words, never inside one
    out = _out()
    out.print(_t("islandgames: registered games", "bold"))
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
        block = Table(box=None, show_header=False, padding=(0, 1), pad_edge=False)
        block.add_column(style="dim", no_wrap=True)
        block.add_column()
        for label, value in (
            ("rules", ", ".join(rules_versions(info.id))),  # every version stays playable
            ("seats", seats),
            ("roles", ", ".join(info.roles)),
            ("kind", ", ".join(kind) or "deterministic, open"),
            ("bots", ", ".join(bot_names(info.id))),
            ("config", json.dumps(cfg)),
        ):
            block.add_row(_t(label), _t(value))
        out.print()
        out.print(Text.assemble(_t(info.id, "bold"), "  ", _t(info.title)))
        out.print(Padding(block, (0, 0, 0, 2), expand=False))
    return EXIT_OK
