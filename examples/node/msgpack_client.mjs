// A MessagePack-RPC client in Node.js: plays one seeded match against an islandgames
// server and verifies its log.
//
//   islandgames serve --memory --no-grpc            # MessagePack-RPC on 127.0.0.1:7341
//   cd examples/node && npm install                 # @msgpack/msgpack (package.json)
//   node msgpack_client.mjs [PORT] [GAME] [SEED] [CONFIG_JSON]
//
// e.g. `node msgpack_client.mjs 7341 friday 0xc0ffee '{"level": 2}'`. Every seat plays
// the first legal action the server lists (status tells who is to act; act carries the
// seq it was chosen at). Once the game is over the full log, seed revealed, is checked
// against what this client saw and replayed by the server (`verify`). The protocol:
// docs/protocol-msgpack.md. Prints "verified" and exits 0 when all is well.

import assert from "node:assert/strict";
import net from "node:net";
import { decodeMultiStream, encode } from "@msgpack/msgpack";

// --- a minimal MessagePack-RPC client: [0, id, method, params] -> [1, id, error, result] --

function connect(port) {
  return new Promise((resolve, reject) => {
    const socket = net.createConnection({ host: "127.0.0.1", port }, () => resolve(socket));
    socket.once("error", reject);
  });
}

function rpcClient(socket) {
  const pending = new Map();
  let nextId = 0;
  (async () => {
    for await (const message of decodeMultiStream(socket)) {
      if (message[0] !== 1) continue; // notifications (watch updates): not used here
      const [, id, error, result] = message;
      const { resolve, reject } = pending.get(id);
      pending.delete(id);
      if (error === null) resolve(result);
      else reject(new Error(`${error.code}: ${error.message}`));
    }
  })().catch((error) => pending.forEach(({ reject }) => reject(error)));
  return {
    call(method, ...params) {
      const id = ++nextId;
      socket.write(encode([0, id, method, params]));
      return new Promise((resolve, reject) => pending.set(id, { resolve, reject }));
    },
    close: () => socket.end(),
  };
}

// --- one match ---------------------------------------------------------------------------

const [port = "7341", game = "friday", seed = "0xc0ffee", configJson] = process.argv.slice(2);
const rpc = rpcClient(await connect(Number(port)));

// SEED as on the command line (decimal or 0x hex, as BigInt reads it); sent as text by
// the same rule, so that seeds beyond 2**53 travel exactly
const seedHex = `0x${BigInt(seed).toString(16)}`;
const config = configJson ? JSON.parse(configJson) : null;
const match = await rpc.call("create", game, config, seedHex);
const tokens = match.seats.map((s) => s.token);
console.log(`match ${match.match_id}: ${game}, ${tokens.length} seat(s)`);

const played = []; // [seat, action] in order
for (;;) {
  const status = await rpc.call("status", match.spectator_token);
  if (status.over) break;
  const seat = status.to_act[0];
  const legal = await rpc.call("legal_actions", tokens[seat]);
  const action = legal.actions[0];
  const result = await rpc.call("act", tokens[seat], action, legal.seq);
  assert.equal(result.seq, legal.seq + 1);
  played.push([seat, action]);
}

// the full log: a header, one entry per action, an end record with the seed
const records = await rpc.call("log", match.spectator_token);
const [header, ...rest] = records;
const end = rest.pop();
assert.equal(header.type, "header");
assert.equal(header.seed_commitment, match.seed_commitment);
assert.equal(end.type, "end");
assert.equal(rest.length, played.length);
rest.forEach((entry, i) => {
  assert.equal(entry.seq, i + 1);
  assert.equal(entry.seat, played[i][0]);
  assert.deepEqual(entry.action, played[i][1]);
});
const results = end.outcome.results.map((r) => `seat ${r.seat} ${r.result}`).join(", ");
console.log(`over after ${played.length} actions: ${results}`);

// the server replays the log from the revealed seed and checks every hash
const verdict = await rpc.call("verify", records, null);
assert.equal(verdict.status, "verified", JSON.stringify(verdict));
console.log(`log: ${rest.length} entries, chain ${rest.at(-1).chain_hash.slice(0, 12)}...`);
console.log("verified");
rpc.close();
