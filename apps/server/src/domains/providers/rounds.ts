/**
 * The `provider.round` platform event: a game provider's record of a finished round of one of
 * its games (JILI and others), sent with the provider's own application. Its money moved through
 * the wallet calls (bet = debit `game.bet`, win = credit `game.win`, ref = the round id, txIds
 * listed in the record), so the record moves none: like `game.round` it is applied set-based
 * after a call's other events (provider_rounds_apply, migration 027), with the events call's
 * per-event contract (applied, rejected with code and message, duplicate with the first outcome).
 */
import { isBigWin, type PlatformEventResult, type ProviderRoundData } from '@console/schemas';
import { sql } from 'kysely';
import type { Db } from '../../db/open';
import { withRetry } from '../platform/retry';

export const PROVIDER_ROUND = 'provider.round';

interface Prepared { id: string; type: string; at: string; data: unknown; error?: unknown }

/**
 * `mine`: the valid provider.round events whose id is the first of its kind in the call;
 * `echoes`: later events with one of their ids (position → its round's position), duplicates of
 * its outcome; `others`: the rest, in order (a refused provider.round stays there: the events
 * function records its 400).
 */
export function splitProviderRounds(events: readonly { id: string; type: string; error?: unknown }[]): { mine: number[]; others: number[]; echoes: [number, number][] } {
  const first = new Map<string, number>();
  events.forEach((e, n) => { if (!first.has(e.id)) first.set(e.id, n); });
  const isMine = (k: number) => events[k]!.type === PROVIDER_ROUND && !events[k]!.error;
  const mine: number[] = [];
  const others: number[] = [];
  const echoes: [number, number][] = [];
  events.forEach((e, n) => {
    const f = first.get(e.id)!;
    if (f === n && isMine(n)) mine.push(n);
    else if (f !== n && isMine(f)) echoes.push([n, f]);
    else others.push(n);
  });
  return { mine, others, echoes };
}

interface Row { r_status: PlatformEventResult['status']; r_code: number | null; r_message: string | null }

/** Applies a call's provider.round events (valid data, first of their id); one result each, in order. */
export async function applyProviderRoundEvents(db: Db, appId: string, events: readonly Prepared[], now: Date): Promise<PlatformEventResult[]> {
  const rows = events.map((e, n) => {
    const d = e.data as ProviderRoundData;
    return {
      n, id: e.id, at: e.at, round_id: d.roundId, game: d.game, game_name: d.gameName ?? null, uid: d.uid, bet: d.bet, win: d.win,
      big_win: isBigWin(d), tx_ids: d.txIds ?? [], started_at: d.startedAt ?? null, ended_at: d.endedAt,
    };
  });
  const { rows: out } = await withRetry(() => sql<Row>`
    SELECT r_status, r_code, r_message FROM provider_rounds_apply(${appId}::text, ${JSON.stringify(rows)}::jsonb, ${now}::timestamptz)`.execute(db));
  if (out.length !== events.length) throw new Error(`provider_rounds_apply answered ${out.length} results for ${events.length} rounds`);
  return out.map((row, i) => {
    const result: PlatformEventResult = { id: events[i]!.id, status: row.r_status };
    if (row.r_code !== null) result.code = row.r_code;
    if (row.r_message !== null) result.message = row.r_message;
    return result;
  });
}

/**
 * The events call with its provider rounds taken out: `next` applies the others (the events
 * function, game rounds included), then the provider rounds are applied; results in the order sent.
 */
export async function applyWithProviderRounds<E extends Prepared>(db: Db, appId: string, prepared: E[], now: Date,
  next: (events: E[]) => Promise<PlatformEventResult[]>): Promise<PlatformEventResult[]> {
  const split = splitProviderRounds(prepared);
  if (split.mine.length === 0) return next(prepared);
  const results = new Array<PlatformEventResult>(prepared.length);
  if (split.others.length > 0) (await next(split.others.map((n) => prepared[n]!))).forEach((r, i) => { results[split.others[i]!] = r; });
  const applied = await applyProviderRoundEvents(db, appId, split.mine.map((n) => prepared[n]!), now);
  split.mine.forEach((n, i) => { results[n] = applied[i]!; });
  for (const [n, first] of split.echoes) results[n] = { ...results[first]!, id: prepared[n]!.id, status: 'duplicate' };
  return results;
}
