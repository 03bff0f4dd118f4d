/**
 * Demo data of room templates, tables, quick match, the mini-games' quick templates and the
 * partners' game stores, written through the screens' own services (versions and
 * operation log as a staff save would, actor `system`). Deterministic and safe to re-run: a
 * kind already seeded is left alone. The Tongits and Pusoy templates are those games' rooms
 * (decision 035): the simulated table servers play bronze, silver, gold, duel-1 and duel-10, so
 * the tables `bronze:1` … show the players and rounds of the simulated history; their rake is the
 * game's fee (5%, uncapped) and Tongits' turn time the game's (20 s). Two templates were edited
 * after their first tables were opened: those tables keep the older version.
 */
import { findGame } from '@console/games';
import { DEFAULT_RAKE_BPS, DEFAULT_REVENUE_SHARE_BPS, type GameStoreEntry, type QuickTier, type RoomTemplate, type TinyQuickTemplate } from '@console/schemas';
import type { ServerConfig } from '../../config';
import type { Db } from '../../db/open';
import type { OperationNote } from '../../http/operation';
import type { SessionUser } from '../auth/sessions';
import { currentSettings } from '../games/settings';
import { saveItem, type VersionedItems } from '../../settings/versions';
import { storeItems, templateItems, tierItems, tinyItems } from './config';
import { storeKey } from './items';
import { openTables } from './room-tables';

const DAY = 86_400_000;
const SYSTEM = { username: 'system', roles: ['admin'], partner: 0 } as unknown as SessionUser;

const t = (
  id: string,
  game: RoomTemplate['game'],
  name: string,
  ante: number,
  minBalance: number,
  maxBalance: number,
  seats: number,
  aiSeats: number,
  extra: Partial<RoomTemplate> = {},
): RoomTemplate => ({
  id,
  game,
  name,
  ante,
  minBalance,
  maxBalance,
  rakeBps: DEFAULT_RAKE_BPS,
  rakeCap: 0,
  seats,
  aiSeats,
  turnSeconds: 20,
  open: true,
  mode: 'table',
  ...extra,
});

export const DEMO_TEMPLATES: RoomTemplate[] = [
  t('bronze', 'tongits', 'Tongits Bronze ₱1', 100, 1_000, 100_000, 3, 2),
  t('silver', 'tongits', 'Tongits Silver ₱5', 500, 5_000, 500_000, 3, 2),
  t('gold', 'tongits', 'Tongits Gold ₱30', 3_000, 30_000, 0, 3, 1),
  t('duel-1', 'tongits', 'Tongits 1v1 ₱1', 100, 1_000, 200_000, 3, 1, { mode: '1v1' }),
  t('duel-10', 'tongits', 'Tongits 1v1 ₱10', 1_000, 10_000, 0, 3, 1, { mode: '1v1' }),
  t('vip', 'tongits', 'Tongits VIP ₱50', 5_000, 100_000, 0, 3, 0, { open: false }),
  t('p-5', 'pusoy', 'Pusoy ₱5', 500, 20_000, 1_000_000, 4, 2, { turnSeconds: 60 }),
  t('p-20', 'pusoy', 'Pusoy ₱20', 2_000, 80_000, 0, 4, 1, { turnSeconds: 60 }),
  t('htx-10', 'hightexas', "Hold'em ₱10/₱20", 2_000, 200_000, 4_000_000, 9, 0, { turnSeconds: 25, rakeCap: 6_000 }),
  t('htx-100', 'hightexas', "Hold'em ₱100/₱200", 20_000, 2_000_000, 0, 6, 0, { turnSeconds: 30, rakeCap: 60_000 }),
  t('m1v1-1', 'mines1v1', 'Mines duel ₱1', 100, 1_000, 200_000, 2, 1, { turnSeconds: 15 }),
  t('m1v1-20', 'mines1v1', 'Mines duel ₱20', 2_000, 20_000, 0, 2, 1, { turnSeconds: 15 }),
  t('l9-5', 'lucky9', 'Lucky 9 table ₱5', 500, 5_000, 0, 7, 0, { turnSeconds: 15 }),
];
/** The first versions of two templates, saved before their first tables were opened. */
const FIRST_VERSIONS: Record<string, Partial<RoomTemplate>> = { bronze: { aiSeats: 1, name: 'Tongits Bronze' }, 'p-5': { ante: 300 } };
/** Tables opened per template: [before the edit, after it]. */
const TABLES: Record<string, [number, number]> = {
  bronze: [6, 6],
  silver: [0, 12],
  gold: [0, 8],
  'duel-1': [0, 6],
  'duel-10': [0, 6],
  'p-5': [3, 2],
  'p-20': [0, 2],
  'htx-10': [0, 3],
  'htx-100': [0, 1],
  'm1v1-1': [0, 2],
  'm1v1-20': [0, 1],
  'l9-5': [0, 2],
};

