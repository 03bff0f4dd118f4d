/**
 * VIP in the demo: after the simulated history, the daily evaluation runs for each
 * of its days in order, as the job would have (each day evaluated five minutes after it ended,
 * its payments dated then): the players who recharged reach their levels with the gifts, the
 * VIPs are paid their rebates and bonuses, and the ones who stopped playing keep or lose a level
 * at the end of their period. A seed resumed after a cut-off continues from the last day done.
 */
import { dayStart } from '@console/activities';
import type { Db } from '../../db/open';
import { evaluateVipDay } from './evaluate';
import { addDays, consoleDay } from '@console/time';

const DAY = 86_400_000;

export interface VipHistory {
  days: number;
  players: number;
  ups: number;
  maintains: number;
  downs: number;
  restores: number;
  paid: number;
}

export async function seedVipHistory(db: Db, end: number, days: number): Promise<VipHistory> {
  const out: VipHistory = { days: 0, players: 0, ups: 0, maintains: 0, downs: 0, restores: 0, paid: 0 };
  const yesterday = addDays(consoleDay(end), -1);
  for (let day = addDays(consoleDay(end), -days); day <= yesterday; day = addDays(day, 1)) {
    const r = await evaluateVipDay(db, day, new Date(dayStart(day).getTime() + DAY + 5 * 60_000));
    if (!r) continue;
    out.days += 1;
    out.players += r.players;
    out.ups += r.ups;
    out.maintains += r.maintains;
    out.downs += r.downs;
    out.restores += r.restores;
    out.paid += r.paid;
  }
  return out;
}
