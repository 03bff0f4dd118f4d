/**
 * Demo data of agent cooperation reports and the extra rebate. Runs after the agents'
 * demo (seed/demo.ts order: agents, then this), which made agents of the simulated players and
 * settled the finished weeks. Here, per demo partner (1, 2, and 0 when the platform has agents of
 * its own): the roll-ups are refreshed over the history, then an extra rebate config is created
 * through the service the day before the settled weeks (its window: all of them; targets from the
 * window's figures, so that the agents with tier-1 rake reach tier 1 and the upper half tier 2),
 * the settlement step pays it, and a second config is opened for the coming week. Partner 1's
 * configs are made by the demo `partner` account, the others by `business` (no demo account
 * belongs to partner 2). A small demo may have no agent of partner 2: its config pays nobody.
 * Deterministic and safe to re-run: a config of the same name and partner is not made again,
 * and the settlement pays each agent of a window once.
 */
import type { ServerConfig } from '../../config';
import type { Db } from '../../db/open';
import type { SessionUser } from '../auth/sessions';
import { appendOperationLog } from '../operation-log/chain';
import { createConfig, settleExtraRebates, windowFigures } from './extra-rebate';
import { refreshAgentReports } from './refresh';
import { addDays, consoleDay, dayStart } from '@console/time';

async function demoUser(db: Db, username: string): Promise<SessionUser | null> {
  const row = await db.selectFrom('console_account').select(['id', 'username', 'name', 'roles', 'partner']).where('username', '=', username).executeTakeFirst();
  if (!row) return null;
  const roles = (typeof row.roles === 'string' ? JSON.parse(row.roles) : row.roles) as string[];
  return {
    accountId: row.id,
    username: row.username,
    name: row.name,
    avatar: '',
    telephone: '',
    roles,
    partner: row.partner,
    bind2fa: false,
    mustBind: false,
    signedInAt: 0,
    tokenHash: '',
  };
}

/** A round figure at or below n (two significant digits), at least `min`. */
const round2 = (n: number, min: number) => {
  if (n <= min) return min;
  const p = 10 ** Math.max(0, Math.floor(Math.log10(n)) - 1);
  return Math.max(min, Math.floor(n / p) * p);
};

async function create(db: Db, user: SessionUser, partner: number, body: Parameters<typeof createConfig>[1], at: Date): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const note = { target: '', before: null as unknown, after: null as unknown };
    const doc = await createConfig({ db: trx, user, now: at, note }, { ...body, partner });
    await appendOperationLog(
      trx,
      {
        username: user.username,
        partner: user.partner,
        operation: 'agentcooperation.extrarebateconfigs.create',
        target: note.target,
        result: 'ok',
        status: 200,
        message: '',
        before: note.before,
        after: note.after,
        ip: '127.0.0.1',
      },
      at,
    );
    return doc.id;
  });
}

/** Activity after the simulated history (players, rounds, payments exist); returns figures for the seed log. */
export async function seedAgentReportActivity(db: Db, _config: ServerConfig, _password: string, end: number): Promise<Record<string, number>> {
  const now = new Date(end);
  const figures = { days: 0, configs: 0, settled: 0, paidAgents: 0, paid: 0 };
  figures.days = (await refreshAgentReports(db, now, { force: true })).days;
  const today = consoleDay(now);
  // the window: every week the agents' settlement closed (at most 13), else the last full week before today
  const dayOfRow = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));
  const closed = (await db.selectFrom('agent_week').select('week').where('status', '=', 'closed').orderBy('week', 'desc').limit(13).execute()).map((w) =>
    dayOfRow(w.week),
  );
  const lastMonday = (() => {
    const d = new Date(`${today}T00:00:00Z`);
    const back = (d.getUTCDay() + 6) % 7;
    return addDays(today, -back - 7);
  })();
  const windowFrom = closed.at(-1) ?? lastMonday;
  const windowTo = addDays(closed[0] ?? lastMonday, 6);
  const createdAt = new Date(dayStart(addDays(windowFrom, -1)).getTime() + 10 * 3_600_000); // 10:00 GMT+8 the day before
  const partners = (await db.selectFrom('agent').select('partner').distinct().orderBy('partner').execute()).map((a) => a.partner);
  for (const partner of [...new Set([1, 2, ...partners])]) {
    const user = await demoUser(db, partner === 1 ? 'partner' : 'business');
    if (!user) continue;
    const exists = async (name: string) =>
      (await db.selectFrom('extra_rebate_config').select('id').where('partner', '=', partner).where('name', '=', name).executeTakeFirst()) !== undefined;
    // targets from the window's figures: tier 1 reached by every agent with tier-1 rake, tier 2 by the upper half
    const agentsRakes = (await windowFigures(db, partner, windowFrom, windowTo)).filter((f) => f.t1Rake > 0).sort((a, b) => a.t1Rake - b.t1Rake);
    const low = agentsRakes[0];
    const median = agentsRakes[Math.floor(agentsRakes.length / 2)];
    // (the simulated tables rake little: thresholds of a few chips are what the figures are)
    const t1 = round2(low?.t1Rake ?? 100_000, 1);
    const t2 = Math.max(t1 + 1, round2(median?.t1Rake ?? 200_000, 1));
    const active1 = Math.max(1, Math.min(...agentsRakes.map((a) => a.active), 10));
    const tiers = [
      { t1Rake: t1, activeInvitees: active1, rateBp: 1_000 },
      { t1Rake: t2, activeInvitees: active1, rateBp: 2_000 },
    ];
    const best = Math.floor(((agentsRakes.at(-1)?.t1Rake ?? 0) * 2_000) / 10_000);
    const agentCap = round2(Math.max(1_000, Math.floor(best * 0.8)), 1_000);
    const budget = Math.max(agentCap, round2(agentCap * Math.max(2, agentsRakes.length), 1_000));
    const name = partner === 1 ? 'Season push' : partner === 2 ? 'Second partner push' : 'Platform agents push';
    if (!(await exists(name))) {
      await create(db, user, partner, { name, windowFrom, windowTo, tiers, agentCap, budget }, createdAt);
      figures.configs += 1;
    }
    const nextFrom = addDays(today, 1);
    const nextName = `${name}: next week`;
    if (!(await exists(nextName))) {
      await create(db, user, partner, { name: nextName, windowFrom: nextFrom, windowTo: addDays(nextFrom, 6), tiers, agentCap, budget: budget * 2 }, now);
      figures.configs += 1;
    }
  }
  const settled = await settleExtraRebates(db, now, 'system:extra-rebate');
  figures.settled = settled.configs;
  figures.paidAgents = settled.lines;
  figures.paid = settled.paid;
  return figures;
}
