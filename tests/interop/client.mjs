// An islandgames client written in JavaScript, with nothing but node and @msgpack/msgpack.
//
//   node client.mjs PORT [GAME] [SEED_HEX] [CONFIG_JSON]
//
// It speaks MessagePack-RPC over TCP to 127.0.0.1:PORT, creates a seeded match, plays it
// to the end with legal actions chosen by a seeded PRNG (expected_seq on every act),
// watches it as a spectator, then fetches the log and verifies it twice: here, from
// scratch (the seed commitment, every salt, every action commitment and the hash chain,
// with a BLAKE2b written from RFC 7693 below), and by asking the server to replay it. It
// also checks the structured errors. It prints a JSON summary and exits 0 when all is well.

import assert from "node:assert/strict";
import net from "node:net";
import { decodeMultiStream, encode } from "@msgpack/msgpack";

const MAX_ACTIONS = 5000;
const TIMEOUT_MS = 60_000;

// --- BLAKE2b (RFC 7693), 64-bit words as BigInt ---------------------------------------------

const MASK64 = (1n << 64n) - 1n;
const IV = [
  0x6a09e667f3bcc908n, 0xbb67ae8584caa73bn, 0x3c6ef372fe94f82bn, 0xa54ff53a5f1d36f1n,
  0x510e527fade682d1n, 0x9b05688c2b3e6c1fn, 0x1f83d9abfb41bd6bn, 0x5be0cd19137e2179n,
];
const SIGMA = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
  [14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3],
  [11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4],
  [7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8],
  [9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13],
  [2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9],
  [12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11],
  [13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10],
  [6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5],
  [10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0],
];

const rotr = (x, n) => ((x >> n) | (x << (64n - n))) & MASK64;

function mix(v, a, b, c, d, x, y) {
  v[a] = (v[a] + v[b] + x) & MASK64;
  v[d] = rotr(v[d] ^ v[a], 32n);
  v[c] = (v[c] + v[d]) & MASK64;
  v[b] = rotr(v[b] ^ v[c], 24n);
  v[a] = (v[a] + v[b] + y) & MASK64;
  v[d] = rotr(v[d] ^ v[a], 16n);
  v[c] = (v[c] + v[d]) & MASK64;
  v[b] = rotr(v[b] ^ v[c], 63n);
}

function compress(h, block, counter, last) {
  const m = [];
  for (let i = 0; i < 16; i++) {
    let w = 0n;
    for (let j = 7; j >= 0; j--) w = (w << 8n) | BigInt(block[i * 8 + j]);
    m.push(w);
  }
  const v = [...h, ...IV];
  v[12] ^= counter & MASK64;
  v[13] ^= counter >> 64n;
  if (last) v[14] ^= MASK64;
  for (let r = 0; r < 12; r++) {
    const s = SIGMA[r % 10];
    mix(v, 0, 4, 8, 12, m[s[0]], m[s[1]]);
    mix(v, 1, 5, 9, 13, m[s[2]], m[s[3]]);
    mix(v, 2, 6, 10, 14, m[s[4]], m[s[5]]);
    mix(v, 3, 7, 11, 15, m[s[6]], m[s[7]]);
    mix(v, 0, 5, 10, 15, m[s[8]], m[s[9]]);
    mix(v, 1, 6, 11, 12, m[s[10]], m[s[11]]);
    mix(v, 2, 7, 8, 13, m[s[12]], m[s[13]]);
    mix(v, 3, 4, 9, 14, m[s[14]], m[s[15]]);
  }
  for (let i = 0; i < 8; i++) h[i] ^= v[i] ^ v[i + 8];
}

/** BLAKE2b with an `outlen`-byte digest (no key). */
export function blake2b(data, outlen = 32) {
  const h = IV.slice();
  h[0] ^= 0x01010000n ^ BigInt(outlen);
  let offset = 0;
  let counter = 0n;
  while (data.length - offset > 128) {
    counter += 128n;
    compress(h, data.subarray(offset, offset + 128), counter, false);
    offset += 128;
  }
  const block = new Uint8Array(128);
  block.set(data.subarray(offset));
  counter += BigInt(data.length - offset);
  compress(h, block, counter, true);
  const out = new Uint8Array(outlen);
  for (let i = 0; i < outlen; i++) out[i] = Number((h[i >> 3] >> BigInt(8 * (i & 7))) & 0xffn);
  return out;
}

// --- the log's hashes (docs/log-format: length-prefixed parts, blake2b-256) -------------------

