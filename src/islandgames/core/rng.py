"""Counter-based random numbers held in the state as plain data.

Every draw is ``blake2b(key, counter)``: the state stores the secret key and a
counter, never a generator object, so a state can be copied, serialised and
replayed bit for bit.

>>> r = Rng.from_seed(7)
>>> a, r2 = r.below(6)
>>> b, _ = r.below(6)
>>> a == b and r2.counter > r.counter
True
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Any, TypeVar

import attrs

__all__ = ["SEED_RULE", "Rng", "parse_seed", "seed_to_bytes"]

T = TypeVar("T")

_U64 = 1 << 64
# keyed blake2b states by hex key: copying one skips re-hashing the key block per draw
_KEYED: dict[str, Any] = {}
MAX_SEED = (1 << 256) - 1


#: The one way a seed is read from text, everywhere (the command line, the RPC ``create``
#: of both protocols): decimal digits, or ``0x`` and hex digits; nothing else (no sign,
#: spaces, underscores, ``0o``/``0b``, or bare hex, which would read ``10`` two ways).
SEED_RULE = "decimal (5) or hex with 0x (0xc0ffee), 0 <= seed < 2**256"
_DECIMAL_DIGITS = frozenset("0123456789")
_HEX_DIGITS = frozenset("0123456789abcdefABCDEF")
_MAX_DECIMAL_DIGITS = len(str(MAX_SEED))
_MAX_HEX_DIGITS = len(f"{MAX_SEED:x}")


def parse_seed(text: str) -> int:
    """A seed written as text: decimal, or hex with a ``0x`` prefix, within [0, 2**256);
    anything else is a ``ValueError`` saying why (the text cut to 80 characters).

    >>> parse_seed("5"), parse_seed("0xc0ffee"), parse_seed("0XFF"), parse_seed("007")
    (5, 12648430, 255, 7)
    >>> parse_seed("c0ffee")
    Traceback (most recent call last):
    ValueError: not a seed: 'c0ffee' (hex needs the 0x prefix: 0xc0ffee)
    """
    cut = text if len(text) <= 80 else f"{text[:40]}... ({len(text)} characters)"
    if text and set(text) <= _DECIMAL_DIGITS:
        if len(text.lstrip("0")) <= _MAX_DECIMAL_DIGITS and int(text, 10) <= MAX_SEED:
            return int(text, 10)
    elif text[:2] in ("0x", "0X") and len(text) > 2 and set(text[2:]) <= _HEX_DIGITS:
        if len(text[2:].lstrip("0")) <= _MAX_HEX_DIGITS:
            return int(text[2:], 16)
    elif not (text.startswith("-") and len(text) > 1 and set(text[1:]) <= _DECIMAL_DIGITS):
        if text and set(text) <= _HEX_DIGITS and len(text) <= 80:
            raise ValueError(f"not a seed: {text!r} (hex needs the 0x prefix: 0x{text})")
        raise ValueError(f"not a seed: {cut!r} (a seed is {SEED_RULE})")
    raise ValueError(f"seed must be in [0, 2**256), got {cut}")


def seed_to_bytes(seed: int) -> bytes:
    """The 32-byte big-endian form of a seed (0 <= seed < 2**256)."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"seed must be an int, got {type(seed).__name__}")
    if not 0 <= seed <= MAX_SEED:
        raise ValueError(f"seed must be between 0 and 2**256-1, got {seed}")
    return seed.to_bytes(32, "big")


