/**
 * The console's check of a reported round: recompute the outcome from the revealed seed and
 * list every difference from what the game server reported. Never throws: the input is a
 * round record from outside.
 */
import { GameRuleError, type Game, type Outcome, type Payout } from './define';
import { findGame } from './registry';
import { SEED_PATTERN, seedHash } from './rng';

export interface ReportedRound {
  game: string;
  settings: unknown;
  seedHash: string;
  seed: string;
  bets: unknown;
  result: unknown;
  payouts: unknown;
}

export type Difference =
  | { kind: 'game'; message: string }
  | { kind: 'settings'; message: string }
  | { kind: 'seed'; message: string }
  | { kind: 'hash'; expected: string; reported: string }
  | { kind: 'bets'; message: string }
  | { kind: 'result'; expected: unknown; reported: unknown }
  | { kind: 'payout'; index: number; seat: string; field: keyof Payout | 'missing' | 'extra'; expected: unknown; reported: unknown };

export interface Verification {
  ok: boolean;
  differences: Difference[];
  /** The outcome the seed gives, when it could be computed. */
  expected?: Outcome<unknown>;
}

/** JSON with object keys sorted, for comparing results whatever the key order. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, (v as Record<string, unknown>)[k]]),
        )
      : v,
  );
}

const FIELDS: (keyof Payout)[] = ['seat', 'bet', 'win', 'fee', 'jackpot'];

/** `lookup` finds the game by id (the registry by default; a test passes its own game). */
export function verifyRound(round: ReportedRound, lookup: (id: string) => Game | undefined = findGame): Verification {
  const differences: Difference[] = [];
  const game = lookup(String(round?.game));
  if (!game) return { ok: false, differences: [{ kind: 'game', message: `No game ${String(round?.game)}` }] };
  const settings = game.parseSettings(round.settings);
  if (!settings.ok) return { ok: false, differences: [{ kind: 'settings', message: settings.message }] };
  if (typeof round.seed !== 'string' || !SEED_PATTERN.test(round.seed)) {
    return { ok: false, differences: [{ kind: 'seed', message: 'seed: Must be 64 lowercase hex characters' }] };
  }
  const hash = seedHash(round.seed);
  if (hash !== round.seedHash) differences.push({ kind: 'hash', expected: hash, reported: round.seedHash });
  let expected: Outcome<unknown>;
  try {
    expected = game.play(settings.value, round.seed, round.bets);
  } catch (e) {
    if (!(e instanceof GameRuleError)) throw e;
    differences.push({ kind: 'bets', message: e.message });
    return { ok: false, differences };
  }
  if (canonical(expected.result) !== canonical(round.result)) differences.push({ kind: 'result', expected: expected.result, reported: round.result });
  const reported: unknown[] = Array.isArray(round.payouts) ? round.payouts : [];
  expected.payouts.forEach((p, index) => {
    const r = reported[index];
    if (!r || typeof r !== 'object') {
      differences.push({ kind: 'payout', index, seat: p.seat, field: 'missing', expected: p, reported: r ?? null });
      return;
    }
    for (const field of FIELDS) {
      const got = (r as Record<string, unknown>)[field] ?? (field === 'fee' || field === 'jackpot' ? 0 : undefined);
      if (got !== p[field]) differences.push({ kind: 'payout', index, seat: p.seat, field, expected: p[field], reported: got ?? null });
    }
  });
  for (let index = expected.payouts.length; index < reported.length; index++) {
    const r = reported[index] as { seat?: unknown } | null;
    differences.push({ kind: 'payout', index, seat: String(r?.seat ?? ''), field: 'extra', expected: null, reported: r });
  }
  return { ok: differences.length === 0, differences, expected };
}
