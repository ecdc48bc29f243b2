"""``python -m islandgames_grpc``: serve matches over gRPC on 127.0.0.1."""

from .app import main

raise SystemExit(main())