const utf8 = (s) => new TextEncoder().encode(s);
const hex = (bytes) => Buffer.from(bytes).toString("hex");
const unhex = (s) => new Uint8Array(Buffer.from(s, "hex"));

function digest(...parts) {
  const chunks = [];
  for (const p of parts) {
    const len = new Uint8Array(8);
    new DataView(len.buffer).setBigUint64(0, BigInt(p.length));
    chunks.push(len, p);
  }
  return blake2b(Buffer.concat(chunks), 32);
}

function seedBytes(seedHex) {
  return unhex(BigInt(`0x${seedHex}`).toString(16).padStart(64, "0"));
}

function seqBytes(seq) {
  const b = new Uint8Array(8);
  new DataView(b.buffer).setBigUint64(0, BigInt(seq));
  return b;
}

/** Check a full log's records on our own: commitments and the chain. */
function verifyLocally(records, seedHex) {
  const [head, ...rest] = records;
  assert.equal(head.type, "header");
  const end = rest.at(-1);
  assert.equal(end.type, "end");
  const entries = rest.slice(0, -1);
  const header = { ...head };
  delete header.type;
  delete header.viewer;
  const seed = seedBytes(end.seed);
  assert.equal(end.seed, hex(seedBytes(seedHex)), "the revealed seed is the one we chose");
  assert.equal(head.seed_commitment, hex(digest(utf8("islandgames-seed"), seed)));
  let chain = digest(utf8("islandgames-chain"), encode(header));
  entries.forEach((e, i) => {
    assert.equal(e.type, "entry");
    assert.equal(e.seq, i + 1);
    const salt = digest(utf8("islandgames-salt"), seed, seqBytes(e.seq));
    assert.equal(e.salt, hex(salt), `salt of entry ${e.seq}`);
    const commitment = digest(salt, encode(e.action));
    assert.equal(e.action_commitment, hex(commitment), `commitment of entry ${e.seq}`);
    const seat = new Uint8Array(8);
    new DataView(seat.buffer).setBigInt64(0, BigInt(e.seat));
    chain = digest(chain, seat, commitment, unhex(e.state_hash));
    assert.equal(e.chain_hash, hex(chain), `chain hash of entry ${e.seq}`);
  });
  return entries;
}

// --- MessagePack-RPC -------------------------------------------------------------------------

class RpcError extends Error {
  constructor(error) {
    super(`${error.code}: ${error.message}`);
    this.code = error.code;
    this.details = error.details;
  }
}

class Client {
  static connect(port) {
    return new Promise((resolve, reject) => {
      const socket = net.createConnection({ host: "127.0.0.1", port }, () => {
        socket.off("error", reject);
        resolve(new Client(socket));
      });
      socket.once("error", reject);
    });
  }

  constructor(socket) {
    socket.setNoDelay(true);
    this.socket = socket;
    this.nextId = 0;
    this.pending = new Map();
    this.updates = new Map(); // subscription -> [update]
    this.reading = this.read();
  }

  async read() {
    let failure = new Error("the server closed the connection");
    try {
      for await (const message of decodeMultiStream(this.socket)) this.dispatch(message);
    } catch (error) {
      failure = error;
    }
    for (const { reject } of this.pending.values()) reject(failure);
    this.pending.clear();
  }

  dispatch(message) {
    assert.ok(Array.isArray(message), "a message is an array");
    if (message[0] === 1) {
      const [, id, error, result] = message;
      const waiter = this.pending.get(id);
      if (!waiter) return;
      this.pending.delete(id);
      if (error === null) waiter.resolve(result);
      else waiter.reject(new RpcError(error));
    } else if (message[0] === 2 && message[1] === "update") {
      const update = message[2][0];
      if (!this.updates.has(update.subscription)) this.updates.set(update.subscription, []);
      this.updates.get(update.subscription).push(update);
    } else if (message[0] === 2 && message[1] === "error") {
      throw new RpcError(message[2][0]);
    }
  }

  call(method, ...params) {
    const id = ++this.nextId;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.socket.write(encode([0, id, method, params]));
    });
  }

  async close() {
    this.socket.end();
    await this.reading;
  }
}

async function expectError(promise, code) {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof RpcError, `expected an RPC error, got ${error}`);
    assert.equal(error.code, code, error.message);
    assert.equal(typeof error.message, "string");
    return error;
  }
  assert.fail(`expected ${code}`);
}

// --- a seeded PRNG (mulberry32) ----------------------------------------------------------------

function prng(seed) {
  let a = seed >>> 0;
  return (n) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) % n);
  };
}

// --- the game ----------------------------------------------------------------------------------

