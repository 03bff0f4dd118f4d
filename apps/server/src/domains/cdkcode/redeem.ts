/**
 * One redemption of a code (POST /api/platform/activities/cdkcode/redeem), in the caller's
 * transaction:
 *   1. the input normalised (codes.ts); anything that is not a stored code is 404 `Unknown code`
 *      and nothing more (a guesser learns nothing about batches);
 *   2. the code's row locked (SELECT … FOR UPDATE): concurrent redemptions of one code, on any
 *      number of server processes, take turns, so a one-use code is paid once and a universal
 *      code never more than its maximum;
 *   3. the same player and code again answers the first redemption (repeated: true, nothing paid);
 *   4. 409 with the reason: disabled, not started, expired, used up, another code of the batch
 *      already redeemed by the player, device / phone / GCash account already rewarded in the
 *      batch, player banned / suspended / self-excluded (the activity engine's `ineligible`);
 *   5. paid through the ledger (reason activity.cdkcode, idempotency key
 *      cdkcode:<batch>:<code>:<uid>) with the redemption row and the code's and batch's counts.
 * docs/decisions/028-cdkcode.md.
 */
import type { CdkRedeemAnswer } from '@console/schemas';
import { sql } from 'kysely';
import type { Db } from '../../db/open';
import { ApiError, conflict, notFound } from '../../http/api-error';
import { isoInConsoleZone } from '../../http/time';
import { ineligible } from '../activities/engine';
import { ledgerError, post } from '../ledger/ledger';
import { formatCode, normaliseCode } from './codes';

const num = (v: unknown) => Number(v ?? 0);
export const UNKNOWN_CODE = 'Unknown code';
export const CDK_REASON = 'activity.cdkcode';

type Player = Parameters<typeof ineligible>[0];

/** What the rules need of a player (the same facts the activity engine reads). */
async function playerOf(
  db: Db,
  uid: number,
): Promise<(Player & { partner: number; device: string | null; phone: string | null; gcash: string | null }) | null> {
  const r = (
    await sql<Record<string, unknown>>`
    SELECT p.partner, p.status, p.suspended_until, p.phone_country, p.phone_number, coalesce(p.login_device, p.register_device) AS device, p.gcash,
      (SELECT max(cool_until) FROM player_control c WHERE c.uid = p.uid) AS cool_until
    FROM player p WHERE p.uid = ${uid}`.execute(db)
  ).rows[0];
  if (!r) return null;
  const date = (v: unknown) => (v ? new Date(v as string) : null);
  return {
    uid,
    partner: num(r.partner),
    status: String(r.status),
    suspended_until: date(r.suspended_until),
    cool_until: date(r.cool_until),
    phone: r.phone_country && r.phone_number ? `+${r.phone_country} ${r.phone_number}` : null,
    phone_bound_at: null,
    vip: 0,
    balance: 0,
    device: (r.device as string | null) || null,
    gcash: (r.gcash as string | null) || null,
  };
}

export interface RedeemInput {
  appId: string;
  uid: number;
  code: string;
  now: Date;
}

export async function redeem(trx: Db, input: RedeemInput): Promise<CdkRedeemAnswer> {
  const { uid, now } = input;
  const code = normaliseCode(input.code);
  if (!code) throw notFound(UNKNOWN_CODE);
  const row = await trx.selectFrom('cdk_code').select(['id', 'batch_id', 'uses', 'max_uses']).where('code', '=', code).forUpdate().executeTakeFirst();
  if (!row) throw notFound(UNKNOWN_CODE);
  const batch = await trx.selectFrom('cdk_batch').selectAll().where('id', '=', row.batch_id).executeTakeFirstOrThrow();
  const answer = (r: { currency: 'chip' | 'bean' | 'diamond'; amount: unknown; at: unknown }, balance: number | null, repeated: boolean): CdkRedeemAnswer => ({
    batchId: batch.id,
    code: formatCode(code),
    currency: r.currency,
    amount: num(r.amount),
    balance,
    redeemedAt: isoInConsoleZone(r.at as Date),
    repeated,
  });
  // one redemption of a player in a batch at a time (two codes of one batch, on any process)
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`cdkcode:${batch.id}:${uid}`}))`.execute(trx);
  const mine = await trx
    .selectFrom('cdk_redemption')
    .select(['code_id', 'currency', 'amount', 'at'])
    .where('batch_id', '=', batch.id)
    .where('uid', '=', uid)
    .executeTakeFirst();
  if (mine && mine.code_id === row.id) return answer(mine, null, true);
  if (batch.status === 'disabled') throw conflict('Code is disabled');
  if (now < new Date(batch.start_at)) throw conflict('Code is not active yet');
  if (now >= new Date(batch.end_at)) throw conflict('Code has expired');
  const player = await playerOf(trx, uid);
  if (!player) throw notFound(`Player ${uid} not found`);
  const blocked = ineligible(player, now);
  if (blocked) throw conflict(blocked);
  if (mine) throw conflict('Already redeemed a code of this batch');
  if (row.uses >= row.max_uses) throw conflict('Code is used up');
  for (const [column, value, what] of [
    ['device', player.device, 'Device'],
    ['phone', player.phone, 'Phone'],
    ['gcash', player.gcash, 'GCash account'],
  ] as const) {
    if (!value) continue;
    const taken = await trx.selectFrom('cdk_redemption').select('uid').where('batch_id', '=', batch.id).where(column, '=', value).executeTakeFirst();
    if (taken) throw conflict(`${what} already rewarded`);
  }
  const amount = batch.amount;
  let posted;
  try {
    posted = await post(trx, {
      uid,
      currency: batch.currency,
      delta: amount,
      reason: CDK_REASON,
      ref: `cdkcode:${batch.id}:${code}`,
      actor: `app:${input.appId}`,
      key: `cdkcode:${batch.id}:${code}:${uid}`,
      at: now,
    });
  } catch (error) {
    throw ledgerError(error, uid);
  }
  await trx
    .insertInto('cdk_redemption')
    .values({
      batch_id: batch.id,
      code_id: row.id,
      code,
      uid,
      partner: player.partner,
      currency: batch.currency,
      amount,
      device: player.device,
      phone: player.phone,
      gcash: player.gcash,
      entry_id: posted.entryId,
      app_id: input.appId,
      at: now,
    })
    .execute();
  await trx
    .updateTable('cdk_code')
    .set({ uses: sql`uses + 1`, last_at: now })
    .where('id', '=', row.id)
    .execute();
  await trx
    .updateTable('cdk_batch')
    .set({ redeemed: sql`redeemed + 1` })
    .where('id', '=', batch.id)
    .execute();
  return answer({ currency: batch.currency, amount, at: now }, posted.balanceAfter, false);
}

/** A unique-key race the checks could not see (two processes, two codes) as the same 409s. */
export function redeemError(error: unknown): unknown {
  const c = (error as { constraint?: string }).constraint ?? (error as Error)?.message ?? '';
  if (c.includes('cdk_redemption_once')) return new ApiError(409, 'Already redeemed a code of this batch');
  if (c.includes('cdk_redemption_device_uq')) return new ApiError(409, 'Device already rewarded');
  if (c.includes('cdk_redemption_phone_uq')) return new ApiError(409, 'Phone already rewarded');
  if (c.includes('cdk_redemption_gcash_uq')) return new ApiError(409, 'GCash account already rewarded');
  return error;
}
