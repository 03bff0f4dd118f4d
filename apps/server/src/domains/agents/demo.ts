/**
 * Agents in the demo. Agents are players, so nothing is seeded with the platform;
 * after the simulated history `seedAgentActivity` has staff (through this domain's own change
 * functions, each with its operation-log record, at moments of the history) make agents of the
 * players who invited most — the population's "recruiters" (every 50th player) — three per
 * partner (0, 1, 2) where the history has them, plus a farm head (its invitees share its device
 * and address: their lines are voided and say so); one agent gets a rate change mid-history,
 * one a clawback larger than its week (a negative result carried forward), one is suspended for
 * the last week; one plays the tables itself (its own rake earns nothing: 'own play') and one has
 * invitees' invitees who raked (a tier-2 share), made agents when the recruiters show neither; the operator lets agents cash out from 3 active invitees, and the biggest network
 * of each partner gets a launch incentive (decision 025: the demo's tables rake a few pesos); partner 1's biggest network's agent
 * signs up five friends through the platform calls in its first day (`recruitFriends`: the history gives partner 1's agents one or
 * two invitees, short of the 3 active ones a cash-out needs); then every week that ended is settled by the settlement itself, at its end,
 * paying into the agents' accounts. Deterministic; run again it finds its agents and only
 * settles what is due (nothing twice).
 */
