/**
 * The four kinds of room documents and the rules a write of each must keep, whatever writes
 * it (create, update, delete or a restore of an old version): a template in use is not removed
 * and keeps its tiers inside its balance range; a tier names a template of its game and never
 * overlaps another tier of the game; a mini-game's limits stay within the game's settings; a
 * store entry names a partner and tiers of its game. 400 naming the field, 409 for what is in use.
 */
import { findGame } from '@console/games';
import {
  gameStoreEntry,
  quickTier,
  roomTemplate,
  TABLE_GAMES,
  tinyQuickTemplate,
  type GameStoreEntry,
  type QuickTier,
  type RoomTemplate,
  type TableGame,
  type TinyQuickTemplate,
} from '@console/schemas';
import type { Db } from '../../db/open';
import { badInput, conflict } from '../../http/api-error';
import { currentSettings } from '../games/settings';
import { items, listItems, lockKind } from './items';

export const peso = (c: number) => `₱${(c / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })}`;
const range = (min: number, max: number) => `${peso(min)} – ${max === 0 ? 'no limit' : peso(max)}`;

async function docOf<Doc>(db: Db, kind: 'template' | 'quicktier', key: string): Promise<Doc | null> {
  const row = await db.selectFrom('room_item').select('doc').where('kind', '=', kind).where('key', '=', key).executeTakeFirst();
  return (row?.doc ?? null) as Doc | null;
}

/** A tier's balance range must lie inside its template's entry range. */
function tierInTemplate(tier: QuickTier, t: RoomTemplate, field: (f: 'minBalance' | 'maxBalance') => string, who: string): void {
  if (tier.minBalance < t.minBalance)
    throw badInput(field('minBalance'), `${who} starts at ${peso(tier.minBalance)}, below template ${t.id}'s minimum balance ${peso(t.minBalance)}`);
  if (t.maxBalance !== 0 && (tier.maxBalance === 0 || tier.maxBalance > t.maxBalance)) {
    throw badInput(
      field('maxBalance'),
      `${who} reaches ${tier.maxBalance === 0 ? 'no limit' : peso(tier.maxBalance)}, above template ${t.id}'s maximum balance ${peso(t.maxBalance)}`,
    );
  }
}

const isTableGame = (game: string): game is TableGame => (TABLE_GAMES as readonly string[]).includes(game);

/**
 * What a Tongits or Pusoy room takes from its game (decision 035): the game's fee is the rake
 * (the rules package verifies every round against the game's settings version, decision 012),
 * uncapped; Tongits' turn time is the game's too. `null`: the template's own rules stand.
 */
async function gameRulesOf(db: Db, game: string): Promise<(Pick<RoomTemplate, 'rakeBps' | 'rakeCap'> & { turnSeconds?: number }) | null> {
  if (!isTableGame(game)) return null;
  const { settings } = await currentSettings(db, findGame(game)!);
  const s = settings as { feeBps: number; turnSeconds?: number };
  return { rakeBps: s.feeBps, rakeCap: 0, ...(typeof s.turnSeconds === 'number' ? { turnSeconds: s.turnSeconds } : {}) };
}

/**
 * The templates as game servers and screens must see them: a template saved before rooms had a
 * mode is a `table` room, and a Tongits or Pusoy template carries its game's fee (and turn time)
 * in force, whatever it was saved with (the game's settings may have changed since).
 */
export async function templateRules(db: Db): Promise<<T extends RoomTemplate>(t: T) => T> {
  const rules = new Map<string, Awaited<ReturnType<typeof gameRulesOf>>>();
  for (const game of TABLE_GAMES) rules.set(game, await gameRulesOf(db, game));
  return (t) => ({ ...t, mode: t.mode ?? 'table', ...(rules.get(t.game) ?? {}) });
}

const GAME_SETTINGS = (game: TableGame) => `/tinygames/${game}/${game}config`;

