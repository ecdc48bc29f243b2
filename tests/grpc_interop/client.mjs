// An islandgames gRPC client in JavaScript: node, @grpc/grpc-js and @grpc/proto-loader.
//
//   node client.mjs TARGET GAME SEED_HEX [CONFIG_JSON]
//
// It loads the schema from protos/islandgames/v1, creates a seeded match on the server at
// TARGET (127.0.0.1:PORT), watches it as a spectator and as seat 0 (server streaming),
// plays it to the end with legal actions chosen by a seeded PRNG (expected_seq on every
// act), checks the structured errors (stale seq, wrong token, spectator acting), then
// fetches the final log, checks it against what it saw (entries, seqs, chain hash, seed
// commitment, the revealed seed) and has the server verify it by replay after the log
// went through this client's protobuf decoding and encoding. It prints a JSON summary and
// exits 0 when all is well.

import assert from "node:assert/strict";
import path from "node:path";
import { fileURLToPath } from "node:url";
import grpc from "@grpc/grpc-js";
import protoLoader from "@grpc/proto-loader";

const MAX_ACTIONS = 5000;
const DEADLINE_MS = 30_000;

const HERE = path.dirname(fileURLToPath(import.meta.url));
const PROTO_ROOT = path.resolve(HERE, "..", "..", "protos");

const definition = protoLoader.loadSync("islandgames/v1/match_service.proto", {
  includeDirs: [PROTO_ROOT],
  keepCase: true, // field names as in the .proto (snake_case)
  longs: Number, // int64 values stay within +/-2^53 on this server
  enums: String,
  defaults: false,
  oneofs: true, // each oneof also gives the name of its set field
});
const v1 = grpc.loadPackageDefinition(definition).islandgames.v1;

// --- a seeded PRNG (mulberry32) ------------------------------------------------------------

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

// --- calls ---------------------------------------------------------------------------------

function deadline() {
  return new Date(Date.now() + DEADLINE_MS);
}

function call(client, method, request) {
  return new Promise((resolve, reject) => {
    client[method](request, { deadline: deadline() }, (err, response) =>
      err ? reject(err) : resolve(response),
    );
  });
}

// The islandgames error code and details of a failed call: the ASCII trailers (the same
// facts are in grpc-status-details-bin as a google.rpc.ErrorInfo).
function errorInfo(err) {
  const md = err.metadata ? err.metadata.getMap() : {};
  return {
    status: err.code,
    code: md["islandgames-error-code"],
    currentSeq: md["islandgames-current-seq"],
    hasStatusDetails: Buffer.isBuffer(md["grpc-status-details-bin"]),
  };
}

async function expectError(promise, status, code) {
  try {
    await promise;
  } catch (err) {
    const info = errorInfo(err);
    assert.equal(info.status, status, `${code}: status ${info.status} (${err.details})`);
    assert.equal(info.code, code);
    assert.ok(info.hasStatusDetails, "grpc-status-details-bin is missing");
    return info;
  }
  throw new Error(`expected ${code}`);
}

// A watch: collects every message of the stream until it ends.
function watch(client, token) {
  const stream = client.Watch({ token });
  const messages = [];
  const ended = new Promise((resolve, reject) => {
    stream.on("data", (m) => messages.push(m));
    stream.on("end", () => resolve(messages));
    stream.on("error", reject);
  });
  return { stream, messages, ended };
}

