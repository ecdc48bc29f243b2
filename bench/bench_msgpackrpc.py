"""MessagePack-RPC benchmark: ``bench_clients.py`` on the MessagePack-RPC transport only
(act round trip against a bare echo in the same run, and throughput).

    python bench/bench_msgpackrpc.py [--game friday]
                                     [--stores memory,sqlite,sqlite-direct,sqlite-full]
                                     [--requests 2000] [--concurrency 1,8,32,50]
                                     [--seconds 3] [--json]

Any option of ``bench_clients.py`` may be given (``--transports local,msgpack`` puts the
service in process beside it); see that file for what is measured.
"""

from __future__ import annotations

import sys
from pathlib import Path

_HERE = str(Path(__file__).resolve().parent)
if _HERE not in sys.path:  # bench/bench_clients.py, however this file is run
    sys.path.insert(0, _HERE)

from bench_clients import main as bench_clients  # noqa: E402

STORES = "memory,sqlite,sqlite-direct,sqlite-full"


def main(argv: list[str] | None = None) -> int:
    rest = sys.argv[1:] if argv is None else argv
    defaults = ["--transports", "msgpack", "--stores", STORES, "--concurrency", "1,8,32,50"]
    return bench_clients([*defaults, *rest])


if __name__ == "__main__":
    sys.exit(main())
