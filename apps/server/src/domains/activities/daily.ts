/**
 * The loss rebate's daily evaluation (run by the daily evaluation with VIP,
 * domains/vip/evaluate.ts): when a GMT+08:00 day has ended, every active player whose net loss
 * that day reaches the first step of ladderloserebate becomes a participant of that day's
 * period in state `claimable` (progress: the net loss), set-based from game_player_day. The
 * players list then shows everyone who may claim, not only those whose app asked; the claim
 * itself (engine.ts) still decides and pays. A day whose settings were saved during it is read
 * from game_bet from the save on (the reset rule).
 */
import { dayOf, dayStart, findActivity, periodOf } from '@console/activities';
import { sql } from 'kysely';
import type { Db } from '../../db/open';
import { activityConfig, countedFrom } from './engine';

const DAY_MS = 86_400_000;

export async function evaluateLossRebateDay(db: Db, day: string, now: Date): Promise<number> {
  const a = findActivity('ladderloserebate');
  if (!a) return 0;
  const cfg = await activityConfig(db, a);
  const s = cfg.settings as unknown as { open: boolean; steps: { loss: number }[] };
  const period = periodOf(a, cfg.settings, new Date(dayStart(day).getTime() + DAY_MS / 2));
  if (!s.open || !period || period.key !== day) return 0;
  const from = countedFrom(period, cfg.savedAt);
  const first = s.steps[0]?.loss ?? 1;
  const final = sql.val([...a.final]);
  const losses =
    from.getTime() === period.start.getTime()
      ? sql`SELECT g.uid, max(g.partner) AS partner, sum(g.turnover) - sum(g.wins) AS loss FROM game_player_day g WHERE g.day = ${day}::date GROUP BY g.uid`
      : sql`SELECT b.uid, max(b.partner) AS partner, sum(b.bet) - sum(b.win) AS loss FROM game_bet b
          WHERE b.uid IS NOT NULL AND b.at >= ${from} AND b.at < ${period.end} GROUP BY b.uid`;
  const r = await sql`
    INSERT INTO activity_player (activity, period, uid, partner, config_version, state, progress, target, first_at, first_day, updated_at)
    SELECT ${a.id}, ${day}, x.uid, x.partner, ${cfg.version}, 'claimable', x.loss, NULL, ${now}, ${dayOf(now)}::date, ${now}
    FROM (${losses}) x JOIN player p ON p.uid = x.uid AND p.status = 'active'
    WHERE x.loss >= ${first}
    ON CONFLICT (activity, period, uid) DO UPDATE SET state = 'claimable', progress = excluded.progress, config_version = excluded.config_version,
      updated_at = excluded.updated_at
    WHERE activity_player.state <> ALL(${final}::text[])`.execute(db);
  return Number(r.numAffectedRows ?? 0);
}
