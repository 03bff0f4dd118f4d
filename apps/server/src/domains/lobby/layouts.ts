/**
 * /gamehomepage/packagename: per app package, which categories and games its lobby shows and
 * in what order. The item is the package (key = package code, partner = the package's partner:
 * a partner account sees, changes and restores only its own); packages themselves are made on
 * /remoteconfig/packageControl, so there is no create or delete here, only update (and restore).
 *   custom false: every visible category by its order, the package's games by rank;
 *   custom true:  the categories listed, in that order; the games in the order listed
 *                 (grouped under their categories when shown).
 * `games` is the package's side of lobby_game_package (configs edits the other side).
 */
import { lobbyLayoutDoc, lobbyPackage, type LobbyLayoutDoc } from '@console/schemas';
import { sql } from 'kysely';
import type { Db } from '../../db/open';
import { conflict } from '../../http/api-error';
import { contains, defineList, eqInt, sortBy } from '../../http/list';
import type { VersionedItems } from '../../settings/versions';
import { kindOf, LOBBY_SCREENS, TAGS } from './history';
import { isoInConsoleZone } from '../../http/time';

async function requireKnown(db: Db, table: 'lobby_category' | 'lobby_game', codes: string[], noun: string): Promise<void> {
  if (codes.length === 0) return;
  const rows =
    table === 'lobby_category'
      ? await db.selectFrom('lobby_category').select('code').where('code', 'in', codes).execute()
      : await db.selectFrom('lobby_game').select('tag as code').where('tag', 'in', codes).execute();
  const found = new Set(rows.map((r) => r.code));
  const missing = codes.find((c) => !found.has(c));
  if (missing !== undefined) throw conflict(`${noun} ${missing} does not exist`);
}

export async function readLayout(db: Db, pkg: string, lock = true): Promise<LobbyLayoutDoc | null> {
  let q = db.selectFrom('payment_package').select(['package', 'partner']).where('package', '=', pkg);
  if (lock) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row) return null;
  const custom = (await db.selectFrom('lobby_layout').select('package').where('package', '=', pkg).executeTakeFirst()) !== undefined;
  const categories = custom
    ? await db.selectFrom('lobby_layout_category').select('category as code').where('package', '=', pkg).orderBy('position').orderBy('category').execute()
    : await db.selectFrom('lobby_category').select('code').where('visible', '=', true).orderBy('sort_order').orderBy('code').execute();
  // the order the app shows them in: the package's own, then by category and rank
  const games = await db
    .selectFrom('lobby_game_package as k')
    .innerJoin('lobby_game as g', 'g.tag', 'k.tag')
    .innerJoin('lobby_category as c', 'c.code', 'g.category')
    .select('k.tag')
    .where('k.package', '=', pkg)
    .orderBy(sql`k.position asc nulls last`)
    .orderBy('c.sort_order')
    .orderBy('c.code')
    .orderBy('g.rank')
    .orderBy('k.tag')
    .execute();
  return { package: row.package, partner: row.partner, custom, categories: categories.map((c) => c.code), games: games.map((g) => g.tag) };
}

async function writeLayout(db: Db, pkg: string, doc: LobbyLayoutDoc | null, now: Date): Promise<void> {
  // packages come and go on packageControl only
  if (!doc) throw conflict(`Package ${pkg}: a lobby is removed with its package (packageControl)`);
  // a restore brings back an old document: the package must still exist and still be that partner's
  const owner = await db.selectFrom('payment_package').select('partner').where('package', '=', pkg).executeTakeFirst();
  if (!owner) throw conflict(`Package ${pkg} does not exist`);
  if (owner.partner !== doc.partner) throw conflict(`Package ${pkg} now belongs to partner ${owner.partner}`);
  await requireKnown(db, 'lobby_category', doc.categories, 'Category');
  await requireKnown(db, 'lobby_game', doc.games, 'Game');
  await db.deleteFrom('lobby_layout').where('package', '=', pkg).execute();
  if (doc.custom) {
    await db.insertInto('lobby_layout').values({ package: pkg, updated_at: now }).execute();
    if (doc.categories.length > 0) {
      await db
        .insertInto('lobby_layout_category')
        .values(doc.categories.map((category, position) => ({ package: pkg, category, position })))
        .execute();
    }
  }
  await db.deleteFrom('lobby_game_package').where('package', '=', pkg).execute();
  if (doc.games.length > 0) {
    await db
      .insertInto('lobby_game_package')
      .values(doc.games.map((tag, position) => ({ package: pkg, tag, position: doc.custom ? position : null })))
      .execute();
  }
}

export const layoutItems: VersionedItems<LobbyLayoutDoc> = {
  screen: LOBBY_SCREENS.packageedit,
  kind: kindOf('packagename'),
  noun: 'Package',
  read: (db, key) => readLayout(db, key),
  write: writeLayout,
  partnerOf: (doc) => doc.partner,
  restorable: lobbyLayoutDoc,
};

export const layoutList = defineList({
  url: '/api/gamehomepage/packagename/packages',
  name: 'gamehomepage.packagename.packages',
  screen: LOBBY_SCREENS.packagename,
  tags: TAGS,
  summary:
    'The packages and their lobbies (a partner account: its own): own order or not, the categories it shows ' +
    '(its own list, or every visible one), how many games; filters package (substring), partner',
  paging: 'page',
  from: (db: Db) =>
    db
      .selectFrom('payment_package as p')
      .leftJoin('lobby_layout as l', 'l.package', 'p.package')
      .select(['p.id', 'p.package', 'p.name', 'p.partner', 'l.updated_at'])
      .select(sql<boolean>`l.package IS NOT NULL`.as('custom'))
      .select(
        sql<string[]>`CASE WHEN l.package IS NULL
      THEN coalesce((SELECT json_agg(c.code ORDER BY c.sort_order, c.code) FROM lobby_category c WHERE c.visible), '[]'::json)
      ELSE coalesce((SELECT json_agg(x.category ORDER BY x.position, x.category) FROM lobby_layout_category x WHERE x.package = p.package), '[]'::json) END`.as(
          'categories',
        ),
      )
      .select(sql<number>`(SELECT count(*) FROM lobby_game_package k WHERE k.package = p.package)`.as('games')),
  partner: 'p.partner',
  id: 'p.id',
  filters: { package: contains('p.package', 128), partner: eqInt('p.partner') },
  sorts: { package: sortBy.text('p.package'), partner: sortBy.int('p.partner') },
  defaultSort: { key: 'package', order: 'ascend' },
  item: lobbyPackage,
  row: (r) => ({
    id: r.id,
    package: r.package,
    name: r.name,
    partner: r.partner,
    custom: r.custom,
    categories: Array.isArray(r.categories) ? r.categories : [],
    games: r.games,
    updatedAt: r.updated_at ? isoInConsoleZone(r.updated_at) : null,
  }),
});
