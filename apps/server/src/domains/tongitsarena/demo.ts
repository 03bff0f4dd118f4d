/**
 * The Tongits arena in the demo (docs/decisions/033-tongits-arena.md). After the simulated
 * history, through the real calls of the seed's console in process (seed/demo-console.ts: staff
 * through the staff API, the apps and the game server signed as demo-app):
 *   - the demo `admin` declares three arena tables (bronze, silver, gold: the domain's stakes)
 *     and saves the season settings on the arena's screens 15 days before the end (or on the
 *     history's second day);
 *   - on each of the last 14 days, up to PLAYERS_A_DAY of the players who played Tongits that day
 *     (a stable share of them) open the arena minutes before their first Tongits hand (signed GET
 *     …/tables?uid: not while they defend a seat or wait for a result) and buy one to three
 *     tickets, 25 minutes apart (the first of the day free, then ₱10; a ticket they cannot pay is
 *     the console's 409, counted), each for a table of their share; an empty seat is taken at once;
 *     the game server reports each pending challenge 4–14 minutes later: defended, beaten or
 *     (rarely) void, by a share of the challenge; results due after the end stay pending;
 *   - staff at work: `business` removes the silver defender four days before the end (idle at the
 *     table); `admin` closes gold for maintenance three days before the end and reopens it a day
 *     later;
 *   - each season that ended is settled at Monday 00:05 GMT+08:00 as the job would
 *     (system:tongitsarena); `admin` looks at the rankings a minute before the end and presses
 *     "settle now" (nothing left: its operation-log record marks the traffic as done).
 * Deterministic (samples, moments and outcomes are shares of uid, day and challenge). A second
 * run finds the admin's last "settle now" and sends nothing; a run cut off part way resends the
 * same requests (tickets are idempotent by requestId, results by challenge) and goes on.
 */
import { dayOf, dayStart } from '@console/activities';
import { sql } from 'kysely';
import type { ServerConfig } from '../../config';
import type { Db } from '../../db/open';
import { openDemoConsole, share } from '../../seed/demo-console';
import { seasonOf, settleDue, type SeasonSettled } from './arena';
import { BASE } from './routes';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Days of the history with arena traffic, and Tongits players a day who enter it. */
export const ARENA_DAYS = 14;
export const PLAYERS_A_DAY = 10;
const REQUEST_PREFIX = 'demo-arena-';

/** The tables the admin declares (centavos: stakes ₱1 / ₱5 / ₱10). */
export const DEMO_TABLES = [
  {
    id: 'bronze',
    name: 'Bronze arena',
    stake: 100,
    defenceReward: 500,
    streakSteps: [
      { streak: 3, bonus: 200 },
      { streak: 5, bonus: 500 },
      { streak: 10, bonus: 2_000 },
    ],
    open: true,
  },
  {
    id: 'silver',
    name: 'Silver arena',
    stake: 500,
    defenceReward: 1_500,
    streakSteps: [
      { streak: 3, bonus: 500 },
      { streak: 5, bonus: 1_500 },
      { streak: 10, bonus: 5_000 },
    ],
    open: true,
  },
  {
    id: 'gold',
    name: 'Gold arena',
    stake: 1_000,
    defenceReward: 3_000,
    streakSteps: [
      { streak: 3, bonus: 1_000 },
      { streak: 5, bonus: 3_000 },
      { streak: 10, bonus: 10_000 },
    ],
    open: true,
  },
] as const;
export const DEMO_SEASON_SETTINGS = {
  ticketPrice: 1_000,
  tiers: [
    { from: 1, to: 1, reward: 50_000 },
    { from: 2, to: 3, reward: 20_000 },
    { from: 4, to: 10, reward: 5_000 },
    { from: 11, to: 20, reward: 1_000 },
  ],
  totalBudget: 5_000_000,
  dailyBudget: 500_000,
};

export interface ArenaTraffic {
  tables: number;
  saves: number;
  reads: number;
  tickets: number;
  free: number;
  seated: number;
  /** Results reported: defended, beaten, void, seated (the seat was empty). */
  results: Record<string, number>;
  /** Tickets the console refused, by message. */
  refused: Record<string, number>;
  staff: number;
  settled: SeasonSettled[];
  /** The traffic was done already (a second run). */
  done: boolean;
  seconds: number;
}

interface Step {
  at: number;
  order: number;
  run: () => Promise<void>;
}

