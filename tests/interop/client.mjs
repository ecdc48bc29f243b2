// An islandgames client written in JavaScript, with nothing but node and @msgpack/msgpack.
//
//   node client.mjs PORT [GAME] [SEED_HEX] [CONFIG_JSON]
//
// It speaks MessagePack-RPC over TCP to 127.0.0.1:PORT, creates a seeded match, plays it
// to the end with legal actions chosen by a seeded PRNG (expected_seq on every act),
// watches it as a spectator, then fetches the log and verifies it twice: here, from
// scratch (the seed commitment, every salt, every action commitment and the hash chain,
// with the BLAKE2b written from RFC 7693 in blake2b.mjs), and by asking the server to
// replay it. It also checks the structured errors. It prints a JSON summary and exits 0
// when all is well.

import assert from "node:assert/strict";
import net from "node:net";
import { decodeMultiStream, encode } from "@msgpack/msgpack";
import { blake2b, digest, hex, unhex, utf8 } from "./blake2b.mjs";

const MAX_ACTIONS = 5000;
const TIMEOUT_MS = 60_000;

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

  // a seed as text is decimal or 0x hex (the one seed rule): SEED_HEX goes with 0x
  const match = await client.call("create", game, config, `0x${seedHex}`);
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
  assert.deepEqual([verdict.status, verdict.entries, verdict.viewer], ["verified", sent.length, "all"]);
  const fileBytes = Buffer.concat(records.map((r) => encode(r)));
  assert.equal((await client.call("verify", fileBytes, null)).status, "verified");
  // a map's key order means nothing: the server hashes canonical re-encodings
  const reversed = (v) => Array.isArray(v) ? v.map(reversed)
    : v && typeof v === "object" && !(v instanceof Uint8Array)
      ? Object.fromEntries(Object.entries(v).reverse().map(([k, x]) => [k, reversed(x)])) : v;
  assert.equal((await client.call("verify", records.map(reversed), null)).status, "verified");
  const tampered = structuredClone(records);
  tampered[2].state_hash = "0".repeat(64);
  const bad = await client.call("verify", tampered, null);
  assert.equal(bad.status, "diverged");
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
