/**
 * Re-authentication before approving a payout: the reviewer confirms with the password or a
 * current authenticator code; the confirmation belongs to the session (a stolen idle token
 * alone cannot approve) and is valid 5 minutes. Wrong answers are counted per session: 5 in
 * 15 minutes lock the confirmation for 15 minutes (429), so a session cannot guess passwords.
 */
import type { CashoutReauthBody } from '@console/schemas';
import type { Db } from '../../db/open';
import { ApiError, badInput, forbidden, tooManyAttempts } from '../../http/api-error';
import { spendCode } from '../auth/authenticator';
import { verifyPassword } from '../auth/passwords';
import type { SessionUser } from '../auth/sessions';

export const REAUTH_VALID_MS = 5 * 60_000;
const MAX_FAILURES = 5;
const WINDOW_MS = 15 * 60_000;
export const WRONG_REAUTH = 'The password or code is incorrect';
export const REAUTH_REQUIRED = 'Confirm your password or authenticator code before approving (valid 5 minutes)';

async function failure(db: Db, tokenHash: string, now: Date): Promise<void> {
  const row = await db.selectFrom('cashout_reauth').select(['failures', 'window_start']).where('token_hash', '=', tokenHash).executeTakeFirst();
  const fresh = !row?.window_start || now.getTime() - row.window_start.getTime() > WINDOW_MS;
  const values = { failures: fresh ? 1 : row.failures + 1, window_start: fresh ? now : row.window_start! };
  await db
    .insertInto('cashout_reauth')
    .values({ token_hash: tokenHash, confirmed_at: null, ...values })
    .onConflict((oc) => oc.column('token_hash').doUpdateSet(values))
    .execute();
}

/** Checks the password or code; on success the session may approve until the answer's validUntil. */
export async function reauthenticate(db: Db, user: SessionUser, body: CashoutReauthBody, now: Date): Promise<Date> {
  const state = await db.selectFrom('cashout_reauth').select(['failures', 'window_start']).where('token_hash', '=', user.tokenHash).executeTakeFirst();
  if (state?.window_start && state.failures >= MAX_FAILURES) {
    const until = state.window_start.getTime() + WINDOW_MS;
    if (now.getTime() < until) throw tooManyAttempts(Math.ceil((until - now.getTime()) / 1000));
  }
  const account = await db
    .selectFrom('console_account')
    .select(['id', 'password_hash', 'totp_secret', 'totp_last_step'])
    .where('id', '=', user.accountId)
    .executeTakeFirstOrThrow();
  let ok: boolean;
  if ('password' in body) {
    ok = await verifyPassword(account.password_hash, body.password);
  } else {
    if (!account.totp_secret) throw badInput('code', 'No authenticator is bound to this account: confirm with the password');
    try {
      await spendCode(db, account, body.code, now);
      ok = true;
    } catch (error) {
      if (!(error instanceof ApiError) || error.statusCode !== 400) throw error;
      ok = false;
    }
  }
  if (!ok) {
    await failure(db, user.tokenHash, now);
    throw new ApiError(400, WRONG_REAUTH);
  }
  await db
    .insertInto('cashout_reauth')
    .values({ token_hash: user.tokenHash, confirmed_at: now, failures: 0, window_start: null })
    .onConflict((oc) => oc.column('token_hash').doUpdateSet({ confirmed_at: now, failures: 0, window_start: null }))
    .execute();
  return new Date(now.getTime() + REAUTH_VALID_MS);
}

/** 403 unless this session confirmed within the last 5 minutes. */
export async function requireRecentReauth(db: Db, user: SessionUser, now: Date): Promise<void> {
  const row = await db.selectFrom('cashout_reauth').select('confirmed_at').where('token_hash', '=', user.tokenHash).executeTakeFirst();
  const at = row?.confirmed_at?.getTime();
  if (at === undefined || now.getTime() - at > REAUTH_VALID_MS || at > now.getTime()) throw forbidden(REAUTH_REQUIRED);
}