@attrs.frozen(slots=True)
class Rng:
    """A position in a keyed random stream: ``key`` (64 hex digits) and ``counter``."""

    key: str
    counter: int = 0

    @classmethod
    def from_seed(cls, seed: int, stream: str = "game") -> Rng:
        """Derive the key for ``stream`` from ``seed`` (independent streams per name)."""
        digest = hashlib.blake2b(
            seed_to_bytes(seed), digest_size=32, person=b"islandgames-rng", salt=_salt(stream)
        ).digest()
        return cls(digest.hex(), 0)

    def u64(self) -> tuple[int, Rng]:
        """A uniform 64-bit integer and the advanced stream."""
        return _u64(_keyed(self.key), self.counter), Rng(self.key, self.counter + 1)

    def split(self) -> tuple[Rng, Rng]:
        """An independent child stream, and this stream advanced past the split."""
        child = hashlib.blake2b(
            b"split" + self.counter.to_bytes(8, "big"), digest_size=32, key=bytes.fromhex(self.key)
        ).hexdigest()
        return Rng(child, 0), Rng(self.key, self.counter + 1)

    def below(self, n: int) -> tuple[int, Rng]:
        """A uniform integer in ``range(n)`` (rejection sampling: no modulo bias)."""
        if n <= 0:
            raise ValueError(f"below() needs n >= 1, got {n}")
        x, counter = _below(_keyed(self.key), self.counter, n)
        return x, Rng(self.key, counter)

    def die(self, sides: int = 6) -> tuple[int, Rng]:
        """A die roll from 1 to ``sides``."""
        v, rng = self.below(sides)
        return v + 1, rng

    def choice(self, items: Sequence[T]) -> tuple[T, Rng]:
        """One element of a non-empty sequence."""
        if not items:
            raise ValueError("choice() from an empty sequence")
        i, rng = self.below(len(items))
        return items[i], rng

    def shuffle(self, items: Sequence[T]) -> tuple[tuple[T, ...], Rng]:
        """A uniformly shuffled copy (Fisher-Yates from the end, each index drawn as
        :meth:`below` draws it), as a tuple."""
        out, counter = _shuffle(_keyed(self.key), self.counter, items)
        return out, Rng(self.key, counter)


def _keyed(key: str) -> Any:
    """The keyed blake2b state of ``key`` (cached: copying one skips re-hashing the key
    block per draw)."""
    base = _KEYED.get(key)
    if base is None:
        if len(_KEYED) >= 4096:  # bounded; only a cache, results never depend on it
            _KEYED.clear()
        base = _KEYED[key] = hashlib.blake2b(digest_size=8, key=bytes.fromhex(key))
    return base


def _u64(base: Any, counter: int) -> int:
    h = base.copy()
    h.update(counter.to_bytes(8, "big"))
    return int.from_bytes(h.digest(), "big")


#: Rejection limits of below(n) for small n (the common case of shuffles).
_LIMITS = tuple(_U64 - (_U64 % n) if n else 0 for n in range(257))


def _shuffle(base: Any, counter: int, items: Sequence[T]) -> tuple[tuple[T, ...], int]:
    """The draws of :meth:`Rng.shuffle` with the loop of :func:`_below` inlined (shuffles
    are most of the cost of a game's setup): the same values, and the next counter."""
    out = list(items)
    copy = base.copy
    to_int = int.from_bytes
    for i in range(len(out) - 1, 0, -1):
        n = i + 1
        limit = _LIMITS[n] if n < len(_LIMITS) else _U64 - (_U64 % n)
        while True:
            h = copy()
            h.update(counter.to_bytes(8, "big"))
            x = to_int(h.digest(), "big")
            counter += 1
            if x < limit:
                break
        j = x % n
        out[i], out[j] = out[j], out[i]
    return tuple(out), counter


def _below(base: Any, counter: int, n: int) -> tuple[int, int]:
    """A uniform integer in ``range(n)`` drawn from ``counter`` on, and the next
    counter: the draws of :meth:`Rng.below` without an Rng object per draw."""
    limit = _U64 - (_U64 % n)
    while True:
        x = _u64(base, counter)
        counter += 1
        if x < limit:
            return x % n, counter


def _salt(stream: str) -> bytes:
    raw = stream.encode("utf-8")
    if len(raw) > 16:
        raise ValueError(f"stream name too long (max 16 bytes): {stream!r}")
    return raw.ljust(16, b"\0")
