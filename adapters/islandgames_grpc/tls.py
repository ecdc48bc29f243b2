"""TLS credentials of the gRPC server and clients, from the same files as the
MessagePack-RPC side (:mod:`islandgames.service.tls`).

A client's ``tls=``: None/False (plaintext), True (the system's CA certificates), a CA
file (``str`` or path; a self-signed server certificate is its own CA), or ready
``grpc.ChannelCredentials`` (e.g. from :func:`channel_credentials` with a client
certificate, for mutual TLS).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TypeAlias

import grpc

from islandgames.service.tls import ServerTls

__all__ = ["GrpcClientTls", "channel_credentials", "client_credentials", "server_credentials"]

GrpcClientTls: TypeAlias = bool | str | os.PathLike[str] | grpc.ChannelCredentials | None


def server_credentials(tls: ServerTls) -> grpc.ServerCredentials:
    """Server credentials of ``--tls-cert``/``--tls-key`` (client certificates required
    with ``--tls-client-ca``)."""
    return grpc.ssl_server_credentials(
        [(tls.key, tls.cert)],
        root_certificates=tls.client_ca,
        require_client_auth=tls.client_ca is not None,
    )


def channel_credentials(
    ca_file: str | os.PathLike[str] | None = None,
    *,
    cert_file: str | os.PathLike[str] | None = None,
    key_file: str | os.PathLike[str] | None = None,
) -> grpc.ChannelCredentials:
    """Channel credentials that check the server against ``ca_file`` (default: the
    system's CA certificates), with a client certificate if ``cert_file`` and
    ``key_file`` are given (mutual TLS)."""
    root = None if ca_file is None else Path(ca_file).read_bytes()
    if (cert_file is None) != (key_file is None):
        raise ValueError("a client certificate needs both cert_file and key_file")
    return grpc.ssl_channel_credentials(
        root_certificates=root,
        private_key=None if key_file is None else Path(key_file).read_bytes(),
        certificate_chain=None if cert_file is None else Path(cert_file).read_bytes(),
    )


def client_credentials(tls: GrpcClientTls) -> grpc.ChannelCredentials | None:
    """The credentials a client's ``tls=`` stands for (None: plaintext)."""
    if tls is None or tls is False:
        return None
    if tls is True:
        return channel_credentials()
    if isinstance(tls, grpc.ChannelCredentials):
        return tls
    if isinstance(tls, str | os.PathLike):
        return channel_credentials(tls)
    raise TypeError(
        f"tls must be a bool, a CA file or grpc.ChannelCredentials, got {type(tls).__name__}"
    )
