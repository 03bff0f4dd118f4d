/**
 * The extra rebate: configs (versioned through config_version, decision 004) and their
 * settlement. A config belongs to one partner and names a window of GMT+08:00 days, rising
 * tiers, a per-agent cap and a total budget. After the window has ended AND the agents' weekly
 * settlement (agent_week, migration 037) has closed every week up to the window's end, the
 * settlement step pays each qualifying agent once (extra_rebate_payout's key, the account
 * move's idempotency key), into its `agent` account of the account ledger (reason
 * 'agent.extra_rebate'), never more than the cap per agent nor the budget in total (scaled
 * down pro rata when the lines exceed it; CHECK paid <= budget). Two processes: the config row
 * is claimed FOR UPDATE SKIP LOCKED and settled in one transaction, so one pays, the other
 * finds it settled. docs/decisions/022-agent-reports.md.
 */
import {
  extraRebateDoc,
  type ExtraRebateCreateBody,
  type ExtraRebateDoc,
  type ExtraRebateItem,
  type ExtraRebateTier,
  type ExtraRebateUpdateBody,
} from '@console/schemas';
import { sql } from 'kysely';
import type { Db } from '../../db/open';
import { badInput, conflict, forbidden } from '../../http/api-error';
import { isoInConsoleZone } from '../../http/time';
import { ownsPartner, partnerScope } from '../../plugins/partner-scope';
import { ensureAccount, issuanceAccount, moveBetweenAccounts } from '../ledger/accounts';
import { existing, saveItem, type ConfigChange, type VersionedItems } from '../../settings/versions';
import { consoleDay, dayStart } from '@console/time';
import { refreshAgentReports } from './refresh';
import { DAY_OFFSET } from '../../db/console-day';

export const EXTRA_CONFIG_SCREEN = '/agentcooperation/extrarebateconfigs';
export const EXTRA_ANALYZE_SCREEN = '/agentcooperation/extrarebateAnalyze';
export const EXTRA_REBATE_REASON = 'agent.extra_rebate';
const DAY_MS = 86_400_000;

const num = (v: unknown) => Number(v ?? 0);
const dayText = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));
const parseTiers = (v: unknown): ExtraRebateTier[] => (typeof v === 'string' ? JSON.parse(v) : v) as ExtraRebateTier[];

export function toDoc(r: Record<string, unknown>): ExtraRebateDoc {
  return {
    id: num(r.id),
    partner: num(r.partner),
    name: String(r.name),
    windowFrom: dayText(r.window_from),
    windowTo: dayText(r.window_to),
    tiers: parseTiers(r.tiers),
    agentCap: num(r.agent_cap),
    budget: num(r.budget),
    status: r.status as ExtraRebateDoc['status'],
    version: num(r.version),
  };
}

export const tiersText = (tiers: ExtraRebateTier[]) =>
  tiers.map((t) => `T1 rake ≥ ${t.t1Rake} & active ≥ ${t.activeInvitees} → +${(t.rateBp / 100).toFixed(2)}%`).join('; ');

export function toItem(r: Record<string, unknown>): ExtraRebateItem {
  const doc = toDoc(r);
  return {
    ...doc,
    tiersText: tiersText(doc.tiers),
    paid: num(r.paid),
    agents: num(r.agents),
    settledAt: isoInConsoleZone((r.settled_at as Date | null) ?? null),
    updatedBy: String(r.updated_by),
    updatedAt: isoInConsoleZone(r.updated_at as Date),
  };
}

/** The versioned items of the screen: one config per key (its id). */
export const extraRebateItems: VersionedItems<ExtraRebateDoc> = {
  screen: EXTRA_CONFIG_SCREEN,
  kind: 'extrarebateconfigs',
  noun: 'Extra rebate config',
  read: async (db, key) => {
    const row = await db.selectFrom('extra_rebate_config').selectAll().where('id', '=', Number(key)).forUpdate().executeTakeFirst();
    return row ? toDoc(row) : null;
  },
  write: async (db, key, doc, now) => {
    if (!doc) throw conflict('An extra rebate config is cancelled, never removed');
    const values = {
      partner: doc.partner,
      name: doc.name,
      window_from: doc.windowFrom,
      window_to: doc.windowTo,
      tiers: JSON.stringify(doc.tiers),
      agent_cap: doc.agentCap,
      budget: doc.budget,
      status: doc.status,
      version: doc.version,
      updated_at: now,
    };
    await db.updateTable('extra_rebate_config').set(values).where('id', '=', Number(key)).execute();
  },
  partnerOf: (doc) => doc.partner,
  // a restore goes through the same checks as a save (see restoreConfig): read-only here
  restorable: undefined,
};

