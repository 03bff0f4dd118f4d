/**
 * Demo lobby (docs/api/lobby.md "Demo data"): five categories (card games first: Tongits is the
 * platform's own game), an entry for every house game of @console/games and five third-party
 * slots (JILI, PG), and the four demo packages' lobbies:
 *   com.demo           every game, the default order;
 *   com.demo.lite      the light build: card and quick games only, its own order;
 *   com.demo.partner1  cards, slots and third-party games, its own order;
 *   com.demo.partner2  every house game, the default order.
 * Tickers start at ₱50,000–₱100,000 on the jackpot games; high-stakes hold'em and the
 * third-party slots show once a player has paid ₱500 / ₱100; the JILI games are Android only.
 * Idempotent: what exists is left as it is (a staff edit survives a restart); each item it adds
 * gets its first version (actor `system`, action `seed`).
 */
import { GAMES } from '@console/games';
import type { LobbyCategoryBody, LobbyGameBody, LobbyLayoutDoc } from '@console/schemas';
import type { Db } from '../../db/open';
import { writeSeedItem, type VersionedItems } from '../../settings/versions';
import { categoryItems } from './categories';
import { gameItems } from './games';
import { layoutItems } from './layouts';

const ALL = ['com.demo', 'com.demo.lite', 'com.demo.partner1', 'com.demo.partner2'];

export const DEMO_CATEGORIES: LobbyCategoryBody[] = [
  { code: 'cards', nameEn: 'Card games', nameZh: '棋牌游戏', icon: 'cards', sortOrder: 10, visible: true },
  { code: 'slots', nameEn: 'Slots', nameZh: '老虎机', icon: 'slots', sortOrder: 20, visible: true },
  { code: 'quick', nameEn: 'Quick games', nameZh: '快速游戏', icon: 'quick', sortOrder: 30, visible: true },
  { code: 'lottery', nameEn: 'Bingo & lottery', nameZh: '宾果彩票', icon: 'lottery', sortOrder: 40, visible: true },
  { code: 'thirdparty', nameEn: 'More games', nameZh: '更多游戏', icon: 'thirdparty', sortOrder: 50, visible: true },
];

/** House games: [category, rank, init value (centavos), pay limit (centavos), packages]. */
const HOUSE: Record<string, [string, number, number, number, string[]]> = {
  tongits: ['cards', 10, 10_000_000, 0, ALL],
  pusoy: ['cards', 20, 0, 0, ALL],
  lucky9: ['cards', 30, 0, 0, ALL],
  hightexas: ['cards', 40, 0, 50_000, ['com.demo', 'com.demo.partner1', 'com.demo.partner2']],
  luckyjoker: ['slots', 10, 5_000_000, 0, ['com.demo', 'com.demo.partner1', 'com.demo.partner2']],
  fruitfever: ['slots', 20, 5_000_000, 0, ['com.demo', 'com.demo.partner1', 'com.demo.partner2']],
  tasty: ['slots', 30, 0, 0, ['com.demo', 'com.demo.partner1', 'com.demo.partner2']],
  luckytree: ['slots', 40, 8_000_000, 0, ['com.demo', 'com.demo.partner1', 'com.demo.partner2']],
  colorgame: ['quick', 10, 0, 0, ALL],
  rocket: ['quick', 20, 0, 0, ALL],
  mines: ['quick', 30, 0, 0, ALL],
  mines1v1: ['quick', 40, 0, 0, ALL],
  hilo: ['quick', 50, 0, 0, ALL],
  bingo: ['lottery', 10, 2_000_000, 0, ['com.demo', 'com.demo.partner2']],
  scratch: ['lottery', 20, 0, 0, ['com.demo', 'com.demo.partner2']],
  horse: ['lottery', 30, 0, 0, ['com.demo', 'com.demo.partner2']],
};

