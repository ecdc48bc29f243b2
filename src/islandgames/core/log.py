"""Replay logs: record, write, read, verify, redact (DESIGN section 5).

A log is a msgpack stream of records, each a map with a ``"type"`` key:

* ``header``: format, format_version, engine_version, game, rules_version, config,
  seats, seed_commitment, initial_state_hash, then viewer;
* ``entry`` per applied action: seq (1, 2, ...), seat, action (wire form, or None when
  masked), salt, action_commitment, state_hash, chain_hash;
* ``end`` once the game is over: the revealed seed and the outcome.

Hashes are blake2b-256 over length-prefixed parts (:func:`serde.digest`):
``commitment = H("islandgames-seed", seed)``, ``salt_i = H("islandgames-salt", seed, seq)``,
``action_commitment = H(salt_i, canonical(action))``, ``chain_0 = H(canonical(header))``,
``chain_i = H(chain_{i-1}, seat, action_commitment, state_hash)``. The per-entry salt keeps a
masked action from being guessed from its commitment; a redacted log keeps every
commitment and hash, so it verifies against the full log.

Reading is strict: every byte of a file belongs to exactly one record, every record is
the canonical encoding of its typed value (so there is one spelling of every log), and
sizes and nesting are bounded. Whatever is hashed is re-encoded from its typed value, so
records that arrive as structured data (msgpack maps, protobuf, JSON) in any key order
verify alike. A verification is one of three verdicts (:class:`Verification`).

The code is in three modules, each importing only those before it: :mod:`.logrecords`
(the records, the hashes, writing, and the replay behind :meth:`ReplayLog.states`),
:mod:`.logreader` (strict reading) and :mod:`.logverify` (the verdicts and verifiers).
This module gathers their public names, so ``islandgames.core.log`` stays the one place
to import them from.
"""

from __future__ import annotations

from .logreader import parse_records, read_log
from .logrecords import (
    FORMAT,
    FORMAT_VERSION,
    MAX_DEPTH,
    MAX_RECORD_BYTES,
    LogAiSeat,
    LogEnd,
    LogEntry,
    LogHeader,
    LogParent,
    ReplayLog,
    Viewer,
    action_salt,
    initial_state,
    record_list,
    seed_commitment,
    setup_commitment,
    setup_wire,
    write_log,
)

# public names outside __all__, imported from here by the service, the scripts and the
# benchmarks (``as`` marks them re-exported)
from .logrecords import MAX_BOT_SPEC as MAX_BOT_SPEC
from .logrecords import MAX_MATCH_ID as MAX_MATCH_ID
from .logrecords import AnyGame as AnyGame
from .logrecords import action_commitment as action_commitment
from .logrecords import canonical_config as canonical_config
from .logrecords import header_chain as header_chain
from .logrecords import make_entry as make_entry
from .logrecords import make_header as make_header
from .logrecords import next_chain as next_chain
from .logverify import (
    Divergence,
    Verdict,
    Verification,
    verify_fork,
    verify_log,
    verify_redacted,
)

__all__ = [
    "FORMAT",
    "FORMAT_VERSION",
    "MAX_DEPTH",
    "MAX_RECORD_BYTES",
    "Divergence",
    "LogAiSeat",
    "LogEnd",
    "LogEntry",
    "LogHeader",
    "LogParent",
    "ReplayLog",
    "Verdict",
    "Verification",
    "Viewer",
    "action_salt",
    "initial_state",
    "parse_records",
    "read_log",
    "record_list",
    "seed_commitment",
    "setup_commitment",
    "setup_wire",
    "verify_fork",
    "verify_log",
    "verify_redacted",
    "write_log",
]
