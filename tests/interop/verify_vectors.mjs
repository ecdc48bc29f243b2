// A verifier of islandgames replay logs WITHOUT the game rules, written from
// docs/log-format.md with nothing but node and @msgpack/msgpack, run on the test vectors.
//
//   node verify_vectors.mjs PATH/TO/manifest.json
//   node verify_vectors.mjs --log FILE...        (print the verdict on each log file)
//   node verify_vectors.mjs --fork FORK PARENT   (print the lineage verdict on a forked log)
//
// For every vector of the manifest whose "chain" is not null it reads the log and compares
// its verdict with "chain" exactly; for a vector that names its "parent" (a forked log) it
// also compares the lineage verdict (checkLineage) with "chain_against_parent". It prints
// one JSON line
//   {"checked", "matched", "mismatches": [{"id", "check", "expected", "found", "why"}],
//    "verdicts": {...}, "lineage_checked", "lineage_verdicts": {...}}
// ("check": "chain" or "chain_against_parent"; a vector matches when every check of it
// does) and exits 0 only if every checked vector matched (1: a mismatch, 2: bad usage).
//
// The verdicts, in this order of precedence:
//   unreadable {offset}: the whole file is read first, record by record; the first record
//     that cannot be read (cut off, not msgpack, not canonical, not a record of the format,
//     out of place) is named by the byte offset where it starts;
//   diverged {seq}: then, in file order, what a verifier without the rules can check: seq
//     runs 1..n, seats in range, a full log masks nothing, every visible action's
//     commitment from its salt, the hash chain; with an end record, the seed commitment
//     (seq 0) and every salt (mirroring islandgames' verify_log, then _replay);
//   consistent: every check it can make holds (state hashes, the outcome, redactions,
//     actions and rules versions need the game: it does not judge them).
// The lineage of a forked log (a header with "parent"), given the parent log, mirrors
// islandgames' verify_fork without the rules: both logs read, the fork names a parent, the
// parent's chain verdict, the fork's own, then the header (every field but engine_version,
// parent and viewer equal to the parent's, setup_commitment and ai_seats included: present
// in both or absent from both), parent.seq within the parent, the parent's chain hash
// after entry parent.seq (chain_0 for 0) equal to parent.chain_hash, and the fork's first
// parent.seq entries carrying the parent's seat, action_commitment and state_hash (and
// the same salt and action where both show them).

import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { isDeepStrictEqual } from "node:util";
import { decode, encode } from "@msgpack/msgpack";
import { blake2b, digest, hex, i64be, u64be, unhex, utf8 } from "./blake2b.mjs";

/** The deepest nesting of maps and arrays a record may have (the record itself is 1). */
const MAX_DEPTH = 32;
/** The largest record islandgames reads (src/islandgames/core/log.py MAX_RECORD_BYTES). */
const MAX_RECORD_BYTES = 256 * 1024;
/** The longest engine_version islandgames reads, in code points. */
const MAX_ENGINE_VERSION = 64;

const HEADER_KEYS = [
  "type", "format", "format_version", "engine_version", "game", "rules_version", "config",
  "seats", "seed_commitment", "initial_state_hash", "viewer",
];
/** The keys a header may add just before "viewer", in this order: "parent" (a forked
 * log), "setup_commitment" (a match with a scenario setup) and "ai_seats" (a match with
 * seats the server played); absent otherwise. */
const OPTIONAL_HEADER_KEYS = ["parent", "setup_commitment", "ai_seats"];
const headerKeys = (record) => [
  ...HEADER_KEYS.slice(0, -1), ...OPTIONAL_HEADER_KEYS.filter((k) => Object.hasOwn(record, k)),
  "viewer",
];
const PARENT_KEYS = ["match", "seq", "chain_hash"];
/** The longest parent.match islandgames reads, in code points. */
const MAX_MATCH_ID = 128;
const AI_SEAT_KEYS = ["seat", "bot"];
/** The longest bot spec (ai_seats[i].bot) islandgames reads, in code points. */
const MAX_BOT_SPEC = 128;
const ENTRY_KEYS = [
  "type", "seq", "seat", "action", "salt", "action_commitment", "state_hash", "chain_hash",
];
const END_KEYS = ["type", "seed", "outcome"];
/** An end record of a log whose header has a setup_commitment: the revealed setup too. */
const SETUP_END_KEYS = [...END_KEYS, "setup"];
const OUTCOME_KEYS = ["results", "reason"];
const RESULT_KEYS = ["seat", "role", "result", "score"];
const RESULTS = new Set(["win", "loss", "draw"]);
const HEX64 = /^[0-9a-f]{64}$/;

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

