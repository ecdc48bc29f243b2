// BLAKE2b (RFC 7693) and the byte helpers of the islandgames log hashes
// (docs/log-format.md, "Hashing"), with nothing but node: shared by client.mjs and
// verify_vectors.mjs.

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

/** The UTF-8 bytes of a string. */
export const utf8 = (s) => new TextEncoder().encode(s);
/** Lower-case hex of bytes. */
export const hex = (bytes) => Buffer.from(bytes).toString("hex");
/** The bytes a hex string encodes (like Buffer.from(s, "hex"): it stops at the first
 * character that is not a hex digit, so check the spelling first where it matters). */
export const unhex = (s) => new Uint8Array(Buffer.from(s, "hex"));

/** n as 8 big-endian bytes (unsigned: seq8). */
export function u64be(n) {
  const b = new Uint8Array(8);
  new DataView(b.buffer).setBigUint64(0, BigInt(n));
  return b;
}

/** n as 8 big-endian bytes, two's complement (seat8). */
export function i64be(n) {
  const b = new Uint8Array(8);
  new DataView(b.buffer).setBigInt64(0, BigInt(n));
  return b;
}

/** H(p1, p2, ...): BLAKE2b-256 over each part preceded by its length as 8 big-endian bytes. */
export function digest(...parts) {
  const chunks = [];
  for (const p of parts) {
    const len = new Uint8Array(8);
    new DataView(len.buffer).setBigUint64(0, BigInt(p.length));
    chunks.push(len, p);
  }
  return blake2b(Buffer.concat(chunks), 32);
}
