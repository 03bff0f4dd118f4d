/**
 * /gamehomepage/configs: the home-page game entries (§3: game tag, category, name, icon, init
 * value, rank, platform, pay limit, packages). Platform-wide items (partner 0), versioned (kind
 * gamehomepage.configs). `packages` is the link table lobby_game_package, which a package's
 * own lobby (packagename) edits from the other side; a partner account reading the list sees
 * only its own packages there.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { GAME_IDS } from '@console/games';
import { LOBBY_HOUSE_PROVIDER, LOBBY_PLATFORMS, lobbyGame, lobbyGameBody, text, type LobbyGameBody } from '@console/schemas';
import { sql, type SqlBool } from 'kysely';
import { type z } from 'zod';
import type { Db } from '../../db/open';
import { conflict } from '../../http/api-error';
import { contains, custom, defineList, eqBool, eqEnum, eqText, listOperations, sortBy } from '../../http/list';
import type { Operation } from '../../http/operation';
import { partnerScope, type ScopedSubject } from '../../plugins/partner-scope';
import { removing, requireAll } from '../payment-config/references';
import type { VersionedItems } from '../../settings/versions';
import { kindOf, LOBBY_SCREENS, TAGS } from './history';
import { isoInConsoleZone } from '../../http/time';

const HOUSE_IDS: readonly string[] = GAME_IDS;

/** The body of a game entry, with the house tags checked against @console/games (a 400 naming `tag`). */
export const lobbyGameInput = lobbyGameBody.superRefine((g, ctx) => {
  if (g.provider === LOBBY_HOUSE_PROVIDER && !HOUSE_IDS.includes(g.tag)) {
    ctx.addIssue({ code: 'custom', path: ['tag'], message: `Not a house game (${HOUSE_IDS.join(', ')})` });
  }
}) as unknown as z.ZodType<LobbyGameBody>;

export async function requireCategory(db: Db, code: string): Promise<void> {
  const row = await db.selectFrom('lobby_category').select('code').where('code', '=', code).executeTakeFirst();
  if (!row) throw conflict(`Category ${code} does not exist`);
}

async function readGame(db: Db, tag: string): Promise<LobbyGameBody | null> {
  const row = await db.selectFrom('lobby_game').selectAll().where('tag', '=', tag).forUpdate().executeTakeFirst();
  if (!row) return null;
  const links = await db.selectFrom('lobby_game_package').select('package').where('tag', '=', tag).orderBy('package').execute();
  return {
    tag: row.tag,
    provider: row.provider,
    category: row.category,
    nameEn: row.name_en,
    nameZh: row.name_zh,
    icon: row.icon,
    initValue: row.init_value,
    rank: row.rank,
    platform: row.platform,
    payLimit: row.pay_limit,
    visible: row.visible,
    packages: links.map((l) => l.package),
  };
}

async function writeGame(db: Db, tag: string, doc: LobbyGameBody | null, now: Date): Promise<void> {
  if (!doc) {
    await removing(() => db.deleteFrom('lobby_game').where('tag', '=', tag).execute(), `Game ${tag} is still in use`);
    return;
  }
  await requireCategory(db, doc.category);
  await requireAll(db, 'payment_package', doc.packages, 'Package');
  const values = {
    provider: doc.provider,
    category: doc.category,
    name_en: doc.nameEn,
    name_zh: doc.nameZh,
    icon: doc.icon,
    init_value: doc.initValue,
    rank: doc.rank,
    platform: doc.platform,
    pay_limit: doc.payLimit,
    visible: doc.visible,
    updated_at: now,
  };
  await db
    .insertInto('lobby_game')
    .values({ tag, ...values })
    .onConflict((oc) => oc.column('tag').doUpdateSet(values))
    .execute();
  // the packages it leaves lose it; those it joins get it after their ordered games (position null)
  let drop = db.deleteFrom('lobby_game_package').where('tag', '=', tag);
  if (doc.packages.length > 0) drop = drop.where('package', 'not in', doc.packages);
  await drop.execute();
  if (doc.packages.length > 0) {
    await db
      .insertInto('lobby_game_package')
      .values([...doc.packages].sort().map((pkg) => ({ package: pkg, tag, position: null })))
      .onConflict((oc) => oc.columns(['package', 'tag']).doNothing())
      .execute();
  }
}

