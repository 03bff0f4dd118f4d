/**
 * What the payout service tells a cash-out channel after each payout: a success clears the
 * failure counter; a failure adds one, and reaching the channel's max consecutive failures
 * closes it, with an operation-log record that says why (§9). Call it inside the
 * transaction that records the payout's outcome.
 */
import type { Db } from '../../db/open';
import { appendOperationLog } from '../operation-log/chain';

export interface ChannelHealth {
  consecutiveFailures: number;
  closed: boolean;
}

export async function notePayoutOutcome(db: Db, channel: string, succeeded: boolean, now: Date): Promise<ChannelHealth> {
  const row = await db
    .selectFrom('cashout_channel')
    .select(['status', 'consecutive_failures', 'max_consecutive_failures'])
    .where('channel', '=', channel)
    .forUpdate()
    .executeTakeFirst();
  if (!row) return { consecutiveFailures: 0, closed: false };
  if (succeeded) {
    if (row.consecutive_failures !== 0) await db.updateTable('cashout_channel').set({ consecutive_failures: 0 }).where('channel', '=', channel).execute();
    return { consecutiveFailures: 0, closed: false };
  }
  const failures = row.consecutive_failures + 1;
  const closes = row.max_consecutive_failures > 0 && failures >= row.max_consecutive_failures && row.status !== 'close';
  await db
    .updateTable('cashout_channel')
    .set(closes ? { consecutive_failures: failures, status: 'close', updated_at: now } : { consecutive_failures: failures })
    .where('channel', '=', channel)
    .execute();
  if (closes) {
    // the history of cashOutEdter shows it too: who closed it (the system) and why
    const before = { status: row.status };
    await db
      .insertInto('config_version')
      .values({
        kind: 'cashOutEdter',
        key: channel,
        at: now,
        actor: 'system',
        action: 'autoClose',
        before: JSON.stringify(before),
        after: JSON.stringify({ status: 'close', consecutiveFailures: failures }),
      })
      .execute();
    await appendOperationLog(
      db,
      {
        username: 'system',
        partner: 0,
        operation: 'remoteconfig.cashOutEdter.autoClose',
        target: `cashOutEdter:${channel}`,
        result: 'ok',
        status: 200,
        message: `Closed after ${failures} consecutive payout failures (max ${row.max_consecutive_failures})`,
        before: { status: row.status, consecutiveFailures: row.consecutive_failures },
        after: { status: 'close', consecutiveFailures: failures },
        ip: '',
      },
      now,
    );
  }
  return { consecutiveFailures: failures, closed: closes };
}