const tier = (id: string, game: QuickTier['game'], name: string, minBalance: number, maxBalance: number, template: string): QuickTier => ({
  id,
  game,
  name,
  minBalance,
  maxBalance,
  template,
  open: true,
});
export const DEMO_TIERS: QuickTier[] = [
  tier('tg-low', 'tongits', 'Tongits quick: starter', 1_000, 99_999, 'bronze'),
  tier('tg-mid', 'tongits', 'Tongits quick: regular', 100_000, 499_999, 'silver'),
  tier('tg-high', 'tongits', 'Tongits quick: high roller', 500_000, 0, 'gold'),
  tier('ps-low', 'pusoy', 'Pusoy quick: ₱5', 20_000, 999_999, 'p-5'),
  tier('ps-high', 'pusoy', 'Pusoy quick: ₱20', 1_000_000, 0, 'p-20'),
  tier('mn-low', 'mines1v1', 'Mines duel quick: ₱1', 1_000, 199_999, 'm1v1-1'),
  tier('mn-high', 'mines1v1', 'Mines duel quick: ₱20', 200_000, 0, 'm1v1-20'),
];
const QUICK_TABLES: Record<string, number> = { 'tg-low': 4, 'tg-mid': 3, 'tg-high': 2, 'ps-low': 2, 'ps-high': 1, 'mn-low': 2, 'mn-high': 1 };

/** Quick bet settings of the mini-games: countdown per game, chips within the game's limits. */
const TINY: Record<string, number> = { colorgame: 15, rocket: 8, luckyjoker: 10, tasty: 12, horse: 20, hilo: 10, bingo: 25, fruitfever: 10 };
const CHIPS = [100, 500, 1_000, 5_000, 10_000, 50_000, 100_000, 500_000];

const STORE: Record<number, { games: string[]; tiers: string[]; share: number; off?: string[] }> = {
  1: {
    games: ['tongits', 'pusoy', 'colorgame', 'rocket', 'lucky9', 'mines1v1', 'hightexas', 'luckyjoker', 'horse'],
    tiers: ['tg-low', 'tg-mid', 'tg-high', 'ps-low', 'ps-high', 'mn-low'],
    share: DEFAULT_REVENUE_SHARE_BPS,
    off: ['hightexas'],
  },
  2: { games: ['tongits', 'colorgame', 'rocket', 'pusoy', 'hilo'], tiers: ['tg-low', 'tg-mid', 'ps-low'], share: 5_500 },
};

function ctx(db: Db, at: number) {
  const note: OperationNote = { target: '', before: null, after: null };
  return { db, user: SYSTEM, now: new Date(at), note };
}

async function ensure<Doc>(db: Db, items: VersionedItems<Doc>, key: string, doc: Doc, at: number): Promise<boolean> {
  if (await items.read(db, key)) return false;
  await saveItem(ctx(db, at), items, key, 'seed', () => doc);
  return true;
}

