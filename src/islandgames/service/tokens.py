"""Seat tokens: 256 random bits from the OS, kept by the server only as a hash.

A token is the only credential: it names the match and the seat (or the spectator).
Tokens carry 256 bits of entropy, so a plain keyed-free cryptographic hash is enough
to store them (no slow password hash is needed: there is nothing to brute-force).

>>> t = new_token()
>>> t.startswith("igt_") and len(t) == 4 + 43
True
>>> len(token_hash(t)) == 32 and token_hash(t) == token_hash(t)
True
>>> new_token() != new_token()
True
"""

from __future__ import annotations

import hashlib
import secrets

from .errors import InvalidTokenError

__all__ = ["MAX_TOKEN_LENGTH", "TOKEN_PREFIX", "new_match_id", "new_token", "token_hash"]

TOKEN_PREFIX = "igt_"
#: Longer strings are rejected before hashing.
MAX_TOKEN_LENGTH = 128


def new_token() -> str:
    """A fresh secret token: ``igt_`` and 32 random bytes in URL-safe base64."""
    return TOKEN_PREFIX + secrets.token_urlsafe(32)


def token_hash(token: object) -> bytes:
    """The stored form of a token: blake2b-256 with a fixed personalisation.

    Raises :class:`InvalidTokenError` for anything that cannot be a token."""
    if type(token) is not str or not 0 < len(token) <= MAX_TOKEN_LENGTH:
        raise InvalidTokenError("invalid token")
    return hashlib.blake2b(
        token.encode("utf-8", "surrogatepass"), digest_size=32, person=b"islandgames-tok"
    ).digest()


def new_match_id() -> str:
    """A public match id: ``m_`` and 16 random hex digits (not a secret)."""
    return "m_" + secrets.token_hex(8)