class Unreadable extends Error {
  constructor(offset, message) {
    super(message);
    this.offset = offset;
  }
}

// --- framing: the byte span of one top-level msgpack object, without building it -----------

/**
 * The end of the msgpack object that starts at `start`. Throws Unreadable(start) if it is
 * cut off by the end of the file (or a length runs past it), is not msgpack, nests maps or
 * arrays deeper than MAX_DEPTH, or holds what the canonical form never does (bin, ext,
 * floats, integers beyond +/-(2**53-1), invalid UTF-8, map keys that are not str).
 */
function frameEnd(data, start, index) {
  const where = `record ${index} (from byte ${start})`;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  let pos = start;
  let problem = null; // the first thing wrong that is not a framing error
  const note = (what) => {
    if (problem === null) problem = `${what} at byte ${pos}`;
  };
  const need = (n) => {
    if (pos + n > data.length) {
      throw new Unreadable(start, `${where} is cut off: it runs past the end of the file at `
        + `byte ${data.length} (a cut inside a record, or a length that overruns)`);
    }
  };
  const uint = (n) => {
    need(n);
    let v = 0;
    for (let i = 0; i < n; i++) v = v * 256 + data[pos + i];
    pos += n;
    return v;
  };
  // open containers: items still to read, whether a map, how many items read so far
  const stack = [{ left: 1, map: false, read: 0 }];
  while (stack.length > 0) {
    const top = stack[stack.length - 1];
    if (top.left === 0) {
      stack.pop();
      continue;
    }
    const isKey = top.map && top.read % 2 === 0;
    top.left -= 1;
    top.read += 1;
    need(1);
    const b = data[pos];
    pos += 1;
    let container = null; // [items, isMap]
    let str = -1; // a string payload's length
    if (isKey && !(b >= 0xa0 && b <= 0xbf) && !(b >= 0xd9 && b <= 0xdb)) {
      note("a map key that is not a str");
    }
    if (b <= 0x7f || b >= 0xe0) {
      // fixint
    } else if (b <= 0x8f) {
      container = [2 * (b & 0x0f), true];
    } else if (b <= 0x9f) {
      container = [b & 0x0f, false];
    } else if (b <= 0xbf) {
      str = b & 0x1f;
    } else if (b === 0xc0 || b === 0xc2 || b === 0xc3) {
      // nil, false, true
    } else if (b === 0xc1) {
      throw new Unreadable(start, `${where} is not valid msgpack: byte 0xc1 at ${pos - 1}`);
    } else if (b >= 0xc4 && b <= 0xc6) {
      note("a bin (the canonical form has no bin)");
      const n = uint(1 << (b - 0xc4));
      need(n);
      pos += n;
    } else if (b >= 0xc7 && b <= 0xc9) {
      note("an ext (the canonical form has none)");
      const n = uint(1 << (b - 0xc7));
      need(1 + n);
      pos += 1 + n;
    } else if (b === 0xca || b === 0xcb) {
      note("a float (the canonical form has no floats)");
      need(b === 0xca ? 4 : 8);
      pos += b === 0xca ? 4 : 8;
    } else if (b >= 0xcc && b <= 0xcf) {
      const n = 1 << (b - 0xcc);
      need(n);
      if (n === 8 && view.getBigUint64(pos) > BigInt(Number.MAX_SAFE_INTEGER)) {
        note("an integer beyond 2**53-1");
      }
      pos += n;
    } else if (b >= 0xd0 && b <= 0xd3) {
      const n = 1 << (b - 0xd0);
      need(n);
      if (n === 8) {
        const v = view.getBigInt64(pos);
        if (v > BigInt(Number.MAX_SAFE_INTEGER) || v < -BigInt(Number.MAX_SAFE_INTEGER)) {
          note("an integer beyond +/-(2**53-1)");
        }
      }
      pos += n;
    } else if (b >= 0xd4 && b <= 0xd8) {
      note("an ext (the canonical form has none)");
      need(1 + (1 << (b - 0xd4)));
      pos += 1 + (1 << (b - 0xd4));
    } else if (b >= 0xd9 && b <= 0xdb) {
      str = uint(1 << (b - 0xd9));
    } else if (b === 0xdc || b === 0xdd) {
      container = [uint(b === 0xdc ? 2 : 4), false];
    } else {
      // 0xde, 0xdf
      const n = uint(b === 0xde ? 2 : 4);
      container = [2 * n, true];
    }
    if (str >= 0) {
      need(str);
      try {
        strictUtf8.decode(data.subarray(pos, pos + str));
      } catch {
        note("a str that is not valid UTF-8");
      }
      pos += str;
    }
    if (container !== null) {
      if (stack.length > MAX_DEPTH) { // this container is at depth stack.length
        throw new Unreadable(start, `${where} is nested more than ${MAX_DEPTH} levels deep`);
      }
      stack.push({ left: container[0], map: container[1], read: 0 });
    }
  }
  if (problem !== null) throw new Unreadable(start, `${where} is not canonical: ${problem}`);
  return pos;
}