async function seedAll(db: Db, now: number): Promise<void> {
  for (const tpl of DEMO_TEMPLATES) {
    const first = FIRST_VERSIONS[tpl.id];
    if (!(await ensure(db, templateItems, tpl.id, first ? { ...tpl, ...first } : tpl, now - 21 * DAY))) continue;
    const [before, after] = TABLES[tpl.id] ?? [0, 0];
    if (before > 0) await openTables(ctx(db, now - 20 * DAY), { template: tpl.id }, before);
    if (first) {
      await saveItem(ctx(db, now - 6 * DAY), templateItems, tpl.id, 'update', () => tpl);
    }
    if (after > 0) await openTables(ctx(db, now - (first ? 5 : 20) * DAY), { template: tpl.id }, after);
  }
  for (const x of DEMO_TIERS) {
    if (await ensure(db, tierItems, x.id, x, now - 19 * DAY)) await openTables(ctx(db, now - 19 * DAY), { tier: x.id }, QUICK_TABLES[x.id] ?? 1);
  }
  for (const [game, countdownSeconds] of Object.entries(TINY)) {
    const g = findGame(game)!;
    const s = (await currentSettings(db, g)).settings as { minBet: number; maxBet: number };
    const chips = CHIPS.filter((c) => c >= s.minBet && c <= s.maxBet).slice(0, 6);
    if (chips.length === 0) continue;
    const doc: TinyQuickTemplate = {
      game: g.id,
      minBet: chips[0],
      maxBet: Math.min(s.maxBet, Math.max(chips.at(-1)! * 2, chips[0])),
      countdownSeconds,
      chips,
      open: true,
    };
    await ensure(db, tinyItems, game, doc, now - 18 * DAY);
  }
  const partners = new Set((await db.selectFrom('partner').select('id').execute()).map((p) => p.id));
  for (const [partner, s] of Object.entries(STORE)) {
    const id = Number(partner);
    if (!partners.has(id)) continue;
    for (const [i, game] of s.games.entries()) {
      const tiers = s.tiers.filter((x) => DEMO_TIERS.find((d) => d.id === x)?.game === game);
      const doc: GameStoreEntry = {
        partner: id,
        game: game as GameStoreEntry['game'],
        enabled: !(s.off ?? []).includes(game),
        order: (i + 1) * 10,
        tiers,
        revenueShareBps: s.share,
      };
      await ensure(db, storeItems, storeKey(id, game), doc, now - 17 * DAY);
    }
  }
}

/** Configuration seeded with the demo platform, before any player exists. */
export async function seedRooms(db: Db, now = Date.now()): Promise<void> {
  const at = Math.floor(now / 3_600_000) * 3_600_000;
  if (db.isTransaction) await seedAll(db, at);
  else await db.transaction().execute((trx) => seedAll(trx, at));
}

/** Activity after the simulated history: the rooms read it (table players, partner reports); returns figures for the seed log. */
export async function seedRoomActivity(db: Db, _config: ServerConfig, _password: string, _end: number): Promise<Record<string, number>> {
  const count = async (kind: string) =>
    (
      await db
        .selectFrom('room_item')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('kind', '=', kind as never)
        .executeTakeFirst()
    )?.n ?? 0;
  const tables = await db
    .selectFrom('room_table')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  const played = await db
    .selectFrom('room_table as t')
    .innerJoin('game_round as r', (j) => j.onRef('r.table_id', '=', 't.code').onRef('r.game', '=', 't.game'))
    .select((eb) => eb.fn.count<number>('r.id').as('n'))
    .executeTakeFirst();
  return {
    templates: await count('template'),
    tiers: await count('quicktier'),
    tinyTemplates: await count('tinyquick'),
    storeEntries: await count('gamestore'),
    tables: tables?.n ?? 0,
    roundsAtTables: played?.n ?? 0,
  };
}
