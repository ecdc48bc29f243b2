"""``islandgames demo``: a bot match played through any :class:`MatchClient`.

One client makes the match and watches it as a spectator; one bot per seat plays over
its own client (its own connection) and sees only what the server gives its token (view,
legal actions); then the full log is fetched and the server verifies it by replay. The
command line picks the transport and makes the clients (:mod:`islandgames.cli.service`);
this module knows none of them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TextIO

from ..bots import get_bot
from ..core.game import describe_action
from ..core.registry import get_game
from ..core.rng import Rng
from .client import ConfigInput, MatchClient

__all__ = ["MAX_ACTIONS", "play_demo"]

#: A bound on the number of actions, so a demo always ends.
MAX_ACTIONS = 20_000


def play_demo(
    connect: Callable[[], MatchClient],
    game_id: str,
    config: ConfigInput,
    seed: int | str | None,
    bot_name: str,
    quiet: bool,
    out: TextIO,
    *,
    where: str,
) -> int:
    """Play one match of ``game_id`` with ``bot_name`` at every seat, each seat on its
    own client from ``connect()``; 0 if the server verifies the log by replay, else 1.
    ``where`` completes the first line (``"on 127.0.0.1:7341"``)."""
    game = get_game(game_id)
    bot = get_bot(game_id, bot_name)
    clients: list[MatchClient] = []
    try:
        host = connect()
        clients.append(host)
        m = host.create(game_id, config, seed)
        players = []
        for _ in m.seats:
            c = connect()
            clients.append(c)
            players.append(c)
        with host.watch(m.spectator_token) as watch:
            print(
                f"{game.info.title}: match {m.match_id} {where}, {len(m.seats)} seat(s), "
                f"bot {bot.name!r}, seed commitment {m.seed_commitment[:16]}...",
                file=out,
            )
            rngs = [Rng.from_seed(s.seat, "demo-bot") for s in m.seats]
            to_act = m.to_act
            for _ in range(MAX_ACTIONS):
                if not to_act:
                    break
                seat = to_act[0]
                client, token = players[seat], m.seats[seat].token
                view = client.view(token)
                legal = client.legal_actions(token)
                actions = [game.decode_action(a) for a in legal.actions]
                choice, rngs[seat] = bot.choose(
                    game, game.decode_view(view.view), actions, rngs[seat]
                )
                to_act = client.act(token, game.encode_action(choice), legal.seq).to_act
                update = watch.next(30)
                if update is not None and not quiet:
                    shown = update.action
                    what = (
                        "(hidden)" if shown is None else describe_action(game.decode_action(shown))
                    )
                    print(f"  {update.seq:4d}  seat {seat}: {what}", file=out)
        status = host.status(m.spectator_token)
        log = host.log(m.spectator_token)
        verdict = host.verify(log)
        if status.outcome is not None:
            results = ", ".join(
                f"seat {r['seat']} {r['role']} {r['result']} ({r['score']})"
                for r in status.outcome["results"]
            )
            print(f"over after {status.seq} actions: {results}", file=out)
            print(f"reason: {status.outcome['reason']}", file=out)
        else:
            print(f"stopped after {status.seq} actions (not over)", file=out)
        ok = verdict.status == "verified"
        print(
            f"log: {len(log.entries)} entries, seed {log.end.seed if log.end else '?'} "
            f"revealed; server verification: {'verified by replay' if ok else verdict}",
            file=out,
        )
        return 0 if ok else 1
    finally:
        for c in clients:
            c.close()