// --- reading: every byte belongs to one record in canonical form ---------------------------

const isMap = (v) => v !== null && typeof v === "object" && !Array.isArray(v)
  && Object.getPrototypeOf(v) === Object.prototype;
const isInt = (v) => typeof v === "number" && Number.isSafeInteger(v);
const isHex64 = (v) => typeof v === "string" && HEX64.test(v);
const shown = (v) => {
  const text = JSON.stringify(v) ?? String(v);
  return text.length <= 80 ? text : `${text.slice(0, 77)}...`;
};

function exactKeys(value, keys) {
  const found = Object.keys(value);
  return found.length === keys.length && found.every((k, i) => k === keys[i]);
}

/**
 * What is wrong with a header's ai_seats (null: nothing), given its seats (an int >= 1):
 * a non-empty array of maps of exactly seat (an int in 0..seats-1) and bot (a non-empty
 * str of at most MAX_BOT_SPEC code points), in that key order, in strictly increasing
 * seat order (mirrors islandgames' _ai_seats; the key order is its canonical form).
 */
function aiSeatsProblem(value, seats) {
  if (!Array.isArray(value) || value.length === 0) {
    return "ai_seats must be a non-empty list of {seat, bot} maps (absent when the server "
      + `played no seat), got ${shown(value)}`;
  }
  let last = -1;
  for (const [i, item] of value.entries()) {
    const at = `ai_seats[${i}]`;
    if (!isMap(item) || !exactKeys(item, AI_SEAT_KEYS)) {
      if (isMap(item) && Object.keys(item).length === AI_SEAT_KEYS.length
        && AI_SEAT_KEYS.every((k) => Object.hasOwn(item, k))) {
        return `${at} is not in canonical form: its keys come in the order `
          + `${Object.keys(item)}, not ${AI_SEAT_KEYS}`;
      }
      return `${at} must be a map with exactly the keys ${AI_SEAT_KEYS.join(", ")}, `
        + `got ${shown(item)}`;
    }
    const { seat, bot } = item;
    if (!isInt(seat) || seat < 0 || seat >= seats) {
      return `${at}.seat must be a seat 0..${seats - 1}, got ${shown(seat)}`;
    }
    if (seat <= last) {
      return `${at}.seat ${seat} is out of order: ai_seats lists each seat once, in seat order`;
    }
    if (typeof bot !== "string" || bot.length === 0 || [...bot].length > MAX_BOT_SPEC) {
      return `${at}.bot must be a non-empty str of at most ${MAX_BOT_SPEC} characters, `
        + `got ${shown(bot)}`;
    }
    last = seat;
  }
  return null;
}

