// A gRPC client in Node.js: plays one seeded match against an islandgames server and
// verifies its log.
//
//   islandgames serve --memory --no-msgpack          # gRPC on 127.0.0.1:50051
//   islandgames protos --out protos                  # the schema, from the package
//   cd examples/node && npm install                  # @grpc/grpc-js, @grpc/proto-loader
//   node grpc_client.mjs PROTOS_DIR [TARGET] [GAME] [SEED] [CONFIG_JSON]
//
// e.g. `node grpc_client.mjs ../../protos 127.0.0.1:50051 friday 0xc0ffee '{"level": 2}'`
// (in a checkout the repository's protos/ is the same schema). Every seat plays the first
// legal action the server lists (GetStatus tells who is to act; Act carries the seq it
// was chosen at). Once the game is over the full log, seed revealed, is checked against
// what this client saw and replayed by the server (VerifyLog). The protocol:
// docs/protocol-grpc.md. Prints "verified" and exits 0 when all is well.

import assert from "node:assert/strict";
import grpc from "@grpc/grpc-js";
import protoLoader from "@grpc/proto-loader";

const [protos, target = "127.0.0.1:50051", game = "friday", seed = "0xc0ffee", configJson] =
  process.argv.slice(2);
assert.ok(protos, "usage: node grpc_client.mjs PROTOS_DIR [TARGET] [GAME] [SEED] [CONFIG]");

const definition = protoLoader.loadSync("islandgames/v1/match_service.proto", {
  includeDirs: [protos],
  keepCase: true, // field names as in the .proto (snake_case)
  longs: Number, // int64 values stay within +/-2^53 on this server
  enums: String,
  oneofs: true, // each oneof also gives the name of its set field
});
const { MatchService } = grpc.loadPackageDefinition(definition).islandgames.v1;
const client = new MatchService(target, grpc.credentials.createInsecure(), {
  "grpc.max_receive_message_length": 64 * 1024 * 1024,
});

function call(method, request) {
  const deadline = new Date(Date.now() + 30_000);
  return new Promise((resolve, reject) =>
    client[method](request, { deadline }, (err, res) => (err ? reject(err) : resolve(res))),
  );
}

// --- one match ---------------------------------------------------------------------------

// the config goes in the game's case of the GameConfig oneof ("friday", "not_alone", ...)
const info = (await call("ListGames", {})).games.find((g) => g.id === game);
assert.ok(info, `the server has no game ${game}`);
// SEED as on the command line (decimal or 0x hex, as BigInt reads it); CreateMatch takes
// the seed as text: decimal, or hex with 0x
const request = { game, seed: `0x${BigInt(seed).toString(16)}` };
if (configJson) request.config = { [info.default_config.game]: JSON.parse(configJson) };
const match = await call("CreateMatch", request);
const tokens = match.seats.map((s) => s.token);
console.log(`match ${match.match_id}: ${game}, ${tokens.length} seat(s)`);

const played = []; // seat of each action, in order
for (;;) {
  // protobuf leaves zero values out: a missing seq or to_act is 0 or empty
  const status = await call("GetStatus", { token: match.spectator_token });
  if (status.over) break;
  const seat = status.to_act[0] ?? 0;
  const legal = await call("ListLegalActions", { token: tokens[seat] });
  const result = await call("Act", {
    token: tokens[seat],
    action: legal.actions[0],
    expected_seq: legal.seq ?? 0,
  });
  assert.equal(result.seq, (legal.seq ?? 0) + 1);
  played.push(seat);
}

// the full log: the header, one entry per action, the end record with the seed
const { log } = await call("GetLog", { token: match.spectator_token });
assert.equal(log.header.seed_commitment, match.seed_commitment);
assert.equal(log.entries.length, played.length);
log.entries.forEach((entry, i) => {
  assert.equal(entry.seq, i + 1);
  assert.equal(entry.seat ?? 0, played[i]);
});
assert.equal(BigInt(`0x${log.end.seed}`), BigInt(seed), "the revealed seed is ours");
const results = log.end.outcome.results.map(
  (r) => `seat ${r.seat ?? 0} ${r.result.replace("RESULT_", "").toLowerCase()}`,
);
console.log(`over after ${played.length} actions: ${results.join(", ")}`);

// the server replays the log (as this client decoded and re-encoded it) from the seed
const verdict = await call("VerifyLog", { log_records: log });
assert.equal(verdict.status, "VERIFY_STATUS_VERIFIED", JSON.stringify(verdict.divergence));
const chain = log.entries.at(-1).chain_hash;
console.log(`log: ${log.entries.length} entries, chain ${chain.slice(0, 12)}...`);
console.log("verified");
client.close();
