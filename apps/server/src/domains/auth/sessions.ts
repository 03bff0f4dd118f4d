/**
 * Sessions: a row per live access token. The per-request lookup is ONE indexed query joining
 * the session to its (enabled) account; last_seen_at is written at most once a minute.
 */
import { sql } from 'kysely';
import type { ServerConfig } from '../../config';
import type { Db } from '../../db/open';
import type { CachedSession, SessionCache } from './session-cache';
import { hashAccessToken, newAccessToken } from './tokens';

/** The signed-in account as every operation sees it. */
export interface SessionUser {
  accountId: number;
  username: string;
  name: string;
  avatar: string;
  telephone: string;
  roles: string[];
  partner: number;
  bind2fa: boolean;
  /**
   * No authenticator bound where one is needed (a required role, or kept since a binding under a
   * once-bound role: decision 045): the session may do nothing but bind, read itself and sign out.
   */
  mustBind: boolean;
  /** When this session signed in (ms): binding without the password is allowed shortly after. */
  signedInAt: number;
  tokenHash: string;
}

export async function openSession(db: Db, accountId: number, now: Date): Promise<string> {
  const token = newAccessToken();
  await db
    .insertInto('account_session')
    .values({ token_hash: hashAccessToken(token), account_id: accountId, created_at: now, last_seen_at: now })
    .execute();
  return token;
}

async function loadSession(db: Db, tokenHash: string): Promise<CachedSession | null> {
  const row = await db
    .selectFrom('account_session as s')
    .innerJoin('console_account as a', 'a.id', 's.account_id')
    .select(['s.created_at', 's.last_seen_at', 'a.id', 'a.username', 'a.name', 'a.avatar', 'a.telephone', 'a.roles', 'a.partner', 'a.totp_secret'])
    .select(
      sql<boolean>`a.totp_secret IS NULL AND (a.totp_kept OR EXISTS (
      SELECT 1 FROM role_2fa_policy p WHERE p.policy = 'required' AND a.roles ? p.role))`.as('must_bind'),
    )
    .where('s.token_hash', '=', tokenHash)
    .where('a.enabled', '=', true)
    .executeTakeFirst();
  if (!row) return null;
  const lastSeen = row.last_seen_at.getTime();
  return {
    user: {
      accountId: row.id,
      username: row.username,
      name: row.name,
      avatar: row.avatar,
      telephone: row.telephone,
      roles: row.roles,
      partner: row.partner,
      bind2fa: row.totp_secret !== null,
      mustBind: row.must_bind,
      signedInAt: row.created_at.getTime(),
      tokenHash,
    },
    createdAt: row.created_at.getTime(),
    lastSeen,
    lastWritten: lastSeen,
  };
}

/**
 * The live session of a token, or null (unknown, revoked, expired, account disabled): one
 * indexed query joining session and account (or the session cache), then the expiry checks
 * against the injectable clock. Only the database's row can end a session for idleness.
 */
export async function resolveSession(db: Db, token: string, config: ServerConfig, cache: SessionCache | null = null): Promise<SessionUser | null> {
  const now = config.now();
  let session = cache?.get(token);
  if (session && isExpired(session, now, config)) {
    // another instance may have seen it used since: decide on the database's row
    cache!.delete(token);
    session = undefined;
  }
  if (!session) {
    const generation = cache?.generation ?? 0;
    const tokenHash = hashAccessToken(token);
    const loaded = await loadSession(db, tokenHash);
    if (!loaded) return null;
    if (isExpired(loaded, now, config)) {
      await revokeSession(db, tokenHash);
      return null;
    }
    session = loaded;
    cache?.set(token, session, generation);
  }
  if (now > session.lastSeen) session.lastSeen = now;
  if (now - session.lastWritten >= config.session.touchEveryMs) {
    session.lastWritten = now;
    await db
      .updateTable('account_session')
      .set({ last_seen_at: new Date(now) })
      .where('token_hash', '=', session.user.tokenHash)
      .execute();
  }
  return session.user;
}

function isExpired(session: CachedSession, now: number, config: ServerConfig): boolean {
  return now - session.lastSeen > config.session.idleMs || now - session.createdAt > config.session.absoluteMs;
}

export async function revokeSession(db: Db, tokenHash: string): Promise<void> {
  await db.deleteFrom('account_session').where('token_hash', '=', tokenHash).execute();
}

/** Revokes every token of an account (disable, password change or reset, 2FA reset, role change). */
export async function revokeAccountSessions(db: Db, accountId: number): Promise<void> {
  await db.deleteFrom('account_session').where('account_id', '=', accountId).execute();
}