/** What is wrong with a decoded record (null: nothing), given the header read so far. */
function recordProblem(record, index, header) {
  if (!isMap(record) || typeof record.type !== "string") {
    return "is not a map with a string 'type' key";
  }
  const kind = record.type;
  if (kind === "header") {
    if (index !== 0) return "a header may only come first";
    const keys = headerKeys(record);
    if (!exactKeys(record, keys)) return `a header has exactly the keys ${keys}`;
    const h = record;
    if (h.format !== "islandgames-log") return `not an islandgames log (format ${shown(h.format)})`;
    if (h.format_version !== 1) return `unsupported format_version ${shown(h.format_version)}`;
    for (const name of ["engine_version", "game", "rules_version"]) {
      if (typeof h[name] !== "string") return `${name} must be a str`;
    }
    if ([...h.engine_version].length > MAX_ENGINE_VERSION) {
      return `engine_version is longer than ${MAX_ENGINE_VERSION} characters`;
    }
    if (!isMap(h.config)) return "config must be a map";
    if (!isInt(h.seats) || h.seats < 1) return `seats must be an int >= 1, got ${shown(h.seats)}`;
    for (const name of ["seed_commitment", "initial_state_hash"]) {
      if (!isHex64(h[name])) return `${name} must be 64 lower-case hex digits`;
    }
    if (Object.hasOwn(h, "setup_commitment") && !isHex64(h.setup_commitment)) {
      return "setup_commitment must be 64 lower-case hex digits";
    }
    if (Object.hasOwn(h, "parent")) {
      const p = h.parent;
      if (!isMap(p) || !exactKeys(p, PARENT_KEYS)) {
        return `parent must be a map with exactly the keys ${PARENT_KEYS}, got ${shown(p)}`;
      }
      if (typeof p.match !== "string" || [...p.match].length > MAX_MATCH_ID) {
        return `parent.match must be a str of at most ${MAX_MATCH_ID} characters`;
      }
      if (!isInt(p.seq) || p.seq < 0) return `parent.seq must be an int >= 0, got ${shown(p.seq)}`;
      if (!isHex64(p.chain_hash)) return "parent.chain_hash must be 64 lower-case hex digits";
    }
    if (Object.hasOwn(h, "ai_seats")) {
      const problem = aiSeatsProblem(h.ai_seats, h.seats);
      if (problem !== null) return problem;
    }
    const v = h.viewer;
    if (!(v === "all" || v === null || (isInt(v) && v >= 0 && v < h.seats))) {
      return `viewer must be 'all', nil or a seat 0..${h.seats - 1}, got ${shown(v)}`;
    }
    return null;
  }
  if (header === null) return "the log does not start with a header";
  if (kind === "entry") {
    if (!exactKeys(record, ENTRY_KEYS)) return `an entry has exactly the keys ${ENTRY_KEYS}`;
    if (!isInt(record.seq)) return `seq must be an int, got ${shown(record.seq)}`;
    if (!isInt(record.seat)) return `seat must be an int, got ${shown(record.seat)}`;
    if (!(record.action === null || isMap(record.action))) return "action must be a map or nil";
    if (!(record.salt === null || isHex64(record.salt))) {
      return "salt must be nil or 64 lower-case hex digits";
    }
    for (const name of ["action_commitment", "state_hash", "chain_hash"]) {
      if (!isHex64(record[name])) return `${name} must be 64 lower-case hex digits`;
    }
    return null;
  }
  if (kind === "end") {
    const endKeys = Object.hasOwn(record, "setup") ? SETUP_END_KEYS : END_KEYS;
    if (!exactKeys(record, endKeys)) return `an end record has exactly the keys ${endKeys}`;
    if (endKeys === SETUP_END_KEYS) {
      if (!Object.hasOwn(header, "setup_commitment")) {
        return "a setup in the end record of a log whose header commits to none";
      }
      if (!isMap(record.setup)) return "setup must be a map";
    }
    if (!isHex64(record.seed)) {
      return `seed must be exactly 64 lower-case hex digits, got ${shown(record.seed)}`;
    }
    const o = record.outcome;
    if (!isMap(o) || !exactKeys(o, OUTCOME_KEYS)) {
      return `outcome must be a map with exactly the keys ${OUTCOME_KEYS}`;
    }
    if (!Array.isArray(o.results)) return "outcome: results must be an array";
    for (const r of o.results) {
      if (!isMap(r) || !exactKeys(r, RESULT_KEYS) || !isInt(r.seat)
        || typeof r.role !== "string" || !RESULTS.has(r.result) || !isInt(r.score)) {
        return `outcome: a result is a map of seat (int), role (str), result `
          + `(win, loss or draw) and score (int), got ${shown(r)}`;
      }
    }
    if (typeof o.reason !== "string") return "outcome: reason must be a str";
    return null;
  }
  return `unknown record type ${shown(kind)}`;
}

