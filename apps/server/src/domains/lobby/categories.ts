/**
 * /gamehomepage/category: the lobby's categories (name in English and Chinese, order, icon,
 * shown or hidden). Platform-wide items (partner 0), versioned (kind gamehomepage.category).
 * A category that still has games is not removed (409); one removed leaves every package's
 * layout.
 */
import { lobbyCategory, lobbyCategoryBody, text, type LobbyCategoryBody, type ValueLabel } from '@console/schemas';
import { sql, type SqlBool } from 'kysely';
import type { Db } from '../../db/open';
import { contains, custom, defineList, eqBool, sortBy } from '../../http/list';
import { removing } from '../payment-config/references';
import type { VersionedItems } from '../../settings/versions';
import { kindOf, LOBBY_SCREENS } from './history';
import { isoInConsoleZone } from '../../http/time';

async function readCategory(db: Db, code: string): Promise<LobbyCategoryBody | null> {
  const row = await db.selectFrom('lobby_category').selectAll().where('code', '=', code).forUpdate().executeTakeFirst();
  if (!row) return null;
  return { code: row.code, nameEn: row.name_en, nameZh: row.name_zh, icon: row.icon, sortOrder: row.sort_order, visible: row.visible };
}

async function writeCategory(db: Db, code: string, doc: LobbyCategoryBody | null, now: Date): Promise<void> {
  if (!doc) {
    await removing(() => db.deleteFrom('lobby_category').where('code', '=', code).execute(), `Category ${code} still has games: move them first`);
    return;
  }
  const values = { name_en: doc.nameEn, name_zh: doc.nameZh, icon: doc.icon, sort_order: doc.sortOrder, visible: doc.visible, updated_at: now };
  await db
    .insertInto('lobby_category')
    .values({ code, ...values })
    .onConflict((oc) => oc.column('code').doUpdateSet(values))
    .execute();
}

export const categoryItems: VersionedItems<LobbyCategoryBody> = {
  screen: LOBBY_SCREENS.edit,
  kind: kindOf('category'),
  noun: 'Category',
  read: readCategory,
  write: writeCategory,
  restorable: lobbyCategoryBody,
};

export const categoryList = defineList({
  url: '/api/gamehomepage/category/categories',
  name: 'gamehomepage.category.categories',
  screen: LOBBY_SCREENS.category,
  tags: ['gamehomepage'],
  summary: 'The lobby categories in their order, each with how many games it holds: filters code or name (substring), visible',
  paging: 'page',
  from: (db: Db) =>
    db
      .selectFrom('lobby_category as c')
      .selectAll('c')
      .select(sql<number>`(SELECT count(*) FROM lobby_game g WHERE g.category = c.code)`.as('games')),
  partner: null,
  id: 'c.id',
  filters: {
    code: contains('c.code', 64),
    name: custom(text(64).min(1, { message: 'Required' }), (v) => sql<SqlBool>`strpos(lower(c.name_en || ' ' || c.name_zh), lower(${v})) > 0`),
    visible: eqBool('c.visible'),
  },
  sorts: { sortOrder: sortBy.int('c.sort_order'), code: sortBy.text('c.code'), updatedAt: sortBy.time('c.updated_at') },
  defaultSort: { key: 'sortOrder', order: 'ascend' },
  item: lobbyCategory,
  row: (r) => ({
    id: r.id,
    code: r.code,
    nameEn: r.name_en,
    nameZh: r.name_zh,
    icon: r.icon,
    sortOrder: r.sort_order,
    visible: r.visible,
    games: r.games,
    updatedAt: isoInConsoleZone(r.updated_at),
  }),
});

/** The categories as a game entry's form offers them (value = code, label = code and both names). */
export async function categoryOptions(db: Db): Promise<ValueLabel[]> {
  const rows = await db.selectFrom('lobby_category').select(['code', 'name_en', 'name_zh']).orderBy('sort_order').orderBy('code').execute();
  return rows.map((c) => ({ value: c.code, label: `${c.code} · ${c.name_en} · ${c.name_zh}` }));
}
