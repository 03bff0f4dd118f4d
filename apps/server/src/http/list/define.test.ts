/**
 * The list declaration's types: `row` is checked against the row `from` selects and the item
 * schema, the default sort against the sorts, and a query Kysely cannot type is refused. The
 * `@ts-expect-error` lines are the test (the typecheck fails if one of them compiles); the
 * runtime part checks that a declaration compiles into its query schemas.
 */
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import type { AnySelect } from './define';
import { compile, defineList } from './define';
import { sortBy } from './keyset';

const item = z.object({ uid: z.number(), name: z.string(), registeredAt: z.string() });
const base = {
  url: '/api/test/players',
  name: 'test.players',
  screen: '/usermanager/userlist',
  summary: 'test',
  paging: 'page' as const,
  partner: 'partner',
  id: 'uid',
  item,
};

export const typed = defineList({
  ...base,
  from: (db) => db.selectFrom('player').select(['uid', 'name', 'registered_at', 'partner']),
  sorts: { uid: sortBy.int('uid') },
  defaultSort: { key: 'uid', order: 'ascend' },
  row: (r) => ({ uid: r.uid, name: r.name, registeredAt: r.registered_at.toISOString() }),
});

defineList({
  ...base,
  from: (db) => db.selectFrom('player').select(['uid', 'name', 'registered_at']),
  sorts: { uid: sortBy.int('uid') },
  defaultSort: { key: 'uid', order: 'ascend' },
  // @ts-expect-error a column the query does not select
  row: (r) => ({ uid: r.uid, name: r.phone_number, registeredAt: r.registered_at.toISOString() }),
});

defineList({
  ...base,
  from: (db) => db.selectFrom('player').select(['uid', 'name', 'registered_at']),
  sorts: { uid: sortBy.int('uid') },
  defaultSort: { key: 'uid', order: 'ascend' },
  // @ts-expect-error registeredAt is a string in the item, the row's column a Date
  row: (r) => ({ uid: r.uid, name: r.name, registeredAt: r.registered_at }),
});

defineList({
  ...base,
  from: (db) => db.selectFrom('player').select(['uid', 'name', 'registered_at']),
  sorts: { uid: sortBy.int('uid') },
  // @ts-expect-error the default sort is not one of the sorts
  defaultSort: { key: 'name', order: 'ascend' },
  row: (r: { uid: number; name: string; registered_at: Date }) => ({ uid: r.uid, name: r.name, registeredAt: r.registered_at.toISOString() }),
});

defineList({
  ...base,
  // @ts-expect-error a query whose rows Kysely cannot type
  from: (db) => db.selectFrom('player').selectAll() as AnySelect,
  sorts: { uid: sortBy.int('uid') },
  defaultSort: { key: 'uid', order: 'ascend' },
  row: (r) => ({ uid: Number(r.uid), name: String(r.name), registeredAt: String(r.registered_at) }),
});

defineList({
  ...base,
  // @ts-expect-error a query over an untyped database: every column name is any
  from: (db) => (db as unknown as Kysely<any>).selectFrom('player').selectAll(),
  sorts: { uid: sortBy.int('uid') },
  defaultSort: { key: 'uid', order: 'ascend' },
  row: (r: { uid: number; name: string; registered_at: Date }) => ({ uid: r.uid, name: r.name, registeredAt: r.registered_at.toISOString() }),
});

defineList({
  ...base,
  // @ts-expect-error a row mapper over untyped rows makes the row type a record
  from: (db) => db.selectFrom('player').select(['uid', 'name', 'registered_at']),
  sorts: { uid: sortBy.int('uid') },
  defaultSort: { key: 'uid', order: 'ascend' },
  row: (r: Record<string, unknown>) => ({ uid: Number(r.uid), name: String(r.name), registeredAt: String(r.registered_at) }),
});

describe('defineList', () => {
  it('compiles a typed declaration into its list and export query schemas', () => {
    const list = compile(typed);
    expect(list.listQuery.safeParse({ sort: 'uid', page: '2' }).success).toBe(true);
    expect(list.listQuery.safeParse({ sort: 'name' }).success).toBe(false);
    expect(list.exportQuery.safeParse({ columns: JSON.stringify([{ key: 'registeredAt', title: 'At' }]) }).success).toBe(true);
  });
});
