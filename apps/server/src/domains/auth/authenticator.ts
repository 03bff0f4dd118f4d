/** Binding an authenticator (GET shows a secret, POST confirms it with a first code). */
import { sql } from 'kysely';
import type { Db } from '../../db/open';
import type { ServerConfig } from '../../config';
import { badInput, conflict, ApiError } from '../../http/api-error';
import { CODE_INVALID, CODE_REUSED } from './login';
import { verifyPassword } from './passwords';
import { sealTotp } from '../../secrets/columns';
import { matchTotpStep, newTotpSecret, otpauthUrl } from './totp';

export const BIND_TWICE = 'Unable to bind repeatedly, please contact the administrator';
/** A shown secret must be confirmed within this time. */
const ENROLMENT_MS = 10 * 60_000;

async function isBound(db: Db, accountId: number): Promise<boolean> {
  const row = await db.selectFrom('console_account').select('totp_secret').where('id', '=', accountId).executeTakeFirstOrThrow();
  return row.totp_secret !== null;
}

export async function startBinding(db: Db, config: ServerConfig, account: { accountId: number; username: string }, now: Date) {
  if (await isBound(db, account.accountId)) throw conflict(BIND_TWICE);
  const secret = newTotpSecret();
  const sealed = sealTotp(secret, account.accountId);
  await db
    .insertInto('totp_enrolment')
    .values({ account_id: account.accountId, secret: sealed, created_at: now })
    .onConflict((oc) => oc.column('account_id').doUpdateSet({ secret: sealed, created_at: now }))
    .execute();
  return { secret, otpauthUrl: otpauthUrl(secret, config.totpIssuer, account.username) };
}

/** Binding without the password is allowed this long after the session signed in (decision 045). */
export const BIND_GRACE_MS = 10 * 60_000;
export const PASSWORD_TO_BIND = 'Enter your password to bind an authenticator';
export const WRONG_PASSWORD_TO_BIND = 'The password is incorrect';

/**
 * Binds the shown secret with its first code. The password is needed once the session is past
 * its grace after sign-in (and checked whenever it is given); a binding under a once-bound or
 * required role is kept: the account needs an authenticator from then on (decision 045).
 */
export async function confirmBinding(
  db: Db,
  user: { accountId: number; signedInAt: number },
  body: { code: string; password?: string },
  now: Date,
): Promise<void> {
  const accountId = user.accountId;
  if (await isBound(db, accountId)) throw conflict(BIND_TWICE);
  if (body.password === undefined && now.getTime() - user.signedInAt > BIND_GRACE_MS) throw badInput('password', PASSWORD_TO_BIND);
  if (body.password !== undefined) {
    const { password_hash } = await db.selectFrom('console_account').select('password_hash').where('id', '=', accountId).executeTakeFirstOrThrow();
    if (!(await verifyPassword(password_hash, body.password))) throw badInput('password', WRONG_PASSWORD_TO_BIND);
  }
  const code = body.code;
  const enrolment = await db.selectFrom('totp_enrolment').select(['secret', 'created_at']).where('account_id', '=', accountId).executeTakeFirst();
  const fresh = enrolment && now.getTime() - enrolment.created_at.getTime() <= ENROLMENT_MS;
  const step = fresh ? matchTotpStep(enrolment.secret, accountId, code, now.getTime()) : null;
  if (step === null) throw new ApiError(400, CODE_INVALID);
  await db
    .updateTable('console_account')
    .set({
      totp_secret: enrolment!.secret,
      totp_last_step: step,
      updated_at: now,
      totp_kept: sql<boolean>`totp_kept OR EXISTS (SELECT 1 FROM role_2fa_policy p WHERE p.policy <> 'optional' AND roles ? p.role)`,
    })
    .where('id', '=', accountId)
    .execute();
  await db.deleteFrom('totp_enrolment').where('account_id', '=', accountId).execute();
}

/** For a bound account, the code must be current and unused; it is then spent. */
export async function spendCode(
  db: Db,
  account: { id: number; totp_secret: string | null; totp_last_step: number | null },
  code: string | undefined,
  now: Date,
): Promise<void> {
  if (!account.totp_secret) return;
  if (!code) throw badInput('code', 'One-time code required');
  const step = matchTotpStep(account.totp_secret, account.id, code, now.getTime());
  if (step === null) throw new ApiError(400, CODE_INVALID);
  if (account.totp_last_step !== null && step <= account.totp_last_step) {
    const reused = new ApiError(400, CODE_INVALID);
    reused.logMessage = CODE_REUSED; // the caller sees the usual message; the log says what happened
    throw reused;
  }
  await db.updateTable('console_account').set({ totp_last_step: step }).where('id', '=', account.id).execute();
}
