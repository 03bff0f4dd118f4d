/**
 * The table-game events of the events call (docs/api/tablegames.md): `game.reported` (a player
 * reports another in a game: a game_report row) and `jackpot.won` (a jackpot paid from the
 * game's pool through the ledger, jackpot.ts). They are applied after the call's other events
 * (rounds included: a jackpot names a recorded round, a report its players), one by one, each in
 * its own savepoint of one transaction, with the events call's per-event contract: applied,
 * rejected (code, message, kept in platform_event_claim) or duplicate (the id seen before, the first
 * outcome), idempotent by event id.
 */
import type { GameReportedData, JackpotWonData, PlatformEventResult } from '@console/schemas';
import { sql } from 'kysely';
import type { Db } from '../../db/open';
import { ApiError } from '../../http/api-error';
import { payJackpot } from './jackpot';

export const TABLE_EVENT_TYPES = ['game.reported', 'jackpot.won'] as const;

interface Prepared {
  id: string;
  type: string;
  at: string;
  data: unknown;
  error?: unknown;
}

async function report(trx: Db, appId: string, e: Prepared): Promise<void> {
  const d = e.data as GameReportedData;
  const players = await trx.selectFrom('player_balance').select(['uid', 'partner']).where('uid', 'in', [d.uid, d.targetUid]).execute();
  for (const uid of [d.uid, d.targetUid]) if (!players.some((p) => p.uid === uid)) throw new ApiError(404, `Player ${uid} not found`);
  await trx
    .insertInto('game_report')
    .values({
      app_id: appId,
      event_id: e.id,
      at: e.at,
      uid: d.uid,
      target_uid: d.targetUid,
      partner: players.find((p) => p.uid === d.targetUid)!.partner,
      game: d.game,
      round_id: d.roundId ?? null,
      table_id: d.table ?? null,
      reason: d.reason,
      text: d.text,
    })
    .execute();
}

async function applyOne(trx: Db, appId: string, e: Prepared, now: Date): Promise<PlatformEventResult> {
  const { rows } = await sql<{ claimed: boolean }>`
    SELECT platform_event_claim_one(${appId}, ${e.id}, ${e.type}, ${e.at}::timestamptz, ${JSON.stringify(e.data)}::jsonb, ${now}::timestamptz) AS claimed`.execute(
    trx,
  );
  const claimed = rows[0].claimed;
  if (!claimed) {
    const first = await trx
      .selectFrom('platform_event_claim')
      .select(['code', 'message'])
      .where('app_id', '=', appId)
      .where('event_id', '=', e.id)
      .executeTakeFirstOrThrow();
    return {
      id: e.id,
      status: 'duplicate',
      ...(first.code !== null ? { code: first.code } : {}),
      ...(first.message !== null ? { message: first.message } : {}),
    };
  }
  await sql`SAVEPOINT table_event`.execute(trx);
  try {
    if (e.type === 'game.reported') await report(trx, appId, e);
    else await payJackpot(trx, appId, e.id, new Date(e.at), e.data as JackpotWonData);
    await sql`RELEASE SAVEPOINT table_event`.execute(trx);
    return { id: e.id, status: 'applied' };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    await sql`ROLLBACK TO SAVEPOINT table_event`.execute(trx);
    await trx
      .updateTable('platform_event_claim')
      .set({ status: 'rejected', code: error.statusCode, message: error.message })
      .where('app_id', '=', appId)
      .where('event_id', '=', e.id)
      .execute();
    return { id: e.id, status: 'rejected', code: error.statusCode, message: error.message };
  }
}

/** A call's table-game events (valid, first of their id), one by one, each in its own savepoint of one transaction; one result each, in order. */
export async function applyTableGameEvents(db: Db, appId: string, events: readonly Prepared[], now: Date): Promise<PlatformEventResult[]> {
  return db.transaction().execute(async (trx) => {
    const out: PlatformEventResult[] = [];
    for (const e of events) out.push(await applyOne(trx, appId, e, now));
    return out;
  });
}
