/**
 * Leaderboards in the demo: after the simulated history, through the real calls
 * (seed/demo-console.ts):
 *   - the demo `admin` saves the boards on /activities/rankmanage (GET …/rank/configs, POST
 *     …/configs/update with the whole document, operation log) 15 days before the end of the
 *     history (or a day into a shorter one): the day's top net winners, the week's valid bet of
 *     every game and the day's deposits, under a total and a daily budget; a week later it adds
 *     a weekly Colour Game board (a second version);
 *   - the settlement job runs as the server runs it (settleDue, actor system:rank) five minutes
 *     into each day after the first save: each ended period of each open board is paid through
 *     the ledger once (rank_settlement's key), ranks past the budget or sharing a device with a
 *     paid player skipped with the reason. The current day and week keep their live standings.
 * Deterministic; run again, the saves are found at their moments and every period is settled
 * already: nothing is paid twice.
 */
import { dayOf, dayStart } from '@console/activities';
import type { RankSettings } from '@console/schemas';
import { sql } from 'kysely';
import type { ServerConfig } from '../../config';
import type { Db } from '../../db/open';
import { openDemoConsole } from '../../seed/demo-console';
import { CONFIG_KIND, settleDue } from './rank';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The boards of the first save and of the second (centavos). */
export function demoBoards(): { first: RankSettings; second: RankSettings } {
  const first: RankSettings = {
    boards: [
      { id: 'daily-winners', game: 'all', metric: 'wins', period: 'day', rewards: { 1: 30_000, '2-3': 15_000, '4-10': 5_000, '11-50': 1_000 }, open: true },
      {
        id: 'weekly-bets',
        game: 'all',
        metric: 'validBet',
        period: 'week',
        rewards: { 1: 100_000, '2-3': 50_000, '4-10': 20_000, '11-50': 5_000 },
        open: true,
      },
      {
        id: 'daily-deposits',
        game: 'all',
        metric: 'deposits',
        period: 'day',
        rewards: { 1: 20_000, '2-3': 10_000, '4-10': 5_000, '11-50': 2_000 },
        open: true,
      },
    ],
    totalBudget: 10_000_000,
    dailyBudget: 1_500_000,
  };
  return {
    first,
    second: {
      ...first,
      boards: [
        ...first.boards,
        {
          id: 'colorgame-week',
          game: 'colorgame',
          metric: 'validBet',
          period: 'week',
          rewards: { 1: 50_000, '2-3': 20_000, '4-10': 5_000, '11-50': 1_000 },
          open: true,
        },
      ],
    },
  };
}

export interface RankTraffic {
  saves: number;
  settled: number;
  paid: number;
  skipped: number;
  amount: number;
}

export async function seedRankActivity(db: Db, config: ServerConfig, password: string, end: number): Promise<RankTraffic> {
  const out: RankTraffic = { saves: 0, settled: 0, paid: 0, skipped: 0, amount: 0 };
  const first = await db
    .selectFrom('player')
    .select(sql<Date | null>`min(registered_at)`.as('at'))
    .executeTakeFirst();
  if (!first?.at) return out;
  const lastDay = dayOf(new Date(end - 1));
  const base = dayStart(lastDay).getTime();
  // 15 days before the end's day, or the history's second day (its first whole day of play)
  const firstDay = Math.max(base - 15 * DAY, dayStart(dayOf(new Date(first.at))).getTime() + DAY);
  const { first: one, second: two } = demoBoards();
  const saves = [
    { at: firstDay + 10 * HOUR, settings: one },
    { at: firstDay + 7 * DAY + 10 * HOUR + 30 * MINUTE, settings: two },
  ];
  const c = await openDemoConsole(db, config, password);
  try {
    for (let day = firstDay; day <= base; day += DAY) {
      // the job, five minutes into the day: the periods that ended (nothing before the first save)
      const job = day + 5 * MINUTE;
      if (job < end && job > saves[0].at) {
        for (const s of await settleDue(db, new Date(job), 'system:rank')) {
          out.settled += 1;
          out.paid += s.paid;
          out.skipped += s.skipped;
          out.amount += s.amount;
        }
      }
      for (const s of saves.filter((x) => x.at >= day && x.at < day + DAY && x.at < end)) {
        const done = await db.selectFrom('config_version').select('id').where('kind', '=', CONFIG_KIND).where('at', '=', new Date(s.at)).executeTakeFirst();
        if (done) continue;
        c.at(s.at);
        // the screen reads the boards in force, then saves the whole document
        await c.staff('admin', 'GET', '/api/activities/rank/configs');
        const res = await c.staff('admin', 'POST', '/api/activities/rank/configs/update', { settings: s.settings });
        if (res.status !== 200) throw new Error(`demo rank: saving the boards: ${res.status} ${String(res.body.message)}`);
        out.saves += 1;
      }
    }
  } finally {
    await c.close();
  }
  return out;
}