function sameBytes(a, b) {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** The log's records, read strictly (Unreadable names the first bad record's offset). */
export function readRecords(data) {
  let header = null;
  const entries = [];
  let end = null;
  let start = 0;
  for (let index = 0; start < data.length; index++) {
    const stop = frameEnd(data, start, index);
    const where = `record ${index} (bytes ${start}..${stop})`;
    if (stop - start > MAX_RECORD_BYTES) {
      throw new Unreadable(start, `${where} is ${stop - start} bytes; at most `
        + `${MAX_RECORD_BYTES} are allowed`);
    }
    const chunk = data.subarray(start, stop);
    let record;
    try {
      record = decode(chunk);
    } catch (error) {
      throw new Unreadable(start, `${where}: ${error.message}`);
    }
    if (end !== null) throw new Unreadable(start, `${where}: nothing may follow the end record`);
    const problem = recordProblem(record, index, header);
    if (problem !== null) throw new Unreadable(start, `${where}: ${problem}`);
    if (!sameBytes(encode(record), chunk)) {
      throw new Unreadable(start, `${where} is not in canonical form`);
    }
    if (record.type === "header") header = record;
    else if (record.type === "entry") entries.push(record);
    else end = record;
    start = stop;
  }
  if (header === null) throw new Unreadable(0, "empty log: no header record");
  return { header, entries, end };
}

// --- the checks a verifier without the rules can make ---------------------------------------

const diverged = (seq, why) => ({ verdict: { verdict: "diverged", seq }, why });

/** chain_0: the hash of the header without its type and viewer keys (every optional key
 * present, parent, setup_commitment and ai_seats, included, in file order). */
function headerChain(header) {
  const { type: _type, viewer: _viewer, ...body } = header; // the other keys, in order
  return digest(utf8("islandgames-chain"), encode(body));
}

/** The chain verdict on records read by readRecords (mirrors verify_log, then _replay). */
export function checkChain({ header, entries, end }) {
  const full = header.viewer === "all";
  let chain = headerChain(header);
  for (const [k, e] of entries.entries()) {
    const i = k + 1;
    if (e.seq !== i) return diverged(i, `seq ${e.seq}, expected ${i}`);
    if (e.seat < 0 || e.seat >= header.seats) return diverged(i, `seat ${e.seat} out of range`);
    if (e.action === null) {
      if (full) return diverged(i, "a masked action in a full log");
      if (e.salt !== null) return diverged(i, "a salt for a masked action");
    } else if (e.salt !== null) {
      // the record is canonical, so this is the action's bytes as they are in the file
      const commitment = hex(digest(unhex(e.salt), encode(e.action)));
      if (commitment !== e.action_commitment) return diverged(i, "action_commitment");
    } else if (full) {
      return diverged(i, "an action without its salt in a full log");
    }
    chain = digest(chain, i64be(e.seat), unhex(e.action_commitment), unhex(e.state_hash));
    if (hex(chain) !== e.chain_hash) return diverged(i, "chain_hash");
  }
  if (end !== null) {
    const seed = unhex(end.seed); // 64 hex digits: the seed as 32 big-endian bytes
    if (hex(digest(utf8("islandgames-seed"), seed)) !== header.seed_commitment) {
      return diverged(0, "seed_commitment");
    }
    for (const e of entries) {
      if (e.salt === null) continue;
      if (hex(digest(utf8("islandgames-salt"), seed, u64be(e.seq))) !== e.salt) {
        return diverged(e.seq, "salt");
      }
    }
  }
  return { verdict: { verdict: "consistent" }, why: null };
}

