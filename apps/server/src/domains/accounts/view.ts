/** The console account as the API shows it (docs/api/accounts.md); never a secret. */
import type { ConsoleAccount } from '@console/schemas';
import type { ConsoleAccountRow } from '../../db/schema';
import { isoInConsoleZone } from '../../http/time';

export function toConsoleAccount(row: ConsoleAccountRow): ConsoleAccount {
  return {
    username: row.username,
    name: row.name,
    avatar: row.avatar,
    telephone: row.telephone,
    roles: row.roles,
    partner: row.partner,
    enabled: row.enabled,
    bind2fa: row.totp_secret !== null,
    createdAt: isoInConsoleZone(row.created_at),
    updatedAt: isoInConsoleZone(row.updated_at),
    lastLoginAt: isoInConsoleZone(row.last_login_at),
    shareCode: row.share_code,
  };
}
