/**
 * Real payouts (docs/decisions/048-http-payouts.md, docs/api/payout-provider.md):
 * - /remoteconfig/payoutEndpoints (secadmin; no partner account): every cash-out channel with
 *   who pays it, its provider's HTTP endpoint set, changed or removed (confirmed, in the
 *   operation log, the secret never shown again: its fingerprint);
 * - POST /api/payout/callback/<channel>: the provider's report of a payout, signed with the
 *   channel's secret, settles the order through its state machine (never paid or refunded twice);
 * - the status sweep: undetermined orders a provider's API was asked to pay are asked about.
 */
import { payoutCallbackBody, payoutEndpointRemoveBody, payoutEndpointSaveBody, payoutEndpointView, PAYMENT_CHANNEL_STATUSES } from '@console/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../db/open';
import { ApiError, badInput, conflict, notFound } from '../../http/api-error';
import { contains, defineList, eqEnum, listOperations, sortBy } from '../../http/list';
import { defineOperation, rateLimit, type Deps } from '../../http/operation';
import { registerRepeatingJob, type JobHost } from '../../http/repeating-job';
import { parseJsonBody } from '../../plugins/json-body';
import { openPayoutSecret, sealPayoutSecret, secretFingerprint } from '../../secrets/columns';
import { lateReport } from '../agentcash/orders';
import { endpointOf, HttpPayoutProvider, signatureHolds } from './providers';
import type { Clock } from './payout';
import { isoInConsoleZone } from '../../http/time';

export const PAYOUT_ENDPOINTS = '/remoteconfig/payoutEndpoints';
const API = `/api${PAYOUT_ENDPOINTS}`;
const tags = ['cashout'];
/** A callback's X-Timestamp may be this far from the console's clock. */
const MAX_SKEW_MS = 300_000;

export const payoutEndpointList = defineList({
  url: API,
  name: 'remoteconfig.payoutEndpoints',
  screen: PAYOUT_ENDPOINTS,
  tags,
  summary:
    "Every cash-out channel with who pays it: its provider's HTTP endpoint (never its secret: a fingerprint), or the simulation; filters channel (substring), channelStatus",
  paging: 'page',
  from: (db: Db) =>
    db
      .selectFrom('cashout_channel as c')
      .leftJoin('payout_endpoint as e', 'e.channel', 'c.channel')
      .select([
        'c.id',
        'c.channel',
        'c.name',
        'c.status',
        'c.sort_order',
        'e.url',
        'e.merchant_id',
        'e.secret',
        'e.timeout_ms',
        'e.retries',
        'e.enabled',
        'e.updated_at',
        'e.updated_by',
      ]),
  partner: null,
  id: 'c.id',
  filters: { channel: contains('c.channel', 64), channelStatus: eqEnum('c.status', PAYMENT_CHANNEL_STATUSES) },
  sorts: { sortOrder: sortBy.int('c.sort_order'), channel: sortBy.text('c.channel') },
  defaultSort: { key: 'sortOrder', order: 'ascend' },
  item: payoutEndpointView,
  row: (r) => {
    const has = r.url !== null;
    return {
      id: r.id,
      channel: r.channel,
      name: r.name,
      channelStatus: r.status,
      paidBy: has && r.enabled ? ('http' as const) : ('simulated' as const),
      url: r.url ?? null,
      merchantId: r.merchant_id ?? null,
      fingerprint: has ? secretFingerprint(openPayoutSecret(String(r.secret), r.channel)) : null,
      timeoutMs: has ? Number(r.timeout_ms) : null,
      retries: has ? Number(r.retries) : null,
      enabled: has ? Boolean(r.enabled) : null,
      updatedAt: r.updated_at ? isoInConsoleZone(r.updated_at) : null,
      updatedBy: r.updated_by ?? null,
    };
  },
});

