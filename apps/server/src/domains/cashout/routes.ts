/**
 * Cash-out orders, their review and payout (docs/api/cashout.md). Staff operations
 * take their roles from /usermanager/cashoutreview (docs/decisions/006-cashout-review.md);
 * the platform calls are the contract's "Recharge and cash-out" ones.
 */
import {
  cashoutSummaryAnswer,
  cashoutBatchAnswer,
  cashoutBatchApproveBody,
  cashoutBatchDenyBody,
  cashoutContextAnswer,
  cashoutContextQuery,
  cashoutCreateAnswer,
  cashoutCreateBody,
  cashoutDenyBody,
  cashoutOrderAnswer,
  cashoutOrderBody,
  cashoutOrderQuery,
  cashoutReauthAnswer,
  cashoutReauthBody,
  cashoutResolveBody,
  cashoutTransitionAnswer,
  charismaAnswer,
  charismaIssueBody,
  charismaRequestBody,
  emptyQuery,
} from '@console/schemas';
import { ApiError } from '../../http/api-error';
import { listOperations } from '../../http/list';
import { defineOperation, type Operation, type OperationContext } from '../../http/operation';
import { definePlatformOperation, type PlatformOperation } from '../../http/platform-operation';
import { isoInConsoleZone } from '../../http/time';
import type { SessionUser } from '../auth/sessions';
import { appendOperationLog } from '../operation-log/chain';
import { issueCharisma, requestCharisma } from './charisma';
import { orderContext, queueSummary } from './context';
import { cashoutOrders, charismaCashouts, REVIEW_SCREEN } from './lists';
import { cashoutStatus, createCashout } from './orders';
import { recoverPayouts } from './payout';
import { reauthenticate } from './reauth';
import { approve, approveBatch, claim, deny, denyBatch, release, resolve, type Reviewer } from './review';

const tags = ['cashout'];
const API = '/api/cashout';
const screen = REVIEW_SCREEN;
const ok = (data: unknown) => ({ code: 200, data });
const reviewer = (ctx: OperationContext<unknown, unknown, SessionUser>): Reviewer => ({
  db: ctx.db,
  user: ctx.user,
  ip: ctx.ip,
  clock: ctx.config.now,
});

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
  defineOperation({
    method: 'POST',
    url: `${API}/reauth`,
    name: 'cashout.reauth',
    tags,
    screen,
    body: cashoutReauthBody,
    response: cashoutReauthAnswer,
    summary: 'Confirms the password or a current authenticator code: this session may approve for 5 minutes; 400 when wrong, 429 after 5 wrong in 15 minutes',
    handler: async ({ db, user, body, now, ip }) => {
      const log = (result: 'ok' | 'failed', status: number, message: string) =>
        appendOperationLog(
          db,
          {
            username: user.username,
            partner: user.partner,
            operation: 'cashout.reauth',
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
    name: 'cashout.claim',
    tags,
    screen,
    body: cashoutOrderBody,
    response: cashoutTransitionAnswer,
    summary: 'Not reviewed → in review, claimed by the caller; 409 naming the order otherwise',
    handler: async (ctx) => ok({ order: await claim(reviewer(ctx), ctx.body.orderId) }),
  }),
  defineOperation({
    method: 'POST',
    url: `${API}/release`,
    name: 'cashout.release',
    tags,
    screen,
    body: cashoutOrderBody,
    response: cashoutTransitionAnswer,
    summary: 'In review → not reviewed before any approval: by its reviewer, or by anyone once the claim is 30 minutes old',
    handler: async (ctx) => ok({ order: await release(reviewer(ctx), ctx.body.orderId) }),
  }),
  defineOperation({
    method: 'POST',
    url: `${API}/approve`,
    name: 'cashout.approve',
    tags,
    screen,
    body: cashoutOrderBody,
    response: cashoutTransitionAnswer,
    summary:
      'Approves (needs a re-authentication within 5 minutes, else 403); above the four-eyes amount a second, different reviewer completes it; then the payout runs and the answer carries its outcome',
    handler: async (ctx) => ok({ order: await approve(reviewer(ctx), ctx.body.orderId) }),
  }),
  defineOperation({
    method: 'POST',
    url: `${API}/deny`,
    name: 'cashout.deny',
    tags,
    screen,
    body: cashoutDenyBody,
    response: cashoutTransitionAnswer,
    summary: 'Denies a not reviewed order, or one in review (its reviewer, or a second reviewer); the hold and fee go back once',
    handler: async (ctx) => ok({ order: await deny(reviewer(ctx), ctx.body.orderId, ctx.body.reason) }),
  }),
  defineOperation({
    method: 'POST',
    url: `${API}/resolve`,
    name: 'cashout.resolve',
    tags,
    screen,
    body: cashoutResolveBody,
    response: cashoutTransitionAnswer,
    summary: 'Sets an undetermined payout to success (set_success: settled) or fail (hold and fee returned once)',
    handler: async (ctx) => ok({ order: await resolve(reviewer(ctx), ctx.body.orderId, ctx.body.outcome, ctx.body.reason) }),
  }),
  defineOperation({
    method: 'POST',
    url: `${API}/approve/batch`,
    name: 'cashout.approve.batch',
    tags,
    screen,
    body: cashoutBatchApproveBody,
    response: cashoutBatchAnswer,
    summary: 'Approves up to 100 orders one by one (each its own step and log record; a refusal does not stop the others); needs a recent re-authentication',
    handler: async (ctx) => ok({ results: await approveBatch(reviewer(ctx), ctx.body.orderIds) }),
  }),
  defineOperation({
    method: 'POST',
    url: `${API}/deny/batch`,
    name: 'cashout.deny.batch',
    tags,
    screen,
    body: cashoutBatchDenyBody,
    response: cashoutBatchAnswer,
    summary: 'Denies up to 100 orders one by one with one reason',
    handler: async (ctx) => ok({ results: await denyBatch(reviewer(ctx), ctx.body.orderIds, ctx.body.reason) }),
  }),
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
    handler: async ({ db, app, query }) => ok(await cashoutStatus(db, app.appId, query.orderId)),
  }),
];