/** The partner a body is for: a partner account's own; central staff must name one. */
function partnerFor(user: ConfigChange['user'], asked: number | undefined): number {
  const scope = partnerScope(user);
  if (scope !== null) {
    if (asked !== undefined && asked !== scope) throw forbidden('partner: A partner account configures its own partner only');
    return scope;
  }
  if (asked === undefined) throw badInput('partner', 'Required');
  return asked;
}

export async function createConfig(ctx: ConfigChange, body: ExtraRebateCreateBody): Promise<ExtraRebateDoc> {
  const partner = partnerFor(ctx.user, body.partner);
  const today = consoleDay(ctx.now);
  if (body.windowFrom < today) throw badInput('windowFrom', 'A window starts today or later (targets are announced before they count)');
  const row = await ctx.db
    .insertInto('extra_rebate_config')
    .values({
      partner,
      name: body.name,
      window_from: body.windowFrom,
      window_to: body.windowTo,
      tiers: JSON.stringify(body.tiers),
      agent_cap: body.agentCap,
      budget: body.budget,
      created_by: ctx.user.username,
      created_at: ctx.now,
      updated_by: ctx.user.username,
      updated_at: ctx.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const doc: ExtraRebateDoc = {
    id: row.id,
    partner,
    name: body.name,
    windowFrom: body.windowFrom,
    windowTo: body.windowTo,
    tiers: body.tiers,
    agentCap: body.agentCap,
    budget: body.budget,
    status: 'open',
    version: 1,
  };
  // the first version: before = nothing
  await saveItem(ctx, { ...extraRebateItems, read: async () => null }, String(row.id), 'create', () => doc);
  await ctx.db.updateTable('extra_rebate_config').set({ updated_by: ctx.user.username }).where('id', '=', row.id).execute();
  return doc;
}

/** 409 unless the config is open, its window has not ended, and the form's version is the stored one. */
function checkEditable(before: ExtraRebateDoc, version: number, now: Date): void {
  if (before.status !== 'open') throw conflict(`Extra rebate config ${before.id} is ${before.status}: it cannot change`);
  if (before.windowTo < consoleDay(now)) throw conflict(`The window of extra rebate config ${before.id} has ended: it is settled as it stands`);
  if (before.version !== version) throw conflict(`Extra rebate config ${before.id} was changed since version ${version} (now ${before.version}): reload it`);
}

export async function updateConfig(ctx: ConfigChange, body: ExtraRebateUpdateBody): Promise<ExtraRebateDoc> {
  const saved = await saveItem(ctx, extraRebateItems, String(body.id), 'update', (found) => {
    const before = existing(extraRebateItems, String(body.id))(found);
    checkEditable(before, body.version, ctx.now);
    const partner = partnerFor(ctx.user, body.partner ?? before.partner);
    if (partner !== before.partner) throw badInput('partner', 'A config stays with its partner');
    const today = consoleDay(ctx.now);
    if (body.windowFrom !== before.windowFrom && body.windowFrom < today) throw badInput('windowFrom', 'A window cannot be moved to start in the past');
    if (before.windowFrom <= today && body.windowFrom !== before.windowFrom) throw badInput('windowFrom', 'The window has started: its start stays');
    return {
      ...before,
      name: body.name,
      windowFrom: body.windowFrom,
      windowTo: body.windowTo,
      tiers: body.tiers,
      agentCap: body.agentCap,
      budget: body.budget,
      version: before.version + 1,
    };
  });
  await ctx.db.updateTable('extra_rebate_config').set({ updated_by: ctx.user.username }).where('id', '=', body.id).execute();
  return saved.doc!;
}

export async function cancelConfig(ctx: ConfigChange, id: number, version: number): Promise<ExtraRebateDoc> {
  const saved = await saveItem(ctx, extraRebateItems, String(id), 'cancel', (found) => {
    const before = existing(extraRebateItems, String(id))(found);
    checkEditable(before, version, ctx.now);
    return { ...before, status: 'cancelled' as const, version: before.version + 1 };
  });
  await ctx.db.updateTable('extra_rebate_config').set({ updated_by: ctx.user.username }).where('id', '=', id).execute();
  return saved.doc!;
}

export interface AgentFigures {
  agent: number;
  t1Rake: number;
  active: number;
  excluded: number;
  turnover: number;
}

/**
 * Each active agent of the partner with its window figures: tier-1 rake and active tier-1
 * invitees, leaving out invitees that share a device or an address with the agent (they earn
 * nothing, as in the weekly rebate), and how many were left out.
 */
export async function windowFigures(db: Db, partner: number, from: string, to: string): Promise<AgentFigures[]> {
  const { rows } = await sql<Record<string, unknown>>`
    WITH inv AS (
      SELECT d.agent, d.uid, sum(d.rake) AS rake, sum(d.turnover) AS turnover, bool_or(d.rounds > 0) AS active
      FROM agent_invitee_day d JOIN agent a ON a.uid = d.agent AND a.partner = ${partner} AND a.status = 'active'
      WHERE d.day BETWEEN ${from}::date AND ${to}::date
      GROUP BY d.agent, d.uid
    ), flagged AS (
      SELECT inv.*, (
        EXISTS (SELECT 1 FROM player_device x JOIN player_device y ON y.device_id = x.device_id WHERE x.uid = inv.agent AND y.uid = inv.uid)
        OR ag.register_ip IN (p.register_ip, coalesce(p.login_ip, '')) OR coalesce(ag.login_ip, '-') IN (p.register_ip, coalesce(p.login_ip, ''))
      ) AS shared
      FROM inv JOIN player p ON p.uid = inv.uid JOIN player ag ON ag.uid = inv.agent
    )
    SELECT agent, coalesce(sum(rake) FILTER (WHERE NOT shared), 0) AS t1_rake, count(*) FILTER (WHERE active AND NOT shared) AS active,
      count(*) FILTER (WHERE shared) AS excluded, coalesce(sum(turnover), 0) AS turnover
    FROM flagged GROUP BY agent ORDER BY agent`.execute(db);
  return rows.map((x) => ({ agent: num(x.agent), t1Rake: num(x.t1_rake), active: num(x.active), excluded: num(x.excluded), turnover: num(x.turnover) }));
}

export interface PayoutLine extends AgentFigures {
  tier: number;
  rateBp: number;
  computed: number;
  amount: number;
  capped: boolean;
  budgetCut: boolean;
}

/** The lines of a config from the figures: the highest tier reached, the cap, then the budget (pro rata, rounded down). Pure. */
export function payoutLines(doc: Pick<ExtraRebateDoc, 'tiers' | 'agentCap' | 'budget'>, figures: AgentFigures[], alreadyPaid = 0): PayoutLine[] {
  const lines: PayoutLine[] = [];
  for (const f of figures) {
    let tier = -1;
    doc.tiers.forEach((t, i) => {
      if (f.t1Rake >= t.t1Rake && f.active >= t.activeInvitees) tier = i;
    });
    if (tier < 0) continue;
    const rateBp = doc.tiers[tier].rateBp;
    const computed = Math.floor((f.t1Rake * rateBp) / 10_000);
    const amount = Math.min(computed, doc.agentCap);
    lines.push({ ...f, tier: tier + 1, rateBp, computed, amount, capped: amount < computed, budgetCut: false });
  }
  const left = Math.max(0, doc.budget - alreadyPaid);
  const total = lines.reduce((s, l) => s + l.amount, 0);
  if (total > left) {
    for (const l of lines) {
      const cut = Math.floor((l.amount * left) / total);
      l.budgetCut = cut < l.amount;
      l.amount = cut;
    }
  }
  return lines;
}

/** The GMT+08:00 moment a window ends (00:00 after its last day). */
const windowEnd = (to: string) => new Date(dayStart(to).getTime() + DAY_MS);

/** Configs whose window has ended and whose weeks the agents' settlement has closed, oldest first. */
async function dueConfigs(db: Db, now: Date, only?: { partner: number | null; id?: number }): Promise<number[]> {
  const today = consoleDay(now);
  const rows = await db
    .selectFrom('extra_rebate_config as c')
    .select('c.id')
    .where('c.status', '=', 'open')
    .where('c.window_to', '<', today)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('agent_week as w')
          .select('w.week')
          .where('w.status', '=', 'closed')
          .where(sql<boolean>`w.ends_at >= ((c.window_to + 1)::timestamp - ${DAY_OFFSET}) AT TIME ZONE 'UTC'`),
      ),
    )
    .$if(only?.partner !== undefined && only.partner !== null, (qb) => qb.where('c.partner', '=', only!.partner!))
    .$if(only?.id !== undefined, (qb) => qb.where('c.id', '=', only!.id!))
    .orderBy('c.window_to')
    .orderBy('c.id')
    .execute();
  return rows.map((r) => r.id);
}

