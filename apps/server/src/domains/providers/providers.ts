/**
 * Which platform application speaks for which game provider (game_provider, migration 027).
 * A provider is registered once with its application (the demo seed does it for its providers;
 * production: `register-cli.ts`); a provider.round from any other application is refused.
 */
import { JILI, PROVIDER_CODE, type ProviderGroup, type ProviderInfo } from '@console/schemas';
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../../db/open';

export interface NewProvider {
  code: string;
  name: string;
  appId: string;
}

/** Registers the provider unless its code is taken (then it is left as it is). Idempotent. */
export async function ensureGameProvider(db: Db, p: NewProvider, now = new Date()): Promise<void> {
  if (!PROVIDER_CODE.test(p.code)) throw new Error(`provider code ${p.code}: must be 2 to 16 capital letters or digits`);
  await db
    .insertInto('game_provider')
    .values({ code: p.code, name: p.name, app_id: p.appId, created_at: now })
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
}

export async function listProviders(db: Db): Promise<ProviderInfo[]> {
  const rows = await db.selectFrom('game_provider').select(['code', 'name', 'app_id']).orderBy('code').execute();
  return rows.map((r) => ({ code: r.code, name: r.name, appId: r.app_id }));
}

/** The providers of a group: jiligames JILI, thirdgames every other one. */
export const inGroup = (group: ProviderGroup, code: string): boolean => (group === 'jiligames' ? code === JILI : code !== JILI);

/**
 * SQL: the rows of a group (and of one provider of it, thirdgames' filter). The JILI literal is
 * inlined so that the partial index of the logs (provider <> 'JILI') serves thirdgames.
 */
export function groupFilter(group: ProviderGroup, column: string, provider?: string): Expression<SqlBool> {
  const jili = sql.lit(JILI);
  if (group === 'jiligames') return sql<SqlBool>`${sql.ref(column)} = ${jili}`;
  if (provider !== undefined) return sql<SqlBool>`${sql.ref(column)} <> ${jili} AND ${sql.ref(column)} = ${provider}`;
  return sql<SqlBool>`${sql.ref(column)} <> ${jili}`;
}