async function checkTemplate(db: Db, key: string, doc: RoomTemplate | null): Promise<void> {
  if (doc !== null) {
    const rules = await gameRulesOf(db, doc.game);
    if (rules !== null) {
      const game = findGame(doc.game)!.name.en;
      const where = GAME_SETTINGS(doc.game as TableGame);
      if (doc.rakeBps !== rules.rakeBps)
        throw badInput('rakeBps', `The rake of ${game} rooms is the game's fee (${rules.rakeBps} bps, ${where}): a room cannot have its own`);
      if (doc.rakeCap !== 0) throw badInput('rakeCap', `The fee of ${game} has no cap (${where}): must be 0`);
      if (rules.turnSeconds !== undefined && doc.turnSeconds !== rules.turnSeconds) {
        throw badInput('turnSeconds', `The turn time of ${game} rooms is the game's (${rules.turnSeconds} s, ${where}): a room cannot have its own`);
      }
    }
  }
  await lockKind(db, 'quicktier');
  const tiers = (await listItems<QuickTier>(db, 'quicktier')).filter((t) => t.template === key);
  if (doc === null) {
    const open = await db
      .selectFrom('room_table')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('template', '=', key)
      .where('status', '=', 'open')
      .executeTakeFirst();
    if ((open?.n ?? 0) > 0) throw conflict(`Template ${key} has ${open!.n} open tables: close them first`);
    if (tiers.length > 0) throw conflict(`Template ${key} is used by quick-match tier ${tiers[0].id}`);
    return;
  }
  for (const tier of tiers) {
    if (tier.game !== doc.game) throw badInput('game', `Quick-match tier ${tier.id} (${tier.game}) uses this template`);
    tierInTemplate(tier, doc, (f) => (f === 'minBalance' ? 'minBalance' : 'maxBalance'), `Quick-match tier ${tier.id}`);
  }
}

const overlaps = (a: QuickTier, b: QuickTier) =>
  a.minBalance <= (b.maxBalance === 0 ? Infinity : b.maxBalance) && b.minBalance <= (a.maxBalance === 0 ? Infinity : a.maxBalance);

async function checkTier(db: Db, key: string, doc: QuickTier | null): Promise<void> {
  await lockKind(db, 'quicktier');
  if (doc === null) {
    const open = await db
      .selectFrom('room_table')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tier', '=', key)
      .where('status', '=', 'open')
      .executeTakeFirst();
    if ((open?.n ?? 0) > 0) throw conflict(`Tier ${key} has ${open!.n} open quick-match tables: close them first`);
    const stores = (await listItems<GameStoreEntry>(db, 'gamestore')).filter((e) => e.tiers.includes(key));
    if (stores.length > 0) throw conflict(`Tier ${key} is offered in partner ${stores[0].partner}'s game store`);
    return;
  }
  const t = await docOf<RoomTemplate>(db, 'template', doc.template);
  if (!t) throw badInput('template', `Unknown template ${doc.template}`);
  if (t.game !== doc.game) throw badInput('template', `Template ${doc.template} is a ${t.game} template, not ${doc.game}`);
  tierInTemplate(doc, t, (f) => f, 'The tier');
  const other = (await listItems<QuickTier>(db, 'quicktier')).find((x) => x.id !== key && x.game === doc.game && overlaps(x, doc));
  if (other) throw badInput('minBalance', `Overlaps tier ${other.id} (${range(other.minBalance, other.maxBalance)}): the tiers of a game must not overlap`);
}

async function checkTiny(db: Db, _key: string, doc: TinyQuickTemplate | null): Promise<void> {
  if (doc === null) return;
  const game = findGame(doc.game)!;
  if (game.kind !== 'house') throw badInput('game', `${doc.game} is a table game: its rooms are templates`);
  const { settings } = await currentSettings(db, game);
  const s = settings as { minBet: number; maxBet: number };
  if (doc.minBet < s.minBet) throw badInput('minBet', `Below ${game.name.en}'s minimum bet ${peso(s.minBet)} (its settings)`);
  if (doc.maxBet > s.maxBet) throw badInput('maxBet', `Above ${game.name.en}'s maximum bet ${peso(s.maxBet)} (its settings)`);
}

async function checkStore(db: Db, _key: string, doc: GameStoreEntry | null): Promise<void> {
  if (doc === null) return;
  const partner = await db.selectFrom('partner').select('id').where('id', '=', doc.partner).executeTakeFirst();
  if (!partner) throw badInput('partner', `Unknown partner ${doc.partner}`);
  for (const [i, id] of doc.tiers.entries()) {
    const tier = await docOf<QuickTier>(db, 'quicktier', id);
    if (!tier) throw badInput(`tiers.${i}`, `Unknown tier ${id}`);
    if (tier.game !== doc.game) throw badInput(`tiers.${i}`, `Tier ${id} is a ${tier.game} tier, not ${doc.game}`);
  }
}

export const templateItems = items<RoomTemplate>('template', 'Template', roomTemplate, checkTemplate);
export const tierItems = items<QuickTier>('quicktier', 'Tier', quickTier, checkTier);
export const tinyItems = items<TinyQuickTemplate>('tinyquick', 'Mini-game template', tinyQuickTemplate, checkTiny);
export const storeItems = items<GameStoreEntry>('gamestore', 'Game store entry', gameStoreEntry, checkStore, (d) => d.partner);

/** The tier of a game whose balance range holds `balance` (open tiers only), or null. */
export function tierFor(tiers: readonly QuickTier[], game: string, balance: number): QuickTier | null {
  return tiers.find((t) => t.open && t.game === game && balance >= t.minBalance && (t.maxBalance === 0 || balance <= t.maxBalance)) ?? null;
}
