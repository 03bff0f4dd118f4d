/**
 * /agentcash (docs/api/agentcash.md, docs/decisions/024-agentcash-groundpromoters.md):
 * the agents' cash-out settings (per partner, versioned), the review (the players' cash-out
 * review steps on the agents' orders: claim, four eyes, re-authentication), the figures by day,
 * month and agent; the platform's agent cash-out request and status (the contract's form).
 */
import {
  agentCashSummary,
  agentCashConfigBody,
  agentCashConfigQuery,
  agentCashConfigSaveBody,
  agentCashoutCreateBody,
  agentCashoutItem,
  cashoutContextQuery,
  cashoutCreateAnswer,
  cashoutOrderAnswer,
  cashoutOrderQuery,
  emptyQuery,
} from '@console/schemas';
import { z } from 'zod';
import { listOperations } from '../../http/list';
import { defineOperation, type Operation } from '../../http/operation';
import { definePlatformOperation, type PlatformOperation } from '../../http/platform-operation';
import { partnerScope } from '../../plugins/partner-scope';
import type { SessionUser } from '../auth/sessions';
import { reviewOperations } from '../cashout/review-operations';
import { saveItem, versionOperations } from '../../settings/versions';
import { agentCashConfig, agentCashConfigItems, CONFIG_SCREEN, stampConfigEditor } from './config';
import { context, summary } from './context';
import { agentOrders, figureOperations, REVIEW_SCREEN } from './lists';
import { agentReview, createAgentCashout, recoverAgentPayouts } from './orders';
import { orderStatus } from '../cashout/orders';

const tags = ['agentcash'];
const API = '/api/agentcash';
const screen = REVIEW_SCREEN;
const ok = (data: unknown) => ({ code: 200, data });
const answer = (data: z.ZodType) => z.object({ code: z.literal(200), data });

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
  ...reviewOperations({
    api: API,
    name: 'agentcash',
    tags,
    screen,
    steps: agentReview,
    stepAnswer: answer(z.object({ order: agentCashoutItem })),
    refund: "amount + fee (to the agent's account)",
    passwordOnApprove: true,
    approveRefusal: '409 while the agent has an open cheat record',
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
    handler: async ({ db, app, query }) => ok(await orderStatus(db, 'agent_cashout_order', app.appId, query.orderId)),
  }),
];
