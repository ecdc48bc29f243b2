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
    p.add_argument(
        "--python-package",
        metavar="NAME",
        type=_python_package,
        help="write the files to DIR/NAME/v1/ instead, their imports rewritten to match, so "
        "that protoc's Python stubs are the package NAME.v1 and do not collide with the "
        "installed islandgames package (the protobuf package and the service names on the "
        "wire stay islandgames.v1)",
    )
    p.set_defaults(func=cmd_protos)


def _python_package(text: str) -> str:
    """An argparse type: a top-level Python package name other than ``islandgames``."""
    if not text.isidentifier() or not text.isascii():
        raise argparse.ArgumentTypeError(f"not a Python package name: {text[:80]!r}")
    if text == PROTO_PACKAGE_DIR[0]:
        raise argparse.ArgumentTypeError(
            "islandgames is the installed package's own name: stubs there would collide "
            "with it (try islandgames_pb)"
        )
    return text


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


def _moved(proto: bytes, top: str) -> bytes:
    """A .proto file's bytes with its imports of ``islandgames/v1/...`` under ``top``:
    only the file paths move, not the protobuf package (the names on the wire)."""
    if top == PROTO_PACKAGE_DIR[0]:
        return proto
    old = 'import "' + "/".join(PROTO_PACKAGE_DIR) + "/"
    new = f'import "{top}/' + "/".join(PROTO_PACKAGE_DIR[1:]) + "/"
    return proto.replace(old.encode(), new.encode())


def cmd_protos(args: argparse.Namespace) -> int:
    if getattr(args, "python_package", None) is not None and args.out is None:
        raise CliError("--python-package goes with --out DIR")
    root = proto_root()
    sources = sorted(root.joinpath(*PROTO_PACKAGE_DIR).glob("*.proto"))
    if args.out is None:
        print(root)
        return EXIT_OK
    package: str | None = getattr(args, "python_package", None)
    top = PROTO_PACKAGE_DIR[0] if package is None else package
    target = Path(args.out).joinpath(top, *PROTO_PACKAGE_DIR[1:])
    try:
        target.mkdir(parents=True, exist_ok=True)
        for src in sources:
            (target / src.name).write_bytes(_moved(src.read_bytes(), top))
    except OSError as exc:
        raise CliError(f"cannot write {exc.filename or args.out}: {exc.strerror}") from exc
    for src in sources:
        print(target / src.name)
    _err().print(
        _t(f"wrote {len(sources)} .proto files; import root {args.out} (protoc -I {args.out})")
    )
    return EXIT_OK
