/**
 * POST /api/login, rule by rule (contract "Sign-in rules"): trimmed username, argon2id
 * password (the decoy hash is verified for unknown users), TOTP when bound (60205 without a
 * code, 60206 for a wrong or reused one), limits per username and per address (429 while
 * locked), a new opaque token per sign-in. Every refusal is written to the operation log.
 */
import type { LoginBody } from '@console/schemas';
import type { Deps } from '../../http/operation';
import { ApiError, tooManyAttempts } from '../../http/api-error';
import { appendOperationLog } from '../operation-log/chain';
import { decoyHash, verifyPassword } from './passwords';
import { openSession } from './sessions';
import { addressKey, clearFailures, lockedForSeconds, recordFailure, userKey } from './throttle';
import { matchTotpStep } from './totp';

export const WRONG_CREDENTIALS = 'Account and password are incorrect.';
export const CODE_REQUIRED = 'One-time code required';
export const CODE_INVALID = 'Verification code has expired,Please verify again';
export const CODE_REUSED = 'One-time code already used';

const decoys = new WeakMap<object, () => Promise<string>>();

type SignInDeps = Pick<Deps, 'db' | 'config'>;

interface Attempt {
  username: string;
  ip: string;
  nowMs: number;
}

async function refuse(deps: SignInDeps, at: Attempt, error: ApiError, countAsFailure: boolean, logMessage = error.message): Promise<never> {
  const { db, config } = deps;
  await db.transaction().execute(async (trx) => {
    if (countAsFailure) {
      await recordFailure(trx, userKey(at.username), config.signin.maxFailuresPerUser, config.signin, at.nowMs);
      await recordFailure(trx, addressKey(at.ip), config.signin.maxFailuresPerAddress, config.signin, at.nowMs);
    }
    const account = await trx.selectFrom('console_account').select('partner').where('username', '=', at.username).executeTakeFirst();
    await appendOperationLog(
      trx,
      {
        username: at.username,
        partner: account?.partner ?? 0,
        operation: 'auth.login',
        target: at.username,
        result: 'refused',
        status: error.statusCode,
        message: logMessage,
        before: null,
        after: null,
        ip: at.ip,
      },
      new Date(at.nowMs),
    );
  });
  error.logged = true;
  throw error;
}

export async function signIn(deps: SignInDeps, body: LoginBody, ip: string): Promise<string> {
  const { db, config } = deps;
  const at: Attempt = { username: body.username, ip, nowMs: config.now() };
  const wait = await lockedForSeconds(db, [userKey(at.username), addressKey(ip)], at.nowMs);
  if (wait > 0) return refuse(deps, at, tooManyAttempts(wait), false);

  const account = await db
    .selectFrom('console_account')
    .select(['id', 'password_hash', 'enabled', 'totp_secret', 'totp_last_step', 'partner'])
    .where('username', '=', at.username)
    .executeTakeFirst();
  let decoy = decoys.get(config);
  if (!decoy) decoys.set(config, (decoy = decoyHash(config.argon2)));
  const passwordOk = await verifyPassword(account?.password_hash ?? (await decoy()), body.password);
  if (!account || !passwordOk || !account.enabled) {
    return refuse(deps, at, new ApiError(401, WRONG_CREDENTIALS, 60204), true);
  }

  let step: number | null = null;
  if (account.totp_secret) {
    if (!body.code) return refuse(deps, at, new ApiError(401, CODE_REQUIRED, 60205), false);
    step = matchTotpStep(account.totp_secret, account.id, body.code.trim(), at.nowMs);
    if (step === null) return refuse(deps, at, new ApiError(401, CODE_INVALID, 60206), true);
    if (account.totp_last_step !== null && step <= account.totp_last_step) {
      return refuse(deps, at, new ApiError(401, CODE_INVALID, 60206), true, CODE_REUSED);
    }
  }

  const now = new Date(at.nowMs);
  const token = await db.transaction().execute(async (trx) => {
    if (step !== null) {
      // accepted once: a concurrent sign-in with the same code loses here
      const taken = await trx
        .updateTable('console_account')
        .set({ totp_last_step: step })
        .where('id', '=', account.id)
        .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
        .executeTakeFirst();
      if (taken.numUpdatedRows === 0n) return null;
    }
    await trx.updateTable('console_account').set({ last_login_at: now }).where('id', '=', account.id).execute();
    await clearFailures(trx, userKey(at.username));
    const accessToken = await openSession(trx, account.id, now);
    await appendOperationLog(
      trx,
      {
        username: at.username,
        partner: account.partner,
        operation: 'auth.login',
        target: at.username,
        result: 'ok',
        status: 200,
        message: '',
        before: null,
        after: null,
        ip,
      },
      now,
    );
    return accessToken;
  });
  if (token === null) return refuse(deps, at, new ApiError(401, CODE_INVALID, 60206), true, CODE_REUSED);
  return token;
}
