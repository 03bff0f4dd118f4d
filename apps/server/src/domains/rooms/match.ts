/** Quick match: the open tier of a game whose balance range holds a balance, and the open table of that tier to take. */
import type { QuickTier } from '@console/schemas';
import type { Db } from '../../db/open';
import { notFound } from '../../http/api-error';
import { tierFor } from './config';
import { listItems } from './items';
import { tableRow, tableSelect } from './room-tables';

/** The tier quick match picks for a balance, and an open table of it (the one with the fewest players at its last round). */
export async function quickMatch(db: Db, game: string, balance: number) {
  const tier = tierFor(await listItems<QuickTier>(db, 'quicktier'), game, balance);
  if (!tier) return { balance, tier: null, table: null };
  const rows = await tableSelect(db).where('t.tier', '=', tier.id).where('t.status', '=', 'open').orderBy('t.id').execute();
  const tables = rows.map(tableRow).filter((t) => t.players === null || t.players < t.seats);
  tables.sort((a, b) => (a.players ?? 0) - (b.players ?? 0) || a.id - b.id);
  const t = tables[0];
  return {
    balance,
    tier: { id: tier.id, name: tier.name, minBalance: tier.minBalance, maxBalance: tier.maxBalance, template: tier.template },
    table: t ? { id: t.id, code: t.code, templateVersion: t.templateVersion, players: t.players, seats: t.seats } : null,
  };
}

async function balanceOf(db: Db, uid: number): Promise<number> {
  const row = await db.selectFrom('player_balance').select('chip').where('uid', '=', uid).executeTakeFirst();
  if (!row) throw notFound(`Player ${uid} not found`);
  return row.chip;
}

/** By balance, or by a player's chips (uid). */
export async function quickMatchFor(db: Db, q: { game: string; balance?: number; uid?: number }) {
  return quickMatch(db, q.game, q.balance ?? (await balanceOf(db, q.uid!)));
}