/** The verdict on a log file's bytes: {verdict: {...as in the manifest}, why}. */
export function verifyLog(data) {
  let records;
  try {
    records = readRecords(data);
  } catch (error) {
    if (!(error instanceof Unreadable)) throw error;
    return { verdict: { verdict: "unreadable", offset: error.offset }, why: error.message };
  }
  return checkChain(records);
}

// --- the lineage of a forked log -------------------------------------------------------------

/** The fields of a header a fork shares with its parent (all but type, engine_version,
 * parent and viewer): an optional one (setup_commitment, ai_seats) present in both and
 * equal, or absent from both. */
const LINEAGE_KEYS = [
  ...HEADER_KEYS.filter((k) => !["type", "engine_version", "viewer"].includes(k)),
  ...OPTIONAL_HEADER_KEYS.filter((k) => k !== "parent"),
];
const sameValue = (a, b) => sameBytes(encode(a), encode(b));
/** A header field as lineage compares it: absent is not nil. */
const sameField = (a, b, key) => Object.hasOwn(a, key) === Object.hasOwn(b, key)
  && (!Object.hasOwn(a, key) || sameValue(a[key], b[key]));

/**
 * The lineage verdict on a forked log's records given its parent's (both read by
 * readRecords), as a verifier without the rules can judge it (mirrors verify_fork).
 */
export function checkLineage(fork, parent) {
  const link = fork.header.parent;
  if (link === undefined) return diverged(0, "lineage: the header names no parent");
  const theirs = checkChain(parent);
  if (theirs.verdict.verdict !== "consistent") {
    return { verdict: theirs.verdict, why: `parent log: ${theirs.why}` };
  }
  const own = checkChain(fork);
  if (own.verdict.verdict !== "consistent") return own;
  for (const key of LINEAGE_KEYS) {
    if (!sameField(fork.header, parent.header, key)) {
      const field = (h) => (Object.hasOwn(h, key) ? shown(h[key]) : "(absent)");
      return diverged(0, `lineage: ${key} ${field(fork.header)}, the parent's `
        + `${field(parent.header)}`);
    }
  }
  const n = parent.entries.length;
  if (link.seq > n) return diverged(0, `lineage: parent.seq ${link.seq}, the parent has ${n}`);
  const at = link.seq === 0 ? hex(headerChain(parent.header))
    : parent.entries[link.seq - 1].chain_hash; // checked by checkChain(parent)
  if (at !== link.chain_hash) {
    return diverged(0, `lineage: parent.chain_hash ${link.chain_hash}, the parent's `
      + `chain hash after entry ${link.seq} is ${at}`);
  }
  if (link.seq > fork.entries.length) {
    return diverged(fork.entries.length + 1, "lineage: the fork lacks the parent's entries");
  }
  for (let k = 0; k < link.seq; k++) {
    const mine = fork.entries[k];
    const other = parent.entries[k];
    for (const name of ["seat", "action_commitment", "state_hash"]) {
      if (mine[name] !== other[name]) return diverged(mine.seq, `lineage: ${name}`);
    }
    if (mine.salt !== null && other.salt !== null) {
      if (mine.salt !== other.salt) return diverged(mine.seq, "lineage: salt");
      if (!sameValue(mine.action, other.action)) return diverged(mine.seq, "lineage: action");
    }
  }
  return own;
}

/** The lineage verdict on a forked log's bytes given its parent's: {verdict, why}. */
export function verifyFork(forkData, parentData) {
  const read = (data, which) => {
    try {
      return { records: readRecords(data) };
    } catch (error) {
      if (!(error instanceof Unreadable)) throw error;
      return {
        failed: { verdict: { verdict: "unreadable", offset: error.offset }, why: `${which}: `
          + error.message },
      };
    }
  };
  const fork = read(forkData, "the fork");
  if (fork.failed) return fork.failed;
  const parent = read(parentData, "parent log");
  if (parent.failed) return parent.failed;
  return checkLineage(fork.records, parent.records);
}