const third = (tag: string, nameEn: string, nameZh: string, rank: number, platform: LobbyGameBody['platform'], initValue = 0): LobbyGameBody => ({
  tag,
  provider: tag.split('.')[0],
  category: 'thirdparty',
  nameEn,
  nameZh,
  icon: tag,
  initValue,
  rank,
  platform,
  payLimit: 10_000,
  visible: true,
  packages: ['com.demo', 'com.demo.partner1'],
});

export const DEMO_GAMES: LobbyGameBody[] = [
  ...GAMES.filter((g) => HOUSE[g.id]).map((g): LobbyGameBody => {
    const [category, rank, initValue, payLimit, packages] = HOUSE[g.id];
    return {
      tag: g.id,
      provider: 'house',
      category,
      nameEn: g.name.en,
      nameZh: g.name.zh,
      icon: g.id,
      initValue,
      rank,
      platform: 'all',
      payLimit,
      visible: true,
      packages,
    };
  }),
  third('jili.superace', 'Super Ace', '超级王牌', 10, 'android', 20_000_000),
  third('jili.fortunegems', 'Fortune Gems', '财富宝石', 20, 'android'),
  third('jili.moneycoming', 'Money Coming', '钱来了', 30, 'android'),
  third('jili.boxingking', 'Boxing King', '拳王', 40, 'android'),
  third('pg.mahjongways2', 'Mahjong Ways 2', '麻将胡了2', 50, 'all'),
];

export const DEMO_LAYOUTS: Omit<LobbyLayoutDoc, 'partner'>[] = [
  {
    package: 'com.demo.lite',
    custom: true,
    categories: ['quick', 'cards'],
    games: ['colorgame', 'rocket', 'mines', 'hilo', 'mines1v1', 'tongits', 'lucky9', 'pusoy'],
  },
  {
    package: 'com.demo.partner1',
    custom: true,
    categories: ['cards', 'thirdparty', 'slots', 'quick'],
    games: [
      'tongits',
      'pusoy',
      'lucky9',
      'hightexas',
      'jili.superace',
      'pg.mahjongways2',
      'jili.fortunegems',
      'jili.moneycoming',
      'jili.boxingking',
      'luckyjoker',
      'luckytree',
      'fruitfever',
      'tasty',
      'rocket',
      'colorgame',
      'mines',
      'mines1v1',
      'hilo',
    ],
  },
];

async function seeded<Doc>(db: Db, items: VersionedItems<Doc>, key: string): Promise<boolean> {
  return (await db.selectFrom('config_version').select('id').where('kind', '=', items.kind).where('key', '=', key).limit(1).executeTakeFirst()) !== undefined;
}

async function ensure<Doc>(db: Db, items: VersionedItems<Doc>, key: string, doc: Doc, now: Date, partner = 0): Promise<void> {
  if (await seeded(db, items, key)) return;
  await writeSeedItem(db, items, key, await items.read(db, key), doc, now, partner);
}

async function seedAll(db: Db, now: Date): Promise<void> {
  const packages = await db.selectFrom('payment_package').select(['package', 'partner']).execute();
  const partnerOf = new Map(packages.map((p) => [p.package, p.partner]));
  for (const c of DEMO_CATEGORIES) {
    if (!(await categoryItems.read(db, c.code))) await ensure(db, categoryItems, c.code, c, now);
  }
  for (const g of DEMO_GAMES) {
    if (await gameItems.read(db, g.tag)) continue;
    await ensure(db, gameItems, g.tag, { ...g, packages: g.packages.filter((p) => partnerOf.has(p)) }, now);
  }
  for (const l of DEMO_LAYOUTS) {
    const partner = partnerOf.get(l.package);
    if (partner === undefined) continue;
    await ensure(db, layoutItems, l.package, { ...l, partner }, now, partner);
  }
}

/** Adds whatever of the demo lobby is missing; one transaction (the caller's, if it has one). */
export async function seedLobby(db: Db, now = new Date()): Promise<void> {
  if (db.isTransaction) await seedAll(db, now);
  else await db.transaction().execute((trx) => seedAll(trx, now));
}
