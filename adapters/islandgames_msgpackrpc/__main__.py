"""``python -m islandgames_msgpackrpc``: run the MessagePack-RPC server."""

from __future__ import annotations

from .app import main

if __name__ == "__main__":
    raise SystemExit(main())