// --- the vectors -----------------------------------------------------------------------------

function selfTest() {
  // RFC 7693 appendix A (BLAKE2b-512 of "abc"), and the 32-byte digest the log uses
  const abc512 = "ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d1"
    + "7d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923";
  const abc256 = "bddd813c634239723171ef3fee98579b94964e3bb1cb3e427262c8c068d52319";
  if (hex(blake2b(utf8("abc"), 64)) !== abc512 || hex(blake2b(utf8("abc"), 32)) !== abc256) {
    throw new Error("BLAKE2b self-test failed");
  }
}

/**
 * The file of a vector's "parent": another vector of the manifest, named by its file
 * (relative to the manifest's directory, as "file" is when the manifest is written). A
 * copy of the manifest whose "file"s point elsewhere (absolute paths) still finds it: the
 * one vector whose file ends in that name.
 */
function parentFile(manifest, base, name) {
  const direct = path.resolve(base, name);
  const files = manifest.vectors.map((v) => path.resolve(base, v.file));
  if (files.includes(direct)) return direct;
  const moved = files.filter((f) => f.endsWith(path.sep + path.normalize(name)));
  return moved.length === 1 ? moved[0] : direct;
}

function checkManifest(manifestPath) {
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
  if (!Array.isArray(manifest.vectors)) throw new Error("the manifest has no vectors");
  const base = path.dirname(path.resolve(manifestPath));
  const summary = {
    checked: 0,
    matched: 0,
    mismatches: [],
    verdicts: { consistent: 0, diverged: 0, unreadable: 0 },
    lineage_checked: 0,
    lineage_verdicts: { consistent: 0, diverged: 0, unreadable: 0 },
  };
  const judge = (vector, check, expected, verdicts, run) => {
    let found;
    let why = null;
    try {
      ({ verdict: found, why } = run());
      verdicts[found.verdict] += 1;
    } catch (error) {
      found = { verdict: "error", message: String(error?.message ?? error) };
    }
    if (isDeepStrictEqual(found, expected)) return true;
    summary.mismatches.push({ id: vector.id, check, expected, found, why });
    return false;
  };
  for (const vector of manifest.vectors) {
    if (vector.chain === null) continue;
    summary.checked += 1;
    const file = path.resolve(base, vector.file);
    let ok = judge(vector, "chain", vector.chain, summary.verdicts,
      () => verifyLog(readFileSync(file)));
    if (vector.parent !== undefined) {
      summary.lineage_checked += 1;
      const parent = parentFile(manifest, base, vector.parent);
      ok = judge(vector, "chain_against_parent", vector.chain_against_parent,
        summary.lineage_verdicts,
        () => verifyFork(readFileSync(file), readFileSync(parent))) && ok;
    }
    if (ok) summary.matched += 1;
  }
  return summary;
}

function main(argv) {
  selfTest();
  if (argv[0] === "--log" && argv.length > 1) {
    for (const file of argv.slice(1)) {
      const { verdict, why } = verifyLog(readFileSync(file));
      console.log(JSON.stringify({ file, ...verdict, why }));
    }
    return 0;
  }
  if (argv[0] === "--fork" && argv.length === 3) {
    const { verdict, why } = verifyFork(readFileSync(argv[1]), readFileSync(argv[2]));
    console.log(JSON.stringify({ file: argv[1], parent: argv[2], ...verdict, why }));
    return 0;
  }
  if (argv.length !== 1) {
    console.error("usage: node verify_vectors.mjs PATH/TO/manifest.json | --log FILE... | "
      + "--fork FORK PARENT");
    return 2;
  }
  const summary = checkManifest(argv[0]);
  console.log(JSON.stringify(summary));
  return summary.mismatches.length === 0 && summary.matched === summary.checked ? 0 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  try {
    process.exitCode = main(process.argv.slice(2));
  } catch (error) {
    console.error(error);
    process.exitCode = 2;
  }
}
