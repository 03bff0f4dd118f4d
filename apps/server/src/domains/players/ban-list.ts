/**
 * The bans of /usermanager/banediter: newest first, filtered by kind, exact value, operator
 * and state (active by default), in page mode with a total. The active bans are few (one
 * row per kind and value, by the unique index), so counting them is cheap.
 */
import type { BanRecord, ListBansQuery } from '@console/schemas';
import { sql } from 'kysely';
import type { Db } from '../../db/open';
import { partnerScope, type ScopedSubject } from '../../plugins/partner-scope';
import { toBan } from './view';

export const BAN_PAGE_SIZE = 20;

/** A partner-scoped account sees device and address bans, and account bans of its own partner's players. */
export async function listBans(db: Db, user: ScopedSubject, query: ListBansQuery): Promise<{ items: BanRecord[]; total: number }> {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? BAN_PAGE_SIZE;
  const active = query.active ?? 'true';
  const scope = partnerScope(user);
  const matching = db.selectFrom('ban')
    .$if(scope !== null, (qb) => qb.where(sql<boolean>`(kind <> 'account' OR EXISTS (SELECT 1 FROM player p WHERE p.uid::text = ban.value AND p.partner = ${scope}))`))
    .$if(active !== 'all', (qb) => qb.where('active', '=', active === 'true'))
    .$if(query.kind !== undefined, (qb) => qb.where('kind', '=', query.kind!))
    .$if(query.value !== undefined, (qb) => qb.where('value', '=', query.value!))
    .$if(query.operator !== undefined, (qb) => qb.where('banned_by', '=', query.operator!));
  const [rows, count] = await Promise.all([
    matching.selectAll().orderBy('id', 'desc').limit(pageSize).offset((page - 1) * pageSize).execute(),
    matching.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toBan), total: Number(count.total) };
}
