/**
 * The provably-fair stream: our SHA-256 / HMAC agree with node:crypto, and an outside
 * verifier following only the documented rules (README) gets the same numbers and outcomes.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FairStream, newSeed, SEED_PATTERN, seedHash, SimRng } from './rng';
import { hmacSha256, sha256, toHex } from './sha256';
import { getGame } from './registry';
import { COLOURS } from './games/colorgame';

const SEED = 'a3f1c2e4b5d6978812345678deadbeef00112233445566778899aabbccddeeff';

/** The documented stream, written again from the README with node:crypto only. */
function outsideWords(seed: string, game: string, count: number): number[] {
  const out: number[] = [];
  for (let c = 0; out.length < count; c++) {
    const block = createHmac('sha256', Buffer.from(seed, 'hex')).update(`${game}:${c}`).digest();
    for (let i = 0; i < 32; i += 4) out.push(block.readUInt32BE(i));
  }
  return out.slice(0, count);
}

describe('SHA-256 and HMAC', () => {
  it('match node:crypto at every padding boundary and on random input', () => {
    for (const n of [0, 1, 3, 55, 56, 57, 63, 64, 65, 119, 120, 127, 128, 129, 1000]) {
      const data = randomBytes(n);
      expect(toHex(sha256(data))).toBe(createHash('sha256').update(data).digest('hex'));
    }
    expect(toHex(sha256(new TextEncoder().encode('abc')))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    for (const [k, m] of [
      [32, 8],
      [64, 100],
      [65, 0],
      [100, 30],
      [0, 5],
    ]) {
      const key = randomBytes(k),
        msg = randomBytes(m);
      expect(toHex(hmacSha256(key, msg))).toBe(createHmac('sha256', key).update(msg).digest('hex'));
    }
  });
});

describe('seeds', () => {
  it('a new seed is 32 random bytes in hex, and they differ', () => {
    const a = newSeed(),
      b = newSeed();
    expect(a).toMatch(SEED_PATTERN);
    expect(a).not.toBe(b);
  });

  it('the hash is SHA-256 of the 32 bytes (what `xxd -r -p | sha256sum` prints)', () => {
    expect(seedHash(SEED)).toBe(createHash('sha256').update(Buffer.from(SEED, 'hex')).digest('hex'));
    expect(() => seedHash(SEED.toUpperCase())).toThrow();
    expect(() => seedHash(SEED.slice(2))).toThrow();
  });
});

describe('the stream, as an outside verifier reads it', () => {
  it('words are HMAC-SHA-256(seed, "<game>:<counter>") big-endian, block after block', () => {
    const s = new FairStream(SEED, 'rocket');
    const words = Array.from({ length: 20 }, () => s.uint32());
    expect(words).toEqual(outsideWords(SEED, 'rocket', 20));
    // The game id separates the streams of two games with one seed.
    expect(new FairStream(SEED, 'mines').uint32()).not.toBe(words[0]);
  });

  it('int(n) rejects words ≥ n·floor(2^32/n) and float() takes 52 bits of two words', () => {
    const words = outsideWords(SEED, 'x', 400);
    const s = new FairStream(SEED, 'x');
    let w = 0;
    for (const n of [6, 52, 3, 1_000_000, 2 ** 31 + 1, 25]) {
      const limit = Math.floor(2 ** 32 / n) * n;
      while (words[w] >= limit) w++;
      expect(s.int(n)).toBe(words[w++] % n);
    }
    expect(s.float()).toBe(((words[w] >>> 12) * 2 ** 32 + words[w + 1]) / 2 ** 52);
  });

  it('a colour game and a rocket round recomputed from the README rules alone', () => {
    const seed = 'ff'.repeat(32);
    const words = outsideWords(seed, 'colorgame', 10);
    const dice = words
      .filter((u) => u < Math.floor(2 ** 32 / 6) * 6)
      .slice(0, 3)
      .map((u) => COLOURS[u % 6]);
    const bets = [{ seat: 's1', amount: 500, colours: [dice[0]] }];
    const round = getGame('colorgame').play(getGame('colorgame').defaults, seed, bets);
    expect(round.result).toEqual({ dice });
    const shown = dice.filter((d) => d === dice[0]).length;
    expect(round.payouts[0].win).toBe(500 * (1 + shown));

    const r = outsideWords(seed, 'rocket', 2);
    const u = ((r[0] >>> 12) * 2 ** 32 + r[1]) / 2 ** 52;
    const crash = Math.max(100, Math.floor(99 / (1 - u)));
    expect(getGame('rocket').play(getGame('rocket').defaults, seed, [{ seat: 's', amount: 100, cashoutAt: null }]).result).toEqual({ crash });
  });

  it('the fair stream is uniform: 60 000 dice within a chi-square bound', () => {
    const s = new FairStream(newSeed(), 'colorgame');
    const counts = new Array(6).fill(0);
    for (let i = 0; i < 60_000; i++) counts[s.int(6)]++;
    const chi2 = counts.reduce((t, c) => t + (c - 10_000) ** 2 / 10_000, 0);
    expect(chi2).toBeLessThan(30); // 5 degrees of freedom: P(χ² > 30) ≈ 1.5e-5
  });

  it('a clone reads the same words without moving the original', () => {
    for (const s of [new FairStream(SEED, 'hilo'), new SimRng('x')]) {
      s.uint32();
      const c = s.clone();
      const a = [c.uint32(), c.uint32(), c.uint32()];
      expect([s.uint32(), s.uint32(), s.uint32()]).toEqual(a);
    }
  });
});