export async function seedTongitsArena(
  db: Db,
  config: ServerConfig,
  password: string,
  end: number,
  app: { appId: string; secret: string } = { appId: 'demo-app', secret: 'demo-platform-secret' },
): Promise<ArenaTraffic> {
  const started = Date.now();
  const stats: ArenaTraffic = {
    tables: 0,
    saves: 0,
    reads: 0,
    tickets: 0,
    free: 0,
    seated: 0,
    results: {},
    refused: {},
    staff: 0,
    settled: [],
    done: false,
    seconds: 0,
  };
  const finish = () => ({ ...stats, seconds: Math.round((Date.now() - started) / 100) / 10 });
  const lastDay = dayOf(new Date(end - 1));
  const dayAt = (back: number, hours: number) => dayStart(dayOf(new Date(dayStart(lastDay).getTime() - back * DAY))).getTime() + hours * HOUR;
  const doneAt = end - MINUTE;
  const done = await db
    .selectFrom('operation_log')
    .select('id')
    .where('operation', '=', 'activities.tongitsarena.settle')
    .where('username', '=', 'admin')
    .where('at', '=', new Date(doneAt))
    .executeTakeFirst();
  if (done) return { ...finish(), done: true };

  const c = await openDemoConsole(db, config, password, app);
  try {
    const staff = (who: string, method: 'GET' | 'POST', url: string, at: number, input?: unknown) => {
      c.at(at);
      return c.staff(who, method, url, input);
    };
    /** A platform call signed as the demo app at `at` (the game server's and the player's app). */
    const signed = (method: 'GET' | 'POST', path: string, input: unknown, at: number) => {
      c.at(at);
      return c.app(method, path, input);
    };

    // the admin opens the arena: three tables and the season settings, 15 days before the end (or on the history's second day)
    const born = await db
      .selectFrom('player')
      .select(sql<Date | string | null>`min(registered_at)`.as('at'))
      .executeTakeFirst();
    const opening = Math.max(dayAt(ARENA_DAYS + 1, 10.5), born?.at ? dayStart(dayOf(new Date(born.at))).getTime() + DAY + 10.5 * HOUR : 0);
    if (opening < end) {
      for (const [i, table] of DEMO_TABLES.entries()) {
        if (await db.selectFrom('arena_table').select('id').where('id', '=', table.id).executeTakeFirst()) continue;
        const res = await staff('admin', 'POST', `${BASE}/tables/create`, opening + i * MINUTE, table);
        if (res.status !== 200) throw new Error(`demo tongitsarena: table ${table.id}: ${res.status} ${String(res.body.message)}`);
        stats.tables += 1;
      }
      const saveAt = opening + 5 * MINUTE;
      const saved = await db
        .selectFrom('config_version')
        .select('id')
        .where('kind', '=', 'activities.tongitsarena')
        .where('at', '=', new Date(saveAt))
        .executeTakeFirst();
      if (!saved) {
        await staff('admin', 'GET', `${BASE}/configs`, saveAt);
        const res = await staff('admin', 'POST', `${BASE}/configs/update`, saveAt, { settings: DEMO_SEASON_SETTINGS });
        if (res.status !== 200) throw new Error(`demo tongitsarena: settings: ${res.status} ${String(res.body.message)}`);
        stats.saves += 1;
      }
    }

    // the timeline: tickets, results (queued as tickets are answered), staff, settlements
    const steps: Step[] = [];
    let order = 0;
    const add = (at: number, run: () => Promise<void>) => {
      if (at >= doneAt) return;
      const step = { at, order: (order += 1), run };
      let i = steps.length;
      while (i > 0 && (steps[i - 1].at > at || (steps[i - 1].at === at && steps[i - 1].order > step.order))) i -= 1;
      steps.splice(i, 0, step);
    };
    const report = (challengeId: number, at: number) =>
      add(at, async () => {
        const r = share(challengeId, 7);
        const outcome = r < 5 ? 'void' : r < 60 ? 'defended' : 'beaten';
        const res = await signed('POST', '/api/platform/tongitsarena/result', { challengeId, outcome, matchId: `demo-match-${challengeId}` }, at);
        const state = res.status === 200 ? String(res.body.data.state) : `refused: ${String(res.body.message)}`;
        stats.results[state] = (stats.results[state] ?? 0) + 1;
      });

    for (let back = ARENA_DAYS - 1; back >= 0; back--) {
      const day = dayOf(new Date(dayStart(lastDay).getTime() - back * DAY));
      const from = dayStart(day);
      const to = new Date(Math.min(from.getTime() + DAY, end));
      if (to <= from) continue;
      const dayNo = Math.round(from.getTime() / DAY);
      const { rows } = await sql<{ uid: number; first: Date | string }>`
        SELECT uid, min(at) AS first FROM game_bet WHERE game = 'tongits' AND NOT bot AND uid IS NOT NULL AND at >= ${from} AND at < ${to}
        GROUP BY uid`.execute(db);
      const players = rows.sort((a, b) => share(a.uid, dayNo) - share(b.uid, dayNo) || a.uid - b.uid).slice(0, PLAYERS_A_DAY);
      for (const r of players) {
        const uid = r.uid;
        const first = Math.max(new Date(r.first).getTime() - (3 + (share(uid, dayNo + 1) % 20)) * MINUTE, from.getTime() + MINUTE);
        const count = 1 + (share(uid, dayNo + 2) % 3);
        for (let n = 0; n < count; n++) {
          const at = first + n * 25 * MINUTE;
          const table = DEMO_TABLES[share(uid, dayNo + 3 + n) % 10 < 5 ? 0 : share(uid, dayNo + 3 + n) % 10 < 8 ? 1 : 2].id;
          const requestId = `${REQUEST_PREFIX}${uid}-${day}-${n + 1}`;
          add(at, async () => {
            // the arena screen: not while the player defends a seat or waits for a result (a run cut off resends its tickets as they are)
            const sent = await db
              .selectFrom('arena_challenge')
              .select('id')
              .where('app_id', '=', app.appId)
              .where('request_id', '=', requestId)
              .executeTakeFirst();
            if (!sent) {
              const seen = await signed('GET', '/api/platform/tongitsarena/tables', { uid }, at);
              stats.reads += 1;
              const me = seen.body.data?.me;
              if (!me || me.defending || me.pending) return;
            }
            const res = await signed('POST', '/api/platform/tongitsarena/ticket', { requestId, uid, table }, at + 20_000);
            if (res.status !== 200) {
              const key = String(res.body.message);
              stats.refused[key] = (stats.refused[key] ?? 0) + 1;
              return;
            }
            const d = res.body.data;
            if (!d.repeated) {
              stats.tickets += 1;
              if (d.free) stats.free += 1;
              if (d.state === 'seated') stats.seated += 1;
            }
            if (d.state === 'pending') report(Number(d.challengeId), at + (4 + (share(Number(d.challengeId), 11) % 11)) * MINUTE);
          });
        }
      }
    }

    // staff at work
    add(dayAt(4, 16), async () => {
      const at = dayAt(4, 16);
      const seat = await staff('business', 'GET', `${BASE}/defenders`, at, { table: 'silver' }).then((r) =>
        (r.body.data?.items ?? []).find((x: { table: string }) => x.table === 'silver'),
      );
      if (!seat) return;
      const res = await staff('business', 'POST', `${BASE}/defenders/remove`, at + MINUTE, {
        reignId: seat.id,
        reason: 'Idle at the table for 30 minutes (player reports)',
      });
      if (res.status === 200) stats.staff += 1;
    });
    add(dayAt(3, 12), async () => {
      const res = await staff('admin', 'POST', `${BASE}/tables/status`, dayAt(3, 12), { id: 'gold', open: false, reason: 'Maintenance: game server update' });
      if (res.status === 200) stats.staff += 1;
    });
    add(dayAt(2, 12), async () => {
      const res = await staff('admin', 'POST', `${BASE}/tables/status`, dayAt(2, 12), { id: 'gold', open: true });
      if (res.status === 200) stats.staff += 1;
    });
    // each season that ended, settled at Monday 00:05 as the server's job would
    for (let s = seasonOf(new Date(opening))!; s.end.getTime() < end; s = seasonOf(s.end)!) {
      const at = s.end.getTime() + 5 * MINUTE;
      add(at, async () => {
        c.at(at);
        stats.settled.push(...(await settleDue(db, new Date(at), 'system:tongitsarena')));
      });
    }

    for (const step of steps) await step.run();
    // the admin looks at the rankings before the end and settles now (nothing left): the traffic is done
    await staff('admin', 'GET', `${BASE}/ticketrank`, doneAt - MINUTE);
    const last = await staff('admin', 'POST', `${BASE}/settle`, doneAt, {});
    if (last.status !== 200) throw new Error(`demo tongitsarena: settle: ${last.status} ${String(last.body.message)}`);
    stats.settled.push(...(last.body.data.settled as SeasonSettled[]));
  } finally {
    await c.close();
  }
  return finish();
}
