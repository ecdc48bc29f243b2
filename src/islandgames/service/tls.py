"""TLS for the servers' TCP listeners and for their clients (both transports).

``islandgames serve --tls-cert FILE --tls-key FILE [--tls-client-ca FILE]`` serves
MessagePack-RPC and gRPC over TLS (1.2 or later); with ``--tls-client-ca`` every client
must also present a certificate signed by that CA (mutual TLS). Loopback without TLS stays
the default. :func:`server_tls` reads the options (both files or neither, each readable,
the key matching the certificate) into a :class:`ServerTls`; the MessagePack-RPC server
takes its :meth:`ServerTls.context`, the gRPC server credentials built from the same
files.

Clients take ``tls=``: ``True`` (the system's CA certificates), a CA file (a
``str`` or path: a private CA, or a self-signed certificate itself), or a ready
:class:`ssl.SSLContext`; :func:`client_context` builds one, optionally with a client
certificate for mutual TLS.

>>> server_tls(None, None) is None
True
>>> server_tls("cert.pem", None)
Traceback (most recent call last):
islandgames.service.tls.TlsConfigError: --tls-cert and --tls-key go together: give both or neither
"""

from __future__ import annotations

import argparse
import os
import ssl
from pathlib import Path
from typing import TypeAlias

import attrs

__all__ = [
    "ClientTls",
    "ServerTls",
    "TlsConfigError",
    "add_tls_arguments",
    "client_context",
    "client_tls",
    "server_tls",
    "server_tls_from_args",
]

#: What a client's ``tls=`` accepts: None/False (plain TCP), True (system CAs), a CA
#: file, or an :class:`ssl.SSLContext`.
ClientTls: TypeAlias = bool | str | os.PathLike[str] | ssl.SSLContext | None


class TlsConfigError(ValueError):
    """TLS options that cannot work (one file without the other, unreadable files, a key
    that does not match its certificate); the message is one line for the user."""


@attrs.frozen(slots=True)
class ServerTls:
    """A server's TLS material, read and checked: PEM bytes of the certificate chain, its
    private key and (for mutual TLS) the CA that client certificates must chain to."""

    cert_file: str
    key_file: str
    client_ca_file: str | None
    cert: bytes
    key: bytes
    client_ca: bytes | None

    def context(self) -> ssl.SSLContext:
        """A server-side :class:`ssl.SSLContext` (TLS 1.2+; client certificates required
        when there is a client CA)."""
        ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        ctx.minimum_version = ssl.TLSVersion.TLSv1_2
        ctx.load_cert_chain(self.cert_file, self.key_file)
        if self.client_ca_file is not None:
            ctx.verify_mode = ssl.CERT_REQUIRED
            ctx.load_verify_locations(cafile=self.client_ca_file)
        return ctx


def _read(option: str, path: str) -> bytes:
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise TlsConfigError(f"{option} {path}: {exc.strerror or exc}") from None
    if b"-----BEGIN " not in data:
        raise TlsConfigError(f"{option} {path}: not a PEM file")
    return data


def server_tls(
    cert_file: str | os.PathLike[str] | None,
    key_file: str | os.PathLike[str] | None,
    client_ca_file: str | os.PathLike[str] | None = None,
) -> ServerTls | None:
    """The TLS material of ``--tls-cert``/``--tls-key``/``--tls-client-ca`` (None when
    neither certificate nor key is given), checked by building a context from it once;
    :class:`TlsConfigError` otherwise."""
    if cert_file is None and key_file is None:
        if client_ca_file is not None:
            raise TlsConfigError("--tls-client-ca needs --tls-cert and --tls-key")
        return None
    if cert_file is None or key_file is None:
        raise TlsConfigError("--tls-cert and --tls-key go together: give both or neither")
    cert_path, key_path = os.fspath(cert_file), os.fspath(key_file)
    ca_path = None if client_ca_file is None else os.fspath(client_ca_file)
    tls = ServerTls(
        cert_path,
        key_path,
        ca_path,
        _read("--tls-cert", cert_path),
        _read("--tls-key", key_path),
        None if ca_path is None else _read("--tls-client-ca", ca_path),
    )
    try:
        tls.context()
    except ssl.SSLError as exc:
        what = exc.reason or str(exc)
        raise TlsConfigError(
            f"--tls-cert {cert_path} / --tls-key {key_path}: unusable ({what})"
        ) from None
    return tls


def add_tls_arguments(parser: argparse.ArgumentParser) -> None:
    """``--tls-cert``, ``--tls-key``, ``--tls-client-ca`` (for every TCP listener)."""
    parser.add_argument(
        "--tls-cert",
        metavar="FILE",
        default=None,
        help=(
            "serve TLS (every TCP listener) with this PEM certificate (chain); needs "
            "--tls-key (default: no TLS)"
        ),
    )
    parser.add_argument(
        "--tls-key", metavar="FILE", default=None, help="the PEM private key of --tls-cert"
    )
    parser.add_argument(
        "--tls-client-ca",
        metavar="FILE",
        default=None,
        help="mutual TLS: require client certificates signed by this PEM CA",
    )


def server_tls_from_args(args: argparse.Namespace) -> ServerTls | None:
    """:func:`server_tls` of the parsed options (None for options ``args`` lacks)."""
    return server_tls(
        getattr(args, "tls_cert", None),
        getattr(args, "tls_key", None),
        getattr(args, "tls_client_ca", None),
    )


def client_context(
    ca_file: str | os.PathLike[str] | None = None,
    *,
    cert_file: str | os.PathLike[str] | None = None,
    key_file: str | os.PathLike[str] | None = None,
) -> ssl.SSLContext:
    """A client-side :class:`ssl.SSLContext` that checks the server's certificate and name
    against ``ca_file`` (default: the system's CA certificates), with a client certificate
    for mutual TLS if ``cert_file`` (and ``key_file``) are given."""
    ctx = ssl.create_default_context(cafile=None if ca_file is None else os.fspath(ca_file))
    ctx.minimum_version = ssl.TLSVersion.TLSv1_2
    if cert_file is not None:
        ctx.load_cert_chain(cert_file, key_file)
    return ctx


def client_tls(tls: ClientTls) -> ssl.SSLContext | None:
    """The context a client's ``tls=`` stands for (None: no TLS)."""
    if tls is None or tls is False:
        return None
    if tls is True:
        return client_context()
    if isinstance(tls, ssl.SSLContext):
        return tls
    if isinstance(tls, str | os.PathLike):
        return client_context(tls)
    raise TypeError(f"tls must be a bool, a CA file or an ssl.SSLContext, got {type(tls).__name__}")