const docOf = (row: { url: string; merchant_id: string; secret: string; timeout_ms: number; retries: number; enabled: boolean; channel: string }) => ({
  url: row.url,
  merchantId: row.merchant_id,
  secret: secretFingerprint(openPayoutSecret(row.secret, row.channel)),
  timeoutMs: row.timeout_ms,
  retries: row.retries,
  enabled: row.enabled,
});

export const payoutEndpointOperations = [
  ...listOperations(payoutEndpointList),
  defineOperation({
    method: 'POST',
    url: `${API}/save`,
    name: 'remoteconfig.payoutEndpoints.save',
    tags,
    screen: PAYOUT_ENDPOINTS,
    audit: true,
    body: payoutEndpointSaveBody,
    summary: "Sets a channel's payout endpoint (the secret is required the first time, kept when absent later); payouts of the channel go to it while enabled",
    response: z.object({ code: z.literal(200), data: z.object({ channel: z.string(), fingerprint: z.string() }) }),
    handler: async ({ db, body, user, now, note }) => {
      const channel = await db.selectFrom('cashout_channel').select('channel').where('channel', '=', body.channel).executeTakeFirst();
      if (!channel) throw notFound(`Cash-out channel ${body.channel} does not exist`);
      const before = await db.selectFrom('payout_endpoint').selectAll().where('channel', '=', body.channel).forUpdate().executeTakeFirst();
      if (!before && body.secret === undefined) throw badInput('secret', 'Required for a channel without an endpoint');
      const secret = body.secret === undefined ? before!.secret : sealPayoutSecret(body.secret, body.channel);
      const values = {
        url: body.url,
        merchant_id: body.merchantId.trim(),
        secret,
        timeout_ms: body.timeoutMs,
        retries: body.retries,
        enabled: body.enabled,
        updated_at: now,
        updated_by: user.username,
      };
      const saved = await db
        .insertInto('payout_endpoint')
        .values({ channel: body.channel, ...values })
        .onConflict((oc) => oc.column('channel').doUpdateSet(values))
        .returningAll()
        .executeTakeFirstOrThrow();
      Object.assign(note, { target: `payoutEndpoint:${body.channel}`, before: before ? docOf(before) : null, after: docOf(saved) });
      return { code: 200, data: { channel: body.channel, fingerprint: docOf(saved).secret } };
    },
  }),
  defineOperation({
    method: 'POST',
    url: `${API}/remove`,
    name: 'remoteconfig.payoutEndpoints.remove',
    tags,
    screen: PAYOUT_ENDPOINTS,
    audit: true,
    body: payoutEndpointRemoveBody,
    summary: "Removes a channel's payout endpoint; 409 while the channel is open (close it first: an open channel would be paid by the simulation)",
    response: z.object({ code: z.literal(200) }),
    handler: async ({ db, body, note }) => {
      const row = await db
        .selectFrom('payout_endpoint as e')
        .innerJoin('cashout_channel as c', 'c.channel', 'e.channel')
        .selectAll('e')
        .select('c.status')
        .where('e.channel', '=', body.channel)
        .forUpdate()
        .executeTakeFirst();
      if (!row) throw notFound(`Channel ${body.channel} has no payout endpoint`);
      if (row.status === 'open') throw conflict(`Channel ${body.channel} is open: close it before removing its payout endpoint`);
      await db.deleteFrom('payout_endpoint').where('channel', '=', body.channel).execute();
      Object.assign(note, { target: `payoutEndpoint:${body.channel}`, before: docOf(row), after: null });
      return { code: 200 };
    },
  }),
];

/** A refused callback: a 401 counted in the tally (http/refusal-tally.ts), never the reason of a wrong secret in detail. */
function refuse(deps: Deps, request: FastifyRequest, channel: string, reason: string): never {
  deps.refusals?.record('platform', `payout:${channel.slice(0, 64)}`, reason, '/api/payout/callback', 401, request.ip);
  throw new ApiError(401, reason);
}

