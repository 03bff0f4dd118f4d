/** POST changepwd: old password (and current code when bound), then every token of the account dies. */
import type { ChangePasswordBody } from '@console/schemas';
import type { ServerConfig } from '../../config';
import type { Db } from '../../db/open';
import { ApiError } from '../../http/api-error';
import { spendCode } from './authenticator';
import { hashPassword, verifyPassword } from './passwords';
import { revokeAccountSessions } from './sessions';

export const WRONG_OLD_PASSWORD = 'The current password is incorrect';

export async function changePassword(db: Db, config: ServerConfig, accountId: number, body: ChangePasswordBody, now: Date): Promise<void> {
  const account = await db
    .selectFrom('console_account')
    .select(['id', 'password_hash', 'totp_secret', 'totp_last_step'])
    .where('id', '=', accountId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  if (!(await verifyPassword(account.password_hash, body.old))) throw new ApiError(400, WRONG_OLD_PASSWORD);
  await spendCode(db, account, body.code, now);
  const passwordHash = await hashPassword(body.password, config.argon2);
  await db.updateTable('console_account').set({ password_hash: passwordHash, updated_at: now }).where('id', '=', accountId).execute();
  await revokeAccountSessions(db, accountId);
}
