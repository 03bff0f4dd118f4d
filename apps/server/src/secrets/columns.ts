/**
 * The columns that hold sealed secrets (keyring.ts), how each row's context is named, and the
 * two walks over them: sealing values still in clear (after the migrations, every start) and
 * moving every value to the current key (`npm run secrets:reencrypt`, after a rotation).
 * Migration 061 holds each column to the sealed form with a CHECK, so a write that forgets to
 * seal fails instead of leaving a secret in clear.
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/open';
import { DEMO_KEY, isSealed, keyring, seal, SEALED_PREFIX, unseal, type Keyring } from './keyring';

/** A platform application's signing secret and its previous one (one context: rotation copies it). */
export const appSecretContext = (appId: string) => `platform_application:${appId}`;
/** An authenticator's seed, shown (totp_enrolment) and then bound (console_account). */
export const totpContext = (accountId: number) => `totp:${accountId}`;
/** A payout provider's signing secret, per cash-out channel. */
export const payoutContext = (channel: string) => `payout_endpoint:${channel}`;
export const sealPayoutSecret = (plain: string, channel: string) => seal(plain, payoutContext(channel));
export const openPayoutSecret = (sealed: string, channel: string) => unseal(sealed, payoutContext(channel));

export const sealAppSecret = (plain: string, appId: string) => seal(plain, appSecretContext(appId));
export const openAppSecret = (sealed: string, appId: string) => unseal(sealed, appSecretContext(appId));
/** What lists, histories and the operation log show of an application's secret: the first 8 hex of its SHA-256. */
export const secretFingerprint = (plain: string) => createHash('sha256').update(plain).digest('hex').slice(0, 8);
export const appSecretFingerprint = (sealed: string, appId: string) => secretFingerprint(openAppSecret(sealed, appId));
export const sealTotp = (plain: string, accountId: number) => seal(plain, totpContext(accountId));
export const openTotp = (sealed: string, accountId: number) => unseal(sealed, totpContext(accountId));

interface SealedTable {
  table: string;
  key: string;
  columns: string[];
  context: (key: string | number) => string;
  /** Migration 061's CHECK that holds the columns sealed. */
  constraint: string;
}

export const SEALED_TABLES: readonly SealedTable[] = [
  {
    table: 'platform_application',
    key: 'app_id',
    columns: ['secret', 'previous_secret'],
    context: (k) => appSecretContext(String(k)),
    constraint: 'platform_application_secret_sealed',
  },
  { table: 'console_account', key: 'id', columns: ['totp_secret'], context: (k) => totpContext(Number(k)), constraint: 'console_account_totp_sealed' },
  { table: 'totp_enrolment', key: 'account_id', columns: ['secret'], context: (k) => totpContext(Number(k)), constraint: 'totp_enrolment_secret_sealed' },
  { table: 'payout_endpoint', key: 'channel', columns: ['secret'], context: (k) => payoutContext(String(k)), constraint: 'payout_endpoint_secret_sealed' },
];

export interface SecretsWalk {
  table: string;
  rows: number;
}

/** The sealed tables present (during the migrations, the later ones are not yet). */
async function presentTables(db: Db): Promise<SealedTable[]> {
  const { rows } = await sql<{
    name: string;
  }>`SELECT t AS name FROM unnest(${SEALED_TABLES.map((t) => t.table)}::text[]) t WHERE to_regclass(t) IS NOT NULL`.execute(db);
  const present = new Set(rows.map((r) => r.name));
  return SEALED_TABLES.filter((t) => present.has(t.table));
}

/**
 * Rewrites the rows of each sealed table where a column does not start with `keep`, each such
 * column through `rewrite`; in one transaction per table, rows locked.
 */
