"""Regenerate (or, with --check, verify) protos/islandgames/v1 and the gRPC Python code.

    python scripts/gen_protos.py [--check]

See adapters/islandgames_grpc/protogen.py.
"""

from islandgames_grpc.protogen import main

if __name__ == "__main__":
    raise SystemExit(main())
