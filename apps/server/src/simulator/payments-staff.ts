/**
 * The desk's cash-out work at the console (in-process-staff.ts carries it): each step is the
 * review screen's own call of the demo account (POST /api/cashout/claim, reauth, approve,
 * deny, resolve), so the state machine, four eyes, re-authentication, the payout through the
 * simulated provider and the operation log are the console's. The order is found by the
 * platform's requestId. Idempotent for a seed finished after a cut: a step whose record is in
 * the operation log at that moment answers 208.
 */
import type { Db } from '../db/open';
import type { StaffAnswer, StaffOp } from './types';

type CashoutOp = Extract<StaffOp, { op: 'cashout.review' | 'cashout.resolve' }>;
export const isCashoutOp = (op: StaffOp): op is CashoutOp => op.op === 'cashout.review' || op.op === 'cashout.resolve';

export interface DeskCalls {
  db: Db;
  password: string;
  call(by: string, url: string, body: unknown, token?: string): Promise<{ status: number; json: any }>;
  tokenOf(by: string, at: number): Promise<string>;
  done(by: string, operation: string, at: number): Promise<boolean>;
}

const answer = (res: { status: number; json: any }): StaffAnswer => ({ status: res.status, code: res.json.code ?? res.status, message: res.json.message });

export async function cashoutStaff(op: CashoutOp, at: number, d: DeskCalls): Promise<StaffAnswer> {
  const order = await d.db.selectFrom('cashout_order').select(['order_id', 'status']).where('request_id', '=', op.requestId).executeTakeFirst();
  if (!order) return { status: 404, code: 404, message: `No cash-out order of request ${op.requestId}` };
  const orderId = order.order_id;
  const first = op.op === 'cashout.resolve' ? 'cashout.resolve' : op.decision === 'deny' ? 'cashout.deny' : 'cashout.approve';
  if (await d.done(op.by, first, at)) return { status: 208, code: 208, message: 'Done before' };
  const token = await d.tokenOf(op.by, at);
  if (op.op === 'cashout.resolve') {
    if (order.status !== 'undetermined') return { status: 208, code: 208, message: `Order is ${order.status}` };
    return answer(await d.call(op.by, '/api/cashout/resolve', { orderId, outcome: op.outcome, reason: op.reason }, token));
  }
  if (order.status === 'not_reviewed') {
    const claimed = await d.call(op.by, '/api/cashout/claim', { orderId }, token);
    if (claimed.status !== 200) return answer(claimed);
  }
  if (op.decision === 'deny') return answer(await d.call(op.by, '/api/cashout/deny', { orderId, reason: op.reason }, token));
  const approve = async (by: string, tokenOfBy: string) => {
    const reauth = await d.call(by, '/api/cashout/reauth', { password: d.password }, tokenOfBy);
    if (reauth.status !== 200) return reauth;
    return d.call(by, '/api/cashout/approve', { orderId }, tokenOfBy);
  };
  const approved = await approve(op.by, token);
  // above the four-eyes amount the order waits in review for a second, different reviewer
  if (approved.status === 200 && approved.json.data?.order?.status === 'in_review' && op.second) {
    return answer(await approve(op.second, await d.tokenOf(op.second, at)));
  }
  return answer(approved);
}