async function walk(db: Db, keep: string, rewrite: (value: string, context: string) => string): Promise<SecretsWalk[]> {
  const needs = (v: string) => !v.startsWith(keep);
  const done: SecretsWalk[] = [];
  for (const t of await presentTables(db)) {
    const rows = await db.transaction().execute(async (trx) => {
      const pending = sql.join(
        t.columns.map((c) => sql`${sql.ref(c)} NOT LIKE ${keep + '%'}`),
        sql` OR `,
      );
      const found = await sql<
        Record<string, string | number | null>
      >`SELECT ${sql.ref(t.key)} AS key, ${sql.join(t.columns.map((c) => sql.ref(c)))} FROM ${sql.table(t.table)} WHERE ${pending} FOR UPDATE`.execute(trx);
      let changed = 0;
      for (const row of found.rows) {
        const context = t.context(row.key!);
        const values = t.columns.map((c) => row[c] as string | null);
        if (!values.some((v) => v !== null && needs(v))) continue;
        const next = values.map((v) => (v !== null && needs(v) ? rewrite(v, context) : v));
        await sql`UPDATE ${sql.table(t.table)} SET ${sql.join(t.columns.map((c, i) => sql`${sql.ref(c)} = ${next[i]}`))} WHERE ${sql.ref(t.key)} = ${row.key}`.execute(
          trx,
        );
        changed += 1;
      }
      return changed;
    });
    done.push({ table: t.table, rows });
  }
  return done;
}

/**
 * Seals what is still in clear (a database from before migration 061, or written by hand), then
 * validates the CHECKs that hold the columns sealed. Runs as the tables' owner after the
 * migrations (db/migrate.ts).
 */
export async function sealClearSecrets(db: Db, keys: Keyring = keyring()): Promise<SecretsWalk[]> {
  const done = await walk(db, SEALED_PREFIX, (v, context) => seal(v, context, keys));
  for (const t of await presentTables(db)) {
    const { rows } = await sql<{
      valid: boolean;
    }>`SELECT convalidated AS valid FROM pg_constraint WHERE conname = ${t.constraint} AND conrelid = ${t.table}::regclass`.execute(db);
    if (rows[0] && !rows[0].valid) await sql`ALTER TABLE ${sql.table(t.table)} VALIDATE CONSTRAINT ${sql.ref(t.constraint)}`.execute(db);
  }
  return done.filter((d) => d.rows > 0);
}

/** Moves every sealed value not under the current key to it (after a rotation). */
export async function reencryptSecrets(db: Db, keys: Keyring = keyring()): Promise<SecretsWalk[]> {
  return walk(db, `${SEALED_PREFIX}${keys.current.id}:`, (v, context) => seal(isSealed(v) ? unseal(v, context, keys) : v, context, keys));
}

/** How many sealed values each key holds (the start names a key it lacks; the command reports). */
export async function sealedKeyCounts(db: Db): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const t of await presentTables(db)) {
    for (const c of t.columns) {
      const { rows } = await sql<{
        id: string;
        n: string;
      }>`SELECT substr(${sql.ref(c)}, 7, 8) AS id, count(*) AS n FROM ${sql.table(t.table)} WHERE ${sql.ref(c)} LIKE ${SEALED_PREFIX + '%'} GROUP BY 1`.execute(
        db,
      );
      for (const r of rows) counts.set(r.id, (counts.get(r.id) ?? 0) + Number(r.n));
    }
  }
  return counts;
}

/**
 * One line per key that seals values this server cannot open (empty: every sealed value opens).
 * The start refuses on any: a platform application would fail every call, an account its sign-in.
 */
export async function missingKeys(db: Db, keys: Keyring = keyring()): Promise<string[]> {
  const lines: string[] = [];
  for (const [id, n] of await sealedKeyCounts(db)) {
    if (keys.byId.has(id)) continue;
    const which = id === DEMO_KEY.id ? 'the published demo key' : `key ${id}`;
    lines.push(
      `${n} secret${n === 1 ? ' is' : 's are'} sealed with ${which}, which this server does not hold (give it in CONSOLE_SECRET_KEY_PREVIOUS, then run npm run secrets:reencrypt)`,
    );
  }
  return lines;
}
