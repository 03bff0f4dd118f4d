/**
 * Cash-out orders, their review and payout (docs/api/cashout.md). Staff operations
 * take their roles from /usermanager/cashoutreview (docs/decisions/006-cashout-review.md);
 * the platform calls are the contract's "Recharge and cash-out" ones.
 */
import {
  cashoutSummaryAnswer,
  cashoutContextAnswer,
  cashoutContextQuery,
  cashoutCreateAnswer,
  cashoutCreateBody,
  cashoutOrderAnswer,
  cashoutOrderQuery,
  cashoutTransitionAnswer,
  charismaAnswer,
  charismaIssueBody,
  charismaRequestBody,
  emptyQuery,
} from '@console/schemas';
import { listOperations } from '../../http/list';
import { defineOperation, type Operation } from '../../http/operation';
import { definePlatformOperation, type PlatformOperation } from '../../http/platform-operation';
import { issueCharisma, requestCharisma } from './charisma';
import { orderContext, queueSummary } from './context';
import { cashoutOrders, charismaCashouts, REVIEW_SCREEN } from './lists';
import { createCashout, orderStatus } from './orders';
import { recoverPayouts } from './payout';
import { cashoutReview } from './review';
import { reviewOperations } from './review-operations';

const tags = ['cashout'];
const API = '/api/cashout';
const screen = REVIEW_SCREEN;
const ok = (data: unknown) => ({ code: 200, data });

export const cashoutOperations: Operation[] = [
  ...listOperations(cashoutOrders),
  ...listOperations(charismaCashouts),
  defineOperation({
    method: 'GET',
    url: `${API}/summary`,
    name: 'cashout.summary',
    tags,
    screen,
    query: emptyQuery,
    summary:
      'Counts of the review queues (not_reviewed, in_review, approved, undetermined), flagged late outcomes, the four-eyes amount; resumes payouts a crashed process left',
    response: cashoutSummaryAnswer,
    handler: async ({ db, user, config }) => {
      await recoverPayouts(db, config.now);
      return ok(await queueSummary(db, user));
    },
  }),
  defineOperation({
    method: 'GET',
    url: `${API}/context`,
    name: 'cashout.context',
    tags,
    screen,
    query: cashoutContextQuery,
    response: cashoutContextAnswer,
    summary: "An order with its history and the player's context: balances, recent recharges, bets and cash-outs, shared devices and addresses",
    handler: async ({ db, user, query }) => ok(await orderContext(db, user, query.orderId)),
  }),
  ...reviewOperations({ api: API, name: 'cashout', tags, screen, steps: cashoutReview, stepAnswer: cashoutTransitionAnswer, refund: 'the hold and fee' }),
  defineOperation({
    method: 'POST',
    url: `${API}/charisma/request`,
    name: 'cashout.charisma.request',
    tags,
    screen,
    audit: true,
    body: charismaRequestBody,
    response: charismaAnswer,
    summary: "Records a charisma cash-out (unissued): the player's charisma to convert into withdrawable pesos; nothing moves yet",
    handler: async (ctx) => ok(await requestCharisma(ctx, ctx.body)),
  }),
  defineOperation({
    method: 'POST',
    url: `${API}/charisma/issue`,
    name: 'cashout.charisma.issue',
    tags,
    screen,
    audit: true,
    body: charismaIssueBody,
    response: charismaAnswer,
    summary: 'Issues a charisma cash-out (a reviewer other than its requester): charisma out, withdrawable in, once',
    handler: async (ctx) => ok(await issueCharisma(ctx, ctx.body.id)),
  }),
];

export const cashoutPlatformOperations: PlatformOperation[] = [
  definePlatformOperation({
    method: 'POST',
    url: '/api/platform/cashout/orders',
    name: 'platform.cashout.create',
    scope: 'cashout',
    summary:
      "A player's cash-out request: holds amount + fee from withdrawable at once; 409 if short, outside the channel's range, over its daily count, or the channel is not open; requestId idempotent",
    body: cashoutCreateBody,
    response: cashoutCreateAnswer,
    handler: async ({ db, app, body, now }) => ok(await createCashout(db, app.appId, body, now)),
  }),
  definePlatformOperation({
    method: 'GET',
    url: '/api/platform/cashout/orders',
    name: 'platform.cashout.status',
    scope: 'cashout',
    summary: "An order's status, amount and fee (the application's own orders)",
    query: cashoutOrderQuery,
    response: cashoutOrderAnswer,
    handler: async ({ db, app, query }) => ok(await orderStatus(db, 'cashout_order', app.appId, query.orderId)),
  }),
];
