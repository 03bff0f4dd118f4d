/**
 * A package's lobby as the app shows it: the categories in the package's order (its own list,
 * or every visible category by sort order), each with its visible games in order (the
 * package's own order, then rank), categories left without games left out. The platform call
 * and the staff preview both read it here, so the preview is exactly what the app gets.
 *   platform: only entries for every platform or for this one;
 *   paid:     only entries whose pay limit the player's paid recharges reach.
 * `version` is a hash of the answer: it changes exactly when the answer does (the ETag).
 */
import { createHash } from 'node:crypto';
import type { LobbyView } from '@console/schemas';
import { sql } from 'kysely';
import type { Db } from '../../db/open';

export interface LobbyFilter {
  platform?: 'android' | 'ios' | 'web';
  paid?: number;
}

/** The total of a player's paid recharges (centavos); null when there is no such player. */
export async function paidTotal(db: Db, uid: number): Promise<number | null> {
  const player = await db.selectFrom('player').select('uid').where('uid', '=', uid).executeTakeFirst();
  if (!player) return null;
  const row = await db
    .selectFrom('recharge_order')
    .select(sql<string | number>`coalesce(sum(coalesce(paid_amount, price)), 0)`.as('total'))
    .where('uid', '=', uid)
    .where('status', '=', 'paid')
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export async function buildLobby(db: Db, pkg: string, filter: LobbyFilter = {}): Promise<LobbyView | null> {
  const known = await db
    .selectFrom('payment_package as p')
    .leftJoin('lobby_layout as l', 'l.package', 'p.package')
    .select(['p.package', 'l.package as layout'])
    .where('p.package', '=', pkg)
    .executeTakeFirst();
  if (!known) return null;
  const categories =
    known.layout !== null
      ? await db
          .selectFrom('lobby_layout_category as x')
          .innerJoin('lobby_category as c', 'c.code', 'x.category')
          .select(['c.code', 'c.name_en', 'c.name_zh', 'c.icon'])
          .where('x.package', '=', pkg)
          .where('c.visible', '=', true)
          .orderBy('x.position')
          .orderBy('c.code')
          .execute()
      : await db
          .selectFrom('lobby_category as c')
          .select(['c.code', 'c.name_en', 'c.name_zh', 'c.icon'])
          .where('c.visible', '=', true)
          .orderBy('c.sort_order')
          .orderBy('c.code')
          .execute();
  let games = db
    .selectFrom('lobby_game_package as k')
    .innerJoin('lobby_game as g', 'g.tag', 'k.tag')
    .select(['g.tag', 'g.provider', 'g.category', 'g.name_en', 'g.name_zh', 'g.icon', 'g.init_value', 'g.platform', 'g.pay_limit'])
    .where('k.package', '=', pkg)
    .where('g.visible', '=', true);
  if (filter.platform) games = games.where('g.platform', 'in', ['all', filter.platform]);
  if (filter.paid !== undefined) games = games.where('g.pay_limit', '<=', filter.paid);
  const rows = await games
    .orderBy(sql`k.position asc nulls last`)
    .orderBy('g.rank')
    .orderBy('g.tag')
    .execute();
  const view = {
    package: known.package,
    categories: categories
      .map((c) => ({
        code: c.code,
        name: { en: c.name_en, zh: c.name_zh },
        icon: c.icon,
        games: rows
          .filter((g) => g.category === c.code)
          .map((g) => ({
            tag: g.tag,
            provider: g.provider,
            name: { en: g.name_en, zh: g.name_zh },
            icon: g.icon,
            initValue: Number(g.init_value),
            platform: g.platform,
            payLimit: Number(g.pay_limit),
          })),
      }))
      .filter((c) => c.games.length > 0),
  };
  const version = createHash('sha256').update(JSON.stringify(view)).digest('hex').slice(0, 16);
  return { package: view.package, version, categories: view.categories };
}
