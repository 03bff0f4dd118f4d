/** GET admins: filters, sort and paging over the accounts the caller may see (partner scoped). */
import type { ListAccountsQuery } from '@console/schemas';
import { sql } from 'kysely';
import type { Db } from '../../db/open';
import { ownPartnerFilter, type ScopedSubject } from '../../plugins/partner-scope';
import { toConsoleAccount } from './view';

const SORT_COLUMNS = { username: 'username', createdAt: 'created_at', lastLoginAt: 'last_login_at' } as const;

const contains = (column: string, value: string) => sql<boolean>`strpos(lower(${sql.ref(column)}), lower(${value})) > 0`;

export async function listAccounts(db: Db, user: ScopedSubject, q: ListAccountsQuery) {
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? 20;
  const filtered = db
    .selectFrom('console_account')
    .where(ownPartnerFilter(user, 'partner'))
    .$if(q.username !== undefined, (qb) => qb.where(contains('username', q.username!)))
    .$if(q.name !== undefined, (qb) => qb.where(contains('name', q.name!)))
    .$if(q.role !== undefined, (qb) => qb.where(sql<boolean>`roles @> ${JSON.stringify([q.role])}::jsonb`))
    .$if(q.partner !== undefined, (qb) => qb.where('partner', '=', q.partner!))
    .$if(q.enabled !== undefined, (qb) => qb.where('enabled', '=', q.enabled!));
  const column = SORT_COLUMNS[q.sort ?? 'username'];
  const direction = q.order === 'descend' ? sql`desc nulls last` : sql`asc nulls last`;
  const [rows, count] = await Promise.all([
    filtered
      .selectAll()
      .orderBy(sql`${sql.ref(column)} ${direction}`)
      .orderBy('id')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toConsoleAccount), total: count.total };
}
