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
import { resultsOf, type ResultRow } from '../platform/alongside';
import { withRetry } from '../platform/retry';

export const PROVIDER_ROUND = 'provider.round';

interface Prepared {
  id: string;
  type: string;
  at: string;
  data: unknown;
  error?: unknown;
}

/** Applies a call's provider.round events (valid data, first of their id); one result each, in order. */
export async function applyProviderRoundEvents(db: Db, appId: string, events: readonly Prepared[], now: Date): Promise<PlatformEventResult[]> {
  const rows = events.map((e, n) => {
    const d = e.data as ProviderRoundData;
    return {
      n,
      id: e.id,
      at: e.at,
      round_id: d.roundId,
      game: d.game,
      game_name: d.gameName ?? null,
      uid: d.uid,
      bet: d.bet,
      win: d.win,
      big_win: isBigWin(d),
      tx_ids: d.txIds ?? [],
      started_at: d.startedAt ?? null,
      ended_at: d.endedAt,
    };
  });
  const { rows: out } = await withRetry(() =>
    sql<ResultRow>`
    SELECT r_status, r_code, r_message FROM provider_rounds_apply(${appId}::text, ${JSON.stringify(rows)}::jsonb, ${now}::timestamptz)`.execute(db),
  );
  return resultsOf(events, out, 'provider_rounds_apply');
}