export const gameItems: VersionedItems<LobbyGameBody> = {
  screen: LOBBY_SCREENS.edit,
  kind: kindOf('configs'),
  noun: 'Game',
  read: readGame,
  write: writeGame,
  restorable: lobbyGameInput,
};

/** The account reading the list (its packages column shows a partner account its own packages only). */
const reader = new AsyncLocalStorage<ScopedSubject>();

const gameList = defineList({
  url: '/api/gamehomepage/configs/games',
  name: 'gamehomepage.configs.games',
  screen: LOBBY_SCREENS.configs,
  tags: TAGS,
  summary:
    'The home-page game entries with the packages that show them (a partner account: its own packages only): ' +
    'filters tag (substring), provider, category, platform, visible, package (shown by that package)',
  paging: 'page',
  from: (db: Db) => {
    const user = reader.getStore();
    const scope = user ? partnerScope(user) : -1;
    const own = scope === null ? sql`true` : sql`p.partner = ${scope}`;
    return db
      .selectFrom('lobby_game as g')
      .selectAll('g')
      .select(
        sql<string[]>`coalesce((SELECT json_agg(k.package ORDER BY k.package)
      FROM lobby_game_package k JOIN payment_package p ON p.package = k.package WHERE k.tag = g.tag AND ${own}), '[]'::json)`.as('packages'),
      );
  },
  partner: null,
  id: 'g.id',
  filters: {
    tag: contains('g.tag', 64),
    provider: eqText('g.provider', 16),
    category: eqText('g.category', 64),
    platform: eqEnum('g.platform', LOBBY_PLATFORMS),
    visible: eqBool('g.visible'),
    package: custom(
      text(128).min(1, { message: 'Required' }),
      (v) => sql<SqlBool>`EXISTS (SELECT 1 FROM lobby_game_package k WHERE k.tag = g.tag AND k.package = ${v})`,
    ),
  },
  sorts: {
    // the lobby's own order: by the category's order, then rank
    category: {
      type: 'text',
      expr: sql`coalesce((SELECT lpad(c.sort_order::text, 7, '0') FROM lobby_category c WHERE c.code = g.category), '') || ':' || g.category || ':' || lpad(g.rank::text, 7, '0')`,
    },
    rank: sortBy.int('g.rank'),
    tag: sortBy.text('g.tag'),
    payLimit: sortBy.int('g.pay_limit'),
    initValue: sortBy.int('g.init_value'),
    updatedAt: sortBy.time('g.updated_at'),
  },
  defaultSort: { key: 'category', order: 'ascend' },
  item: lobbyGame,
  row: (r) => ({
    id: r.id,
    tag: r.tag,
    provider: r.provider,
    category: r.category,
    nameEn: r.name_en,
    nameZh: r.name_zh,
    icon: r.icon,
    initValue: r.init_value,
    rank: r.rank,
    platform: r.platform,
    payLimit: r.pay_limit,
    visible: r.visible,
    packages: Array.isArray(r.packages) ? r.packages : [],
    updatedAt: isoInConsoleZone(r.updated_at),
  }),
});

/** The list and its export, each run with the reading account known to the query. */
export const gameListOperations: Operation[] = listOperations(gameList).map((op) => ({
  ...op,
  handler: (ctx: Parameters<Operation['handler']>[0]) => reader.run(ctx.user as ScopedSubject, () => op.handler(ctx)),
}));

/** The providers the lobby's game entries name, each once. */
export async function providersInUse(db: Db): Promise<string[]> {
  return (await db.selectFrom('lobby_game').select('provider').distinct().orderBy('provider').execute()).map((p) => p.provider);
}
