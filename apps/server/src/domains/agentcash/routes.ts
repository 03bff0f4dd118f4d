/**
 * /agentcash (docs/api/agentcash.md, docs/decisions/024-agentcash-groundpromoters.md):
 * the agents' cash-out settings (per partner, versioned), the review (the players' cash-out
 * review steps on the agents' orders: claim, four eyes, re-authentication), the figures by day,
 * month and agent; the platform's agent cash-out request and status (the contract's form).
 */
import {
  agentCashSummary,
  agentApproveBody,
  agentCashConfigBody,
  agentCashConfigQuery,
  agentCashConfigSaveBody,
  agentCashoutCreateBody,
  agentCashoutItem,
  cashoutBatchAnswer,
  cashoutBatchApproveBody,
  cashoutBatchDenyBody,
  cashoutContextQuery,
  cashoutCreateAnswer,
  cashoutDenyBody,
  cashoutOrderAnswer,
  cashoutOrderBody,
  cashoutOrderQuery,
  cashoutReauthAnswer,
  cashoutReauthBody,
  cashoutResolveBody,
  emptyQuery,
} from '@console/schemas';
import { z } from 'zod';
import { ApiError } from '../../http/api-error';
import { listOperations } from '../../http/list';
import { defineOperation, type Operation, type OperationContext } from '../../http/operation';
import { definePlatformOperation, type PlatformOperation } from '../../http/platform-operation';
import { isoInConsoleZone } from '../../http/time';
import { partnerScope } from '../../plugins/partner-scope';
import type { SessionUser } from '../auth/sessions';
import { reauthenticate } from '../cashout/reauth';
import type { Reviewer } from '../cashout/review';
import { appendOperationLog } from '../operation-log/chain';
import { saveItem, versionOperations } from '../../settings/versions';
import { agentCashConfig, agentCashConfigItems, CONFIG_SCREEN, stampConfigEditor } from './config';
import { context, summary } from './context';
import { agentOrders, figureOperations, REVIEW_SCREEN } from './lists';
import { agentCashoutStatus, agentReview, createAgentCashout, recoverAgentPayouts } from './orders';

const tags = ['agentcash'];
const API = '/api/agentcash';
const screen = REVIEW_SCREEN;
const ok = (data: unknown) => ({ code: 200, data });
const answer = (data: z.ZodType) => z.object({ code: z.literal(200), data });
const stepAnswer = answer(z.object({ order: agentCashoutItem }));
const reviewer = (ctx: OperationContext<unknown, unknown, SessionUser>): Reviewer => ({ db: ctx.db, user: ctx.user, ip: ctx.ip, clock: ctx.config.now });

/** The partner whose settings an account reads: its own for a partner account, else the one asked for (0: the platform default). */
const settingsPartner = (user: SessionUser, asked?: number) => partnerScope(user) ?? asked ?? 0;

const configAnswer = answer(z.object({ partner: z.number(), source: z.enum(['partner', 'platform', 'default']), config: agentCashConfigBody }));

