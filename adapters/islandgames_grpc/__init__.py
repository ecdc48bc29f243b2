"""gRPC adapter for islandgames: a server (``grpc.aio``, with health and reflection)
and typed Python clients.

The schema is ``protos/islandgames/v1/`` (the game messages generated from the engine's
attrs classes by ``scripts/gen_protos.py``); the protocol is documented in
``docs/protocol-grpc.md``.
"""

from .client import AsyncClient, AsyncWatch, Client, Watch, WatchStarted, error_from_rpc
from .server import DEFAULT_MAX_MESSAGE, DEFAULT_PORT, SERVICE_NAME, GrpcServer, status_for

__all__ = [
    "DEFAULT_MAX_MESSAGE",
    "DEFAULT_PORT",
    "SERVICE_NAME",
    "AsyncClient",
    "AsyncWatch",
    "Client",
    "GrpcServer",
    "Watch",
    "WatchStarted",
    "error_from_rpc",
    "status_for",
]