/** The currency an agent is paid in and its ratio (the rate version in effect at `at`; PHP at 100 chips when none). */
async function agentCurrency(db: Db, agent: number, at: Date): Promise<{ currency: string; ratio: number }> {
  const row = await db
    .selectFrom('agent_rate')
    .select(['currency', 'currency_ratio'])
    .where('agent', '=', agent)
    .where('effective_at', '<=', at)
    .orderBy('effective_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return { currency: (row?.currency ?? 'PHP').toLowerCase(), ratio: row?.currency_ratio ?? 100 };
}

export interface SettleResult {
  configs: number;
  lines: number;
  paid: number;
}

/** Settles one config if it is due and free (claimed with SKIP LOCKED); answers what it paid, or null. */
async function settleOne(trx: Db, id: number, now: Date, actor: string): Promise<{ lines: number; paid: number } | null> {
  const row = await trx
    .selectFrom('extra_rebate_config')
    .selectAll()
    .where('id', '=', id)
    .where('status', '=', 'open')
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
  if (!row) return null;
  const doc = toDoc(row);
  const figures = await windowFigures(trx, doc.partner, doc.windowFrom, doc.windowTo);
  const lines = payoutLines(doc, figures, num(row.paid));
  const end = windowEnd(doc.windowTo);
  let paid = 0;
  let agents = 0;
  for (const l of lines) {
    const exists = await trx.selectFrom('extra_rebate_payout').select('agent').where('config', '=', id).where('agent', '=', l.agent).executeTakeFirst();
    if (exists) continue;
    let entry: number | null = null;
    if (l.amount > 0) {
      const { currency, ratio } = await agentCurrency(trx, l.agent, end);
      const value = Math.floor((l.amount * 100) / ratio);
      if (value > 0) {
        const from = await issuanceAccount(trx, currency);
        const to = await ensureAccount(trx, 'agent', String(l.agent), doc.partner, currency);
        const move = await moveBetweenAccounts(trx, from.id, to.id, value, {
          reason: EXTRA_REBATE_REASON,
          ref: `extra_rebate:${id}`,
          actor,
          key: `${EXTRA_REBATE_REASON}:${id}:${l.agent}`,
          at: now,
        });
        entry = move.entries[1];
      }
    }
    await trx
      .insertInto('extra_rebate_payout')
      .values({
        config: id,
        agent: l.agent,
        partner: doc.partner,
        t1_rake: l.t1Rake,
        active: l.active,
        excluded: l.excluded,
        turnover: l.turnover,
        tier: l.tier,
        rate_bp: l.rateBp,
        computed: l.computed,
        amount: l.amount,
        capped: l.capped,
        budget_cut: l.budgetCut,
        entry,
        paid_at: now,
      })
      .execute();
    paid += l.amount;
    if (l.amount > 0) agents += 1;
  }
  const after = { ...doc, status: 'settled' as const, version: doc.version + 1 };
  await trx
    .updateTable('extra_rebate_config')
    .set({
      status: 'settled',
      paid: num(row.paid) + paid,
      agents,
      settled_at: now,
      version: after.version,
      updated_at: now,
      updated_by: actor,
    })
    .where('id', '=', id)
    .execute();
  await trx
    .insertInto('config_version')
    .values({
      kind: extraRebateItems.kind,
      key: String(id),
      at: now,
      actor,
      action: 'settle',
      before: JSON.stringify(doc),
      after: JSON.stringify({ ...after, paid, agents }),
      partner: doc.partner,
    })
    .execute();
  return { lines: lines.length, paid };
}

/**
 * The settlement step: refreshes the roll-ups, then settles every due config (or the one asked
 * for), each in its own transaction. Safe to run at once from several processes and to re-run.
 */
export async function settleExtraRebates(db: Db, now: Date, actor: string, only?: { partner: number | null; id?: number }): Promise<SettleResult> {
  await refreshAgentReports(db, now, { force: true });
  const result: SettleResult = { configs: 0, lines: 0, paid: 0 };
  for (const id of await dueConfigs(db, now, only)) {
    // inside a staff call's transaction (its operation-log record) or one transaction per config
    const done = db.isTransaction ? await settleOne(db, id, now, actor) : await db.transaction().execute((trx) => settleOne(trx, id, now, actor));
    if (!done) continue;
    result.configs += 1;
    result.lines += done.lines;
    result.paid += done.paid;
  }
  return result;
}

/** May this account see the config? (404 otherwise, as if it did not exist.) */
export const sees = (user: ConfigChange['user'], partner: number) => ownsPartner(user, partner);
export { extraRebateDoc };

/** The version an extra rebate config is at now, or undefined when there is no such config. */
export const extraRebateConfigVersion = (db: Db, id: number) => db.selectFrom('extra_rebate_config').select('version').where('id', '=', id).executeTakeFirst();
