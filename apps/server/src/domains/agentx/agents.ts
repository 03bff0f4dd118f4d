/**
 * Integration agents: create (its platform application with it), change its terms, rotate its
 * API key (the previous key keeps signing for an overlap), suspend and reactivate (the
 * application is disabled with it: every call refused 401). The key is answered once and never
 * stored: the application's signing secret is its hex SHA-256 (decision 023). Every change is in
 * the operation log (before/after without any key) in the change's transaction.
 */
import { createHash, randomBytes } from 'node:crypto';
import { providerScopes, type AgentxCreateBody, type AgentxDayRow, type AgentxIssuedKey, type AgentxItem, type AgentxUpdateBody } from '@console/schemas';
import { sql } from 'kysely';
import type { Db } from '../../db/open';
import { appSecretFingerprint, sealAppSecret, secretFingerprint } from '../../secrets/columns';
import { conflict, notFound } from '../../http/api-error';
import type { OperationNote } from '../../http/operation';
import { platformApplicationsChanged } from '../../http/platform-operation';
import { ownPartnerFilter, type ScopedSubject } from '../../plugins/partner-scope';
import type { DayRange } from '../../http/range';
import { agentxChanged } from './traffic';
import { isoInConsoleZone } from '../../http/time';

export interface Change {
  db: Db;
  user: { username: string };
  now: Date;
  note: OperationNote;
}

/** `ax_` + 40 characters of base64url (240 random bits). */
export const newApiKey = () => `ax_${randomBytes(30).toString('base64url')}`;
/** The signing secret of a key: what the agent signs with and all the console keeps (sealed, secrets/columns.ts). */
export const signingSecret = (apiKey: string) => createHash('sha256').update(apiKey).digest('hex');

/** An integration agent's application: chip bets and the wins of those rounds (₱1,000,000 at most each), and the configuration. */
export const AGENT_SCOPES = providerScopes(100_000_000, null);

const toBp = (percent: number) => Math.round(percent * 100);

interface TermsDoc {
  name: string;
  partner: number;
  status: string;
  walletMode: string;
  callbackUrl: string;
  currency: string;
  revenueShare: number;
  ipAllowList: string[];
}

async function locked(db: Db, id: number) {
  const row = await db.selectFrom('agentx_agent').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw notFound(`Agent ${id} not found`);
  return row;
}

const termsOf = (r: {
  name: string;
  partner: number;
  status: string;
  wallet_mode: string;
  callback_url: string;
  currency: string;
  revenue_share: number;
  ip_allow: string[];
}): TermsDoc => ({
  name: r.name,
  partner: r.partner,
  status: r.status,
  walletMode: r.wallet_mode,
  callbackUrl: r.callback_url,
  currency: r.currency,
  revenueShare: r.revenue_share / 100,
  ipAllowList: r.ip_allow,
});