import { sql } from 'kysely';
import { buildApp } from '../../app';
import type { ServerConfig } from '../../config';
import type { Db } from '../../db/open';
import type { OperationNote } from '../../http/operation';
import { openDemoConsole, share } from '../../seed/demo-console';
import { bringInNewcomers, NEWCOMER_UIDS, type Newcomer, type NewcomerFigures } from '../../seed/demo-newcomers';
import { sign } from '../../simulator/transport';
import { appendOperationLog } from '../operation-log/chain';
import { adjust, addRate, createAgent, saveSettings, setStatus, type ChangeContext } from './changes';
import { settleDue } from './settlement';
import { weekEnd, weekOf } from './weeks';
import { consoleDay, startOfDayMs } from '@console/time';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A staff change as the operation does it: one transaction with its operation-log record. */
async function asStaff<T>(
  db: Db,
  username: string,
  roles: string[],
  partner: number,
  at: number,
  operation: string,
  change: (ctx: ChangeContext) => Promise<T>,
): Promise<T> {
  const now = new Date(at);
  return db.transaction().execute(async (trx) => {
    const note: OperationNote = { target: '', before: null, after: null };
    const answer = await change({ db: trx, user: { username, roles, partner }, now, note });
    await appendOperationLog(
      trx,
      {
        username,
        partner,
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
}

interface Pick {
  uid: number;
  partner: number;
  invitees: number;
  farm: boolean;
}

/**
 * One invitee with rake logs in from its agent's address (a signed `player.login`, as the app
 * would send it): its lines from then on are voided 'shared ip' (or 'shared device').
 */
async function shareAnAddress(db: Db, config: ServerConfig, agents: number[], at: number): Promise<number> {
  const { rows } = await sql<{ uid: number; device: string; ip: string }>`
    SELECT p.uid, p.register_device AS device, a.register_ip AS ip FROM player p JOIN player a ON a.uid = p.inviter_uid
    WHERE p.inviter_uid = ANY(${agents}::int[]) AND p.register_device <> a.register_device
      AND EXISTS (SELECT 1 FROM game_player_day g WHERE g.uid = p.uid AND g.fees > 0 AND g.day >= ${consoleDay(at)}::date)
    ORDER BY p.uid LIMIT 1`.execute(db);
  const r = rows[0];
  if (!r) return 0;
  const app = { appId: 'demo-app', secret: 'demo-platform-secret' };
  const server = await buildApp({ db, config: { ...config, now: () => at, webDist: undefined }, batchWorker: false });
  try {
    await server.ready();
    const payload = JSON.stringify({
      events: [
        {
          id: `demo-agent-shared-ip-${r.uid}`,
          type: 'player.login',
          at: new Date(at).toISOString(),
          data: { uid: Number(r.uid), ip: r.ip, deviceId: r.device },
        },
      ],
    });
    const ts = String(at);
    const res = await server.inject({
      method: 'POST',
      url: '/api/platform/events',
      payload,
      headers: { 'content-type': 'application/json', 'x-app-id': app.appId, 'x-timestamp': ts, 'x-signature': sign(app.secret, ts, payload) },
    });
    return res.statusCode === 200 ? Number(r.uid) : 0;
  } finally {
    await server.close();
  }
}

/** How many friends the agent of partner 1's biggest network signs up in its first day as an agent. */
const RECRUITS = 5;

/**
 * Partner 1's recruiting drive: the friends an agent signs up come through the signed platform
 * calls (seed/demo-newcomers.ts), invited by it (its uid as their share id, its partner), in its
 * first day as an agent; each plays a sitting after registering and then every other day (an
 * afternoon or evening, GMT+8) until the end of the history, so each is an active invitee of
 * every week it was there for; three of them top up ₱100 once (the agent's recharge share).
 * The history's own invitations give partner 1's agents one or two invitees, short of the
 * operator's three active invitees a week for a cash-out (decision 025).
 */
async function recruitFriends(db: Db, config: ServerConfig, password: string, agent: number, madeAt: number, end: number): Promise<NewcomerFigures> {
  const { partner } = await db.selectFrom('player').select('partner').where('uid', '=', agent).executeTakeFirstOrThrow();
  const plan: Newcomer[] = [];
  for (let k = 0; k < RECRUITS; k++) {
    const uid = NEWCOMER_UIDS.recruits + k + 1;
    const registerAt = madeAt + (2 + 3 * k) * HOUR + share(uid, 1) * 20_000;
    if (registerAt >= end - 2 * HOUR) break;
    const sittings = [registerAt + 15 * 60_000];
    for (let day = startOfDayMs(registerAt) + 2 * DAY; ; day += 2 * DAY) {
      const n = Math.round(day / DAY);
      const at = day + (12 + (share(uid, n) % 11)) * HOUR + share(uid, n + 7) * 30_000;
      if (at >= end - HOUR) break;
      sittings.push(at);
    }
    const topUp = k % 2 === 0 && sittings[1] !== undefined ? [sittings[1] - 30 * 60_000] : [];
    plan.push({ uid, partner, shareId: String(agent), inviterUid: agent, registerAt, phoneAtRegistration: k !== 3, topUps: topUp, sittings });
  }
  const demo = await openDemoConsole(db, config, password);
  try {
    return await bringInNewcomers(demo.client, `demo-recruits-${agent}`, plan);
  } finally {
    await demo.close();
  }
}

export async function seedAgentActivity(db: Db, config: ServerConfig, password: string, end: number): Promise<Record<string, unknown>> {
  let recruits: NewcomerFigures | undefined;
  const existing = Number(
    (
      await db
        .selectFrom('agent')
        .select(sql<number>`count(*)`.as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  if (existing === 0) {
    const first = await db
      .selectFrom('player')
      .select(sql<Date | null>`min(registered_at)`.as('at'))
      .executeTakeFirst();
    if (!first?.at) return { agents: 0 };
    // made a week into the history (or its start), at 10:00 GMT+8
    const made = Math.max(new Date(first.at).getTime() + 7 * DAY, end - 29 * DAY);
    const madeAt = startOfDayMs(made) + 10 * HOUR;
    if (madeAt >= end - 8 * DAY) return { agents: 0 };
    const { rows } = await sql<{ uid: number; partner: number; invitees: number; raked: number; farm: boolean }>`
      SELECT i.uid, i.partner, count(*)::int AS invitees,
        count(*) FILTER (WHERE EXISTS (SELECT 1 FROM game_player_day g WHERE g.uid = p.uid AND g.fees > 0))::int AS raked,
        bool_or(p.register_device = i.register_device) AS farm
      FROM player p JOIN player i ON i.uid = p.inviter_uid
      WHERE i.registered_at < ${new Date(madeAt)}
      GROUP BY i.uid, i.partner ORDER BY raked DESC, invitees DESC, i.uid`.execute(db);
    const picks: Pick[] = [];
    for (const partner of [1, 2, 0]) {
      for (const r of rows.filter((x) => Number(x.partner) === partner && !x.farm).slice(0, 3)) {
        picks.push({ uid: Number(r.uid), partner, invitees: Number(r.invitees), farm: false });
      }
    }
    const farm = rows.find((x) => x.farm && Number(x.partner) !== 0) ?? rows.find((x) => x.farm);
    if (farm) picks.push({ uid: Number(farm.uid), partner: Number(farm.partner), invitees: Number(farm.invitees), farm: true });
    // a small network: the operator lets agents cash out from 3 active invitees a week (default 5)
    await asStaff(db, 'business', ['business'], 0, madeAt - HOUR, 'agentcooperation.settings.save', (ctx) => saveSettings(ctx, { minActiveInvitees: 3 }));
    // partner 1's agents are made by the partner account, the others by business
    for (const [k, p] of picks.entries()) {
      // a recharge share beside the rake (domain.md: "and recharge where configured"): the tables'
      // rake alone is a few pesos a week at the demo's size, the invitees' recharges are not
      const rate =
        k % 3 === 0
          ? { rate: 3000, t1: 2000, t2: 500, recharge: 500 }
          : k % 3 === 1
            ? { rate: 2500, t1: 1500, t2: 500, recharge: 300 }
            : { rate: 2000, t1: 1500, t2: 300, recharge: 0 };
      const by = p.partner === 1 ? { username: 'partner', roles: ['partner'], partner: 1 } : { username: 'business', roles: ['business'], partner: 0 };
      await asStaff(db, by.username, by.roles, by.partner, madeAt + k * 60_000, 'agentcooperation.agents.create', (ctx) =>
        createAgent(ctx, { uid: p.uid, ...rate, currency: 'PHP', currencyRatio: 100 }),
      );
    }
    // two lines the rebate log explains, whatever weekday the history ends on (the recruiters
    // picked above may show neither in the weeks that are settled; then a player who does becomes
    // an agent too): an agent who plays the tables itself (its own rake earns nothing: 'own
    // play'), and an agent whose invitees' invitees raked (a tier-2 share)
    let lastEnd = weekEnd(weekOf(madeAt)).getTime();
    while (lastEnd + 7 * DAY <= end) lastEnd += 7 * DAY;
    if (lastEnd <= end) {
      const from = weekOf(madeAt);
      const to = consoleDay(lastEnd);
      const made = new Set(picks.map((p) => p.uid));
      const candidates = async (who: 'self' | 'grandparent') =>
        (
          await sql<{ uid: number; partner: number }>`
        SELECT a.uid, a.partner FROM game_player_day g JOIN player p ON p.uid = g.uid
          ${who === 'self' ? sql`JOIN player a ON a.uid = p.uid` : sql`JOIN player p1 ON p1.uid = p.inviter_uid JOIN player a ON a.uid = p1.inviter_uid AND a.register_device <> p.register_device`}
        WHERE g.fees > 0 AND g.day >= ${from}::date AND g.day < ${to}::date AND a.registered_at < ${new Date(madeAt)} AND a.status = 'active'
        GROUP BY a.uid, a.partner ORDER BY sum(g.fees) DESC, a.uid`.execute(db)
        ).rows.map((r) => ({ uid: Number(r.uid), partner: Number(r.partner) }));
      // picks[1] is suspended for the last week: its lines are voided for that
      const showing = new Set(picks.filter((p) => p !== picks[1]).map((p) => p.uid));
      for (const who of ['self', 'grandparent'] as const) {
        const rows = await candidates(who);
        if (rows.some((r) => showing.has(r.uid))) continue;
        const player = rows.find((r) => !made.has(r.uid));
        if (!player) continue;
        const by = player.partner === 1 ? { username: 'partner', roles: ['partner'], partner: 1 } : { username: 'business', roles: ['business'], partner: 0 };
        await asStaff(db, by.username, by.roles, by.partner, madeAt + (picks.length + made.size) * 60_000, 'agentcooperation.agents.create', (ctx) =>
          createAgent(ctx, { uid: player.uid, rate: 2000, t1: 1500, t2: 500, recharge: 0, currency: 'PHP', currencyRatio: 100 }),
        );
        made.add(player.uid);
        showing.add(player.uid);
      }
    }
    // a rate change from a day mid-history (made the day before)
    const changed = picks[0];
    if (changed) {
      const from = startOfDayMs(madeAt + 12 * DAY);
      await asStaff(db, 'business', ['business'], 0, from - 14 * HOUR, 'agentcooperation.agents.rate', (ctx) =>
        addRate(ctx, {
          uid: changed.uid,
          effectiveAt: new Date(from).toISOString(),
          rate: 3000,
          t1: 2200,
          t2: 500,
          recharge: 600,
          note: 'Top recruiter bonus',
        }),
      );
    }
    // partner 1's recruiting drive (below) is run by the agent of its biggest network: not a farm head, nor
    // the agent suspended for the last week (picks[1]); it gets the launch incentive and cashes out
    const bySize = (a: Pick, b: Pick) => b.invitees - a.invitees || a.uid - b.uid;
    const driver = picks.filter((p) => p.partner === 1 && !p.farm && p !== picks[1]).sort(bySize)[0];
    // a clawback larger than a week: the smallest network (not the drive's) carries a negative result
    const small = [...picks].filter((p) => !p.farm && p !== driver).sort((a, b) => a.invitees - b.invitees || a.uid - b.uid)[0];
    if (small) {
      await asStaff(db, 'business', ['business'], 0, madeAt + 2 * DAY, 'agentcooperation.rebates.adjust', (ctx) =>
        adjust(ctx, { uid: small.uid, amount: -250_000, reason: "Chargeback: an invitee's recharge was reversed by the bank" }),
      );
      await asStaff(db, 'business', ['business'], 0, madeAt + 9 * DAY, 'agentcooperation.rebates.adjust', (ctx) =>
        adjust(ctx, { uid: small.uid, amount: 5_000, reason: 'Goodwill: late registration credited' }),
      );
    }
    // a launch incentive for the biggest networks (the agreed minimum of their first month):
    // the demo's tables rake a few pesos a week, so without it no agent would have enough to cash out
    // (the biggest of each partner, so that every partner's reviewers have agents' cash-outs to look at)
    // (partner 1's: the drive's agent)
    const biggest = [0, 1, 2]
      .map((partner) => (partner === 1 ? driver : picks.filter((p) => p.partner === partner && !p.farm && p !== small).sort(bySize)[0]))
      .filter((p): p is Pick => p !== undefined)
      .sort((a, b) => b.invitees - a.invitees || a.uid - b.uid);
    for (const [n, big] of biggest.entries()) {
      await asStaff(db, 'business', ['business'], 0, madeAt + DAY + n * 60_000, 'agentcooperation.rebates.adjust', (ctx) =>
        adjust(ctx, { uid: big.uid, amount: n === 0 ? 3_000_000 : 600_000, reason: 'Launch incentive: the agreed minimum for the first month' }),
      );
    }
    // partner 1's recruiting drive: the agent of its biggest network signs up friends in its first day
    if (driver) recruits = await recruitFriends(db, config, password, driver.uid, madeAt, end);
    // an invitee who logs in from its agent's address
    await shareAnAddress(
      db,
      config,
      picks.filter((p) => !p.farm).map((p) => p.uid),
      madeAt + 3 * HOUR,
    );
    // settle each week that ended, at its end (as the Monday job would)
    for (let w = weekOf(madeAt); weekEnd(w).getTime() <= end; w = weekOf(weekEnd(w).getTime())) {
      // one agent suspended for the last full week of the history
      if (weekEnd(w).getTime() + 7 * DAY > end && picks[1] && weekEnd(w).getTime() <= end) {
        const suspended = await db.selectFrom('agent').select('status').where('uid', '=', picks[1].uid).executeTakeFirst();
        if (suspended?.status === 'active' && weekEnd(w).getTime() - 2 * DAY > madeAt) {
          await asStaff(db, 'business', ['business'], 0, weekEnd(w).getTime() - 2 * DAY, 'agentcooperation.agents.status', (ctx) =>
            setStatus(ctx, { uid: picks[1].uid, status: 'suspended', reason: 'Under review: invitees share payment accounts' }),
          );
        }
      }
      await settleDue(db, new Date(weekEnd(w).getTime() + 60_000), 'system:agent-settlement');
    }
  }
  const done = await settleDue(db, new Date(end), 'system:agent-settlement');
  const figures = await sql<{ agents: number; weeks: number; lines: number; paid: number; voided: number; carrying: number; recruits: number }>`
    SELECT (SELECT count(*) FROM agent)::int AS agents, (SELECT count(*) FROM agent_week WHERE status = 'closed')::int AS weeks,
      (SELECT count(*) FROM agent_rebate_line)::int AS lines, (SELECT coalesce(sum(amount), 0) FROM agent_rebate WHERE entry IS NOT NULL)::bigint AS paid,
      (SELECT count(*) FROM agent_rebate_line WHERE status = 'voided')::int AS voided, (SELECT count(*) FROM agent WHERE carry < 0)::int AS carrying,
      (SELECT count(*) FROM player WHERE uid > ${NEWCOMER_UIDS.recruits} AND uid <= ${NEWCOMER_UIDS.recruits + RECRUITS})::int AS recruits`.execute(db);
  const f = figures.rows[0];
  return {
    agents: Number(f.agents),
    weeksSettled: Number(f.weeks),
    lines: Number(f.lines),
    paidCentavos: Number(f.paid),
    voidedLines: Number(f.voided),
    carryingNegative: Number(f.carrying),
    settledNow: done.computed.length,
    recruits: Number(f.recruits),
    ...(recruits ? { recruitCalls: recruits.calls, recruitCallsRefused: recruits.refused } : {}),
    ...(recruits?.refused ? { recruitRefusals: recruits.why } : {}),
  };
}
