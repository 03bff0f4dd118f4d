/**
 * Demo data (demo mode only, into an empty database): the 13 demo accounts of the contract
 * (username = role, password `demo123456`, no authenticator; `partner` belongs to partner 1),
 * partners 1 and 2, and operation-log records made by real service calls.
 */
import { ROLES } from '@console/catalog';
import type { ServerConfig } from '../config';
import type { Db } from '../db/open';
import { hashPassword } from '../domains/auth/passwords';
import { signIn } from '../domains/auth/login';

export const DEMO_PASSWORD = 'demo123456';

export const DEMO_PARTNERS = [{ id: 1, name: 'Demo Partner' }, { id: 2, name: 'Second Partner' }];

const titleCase = (role: string) => role.charAt(0).toUpperCase() + role.slice(1);

export async function isEmpty(db: Db): Promise<boolean> {
  const row = await db.selectFrom('console_account').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n) === 0;
}

/** Seeds the demo accounts and partners; `passwordHash` lets tests reuse one argon2 hash. */
export async function seedDemoAccounts(db: Db, config: ServerConfig, passwordHash?: string): Promise<void> {
  const hash = passwordHash ?? (await hashPassword(DEMO_PASSWORD, config.argon2));
  await db.insertInto('partner').values(DEMO_PARTNERS).onConflict((oc) => oc.column('id').doNothing()).execute();
  await db.insertInto('console_account').values(ROLES.map((role) => ({
    username: role,
    password_hash: hash,
    name: `Demo ${titleCase(role)}`,
    roles: JSON.stringify([role]),
    partner: role === 'partner' ? 1 : 0,
  }))).execute();
}

/** A few operation-log records from real calls, so the adminlogs screen is not empty. */
async function seedDemoActivity(db: Db, config: ServerConfig): Promise<void> {
  const deps = { db, config };
  for (const username of ['admin', 'secadmin', 'partner', 'service']) await signIn(deps, { username, password: DEMO_PASSWORD }, '127.0.0.1');
  await signIn(deps, { username: 'admin', password: 'not-the-password' }, '127.0.0.1').catch(() => undefined);
  await signIn(deps, { username: 'nobody', password: 'guess' }, '127.0.0.1').catch(() => undefined);
}

/** Seeds when the database holds no account yet; returns whether it did. */
export async function seedDemoIfEmpty(db: Db, config: ServerConfig): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  await seedDemoAccounts(db, config);
  await seedDemoActivity(db, config);
  return true;
}
