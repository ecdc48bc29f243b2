"""``islandgames protos``: write out the gRPC schema (the .proto files)."""

from __future__ import annotations

import argparse
import importlib.util
from pathlib import Path
from typing import Any

from ._common import EXIT_OK, CliError, _err, _t

#: Where the .proto files sit under their import root (``import "islandgames/v1/..."``).
PROTO_PACKAGE_DIR = ("islandgames", "v1")


def add_parser(subparsers: Any) -> None:
    """Add ``protos`` to the ``islandgames`` subparsers."""
    p = subparsers.add_parser(
        "protos",
        help="write out the gRPC schema (.proto files)",
        description="Copy the .proto files of the gRPC protocol (islandgames.v1, shipped in "
        "the package) to DIR/islandgames/v1/, DIR being the import root for protoc or "
        "@grpc/proto-loader; the files written are printed one a line. Without --out, "
        "print the import root of the installed files.",
    )
    p.add_argument("--out", metavar="DIR", help="directory to write islandgames/v1/*.proto to")
    p.set_defaults(func=cmd_protos)


def proto_root() -> Path:
    """The import root of the gRPC schema: ``islandgames_grpc/protos`` in an installed
    package (package data mapped from the repository's ``protos/``), else the ``protos/``
    of the source checkout ``islandgames_grpc`` is found in. Found without importing
    ``islandgames_grpc``, so that it works without the ``grpc`` extra."""
    spec = importlib.util.find_spec("islandgames_grpc")
    if spec is None or not spec.submodule_search_locations:
        raise CliError("the gRPC schema is not installed (no package islandgames_grpc)")
    here = Path(next(iter(spec.submodule_search_locations))).resolve()
    for root in (here / "protos", here.parent.parent / "protos"):
        if any(root.joinpath(*PROTO_PACKAGE_DIR).glob("*.proto")):
            return root
    raise CliError(f"the .proto files are not installed (looked in {here / 'protos'})")


def cmd_protos(args: argparse.Namespace) -> int:
    root = proto_root()
    sources = sorted(root.joinpath(*PROTO_PACKAGE_DIR).glob("*.proto"))
    if args.out is None:
        print(root)
        return EXIT_OK
    target = Path(args.out).joinpath(*PROTO_PACKAGE_DIR)
    try:
        target.mkdir(parents=True, exist_ok=True)
        for src in sources:
            (target / src.name).write_bytes(src.read_bytes())
    except OSError as exc:
        raise CliError(f"cannot write {exc.filename or args.out}: {exc.strerror}") from exc
    for src in sources:
        print(target / src.name)
    _err().print(
        _t(f"wrote {len(sources)} .proto files; import root {args.out} (protoc -I {args.out})")
    )
    return EXIT_OK