async function main() {
  const port = Number(process.argv[2]);
  const game = process.argv[3] ?? "friday";
  const seedHex = process.argv[4] ?? "c0ffee15deadbeef";
  const config = process.argv[5] ? JSON.parse(process.argv[5]) : null;
  assert.ok(port > 0, "usage: node client.mjs PORT [GAME] [SEED_HEX] [CONFIG_JSON]");
  assert.equal(hex(blake2b(utf8("abc"))),
    "bddd813c634239723171ef3fee98579b94964e3bb1cb3e427262c8c068d52319", "BLAKE2b self-test");

  const client = await Client.connect(port);
  const info = await client.call("server_info");
  assert.equal(info.protocol, "islandgames-msgpackrpc");
  assert.equal(await client.call("echo", "ping"), "ping");
  const games = await client.call("games");
  assert.ok(games.some((g) => g.id === game), `the server offers ${game}`);

  const match = await client.call("create", game, config, seedHex);
  const tokens = match.seats.map((s) => s.token);
  const watch = await client.call("watch", match.spectator_token, null);
  assert.equal(watch.active, true);
  await expectError(client.call("view", "igt_not-a-token"), "UNAUTHENTICATED");
  await expectError(client.call("act", match.spectator_token, { type: "x" }, 0),
    "PERMISSION_DENIED");

  const pick = prng(parseInt(seedHex.slice(-8), 16));
  const sent = [];
  let last = null;
  for (let n = 0; ; n++) {
    assert.ok(n < MAX_ACTIONS, "the game should end");
    const status = await client.call("status", tokens[0]);
    assert.equal(status.seq, sent.length);
    if (status.over) break;
    const seat = status.to_act[pick(status.to_act.length)];
    const legal = await client.call("legal_actions", tokens[seat]);
    assert.equal(legal.seat, seat);
    assert.ok(legal.actions.length > 0);
    const action = legal.actions[pick(legal.actions.length)];
    if (n === 3) {
      const stale = await expectError(
        client.call("act", tokens[seat], action, legal.seq - 1), "STALE_SEQ");
      assert.equal(stale.details.current_seq, legal.seq);
      await expectError(client.call("act", tokens[seat], { type: "no_such_action" }, legal.seq),
        "DECODE_ERROR");
    }
    last = await client.call("act", tokens[seat], action, legal.seq);
    assert.equal(last.seq, legal.seq + 1);
    assert.equal(last.seat, seat);
    sent.push({ seat, action });
  }
  assert.ok(last.over && last.outcome, "the last act ends the game");
  const view = await client.call("view", tokens[0]);
  assert.equal(view.over, true);

  // the full log is given once the game is over, with the seed revealed
  const records = await client.call("log", tokens[0]);
  assert.equal(records[0].viewer, "all");
  assert.equal(records[0].game, game);
  const entries = verifyLocally(records, seedHex);
  assert.equal(entries.length, sent.length);
  entries.forEach((e, i) => {
    assert.equal(e.seat, sent[i].seat);
    assert.deepEqual(e.action, sent[i].action);
  });
  assert.equal(entries.at(-1).state_hash, last.state_hash);
  assert.equal(entries.at(-1).chain_hash, last.chain_hash);
  assert.deepEqual(records.at(-1).outcome, last.outcome);

  // the server replays it: as records and as log-file bytes
  const verdict = await client.call("verify", records, null);
  assert.deepEqual([verdict.ok, verdict.replayed, verdict.entries], [true, true, sent.length]);
  const fileBytes = Buffer.concat(records.map((r) => encode(r)));
  assert.equal((await client.call("verify", fileBytes, null)).ok, true);
  const tampered = structuredClone(records);
  tampered[2].state_hash = "0".repeat(64);
  const bad = await client.call("verify", tampered, null);
  assert.equal(bad.ok, false);
  assert.equal(bad.divergence.seq, 2);

  // the spectator saw every action, in order
  const updates = client.updates.get(watch.subscription) ?? [];
  assert.deepEqual(updates.map((u) => u.seq), sent.map((_, i) => i + 1));
  assert.equal(updates.at(-1).over, true);

  await client.close();
  console.log(JSON.stringify({
    ok: true,
    game,
    seats: tokens.length,
    actions: sent.length,
    updates: updates.length,
    outcome: last.outcome,
    chain_hash: last.chain_hash,
  }));
}

const timer = setTimeout(() => {
  console.error("interop client: timed out");
  process.exit(3);
}, TIMEOUT_MS);
main().then(
  () => clearTimeout(timer),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