export async function createAgent(ctx: Change, body: AgentxCreateBody): Promise<AgentxIssuedKey> {
  const apiKey = newApiKey();
  const secret = signingSecret(apiKey);
  // an agent plays chip rounds for its players: bets and the wins of those rounds, signed with version 2 (decision 042)
  const app = await ctx.db
    .insertInto('platform_application')
    .values({
      app_id: body.appId,
      name: `agentx: ${body.name}`,
      secret: sealAppSecret(secret, body.appId),
      scopes: JSON.stringify(AGENT_SCOPES),
      signature_version: 2,
    })
    .onConflict((oc) => oc.column('app_id').doNothing())
    .returning('app_id')
    .executeTakeFirst();
  if (!app) throw conflict(`Application ${body.appId} already exists`);
  const row = await ctx.db
    .insertInto('agentx_agent')
    .values({
      app_id: body.appId,
      name: body.name,
      partner: body.partner,
      wallet_mode: body.walletMode,
      callback_url: body.callbackUrl,
      currency: body.currency,
      revenue_share: toBp(body.revenueShare),
      ip_allow: body.ipAllowList,
      created_at: ctx.now,
      created_by: ctx.user.username,
      updated_at: ctx.now,
      updated_by: ctx.user.username,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  Object.assign(ctx.note, { target: `agentx:${row.id}`, before: null, after: { appId: body.appId, ...termsOf(row), key: secretFingerprint(secret) } });
  agentxChanged();
  platformApplicationsChanged();
  return { id: row.id, appId: body.appId, apiKey, previousUntil: null };
}

export async function updateAgent(ctx: Change, body: AgentxUpdateBody): Promise<{ id: number }> {
  const before = await locked(ctx.db, body.id);
  const after = await ctx.db
    .updateTable('agentx_agent')
    .set({
      name: body.name,
      partner: body.partner,
      wallet_mode: body.walletMode,
      callback_url: body.callbackUrl,
      currency: body.currency,
      revenue_share: toBp(body.revenueShare),
      ip_allow: body.ipAllowList,
      updated_at: ctx.now,
      updated_by: ctx.user.username,
    })
    .where('id', '=', body.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await ctx.db
    .updateTable('platform_application')
    .set({ name: `agentx: ${body.name}` })
    .where('app_id', '=', before.app_id)
    .execute();
  Object.assign(ctx.note, { target: `agentx:${body.id}`, before: termsOf(before), after: { ...termsOf(after), reason: body.reason } });
  agentxChanged();
  platformApplicationsChanged();
  return { id: body.id };
}

/** A new key; the previous one keeps signing for `overlapHours` (0: refused at once). */
export async function rotateKey(ctx: Change, id: number, overlapHours: number): Promise<AgentxIssuedKey> {
  const agent = await locked(ctx.db, id);
  const current = await ctx.db.selectFrom('platform_application').select('secret').where('app_id', '=', agent.app_id).forUpdate().executeTakeFirstOrThrow();
  const apiKey = newApiKey();
  const secret = signingSecret(apiKey);
  const until = overlapHours > 0 ? new Date(ctx.now.getTime() + overlapHours * 3_600_000) : null;
  await ctx.db
    .updateTable('platform_application')
    .set({
      secret: sealAppSecret(secret, agent.app_id),
      previous_secret: until ? current.secret : null,
      previous_secret_until: until,
      rotated_at: ctx.now,
    })
    .where('app_id', '=', agent.app_id)
    .execute();
  await ctx.db.updateTable('agentx_agent').set({ updated_at: ctx.now, updated_by: ctx.user.username }).where('id', '=', id).execute();
  platformApplicationsChanged();
  Object.assign(ctx.note, {
    target: `agentx:${id}`,
    before: { key: appSecretFingerprint(current.secret, agent.app_id) },
    after: { key: secretFingerprint(secret), previousUntil: isoInConsoleZone(until) },
  });
  return { id, appId: agent.app_id, apiKey, previousUntil: isoInConsoleZone(until) };
}

export async function setStatus(ctx: Change, id: number, status: 'active' | 'suspended', reason: string): Promise<{ id: number; status: string }> {
  const before = await locked(ctx.db, id);
  if (before.status === status) throw conflict(`Agent ${id} is already ${status}`);
  await ctx.db.updateTable('agentx_agent').set({ status, updated_at: ctx.now, updated_by: ctx.user.username }).where('id', '=', id).execute();
  await ctx.db
    .updateTable('platform_application')
    .set({ enabled: status === 'active' })
    .where('app_id', '=', before.app_id)
    .execute();
  Object.assign(ctx.note, { target: `agentx:${id}`, before: { status: before.status }, after: { status, reason } });
  agentxChanged();
  platformApplicationsChanged();
  return { id, status };
}

const rate = (refused: number, calls: number) => (calls > 0 ? Math.round((refused / calls) * 10_000) / 100 : 0);

/** Every agent (partner scope applied) with its figures over the range. */
export async function agentList(db: Db, user: ScopedSubject, r: DayRange, q: Record<string, unknown>): Promise<AgentxItem[]> {
  const { rows } = await sql<Record<string, unknown>>`
    SELECT a.*, pa.secret, pa.previous_secret_until,
      coalesce(d.calls, 0) AS calls, coalesce(d.refused, 0) AS refused, coalesce(d.rounds, 0) AS rounds,
      coalesce(d.bets, 0) AS bets, coalesce(d.wins, 0) AS wins,
      (SELECT count(DISTINCT p.uid) FROM agentx_player_day p WHERE p.agent = a.id AND p.day BETWEEN ${r.from}::date AND ${r.to}::date) AS players
    FROM agentx_agent a
    JOIN platform_application pa ON pa.app_id = a.app_id
    LEFT JOIN (
      SELECT agent, sum(calls) AS calls, sum(refused) AS refused, sum(rounds) AS rounds, sum(bets) AS bets, sum(wins) AS wins
      FROM agentx_day WHERE day BETWEEN ${r.from}::date AND ${r.to}::date GROUP BY agent
    ) d ON d.agent = a.id
    WHERE ${ownPartnerFilter(user, 'a.partner')}
      AND (${q.status ?? null}::text IS NULL OR a.status = ${q.status ?? null})
      AND (${q.walletMode ?? null}::text IS NULL OR a.wallet_mode = ${q.walletMode ?? null})
      AND (${q.name ?? null}::text IS NULL OR strpos(lower(a.name || ' ' || a.app_id), lower(${q.name ?? ''})) > 0)
    ORDER BY a.id`.execute(db);
  return rows.map((x) => {
    const bets = Number(x.bets);
    const wins = Number(x.wins);
    const share = Number(x.revenue_share);
    return {
      id: Number(x.id),
      appId: String(x.app_id),
      name: String(x.name),
      partner: Number(x.partner),
      status: x.status as AgentxItem['status'],
      walletMode: x.wallet_mode as AgentxItem['walletMode'],
      callbackUrl: String(x.callback_url),
      currency: String(x.currency),
      revenueShare: share / 100,
      ipAllowList: x.ip_allow as string[],
      keyFingerprint: appSecretFingerprint(String(x.secret), String(x.app_id)),
      previousUntil: isoInConsoleZone(x.previous_secret_until as Date | null),
      createdAt: isoInConsoleZone(x.created_at as Date),
      updatedBy: String(x.updated_by),
      calls: Number(x.calls),
      refused: Number(x.refused),
      errorRate: rate(Number(x.refused), Number(x.calls)),
      rounds: Number(x.rounds),
      players: Number(x.players),
      bets,
      wins,
      ggr: bets - wins,
      share: bets - wins > 0 ? Math.floor(((bets - wins) * share) / 10_000) : 0,
    };
  });
}

/** One agent's days over the range (every day, zeros included); 404 outside the caller's partner. */
export async function agentDays(db: Db, user: ScopedSubject, r: DayRange, id: number): Promise<AgentxDayRow[]> {
  const agent = await db.selectFrom('agentx_agent').select('id').where('id', '=', id).where(ownPartnerFilter(user, 'partner')).executeTakeFirst();
  if (!agent) throw notFound(`Agent ${id} not found`);
  const { rows } = await sql<Record<string, unknown>>`
    SELECT to_char(d.day, 'YYYY-MM-DD') AS day, sum(d.calls) AS calls, sum(d.refused) AS refused, sum(d.rounds) AS rounds, sum(d.bets) AS bets,
      sum(d.wins) AS wins, (SELECT count(*) FROM agentx_player_day p WHERE p.agent = ${id} AND p.day = d.day) AS players
    FROM agentx_day d WHERE d.agent = ${id} AND d.day BETWEEN ${r.from}::date AND ${r.to}::date GROUP BY d.day`.execute(db);
  const byDay = new Map(rows.map((x) => [String(x.day), x]));
  return r.days.map((day) => {
    const x = byDay.get(day);
    const calls = Number(x?.calls ?? 0);
    const refused = Number(x?.refused ?? 0);
    const bets = Number(x?.bets ?? 0);
    const wins = Number(x?.wins ?? 0);
    return {
      day,
      calls,
      refused,
      errorRate: rate(refused, calls),
      rounds: Number(x?.rounds ?? 0),
      players: Number(x?.players ?? 0),
      bets,
      wins,
      ggr: bets - wins,
    };
  });
}
