/**
 * Demo configuration of the table games (demo mode only): the Tongits settings with a 10% jackpot
 * share (so the pool fills), the AI seats allowed in the low rooms and the 1v1 rooms, and the
 * jackpot rules. Each item gets its first version (actor `system`, action `seed`). The rooms are
 * the /platmanager templates the rooms demo seeds (rooms/demo.ts, decision 035): once they are
 * in, `tellTableServers` gives the simulated table servers what they would read from
 * GET /api/platform/tablegames/configs (simulator/tables.ts), so the demo's Tongits rounds report
 * this settings version and verify.
 */
import { findGame } from '@console/games';
import type { AiSettings, JackpotRules } from '@console/schemas';
import { sql } from 'kysely';
import type { Db } from '../../db/open';
import type { StaffCarrier } from '../../simulator/in-process-staff';
import { setTableServers } from '../../simulator/tables';
import { configKind, gameSettingsItems, SETTINGS_KEY } from '../games/settings';
import { seedItem } from '../../settings/versions';
import { AI_DOC, documentItems, jackpotDoc } from './config';
import { tableGameConfig } from './platform';

export const DEMO_AI: AiSettings = {
  ...AI_DOC.defaults,
  rooms: ['bronze', 'silver', 'duel-1', 'duel-10'],
  maxSeats: 2,
  waitSeconds: 15,
  style: 'balanced',
  skill: 6,
  fightBps: 4500,
};
export const DEMO_JACKPOT: JackpotRules = { enabled: true, payoutBps: 3000, maxPayout: 5_000_000, minPool: 2_000 };
/** The Tongits settings of the demo: the defaults with a 10% jackpot share (docs/domain.md: up to 15% on mega-jackpot rooms) and ₱50 antes at most. */
export const DEMO_TONGITS_SETTINGS = { ...(findGame('tongits')!.defaults as Record<string, unknown>), jackpotBps: 1_000, maxBet: 5_000 };

async function seedAll(db: Db, now: Date): Promise<void> {
  const tongits = findGame('tongits')!;
  const saved = await db.selectFrom('config_version').select('id').where('kind', '=', configKind('tongits')).where('key', '=', SETTINGS_KEY).executeTakeFirst();
  if (!saved) await seedItem(db, gameSettingsItems(tongits, '/tinygames/tongits/tongitsconfig'), SETTINGS_KEY, DEMO_TONGITS_SETTINGS, now);
  await seedItem(db, documentItems(AI_DOC), '', DEMO_AI, now);
  await seedItem(db, documentItems(jackpotDoc('tongits')), '', DEMO_JACKPOT, now);
}

/** Adds whatever of the demo configuration is missing. */
export async function seedTableGames(db: Db, now = new Date()): Promise<void> {
  if (db.isTransaction) await seedAll(db, now);
  else await db.transaction().execute((trx) => seedAll(trx, now));
}

/** Tells the simulated table servers their configuration (after the rooms are seeded). */
export async function tellTableServers(db: Db): Promise<void> {
  setTableServers([await tableGameConfig(db, 'tongits')]);
}

/** The reason security gives when the demo desk flags a partner's most-reported player. */
export const DEMO_PARTNER_FLAG_REASON = 'Reported at the table; hands reviewed, soft play with a club mate confirmed';

/**
 * The desk's flags for every partner whose players were reported in games and none of them is
 * flagged (demo seed, after the history): security flags the partner's most-reported player
 * (ties: the latest reported) through /tinygames/tongitscheat/permanentcheat, an hour after that
 * player's last report and before `end`. The simulated desk flags a player reported twice, and
 * a partner's few players are seldom reported twice in 30 days, which left a partner account's
 * permanentcheat screen empty. A second run finds the flag and adds nothing.
 */
export async function seedPartnerCheatFlags(db: Db, staff: StaffCarrier, end: number): Promise<{ flagged: number; why: string[] }> {
  const { rows } = await sql<{ partner: number; uid: number; last: Date | string }>`
    SELECT DISTINCT ON (b.partner) b.partner, r.target_uid AS uid, max(r.at) AS last
    FROM game_report r JOIN player_balance b ON b.uid = r.target_uid
    WHERE b.partner > 0 AND NOT EXISTS (SELECT 1 FROM cheat_flag f WHERE f.partner = b.partner)
    GROUP BY b.partner, r.target_uid
    ORDER BY b.partner, count(*) DESC, max(r.at) DESC, r.target_uid`.execute(db);
  const out = { flagged: 0, why: [] as string[] };
  for (const row of rows) {
    const at = Math.min(new Date(row.last).getTime() + 3_600_000, end);
    const answer = await staff.staff({ op: 'cheat.flag', by: 'secadmin', uid: row.uid, reason: DEMO_PARTNER_FLAG_REASON }, at);
    if (answer.status === 200) out.flagged++;
    else out.why.push(`${row.uid}: ${answer.status} ${answer.message ?? ''}`);
  }
  return out;
}
