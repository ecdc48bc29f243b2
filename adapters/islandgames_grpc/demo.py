"""``islandgames demo --transport grpc``: a bot match played through a gRPC server.

A server is started on a free 127.0.0.1 port (in memory), unless a running one is
given (``--connect``, with ``--tls-ca`` for TLS); one bot per seat plays over
its own channel and sees only what the server gives its token (view, legal actions),
while a spectator watches the match as a stream; then the full log is fetched and the
server verifies it by replay.
"""

from __future__ import annotations

from typing import Any, TextIO

from islandgames.bots import get_bot
from islandgames.core.game import describe_action
from islandgames.core.registry import get_game
from islandgames.core.rng import Rng
from islandgames.service import MatchService

from .client import AsyncClient
from .server import GrpcServer
from .tls import GrpcClientTls

__all__ = ["demo"]

#: A bound on the number of actions, so a demo always ends.
MAX_ACTIONS = 20_000


async def demo(
    game_id: str,
    config: Any,
    seed: Any,
    bot_name: str,
    quiet: bool,
    out: TextIO,
    *,
    target: str | None = None,
    tls: GrpcClientTls = None,
) -> int:
    """Play one match with ``bot_name`` at every seat; 0 if the log verifies by replay.
    ``target``: a running server to play on (default: one started here, in memory);
    ``tls``: the clients' TLS (:mod:`islandgames_grpc.tls`)."""
    game = get_game(game_id)
    bot = get_bot(game_id, bot_name)
    service: MatchService | None = None
    server: GrpcServer | None = None
    if target is None:
        service = MatchService()
        server = GrpcServer(service)
        target = f"127.0.0.1:{await server.start('127.0.0.1', 0)}"
    clients: list[AsyncClient] = []
    try:
        host = AsyncClient(target, tls=tls)
        clients.append(host)
        m = await host.create(game_id, config, seed)
        players = []
        for _ in m.seats:
            c = AsyncClient(target, tls=tls)
            clients.append(c)
            players.append(c)
        watch = await host.watch(m.spectator_token)
        print(
            f"{game.info.title}: match {m.match_id} over gRPC on {target}, "
            f"{len(m.seats)} seat(s), bot {bot.name!r}, seed commitment "
            f"{m.seed_commitment[:16]}...",
            file=out,
        )
        rngs = [Rng.from_seed(s.seat, "demo-bot") for s in m.seats]
        to_act = m.to_act
        for _ in range(MAX_ACTIONS):
            if not to_act:
                break
            seat = to_act[0]
            client, token = players[seat], m.seats[seat].token
            view = await client.view(token)
            legal = await client.legal_actions(token)
            actions = [game.decode_action(a) for a in legal.actions]
            choice, rngs[seat] = bot.choose(game, game.decode_view(view.view), actions, rngs[seat])
            result = await client.act(token, choice, legal.seq)
            to_act = result.to_act
            update = await watch.next(30)
            if update is not None and not quiet:
                shown = update.action
                what = "(hidden)" if shown is None else describe_action(game.decode_action(shown))
                print(f"  {update.seq:4d}  seat {seat}: {what}", file=out)
        watch.close()
        status = await host.status(m.spectator_token)
        log = await host.log(m.spectator_token)
        verdict = await host.verify(log)
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
            await c.close()
        if server is not None and service is not None:
            await server.stop(1.0)
            service.close()
