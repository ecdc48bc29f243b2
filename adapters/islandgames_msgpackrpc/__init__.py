"""MessagePack-RPC adapter for islandgames: a server (TCP or stdio) and Python clients.

The protocol is the public msgpack-rpc spec; the methods, their params and results and
the error codes are documented in ``docs/protocol-msgpack.md``.
"""

from .client import AsyncClient, BlockingWatch, Client, Watch
from .protocol import DEFAULT_MAX_FRAME, DEFAULT_PORT, FrameDecoder
from .server import RpcServer, log_records

__all__ = [
    "DEFAULT_MAX_FRAME",
    "DEFAULT_PORT",
    "AsyncClient",
    "BlockingWatch",
    "Client",
    "FrameDecoder",
    "RpcServer",
    "Watch",
    "log_records",
]
