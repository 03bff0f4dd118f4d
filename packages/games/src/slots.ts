/**
 * The slot engine shared by Lucky Joker, Fruit Fever, Tasty and Lucky Tree: three reels,
 * three rows, fixed paylines paying left to right, a wild that stands for any symbol, and
 * RTP profiles (the operator picks one) that differ only by the blanks added to each reel.
 *
 * A spin draws one stop per reel, reel 1 first: stop r = int(length of reel r's strip). The
 * window's row k (0 top, 1 middle, 2 bottom) of reel r shows strip[(stop + k) mod length].
 * A line pays pays[symbol][n] times the line bet when its first n symbols (n = 2 or 3) are
 * that symbol or wild; a line of leading wilds pays the wild's own pay if that is more.
 * The stake is split evenly over the lines: payout = floor(stake · Σ line pays / lines).
 *
 * RTP is exact: the symbol a line shows on a reel is distributed like the strip's symbols
 * whatever the stop, and reels are independent, so RTP = Σ over symbol triples of their
 * probability × pay. The standard deviation enumerates every stop combination.
 */
import { z } from 'zod';
import { mulDiv } from './money';
import type { Rng } from './rng';
import { amount, baseSettings, checkBetLimits, seat } from './settings';
import type { Outcome, RtpFigure } from './define';

export const BLANK = '-';

export interface SlotMachine {
  /** Symbol → multiples of the line bet for 2 and 3 leading symbols. */
  pays: Record<string, { 2?: number; 3: number }>;
  wild: string;
  /** The reels without blanks, reel 1 first. */
  reels: readonly (readonly string[])[];
  /** Each line as the row it takes on reels 1, 2, 3. */
  lines: readonly (readonly [number, number, number])[];
  /** RTP profile (percent) → blanks added to reels 1, 2, 3. */
  profiles: Record<string, readonly [number, number, number]>;
  /** The profile of the default settings. */
  defaultProfile: string;
}

/** A reel strip with `blanks` blanks spread evenly between its symbols. */
export function strip(symbols: readonly string[], blanks: number): string[] {
  const out: string[] = [];
  let placed = 0;
  symbols.forEach((s, i) => {
    out.push(s);
    while (placed < Math.floor(((i + 1) * blanks) / symbols.length)) {
      out.push(BLANK);
      placed++;
    }
  });
  return out;
}

const stripCache = new WeakMap<SlotMachine, Map<string, string[][]>>();
/** The reel strips of a profile (built once per machine and profile). */
export function strips(m: SlotMachine, profile: string): string[][] {
  let byProfile = stripCache.get(m);
  if (!byProfile) stripCache.set(m, (byProfile = new Map()));
  let out = byProfile.get(profile);
  if (!out) byProfile.set(profile, (out = m.reels.map((r, i) => strip(r, m.profiles[profile][i]))));
  return out;
}

/** What one line pays, in line bets, and the symbol and count that paid. */
export function linePay(m: SlotMachine, seq: readonly string[]): { pay: number; symbol: string; count: number } {
  let w = 0;
  while (w < 3 && seq[w] === m.wild) w++;
  const wildPay = w >= 2 ? (m.pays[m.wild][w as 2 | 3] ?? 0) : 0;
  const target = seq.find((s) => s !== m.wild);
  let best = { pay: wildPay, symbol: m.wild, count: w };
  if (target && target !== BLANK) {
    let n = 0;
    while (n < 3 && (seq[n] === target || seq[n] === m.wild)) n++;
    const pay = n >= 2 ? (m.pays[target][n as 2 | 3] ?? 0) : 0;
    if (pay > best.pay) best = { pay, symbol: target, count: n };
  }
  return best;
}

const statsCache = new Map<string, RtpFigure>();

/** Exact RTP (symbol frequencies) and standard deviation (every stop combination) of a profile. */
export function slotStats(m: SlotMachine, profile: string): RtpFigure {
  const key = `${m.wild}:${profile}`;
  const hit = statsCache.get(key);
  if (hit) return hit;
  const reels = strips(m, profile);
  const rtp = slotRtp(m, reels);
  const [a, b, c] = reels;
  let sum2 = 0;
  for (let i = 0; i < a.length; i++)
    for (let j = 0; j < b.length; j++)
      for (let k = 0; k < c.length; k++) {
        let total = 0;
        for (const line of m.lines) total += linePay(m, [a[(i + line[0]) % a.length], b[(j + line[1]) % b.length], c[(k + line[2]) % c.length]]).pay;
        sum2 += (total / m.lines.length) ** 2;
      }
  const n = a.length * b.length * c.length;
  const figure: RtpFigure = { rtp, sd: Math.sqrt(sum2 / n - rtp * rtp), reference: 'one spin on all lines', exact: true };
  statsCache.set(key, figure);
  return figure;
}

/** RTP from the strips' symbol frequencies (exact; used by the tuning of the profiles too). */
export function slotRtp(m: SlotMachine, reels: readonly (readonly string[])[]): number {
  const freq = reels.map((r) => {
    const f = new Map<string, number>();
    for (const s of r) f.set(s, (f.get(s) ?? 0) + 1 / r.length);
    return [...f.entries()];
  });
  let rtp = 0;
  for (const [x, px] of freq[0]) for (const [y, py] of freq[1]) for (const [z2, pz] of freq[2]) rtp += px * py * pz * linePay(m, [x, y, z2]).pay;
  return rtp;
}

export function slotSettings(m: SlotMachine) {
  const profiles = Object.keys(m.profiles) as [string, ...string[]];
  return z
    .strictObject({
      ...baseSettings,
      /** The RTP profile, in percent (the reel set the game spins). */
      rtp: z.enum(profiles, { message: `Must be one of ${profiles.join(', ')}` }).default(m.defaultProfile),
    })
    .superRefine(checkBetLimits);
}

export const slotBets = z.array(z.strictObject({ seat, amount }), { message: 'Expected array' }).length(1, { message: 'A spin is one bet' });

export interface SlotResult {
  stops: number[];
  /** Rows top to bottom, each reel 1…3. */
  window: string[][];
  /** The lines that paid: line number (1-based), symbol, count, pay in line bets. */
  wins: { line: number; symbol: string; count: number; pay: number }[];
  /** Σ line pays (line bets). */
  lineBets: number;
}

export function spin(m: SlotMachine, profile: string, rng: Rng, bets: { seat: string; amount: number }[]): Outcome<SlotResult> {
  const reels = strips(m, profile);
  const stops = reels.map((r) => rng.int(r.length));
  const window = [0, 1, 2].map((row) => reels.map((r, i) => r[(stops[i] + row) % r.length]));
  const wins: SlotResult['wins'] = [];
  m.lines.forEach((line, i) => {
    const w = linePay(
      m,
      line.map((row, reel) => window[row][reel]),
    );
    if (w.pay > 0) wins.push({ line: i + 1, ...w });
  });
  const lineBets = wins.reduce((s, w) => s + w.pay, 0);
  return {
    result: { stops, window, wins, lineBets },
    payouts: bets.map((b) => ({ seat: b.seat, bet: b.amount, win: mulDiv(b.amount, lineBets, m.lines.length), fee: 0, jackpot: 0 })),
  };
}