export const agentCashOperations: Operation[] = [
  defineOperation({
    method: 'GET',
    url: `${API}/config`,
    name: 'agentcash.config.get',
    tags,
    screen: CONFIG_SCREEN,
    query: agentCashConfigQuery,
    response: configAnswer,
    summary:
      "A partner's agent cash-out settings in force (partner 0 or absent: the platform default; a partner account always reads its own) and where they come from",
    handler: async ({ db, user, query }) => {
      const partner = settingsPartner(user, query.partner);
      const { config, source } = await agentCashConfig(db, partner);
      return ok({ partner, source, config });
    },
  }),
  defineOperation({
    method: 'POST',
    url: `${API}/config/save`,
    name: 'agentcash.config.save',
    tags,
    screen: CONFIG_SCREEN,
    audit: true,
    body: agentCashConfigSaveBody,
    response: answer(z.object({ version: z.number(), doc: z.unknown() })),
    summary: "Overwrites a partner's agent cash-out settings (partner 0: the platform default); a new version; 403 for another partner's",
    handler: async (ctx) => {
      const saved = await saveItem(ctx, agentCashConfigItems, String(ctx.body.partner), 'update', () => ({ partner: ctx.body.partner, ...ctx.body.config }));
      await stampConfigEditor(ctx.db, ctx.body.partner, ctx.user.username);
      return ok(saved);
    },
  }),
  ...versionOperations(agentCashConfigItems, { base: `${API}/config/versions`, name: 'agentcash.config.versions', tags }),
  ...listOperations(agentOrders),
  defineOperation({
    method: 'GET',
    url: `${API}/summary`,
    name: 'agentcash.summary',
    tags,
    screen,
    query: emptyQuery,
    summary: 'Counts of the review queues, the four-eyes and auto-approve amounts; resumes payouts a crashed process left',
    response: answer(agentCashSummary),
    handler: async ({ db, user, config }) => {
      await recoverAgentPayouts(db, config.now);
      return ok(await summary(db, user));
    },
  }),
  defineOperation({
    method: 'GET',
    url: `${API}/context`,
    name: 'agentcash.context',
    tags,
    screen,
    query: cashoutContextQuery,
    response: answer(z.unknown()),
    summary:
      "An order with its history and the agent's context: commission balance, open holds, withdrawable and active invitees, open cheat record, recent orders",
    handler: async ({ db, user, query }) => ok(await context(db, user, query.orderId)),
  }),
  defineOperation({
    method: 'POST',
    url: `${API}/reauth`,
    name: 'agentcash.reauth',
    tags,
    screen,
    body: cashoutReauthBody,
    response: cashoutReauthAnswer,
    summary: "The cash-out review's re-authentication (the same per-session confirmation, valid 5 minutes); 400 when wrong, 429 after 5 wrong in 15 minutes",
    handler: async ({ db, user, body, now, ip }) => {
      const log = (result: 'ok' | 'failed', status: number, message: string) =>
        appendOperationLog(
          db,
          {
            username: user.username,
            partner: user.partner,
            operation: 'agentcash.reauth',
            target: user.username,
            result,
            status,
            message,
            before: null,
            after: null,
            ip,
          },
          now,
        );
      try {
        const validUntil = await reauthenticate(db, user, body, now);
        await log('ok', 200, `via ${'password' in body ? 'password' : 'code'}`);
        return ok({ validUntil: isoInConsoleZone(validUntil) });
      } catch (error) {
        if (error instanceof ApiError && error.statusCode === 400) {
          await log('failed', 400, error.logMessage ?? error.message);
          error.logged = true;
        }
        throw error;
      }
    },
  }),
  defineOperation({
    method: 'POST',
    url: `${API}/claim`,
    name: 'agentcash.claim',
    tags,
    screen,
    body: cashoutOrderBody,
    response: stepAnswer,
    summary: 'Not reviewed → in review, claimed by the caller; 409 naming the order otherwise',
    handler: async (ctx) => ok({ order: await agentReview.claim(reviewer(ctx), ctx.body.orderId) }),
  }),
  defineOperation({
    method: 'POST',
    url: `${API}/release`,
    name: 'agentcash.release',
    tags,
    screen,
    body: cashoutOrderBody,
    response: stepAnswer,
    summary: 'In review → not reviewed before any approval: by its reviewer, or by anyone once the claim is 30 minutes old',
    handler: async (ctx) => ok({ order: await agentReview.release(reviewer(ctx), ctx.body.orderId) }),
  }),
  defineOperation({
    method: 'POST',
    url: `${API}/approve`,
    name: 'agentcash.approve',
    tags,
    screen,
    body: agentApproveBody,
    response: stepAnswer,
    summary:
      'Approves (needs a re-authentication within 5 minutes, else 403: `password` in the body re-authenticates first, as /reauth; 409 while the agent has an open cheat record); ' +
      'above the four-eyes amount a second, different reviewer completes it; then the payout runs',
    handler: async (ctx) => {
      if (ctx.body.password !== undefined) await reauthenticate(ctx.db, ctx.user, { password: ctx.body.password }, ctx.now);
      return ok({ order: await agentReview.approve(reviewer(ctx), ctx.body.orderId) });
    },
  }),
  defineOperation({
    method: 'POST',
    url: `${API}/deny`,
    name: 'agentcash.deny',
    tags,
    screen,
    body: cashoutDenyBody,
    response: stepAnswer,
    summary: "Denies a not reviewed order, or one in review (its reviewer, or a second reviewer); amount + fee go back to the agent's account once",
    handler: async (ctx) => ok({ order: await agentReview.deny(reviewer(ctx), ctx.body.orderId, ctx.body.reason) }),
  }),
  defineOperation({
    method: 'POST',
    url: `${API}/resolve`,
    name: 'agentcash.resolve',
    tags,
    screen,
    body: cashoutResolveBody,
    response: stepAnswer,
    summary: 'Sets an undetermined payout to success (set_success: settled) or fail (amount + fee returned once)',
    handler: async (ctx) => ok({ order: await agentReview.resolve(reviewer(ctx), ctx.body.orderId, ctx.body.outcome, ctx.body.reason) }),
  }),
  defineOperation({
    method: 'POST',
    url: `${API}/approve/batch`,
    name: 'agentcash.approve.batch',
    tags,
    screen,
    body: cashoutBatchApproveBody,
    response: cashoutBatchAnswer,
    summary: 'Approves up to 100 orders one by one (each its own step and log record); needs a recent re-authentication',
    handler: async (ctx) => ok({ results: await agentReview.approveBatch(reviewer(ctx), ctx.body.orderIds) }),
  }),
  defineOperation({
    method: 'POST',
    url: `${API}/deny/batch`,
    name: 'agentcash.deny.batch',
    tags,
    screen,
    body: cashoutBatchDenyBody,
    response: cashoutBatchAnswer,
    summary: 'Denies up to 100 orders one by one with one reason',
    handler: async (ctx) => ok({ results: await agentReview.denyBatch(reviewer(ctx), ctx.body.orderIds, ctx.body.reason) }),
  }),
  ...figureOperations,
];

export const agentCashPlatformOperations: PlatformOperation[] = [
  definePlatformOperation({
    method: 'POST',
    url: '/api/platform/agentcash/orders',
    name: 'platform.agentcash.create',
    scope: 'cashout',
    summary:
      "An agent's cash-out request (uid = the agent): holds amount + fee from its commission account at once; at or under the auto-approve amount it is approved and paid at once; " +
      "409 if short, outside the partner's range, over the day's count or amount, the agent lacks active invitees or is suspended, or the channel is not open; requestId idempotent",
    body: agentCashoutCreateBody,
    response: cashoutCreateAnswer,
    handler: async ({ db, app, body, now, config }) => ok(await createAgentCashout(db, app.appId, body, now, config.now)),
  }),
  definePlatformOperation({
    method: 'GET',
    url: '/api/platform/agentcash/orders',
    name: 'platform.agentcash.status',
    scope: 'cashout',
    summary: "An agent cash-out order's status, amount and fee (the application's own orders)",
    query: cashoutOrderQuery,
    response: cashoutOrderAnswer,
    handler: async ({ db, app, query }) => ok(await agentCashoutStatus(db, app.appId, query.orderId)),
  }),
];
