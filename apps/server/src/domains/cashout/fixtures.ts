/** Test helpers of the cash-out domain: channels written directly, orders through the platform API. For tests only. */
import type { Db } from '../../db/open';
import type { TestApp } from '../../test/harness';
import type { PlatformClient } from '../../test/platform';

export interface TestChannel {
  channel: string;
  status?: 'open' | 'close' | 'maintenance';
  min?: number;
  max?: number;
  feePercent?: number;
  dailyMax?: number;
  dailyMaxEnabled?: boolean;
  maxFailures?: number;
}

export async function addChannel(db: Db, c: TestChannel): Promise<void> {
  await db
    .insertInto('cashout_channel')
    .values({
      channel: c.channel,
      name: c.channel,
      status: c.status ?? 'open',
      min_amount: c.min ?? 100,
      max_amount: c.max ?? 100_000_000_00,
      fee_percent: c.feePercent ?? 2,
      daily_max: c.dailyMax ?? 0,
      daily_max_enabled: c.dailyMaxEnabled ?? false,
      max_consecutive_failures: c.maxFailures ?? 0,
    })
    .execute();
}

let sequence = 0;

/** Creates an order through the signed platform call; returns the answer's data. */
export async function requestCashout(p: PlatformClient, body: { uid: number; channel: string; amount: number; account?: string; requestId?: string }) {
  const res = await p.post('/api/platform/cashout/orders', {
    requestId: body.requestId ?? `req-${process.pid}-${(sequence += 1)}`,
    uid: body.uid,
    channel: body.channel,
    amount: body.amount,
    account: body.account ?? '09171234567',
  });
  if (res.status !== 200) throw new Error(`cash-out request: ${JSON.stringify(res.body)}`);
  return res.body.data as { orderId: string; status: string; fee: number };
}

/** Signs in and re-authenticates (password) so that the token may approve for 5 minutes. */
export async function reviewerToken(t: TestApp, username: string): Promise<string> {
  const token = await t.loginAs(username);
  const res = await t.post('/api/cashout/reauth', { password: 'demo123456' }, token);
  if (res.status !== 200) throw new Error(`reauth ${username}: ${JSON.stringify(res.body)}`);
  return token;
}

export const withdrawable = async (db: Db, uid: number) =>
  (await db.selectFrom('player_balance').select('withdrawable').where('uid', '=', uid).executeTakeFirstOrThrow()).withdrawable;

export const orderRow = (db: Db, orderId: string) => db.selectFrom('cashout_order').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();

/** Saves the withdrawal rules row (payment-config's cashout_rules): the four-eyes amount, no daily count limit. */
export async function setRules(db: Db, rules: { fourEyesAmount?: number; dailyCount?: number } = {}): Promise<void> {
  const values = { four_eyes_amount: rules.fourEyesAmount ?? 1_000_000, daily_count: rules.dailyCount ?? 0, review_from_hour: 9, review_to_hour: 21 };
  await db
    .insertInto('cashout_rules')
    .values(values)
    .onConflict((oc) => oc.column('id').doUpdateSet(values))
    .execute();
}