async function waitFor(predicate, what) {
  const until = Date.now() + DEADLINE_MS;
  while (!predicate()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

// --- the game ---------------------------------------------------------------------------------

async function main() {
  const [target, game, seedHex, configJson] = process.argv.slice(2);
  assert.ok(target && game && seedHex, "usage: node client.mjs TARGET GAME SEED_HEX [CONFIG]");
  const client = new v1.MatchService(target, grpc.credentials.createInsecure(), {
    "grpc.max_receive_message_length": 64 * 1024 * 1024,
  });

  const games = (await call(client, "ListGames", {})).games;
  const info = games.find((g) => g.id === game);
  assert.ok(info, `the server has no game ${game}`);
  const field = info.default_config.game; // the oneof case: "friday", "not_alone", ...
  assert.ok(field && field !== "msgpack", `${game} has typed messages`);

  const request = { game, seed: `0x${seedHex}` };
  if (configJson) request.config = { [field]: JSON.parse(configJson) };
  const m = await call(client, "CreateMatch", request);
  const seats = m.seats;
  const tokens = seats.map((s) => s.token);
  assert.ok(seats.length >= 1 && m.spectator_token.startsWith("igt_"));

  const spectator = watch(client, m.spectator_token);
  const seat0 = watch(client, tokens[0]);
  await waitFor(() => spectator.messages.length >= 1 && seat0.messages.length >= 1, "started");
  assert.equal(spectator.messages[0].event, "started");
  assert.equal(spectator.messages[0].started.active, true);

  const pick = prng(parseInt(seedHex.slice(-8), 16));
  let toAct = m.to_act ?? [];
  let seq = 0;
  let last = null;
  let stale = null;
  const seen = { hidden: 0 };
  let anAction = null;
  while (toAct.length > 0) {
    assert.ok(seq < MAX_ACTIONS, "the game did not end");
    const seat = toAct[pick(toAct.length)];
    const legal = await call(client, "ListLegalActions", { token: tokens[seat] });
    assert.equal(legal.seq ?? 0, seq);
    assert.ok(legal.actions.length > 0, `seat ${seat} is to act but has no legal action`);
    const action = legal.actions[pick(legal.actions.length)];
    assert.equal(action.game, field);
    anAction = action;
    if (seq === 1) {
      // a retried act with an old expected_seq must be refused, and nothing applied
      stale = await expectError(
        call(client, "Act", { token: tokens[seat], action, expected_seq: 0 }),
        grpc.status.ABORTED,
        "STALE_SEQ",
      );
      assert.equal(Number(stale.currentSeq), 1);
    }
    last = await call(client, "Act", { token: tokens[seat], action, expected_seq: seq });
    seq += 1;
    assert.equal(last.seq, seq);
    assert.equal(last.view.game, field);
    toAct = last.to_act ?? [];
  }
  assert.equal(last.over, true);
  assert.ok(last.outcome.results.length === seats.length);

  await expectError(
    call(client, "GetView", { token: "igt_" + "x".repeat(43) }),
    grpc.status.UNAUTHENTICATED,
    "UNAUTHENTICATED",
  );
  const legal0 = await call(client, "ListLegalActions", { token: tokens[0] });
  assert.equal((legal0.actions ?? []).length, 0);
  await expectError(
    call(client, "Act", { token: m.spectator_token, action: anAction }),
    grpc.status.PERMISSION_DENIED,
    "PERMISSION_DENIED",
  );

  // the watches: every update in seq order, the last one over, then the stream ends
  const [specMessages, seat0Messages] = await Promise.all([spectator.ended, seat0.ended]);
  for (const messages of [specMessages, seat0Messages]) {
    const updates = messages.slice(1).map((w) => w.update);
    assert.equal(updates.length, seq);
    updates.forEach((u, i) => assert.equal(u.seq, i + 1));
    assert.equal(updates.at(-1).over, true);
    for (const u of updates) if (!u.action) seen.hidden += 1;
  }

  // the final log: what this client saw, then the server's replay of it
  const log = (await call(client, "GetLog", { token: m.spectator_token })).log;
  assert.equal(log.header.game, game);
  assert.equal(log.header.viewer, "LOG_VIEWER_ALL");
  assert.equal(log.header.seed_commitment, m.seed_commitment);
  assert.equal(log.entries.length, seq);
  log.entries.forEach((e, i) => assert.equal(e.seq, i + 1));
  assert.equal(log.entries.at(-1).chain_hash, last.chain_hash);
  assert.equal(log.entries.at(-1).state_hash, last.state_hash);
  assert.ok(log.entries.every((e) => e.action && e.salt), "a full log shows every action");
  assert.equal(BigInt("0x" + log.end.seed), BigInt("0x" + seedHex));
  const verdict = await call(client, "VerifyLog", { log_records: log });
  assert.equal(verdict.status, "VERIFY_STATUS_VERIFIED", JSON.stringify(verdict.divergence));
  assert.equal(verdict.entries, seq);

  // a log changed on the way is caught, at the entry that was changed
  const bad = structuredClone(log);
  const k = Math.floor(seq / 2);
  bad.entries[k].state_hash = "00".repeat(32);
  const refused = await call(client, "VerifyLog", { log_records: bad });
  assert.equal(refused.status, "VERIFY_STATUS_DIVERGED");
  assert.equal(refused.divergence.seq, k + 1);

  client.close();
  console.log(
    JSON.stringify({
      ok: true,
      game,
      seats: seats.length,
      actions: seq,
      updates: specMessages.length - 1,
      hidden_updates: seen.hidden,
      chain_hash: last.chain_hash,
      outcome: last.outcome.reason,
    }),
  );
}

main().catch((err) => {
  console.error(err && err.stack ? err.stack : err);
  process.exit(1);
});