/** The provider's report of a payout (docs/api/payout-provider.md "Callback"). */
export function registerPayoutCallback(app: FastifyInstance, deps: Deps): void {
  app.post<{ Params: { channel: string } }>('/api/payout/callback/:channel', { schema: { hide: true }, bodyLimit: 16_384 }, async (request) => {
    const channel = request.params.channel;
    const endpoint = channel.length <= 64 ? await endpointOf(deps.db, channel) : null;
    if (!endpoint) refuse(deps, request, channel, 'Unknown channel');
    const timestamp = request.headers['x-timestamp'];
    if (typeof timestamp !== 'string' || !/^\d{1,16}$/.test(timestamp) || Math.abs(Number(timestamp) - deps.config.now()) > MAX_SKEW_MS) {
      refuse(deps, request, channel, 'Missing or stale X-Timestamp');
    }
    const raw = typeof request.body === 'string' ? request.body : '';
    const signature = request.headers['x-signature'];
    if (typeof signature !== 'string' || !signatureHolds(endpoint.secret, timestamp, raw, signature)) refuse(deps, request, channel, 'Bad signature');
    rateLimit(deps, request, `payout:${channel}`, deps.config.rateLimits.platformPerMinute);
    const parsed = payoutCallbackBody.safeParse(parseJsonBody(raw));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw badInput(issue.path.join('.') || 'body', issue.message);
    }
    const report = parsed.data;
    const known = await sql<{ status: string }>`
      SELECT status FROM cashout_order WHERE order_id = ${report.orderId} AND channel = ${channel}
      UNION ALL SELECT status FROM agent_cashout_order WHERE order_id = ${report.orderId} AND channel = ${channel}`.execute(deps.db);
    if (known.rows.length === 0) throw notFound(`No payout ${report.orderId} on channel ${channel}`);
    await lateReport(deps.db, { orderId: report.orderId, status: report.status, reference: report.reference, reason: report.reason }, deps.config.now);
    const after = await sql<{ status: string }>`
      SELECT status FROM cashout_order WHERE order_id = ${report.orderId} UNION ALL SELECT status FROM agent_cashout_order WHERE order_id = ${report.orderId}`.execute(
      deps.db,
    );
    return { code: 200, data: { orderId: report.orderId, status: after.rows[0].status } };
  });
}

/**
 * The status sweep (every 2 minutes): undetermined orders a provider's API was asked to pay are
 * asked about; an outcome it knows settles the order as its callback would. An order of a
 * channel without an enabled endpoint waits for a reviewer.
 */
export async function sweepUndetermined(db: Db, clock: Clock): Promise<number> {
  const { rows } = await sql<{ order_id: string; channel: string }>`
    (SELECT order_id, channel, updated_at FROM cashout_order WHERE status = 'undetermined' AND provider LIKE 'http:%'
     UNION ALL SELECT order_id, channel, updated_at FROM agent_cashout_order WHERE status = 'undetermined' AND provider LIKE 'http:%')
    ORDER BY updated_at LIMIT 50`.execute(db);
  let settled = 0;
  for (const { order_id, channel } of rows) {
    const endpoint = await endpointOf(db, channel);
    if (!endpoint) continue;
    const known = await new HttpPayoutProvider(endpoint).status(order_id);
    if (known?.status === 'success' || known?.status === 'failure') {
      await lateReport(
        db,
        { orderId: order_id, status: known.status, ...(known.status === 'success' ? { reference: known.reference } : { reason: known.reason }) },
        clock,
      );
      settled += 1;
    }
  }
  return settled;
}

export function registerPayoutSweep(app: JobHost, db: Db, clock: Clock): void {
  registerRepeatingJob(app, {
    name: 'payout status sweep',
    firstAfterMs: 30_000,
    everyMs: 120_000,
    run: async () => {
      await sweepUndetermined(db, clock);
    },
  });
}
