/**
 * The staff operations of a cash-out review, declared once and made for each order table that
 * is reviewed this way: the players' cash-outs (/api/cashout, this domain) and the agents'
 * (/api/agentcash). Each gets the same steps under its own path, operation names, catalogue
 * screen and answer: re-authentication, claim, release, approve (four eyes), deny, resolve an
 * undetermined payout, and the batch approve and deny (decision 006).
 */
import {
  agentApproveBody,
  cashoutBatchAnswer,
  cashoutBatchApproveBody,
  cashoutBatchDenyBody,
  cashoutDenyBody,
  cashoutOrderBody,
  cashoutReauthAnswer,
  cashoutReauthBody,
  cashoutResolveBody,
} from '@console/schemas';
import type { z } from 'zod';
import { ApiError } from '../../http/api-error';
import { defineOperation, type Operation, type OperationContext } from '../../http/operation';
import { isoInConsoleZone } from '../../http/time';
import type { SessionUser } from '../auth/sessions';
import { appendOperationLog } from '../operation-log/chain';
import { reauthenticate } from './reauth';
import type { BatchResult, Reviewer } from './review';

/** The review steps over one order table (review.ts's reviewSteps of its store). */
export interface ReviewStepSet {
  claim(r: Reviewer, orderId: string): Promise<unknown>;
  release(r: Reviewer, orderId: string): Promise<unknown>;
  approve(r: Reviewer, orderId: string): Promise<unknown>;
  deny(r: Reviewer, orderId: string, reason: string): Promise<unknown>;
  resolve(r: Reviewer, orderId: string, outcome: 'success' | 'fail', reason: string): Promise<unknown>;
  approveBatch(r: Reviewer, orderIds: readonly string[]): Promise<BatchResult[]>;
  denyBatch(r: Reviewer, orderIds: readonly string[], reason: string): Promise<BatchResult[]>;
}

export interface ReviewOperationsSpec {
  /** The paths' prefix ('/api/cashout'). */
  api: string;
  /** The operations' name prefix, also the operation log's ('cashout' → 'cashout.claim'). */
  name: string;
  tags: string[];
  /** The catalogue screen whose roles every step requires. */
  screen: string;
  steps: ReviewStepSet;
  /** The answer of one step: `{ order }` with the table's item. */
  stepAnswer: z.ZodType;
  /** What goes back on a denial or a failed payout, as the summaries say it ('the hold and fee'). */
  refund: string;
  /**
   * Approve also takes the password in its body and re-authenticates with it first, as /reauth
   * does (the agents' review screen asks for it in the approve form).
   */
  passwordOnApprove?: boolean;
  /** A refusal of approve particular to this table, for its summary ('409 while …'). */
  approveRefusal?: string;
}

const ok = (data: unknown) => ({ code: 200, data });
const reviewer = (ctx: OperationContext<unknown, unknown, SessionUser>): Reviewer => ({ db: ctx.db, user: ctx.user, ip: ctx.ip, clock: ctx.config.now });

export function reviewOperations(spec: ReviewOperationsSpec): Operation[] {
  const { api, name, tags, screen, steps, stepAnswer } = spec;
  const common = { tags, screen } as const;
  return [
    defineOperation({
      ...common,
      method: 'POST',
      url: `${api}/reauth`,
      name: `${name}.reauth`,
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
              operation: `${name}.reauth`,
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
          // a wrong password or code is a refusal worth its own record; the framework logs the rest
          if (error instanceof ApiError && error.statusCode === 400) {
            await log('failed', 400, error.logMessage ?? error.message);
            error.logged = true;
          }
          throw error;
        }
      },
    }),
    defineOperation({
      ...common,
      method: 'POST',
      url: `${api}/claim`,
      name: `${name}.claim`,
      body: cashoutOrderBody,
      response: stepAnswer,
      summary: 'Not reviewed → in review, claimed by the caller; 409 naming the order otherwise',
      handler: async (ctx) => ok({ order: await steps.claim(reviewer(ctx), ctx.body.orderId) }),
    }),
    defineOperation({
      ...common,
      method: 'POST',
      url: `${api}/release`,
      name: `${name}.release`,
      body: cashoutOrderBody,
      response: stepAnswer,
      summary: 'In review → not reviewed before any approval: by its reviewer, or by anyone once the claim is 30 minutes old',
      handler: async (ctx) => ok({ order: await steps.release(reviewer(ctx), ctx.body.orderId) }),
    }),
    spec.passwordOnApprove
      ? defineOperation({
          ...common,
          method: 'POST',
          url: `${api}/approve`,
          name: `${name}.approve`,
          body: agentApproveBody,
          response: stepAnswer,
          summary: approveSummary(spec),
          handler: async (ctx) => {
            if (ctx.body.password !== undefined) await reauthenticate(ctx.db, ctx.user, { password: ctx.body.password }, ctx.now);
            return ok({ order: await steps.approve(reviewer(ctx), ctx.body.orderId) });
          },
        })
      : defineOperation({
          ...common,
          method: 'POST',
          url: `${api}/approve`,
          name: `${name}.approve`,
          body: cashoutOrderBody,
          response: stepAnswer,
          summary: approveSummary(spec),
          handler: async (ctx) => ok({ order: await steps.approve(reviewer(ctx), ctx.body.orderId) }),
        }),
    defineOperation({
      ...common,
      method: 'POST',
      url: `${api}/deny`,
      name: `${name}.deny`,
      body: cashoutDenyBody,
      response: stepAnswer,
      summary: `Denies a not reviewed order, or one in review (its reviewer, or a second reviewer); ${spec.refund} go back once`,
      handler: async (ctx) => ok({ order: await steps.deny(reviewer(ctx), ctx.body.orderId, ctx.body.reason) }),
    }),
    defineOperation({
      ...common,
      method: 'POST',
      url: `${api}/resolve`,
      name: `${name}.resolve`,
      body: cashoutResolveBody,
      response: stepAnswer,
      summary: `Sets an undetermined payout to success (set_success: settled) or fail (${spec.refund} returned once)`,
      handler: async (ctx) => ok({ order: await steps.resolve(reviewer(ctx), ctx.body.orderId, ctx.body.outcome, ctx.body.reason) }),
    }),
    defineOperation({
      ...common,
      method: 'POST',
      url: `${api}/approve/batch`,
      name: `${name}.approve.batch`,
      body: cashoutBatchApproveBody,
      response: cashoutBatchAnswer,
      summary: 'Approves up to 100 orders one by one (each its own step and log record; a refusal does not stop the others); needs a recent re-authentication',
      handler: async (ctx) => ok({ results: await steps.approveBatch(reviewer(ctx), ctx.body.orderIds) }),
    }),
    defineOperation({
      ...common,
      method: 'POST',
      url: `${api}/deny/batch`,
      name: `${name}.deny.batch`,
      body: cashoutBatchDenyBody,
      response: cashoutBatchAnswer,
      summary: 'Denies up to 100 orders one by one with one reason',
      handler: async (ctx) => ok({ results: await steps.denyBatch(reviewer(ctx), ctx.body.orderIds, ctx.body.reason) }),
    }),
  ];
}

function approveSummary(spec: ReviewOperationsSpec): string {
  const reauth = spec.passwordOnApprove
    ? 'needs a re-authentication within 5 minutes, else 403: `password` in the body re-authenticates first, as /reauth'
    : 'needs a re-authentication within 5 minutes, else 403';
  return `Approves (${reauth}${spec.approveRefusal ? `; ${spec.approveRefusal}` : ''}); above the four-eyes amount a second, different reviewer completes it; then the payout runs and the answer carries its outcome`;
}
