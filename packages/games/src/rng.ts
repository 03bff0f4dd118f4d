/**
 * Where every random number of a round comes from, and how bytes become numbers. This is the
 * part an outside party re-implements to verify a round (README "How bytes become outcomes").
 *
 * - A seed is 32 random bytes written as 64 lowercase hex characters.
 * - Before the round the server publishes seedHash = hex(SHA-256(the 32 seed bytes)).
 * - The round's byte stream is block 0, block 1, … where block c =
 *   HMAC-SHA-256(key = the 32 seed bytes, message = ASCII "<gameId>:<c>"), c in decimal.
 * - The stream is read as big-endian unsigned 32-bit words u0, u1, … (8 words a block).
 * - int(n), a whole number in [0, n): take the next word u; if u < n·floor(2^32 / n) the
 *   answer is u mod n, otherwise discard u and take the next word (no modulo bias).
 * - float(), a number in [0, 1): take two words a, b: ((a >>> 12) · 2^32 + b) / 2^52.
 * - draw(n, k), k distinct items of 0…n−1 in order (a partial Fisher–Yates shuffle): start
 *   from [0, 1, …, n−1]; for i = 0 … k−1 swap item i with item i + int(n − i); the answer is
 *   items 0…k−1. A full shuffle of a deck is draw(52, 52).
 * Each game documents which draws it makes, in which order.
 */
import { fromHex, hmacSha256, sha256, toHex, utf8 } from './sha256';

export abstract class Rng {
  /** The next unsigned 32-bit word of the stream. */
  abstract uint32(): number;

  /** An independent copy at the same position. */
  abstract clone(): Rng;

  /** A whole number in [0, n) by rejection (no modulo bias); n from 1 to 2^32. */
  int(n: number): number {
    if (!Number.isInteger(n) || n < 1 || n > 0x100000000) throw new RangeError(`int(${n})`);
    const limit = Math.floor(0x100000000 / n) * n;
    for (;;) {
      const u = this.uint32();
      if (u < limit) return u % n;
    }
  }

  /** A number in [0, 1) with 52 random bits. */
  float(): number {
    const a = this.uint32() >>> 12;
    const b = this.uint32();
    return (a * 0x100000000 + b) / 2 ** 52;
  }

  /** k distinct items of 0…n−1, in drawing order (partial Fisher–Yates). */
  draw(n: number, k: number): number[] {
    const items = new Int32Array(n);
    for (let i = 0; i < n; i++) items[i] = i;
    const out = new Array<number>(k);
    for (let i = 0; i < k; i++) {
      const j = i + this.int(n - i);
      out[i] = items[j];
      items[j] = items[i];
    }
    return out;
  }
}

export const SEED_PATTERN = /^[0-9a-f]{64}$/;

/** A new round seed: 32 bytes from the platform's cryptographic generator, as lowercase hex. */
export function newSeed(): string {
  const bytes = new Uint8Array(32);
  globalThis.crypto.getRandomValues(bytes);
  return toHex(bytes);
}

/** What the server publishes before the round: hex SHA-256 of the seed's 32 bytes (not of its hex text). */
export function seedHash(seed: string): string {
  if (!SEED_PATTERN.test(seed)) throw new Error('A seed is 64 lowercase hex characters');
  return toHex(sha256(fromHex(seed)));
}

/** The provably-fair stream of one round of one game (see the header). */
export class FairStream extends Rng {
  private readonly key: Uint8Array;
  private block = new Uint32Array(8);
  private counter = 0;
  private pos = 8;

  constructor(
    seed: string,
    private readonly gameId: string,
  ) {
    super();
    if (!SEED_PATTERN.test(seed)) throw new Error('A seed is 64 lowercase hex characters');
    this.key = fromHex(seed);
  }

  clone(): FairStream {
    const c = new FairStream('0'.repeat(64), this.gameId);
    c.key.set(this.key);
    c.block.set(this.block);
    c.counter = this.counter;
    c.pos = this.pos;
    return c;
  }

  uint32(): number {
    if (this.pos === 8) {
      const bytes = hmacSha256(this.key, utf8(`${this.gameId}:${this.counter++}`));
      const view = new DataView(bytes.buffer, bytes.byteOffset, 32);
      for (let i = 0; i < 8; i++) this.block[i] = view.getUint32(i * 4);
      this.pos = 0;
    }
    return this.block[this.pos++];
  }
}

/**
 * A fast deterministic generator (xoshiro128**, seeded from SHA-256 of a text) for the
 * RTP simulations only: a million HMAC rounds per game would not fit the test budget. The
 * games read it through the same int/float/draw as the fair stream, so the rules played
 * are the same code; the fair stream's own uniformity is tested separately.
 */
export class SimRng extends Rng {
  private s: Uint32Array;

  constructor(seedText: string | Uint32Array) {
    super();
    if (typeof seedText !== 'string') {
      this.s = Uint32Array.from(seedText);
      return;
    }
    const h = sha256(utf8(seedText));
    const v = new DataView(h.buffer);
    this.s = Uint32Array.from([0, 1, 2, 3], (i) => v.getUint32(i * 4));
  }

  clone(): SimRng {
    return new SimRng(this.s);
  }

  uint32(): number {
    const s = this.s;
    const r = Math.imul(rotl(Math.imul(s[1], 5), 7), 9) >>> 0;
    const t = s[1] << 9;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 11);
    return r;
  }
}

const rotl = (x: number, k: number) => (x << k) | (x >>> (32 - k));
