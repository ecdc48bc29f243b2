"""Certificates for the TLS tests, made at test time with the ``openssl`` command.

Made fresh for each test session (short-lived, 2 days; EC P-256 keys, a few ms each)
rather than committed: nothing that looks like a private key is in the repository, and
no fixture expires under the tests. The tests skip, saying so, where ``openssl`` is not
installed.

* ``server_cert`` / ``server_key``: self-signed, for ``IP:127.0.0.1`` and
  ``DNS:localhost``; the certificate is its own trust anchor (``--tls-ca`` of clients).
* ``ca`` / ``ca_key``: a test CA that signed ``client_cert`` / ``client_key`` (mutual TLS).
* ``stranger``: another self-signed certificate, which trusts neither of the others.
"""

from __future__ import annotations

import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

__all__ = ["OPENSSL", "Certs", "make_certs", "require_openssl"]

OPENSSL = shutil.which("openssl")
_EC = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]


@dataclass(frozen=True)
class Certs:
    dir: Path
    server_cert: Path
    server_key: Path
    ca: Path
    ca_key: Path
    client_cert: Path
    client_key: Path
    stranger: Path


def require_openssl() -> str:
    if OPENSSL is None:
        pytest.skip("the openssl command is not installed (the TLS tests make certificates)")
    return OPENSSL


def _run(*args: str, cwd: Path) -> None:
    subprocess.run([require_openssl(), *args], cwd=cwd, check=True, capture_output=True, timeout=60)


def _self_signed(cwd: Path, name: str, subject: str, *extensions: str) -> None:
    ext = [arg for e in extensions for arg in ("-addext", e)]
    _run(
        "req", "-x509", *_EC, "-days", "2", "-subj", subject,
        "-keyout", f"{name}.key", "-out", f"{name}.pem", *ext, cwd=cwd,
    )  # fmt: skip


def make_certs(directory: Path) -> Certs:
    """Every certificate of :class:`Certs`, in ``directory``."""
    d = directory
    _self_signed(
        d,
        "server",
        "/CN=localhost",
        "subjectAltName=IP:127.0.0.1,DNS:localhost",
        "basicConstraints=critical,CA:TRUE",
    )
    _self_signed(
        d, "ca", "/CN=islandgames test CA", "basicConstraints=critical,CA:TRUE",
        "keyUsage=critical,keyCertSign,cRLSign",
    )  # fmt: skip
    _self_signed(d, "stranger", "/CN=localhost", "subjectAltName=IP:127.0.0.1,DNS:localhost")
    _run("req", "-new", *_EC, "-subj", "/CN=test client", "-keyout", "client.key",
         "-out", "client.csr", cwd=d)  # fmt: skip
    (d / "client.ext").write_text("extendedKeyUsage=clientAuth\n")
    _run("x509", "-req", "-in", "client.csr", "-CA", "ca.pem", "-CAkey", "ca.key",
         "-CAcreateserial", "-days", "2", "-extfile", "client.ext", "-out", "client.pem",
         cwd=d)  # fmt: skip
    return Certs(
        d,
        d / "server.pem",
        d / "server.key",
        d / "ca.pem",
        d / "ca.key",
        d / "client.pem",
        d / "client.key",
        d / "stranger.pem",
    )
