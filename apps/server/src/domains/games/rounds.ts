/**
 * The `game.round` platform event: a finished round's record. Verified here from its revealed
 * seed with @console/games (the settings of the version it reports), then stored set-based with
 * its seat rows and the roll-ups by game_rounds_apply (migration 025), beside
 * platform_events_apply, after a call's other events: a round record moves no money (its bets
 * and wins went through the wallet calls with the round id as `ref`), so its place in the call
 * does not matter, except that a round's players must exist (registered earlier, or earlier in
 * the same call).
 * The per-event contract is the events call's: applied, rejected (code, message) or duplicate
 * (the event id seen before, with the first outcome), idempotent by event id.
 */
import { verifyRound, type Difference } from '@console/games';
import type { GameRoundData, PlatformEventResult } from '@console/schemas';
import { sql } from 'kysely';
import type { Db } from '../../db/open';
import { resultsOf, type ResultRow } from '../platform/alongside';
import { withRetry } from '../platform/retry';
import { settingsOfVersions } from './settings';

interface RoundEvent {
  id: string;
  type: string;
  at: string;
  data: unknown;
  error?: unknown;
}

export interface Checked {
  verified: boolean;
  why: string;
  differences: Difference[] | null;
}

const show = (v: unknown) => {
  const text = JSON.stringify(v) ?? 'nothing';
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
};

/** A difference in words, for the round screen and the list's "why" column. */
export function describeDifference(d: Difference): string {
  switch (d.kind) {
    case 'game':
    case 'settings':
    case 'seed':
    case 'bets':
      return `${d.kind}: ${d.message}`;
    case 'hash':
      return `seedHash: the seed hashes to ${d.expected.slice(0, 12)}…, not the committed ${d.reported.slice(0, 12)}…`;
    case 'result':
      return `result: the seed gives ${show(d.expected)}, reported ${show(d.reported)}`;
    case 'payout':
      if (d.field === 'missing') return `seats.${d.index}: missing (the seed pays ${show(d.expected)})`;
      if (d.field === 'extra') return `seats.${d.index}: not a payout of this round`;
      return `seats.${d.index}.${d.field} (${d.seat}): the seed gives ${show(d.expected)}, reported ${show(d.reported)}`;
  }
}

/** Recomputes a round from its revealed seed and the settings of its version (null: not a version of this game). */
export function checkRound(data: GameRoundData, settings: Record<string, unknown> | null): Checked {
  if (settings === null) {
    const differences: Difference[] = [{ kind: 'settings', message: `configVersion: ${data.configVersion} is not a version of ${data.game}'s settings` }];
    return { verified: false, why: describeDifference(differences[0]), differences };
  }
  const v = verifyRound({
    game: data.game,
    settings,
    seedHash: data.seedHash,
    seed: data.seed,
    bets: data.bets,
    result: data.result,
    payouts: data.seats.map((s) => ({ seat: s.seat, bet: s.bet, win: s.win, fee: s.fee, jackpot: s.jackpot })),
  });
  if (v.ok) return { verified: true, why: '', differences: null };
  const more = v.differences.length > 1 ? ` (+${v.differences.length - 1} more)` : '';
  return { verified: false, why: describeDifference(v.differences[0]) + more, differences: v.differences };
}

/** Applies a call's game.round events (valid data, first of their id); one result each, in order. */
export async function applyRoundEvents(db: Db, appId: string, events: readonly RoundEvent[], now: Date): Promise<PlatformEventResult[]> {
  const datas = events.map((e) => e.data as GameRoundData);
  const settings = await settingsOfVersions(
    db,
    datas.map((d) => ({ game: d.game, version: d.configVersion })),
  );
  const rows = events.map((e, i) => {
    const d = datas[i];
    const checked = checkRound(d, settings.get(`${d.game}:${d.configVersion}`) ?? null);
    return {
      n: i,
      id: e.id,
      at: e.at,
      game: d.game,
      round_id: d.roundId,
      server: d.server,
      table_id: d.table,
      config_version: d.configVersion,
      started_at: d.startedAt,
      ended_at: d.endedAt,
      seed_hash: d.seedHash,
      seed: d.seed,
      bets: d.bets,
      result: d.result,
      seats: d.seats,
      verified: checked.verified,
      why: checked.why,
      differences: checked.differences,
    };
  });
  const json = JSON.stringify(rows);
  const { rows: out } = await withRetry(() =>
    sql<ResultRow & { r_n: number }>`
    SELECT r_n, r_status, r_code, r_message FROM game_rounds_apply(${appId}::text, ${json}::jsonb, ${now}::timestamptz)`.execute(db),
  );
  return resultsOf(events, out, 'game_rounds_apply');
}
