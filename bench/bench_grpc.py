"""gRPC benchmark: ``bench_clients.py`` on the gRPC transport only (act round trip
against a bare Echo in the same run, and throughput).

    python bench/bench_grpc.py [--game friday] [--stores memory,sqlite]
                               [--requests 2000] [--concurrency 1,8]
                               [--seconds 3] [--json]

Any option of ``bench_clients.py`` may be given (``--transports local,grpc`` puts the
service in process beside it); see that file for what is measured.
"""

from __future__ import annotations

import sys
from pathlib import Path

_HERE = str(Path(__file__).resolve().parent)
if _HERE not in sys.path:  # bench/bench_clients.py, however this file is run
    sys.path.insert(0, _HERE)

from bench_clients import main as bench_clients  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    rest = sys.argv[1:] if argv is None else argv
    return bench_clients(["--transports", "grpc", "--stores", "memory,sqlite", *rest])


if __name__ == "__main__":
    sys.exit(main())
