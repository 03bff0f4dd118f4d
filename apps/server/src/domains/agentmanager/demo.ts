/**
 * Demo data of /agentmanager. The module is off by default, so the demo goes through
 * its services (not its HTTP operations, which exist only when it is switched on), each change
 * in a transaction with its operation-log record as the operation would write it: the
 * demo is there the moment someone switches the module on.
 *
 * Business makes the agents with the most invitees of partners 1 and 2 (and one of the
 * platform's own) wholesalers; every third day of the last two weeks they buy stock from their
 * partner's cloud chips, each day they hand chips to their T1/T2 invitees (now and then to
 * another player of the partner), one returns unsold stock, one is frozen for an audit; then
 * secadmin closes last month's host report (refused, and said so in the figures, while a week
 * of it is still open). Deterministic (request ids from wholesaler, day and hand-out); a
 * run cut off is finished by the next (each movement answered as the first one, nothing moved
 * twice); a finished one is left as it is.
 */
import { sql } from 'kysely';
import type { ServerConfig } from '../../config';
import type { Db } from '../../db/open';
import type { OperationNote } from '../../http/operation';
import { appendOperationLog } from '../operation-log/chain';
import { closeMonth } from './reports';
import { createWholesaler, move, setWholesalerStatus, type Change } from './wholesale';
import { consoleDay, dayStart, recentMonths } from '@console/time';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const DAYS = 14;

async function asStaff<T>(db: Db, username: string, at: number, operation: string, change: (ctx: Change) => Promise<T>): Promise<T | null> {
  const now = new Date(at);
  try {
    return await db.transaction().execute(async (trx) => {
      const note: OperationNote = { target: '', before: null, after: null };
      const answer = await change({ db: trx, user: { username }, now, note });
      await appendOperationLog(
        trx,
        {
          username,
          partner: 0,
          operation,
          target: note.target,
          result: 'ok',
          status: 200,
          message: '',
          before: note.before,
          after: note.after,
          ip: '127.0.0.1',
        },
        now,
      );
      return answer;
    });
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 409 || (error as { statusCode?: number }).statusCode === 404) return null;
    throw error;
  }
}

export async function seedAgentManagerActivity(db: Db, _config: ServerConfig, _password: string, end: number): Promise<Record<string, number | string>> {
  const figures: Record<string, number | string> = { wholesalers: 0, movements: 0, refused: 0, closedMonth: '' };
  const { rows: picks } = await sql<{ uid: number; partner: number }>`
    SELECT a.uid, a.partner FROM agent a
    WHERE a.status = 'active'
    ORDER BY (SELECT count(*) FROM player c WHERE c.inviter_uid = a.uid) DESC, a.uid`.execute(db);
  const chosen = [
    ...picks.filter((p) => p.partner === 1).slice(0, 2),
    ...picks.filter((p) => p.partner === 2).slice(0, 1),
    ...picks.filter((p) => p.partner === 0).slice(0, 1),
  ];
  if (chosen.length === 0) return figures;
  // a run that went to the end closed the month or tried to: a re-run leaves everything (and the log) as it is
  if (
    (await db
      .selectFrom('operation_log')
      .select('id')
      .where('operation', '=', 'agentmanager.hostreport.close')
      .where('username', '=', 'secadmin')
      .executeTakeFirst()) ||
    (await db.selectFrom('agentmanager_distribution').select('id').where('request_id', 'like', 'demo-%-1-give-%').executeTakeFirst())
  )
    return figures;
  const since = end - DAYS * DAY;
  for (const [k, w] of chosen.entries()) {
    const made = await asStaff(db, 'business', since - 2 * HOUR + k * 60_000, 'agentmanager.distribution.create', (ctx) =>
      createWholesaler(ctx, {
        uid: w.uid,
        price: [90, 88, 92, 85][k] ?? 90,
        dailyLimit: [200_000, 0, 150_000, 100_000][k] ?? 0,
        note: k === 0 ? 'Top recruiter, Cebu' : '',
      }),
    );
    if (made) figures.wholesalers = Number(figures.wholesalers) + 1;
  }
  const count = (r: unknown) => {
    if (r) figures.movements = Number(figures.movements) + 1;
    else figures.refused = Number(figures.refused) + 1;
  };
  for (let d = DAYS; d >= 1; d -= 1) {
    const day = dayStart(consoleDay(end - d * DAY)).getTime();
    for (const [k, w] of chosen.entries()) {
      if (k === 2 && d === 4)
        await asStaff(db, 'secadmin', day + 9 * HOUR, 'agentmanager.distribution.status', (ctx) => setWholesalerStatus(ctx, w.uid, 'frozen', 'Stock audit'));
      if (k === 2 && d === 2)
        await asStaff(db, 'secadmin', day + 9 * HOUR, 'agentmanager.distribution.status', (ctx) => setWholesalerStatus(ctx, w.uid, 'active', 'Audit done'));
      if ((d + k) % 3 === 0 || d === DAYS) {
        count(
          await asStaff(db, 'business', day + 10 * HOUR + k * 60_000, 'agentmanager.distribution.stock', (ctx) =>
            move(ctx, { kind: 'stock', uid: w.uid, amount: (k + 2) * 100_000, requestId: `demo-${w.uid}-${d}-stock`, reason: 'Weekly stock' }),
          ),
        );
      }
      // its invitees (T1, then T2) registered by then, a few a day
      const { rows: players } = await sql<{ uid: number }>`
        SELECT p.uid FROM player p LEFT JOIN player i ON i.uid = p.inviter_uid
        WHERE (p.inviter_uid = ${w.uid} OR i.inviter_uid = ${w.uid}) AND p.partner = ${w.partner} AND p.registered_at < ${new Date(day)}
        ORDER BY p.uid LIMIT 12`.execute(db);
      const { rows: others } = await sql<{ uid: number }>`
        SELECT uid FROM player WHERE partner = ${w.partner} AND uid <> ${w.uid} AND registered_at < ${new Date(day)} ORDER BY uid LIMIT 1 OFFSET ${(d * 7 + k) % 20}`.execute(
        db,
      );
      const targets = [...players.slice(0, 1 + ((d + k) % 3)).map((p) => p.uid), ...(d % 4 === 0 ? others.map((o) => o.uid) : [])];
      for (const [n, uid] of [...new Set(targets)].entries()) {
        count(
          await asStaff(db, 'business', day + (12 + n) * HOUR + k * 60_000, 'agentmanager.distribution.distribute', (ctx) =>
            move(ctx, {
              kind: 'distribute',
              uid: w.uid,
              player: uid,
              amount: (5 + ((uid + d) % 8) * 5) * 1_000,
              requestId: `demo-${w.uid}-${d}-give-${n}`,
              reason: 'Chip sale',
            }),
          ),
        );
      }
      if (k === 1 && d === 3) {
        count(
          await asStaff(db, 'business', day + 20 * HOUR, 'agentmanager.distribution.return', (ctx) =>
            move(ctx, { kind: 'return', uid: w.uid, amount: 50_000, requestId: `demo-${w.uid}-${d}-return`, reason: 'Unsold stock back to the partner' }),
          ),
        );
      }
    }
  }
  // last month's host report, closed by secadmin on the first days of this month
  const [current, last] = recentMonths(end, 2) as [string, string];
  const closed = await asStaff(db, 'secadmin', Math.min(end, dayStart(`${current}-02`).getTime() + 10 * HOUR), 'agentmanager.hostreport.close', (ctx) =>
    closeMonth(ctx, last, 'Month-end books'),
  );
  figures.closedMonth = closed ? last : `${last} not closed (a week still open, or closed before)`;
  return figures;
}
