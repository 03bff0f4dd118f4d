/**
 * What the arena's lists and the app's table list read: the tables with their defender, the
 * challenges, the reigns and the settled seasons' lines (each with the players' names), the list
 * filters and the season order that need SQL of their own, and a player's arena state now.
 */
import { dayOf } from '@console/activities';
import { ARENA_ENDINGS, queryInt } from '@console/schemas';
import { sql, type SqlBool } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../db/open';
import { custom } from '../../http/list';
import type { FilterBuilder } from '../../http/list/filters';
import type { SortKey } from '../../http/list/keyset';

/** Every table with its defender now (reign, since, defences, earned), its pending challenges and its challenges in all: the tables list's rows. */
export const tablesWithDefenders = (db: Db) =>
  db
    .selectFrom('arena_table as t')
    .leftJoin('arena_reign as r', (j) => j.onRef('r.arena', '=', 't.id').on('r.ended_at', 'is', null))
    .leftJoin('player as p', 'p.uid', 'r.uid')
    .selectAll('t')
    .select(['r.id as reign_id', 'r.uid as defender_uid', 'p.name as defender_name', 'r.started_at', 'r.defences', 'r.earned'])
    .select(sql<number>`(SELECT count(*) FROM arena_challenge c WHERE c.arena = t.id AND c.state = 'pending')`.as('pending'))
    .select(sql<number>`(SELECT count(*) FROM arena_challenge c WHERE c.arena = t.id)`.as('challenges'));

/** Every challenge with its table's name and the challenger's and the defender's: the logs list's rows. */
export const challengesWithNames = (db: Db) =>
  db
    .selectFrom('arena_challenge as c')
    .innerJoin('arena_table as t', 't.id', 'c.arena')
    .leftJoin('player as p', 'p.uid', 'c.uid')
    .leftJoin('player as d', 'd.uid', 'c.defender_uid')
    .selectAll('c')
    .select(['t.name as table_name', 'p.name as name', 'd.name as defender_name']);

/** `uid`: the challenges of a player, as the challenger or as the defender. */
export const challengerOrDefenderFilter: FilterBuilder = custom(queryInt(1, 2_147_483_647), (v) => sql<SqlBool>`(c.uid = ${v} OR c.defender_uid = ${v})`);

/** Every reign with its table (name, open), the defender's name and, while it holds, the table's pending challenges: the defenders' and the reigns' lists' rows. */
export const reignsWithNames = (db: Db) =>
  db
    .selectFrom('arena_reign as r')
    .innerJoin('arena_table as t', 't.id', 'r.arena')
    .leftJoin('player as p', 'p.uid', 'r.uid')
    .selectAll('r')
    .select(['t.name as table_name', 't.open', 'p.name as name'])
    .select(sql<number>`(SELECT count(*) FROM arena_challenge c WHERE c.arena = r.arena AND c.state = 'pending' AND r.ended_at IS NULL)`.as('pending'));

/** `ended`: how a reign ended (holding: it has not). */
export const reignEndedFilter: FilterBuilder = custom(z.enum(ARENA_ENDINGS, { message: `Must be one of ${ARENA_ENDINGS.join(', ')}` }), (v) =>
  v === 'holding' ? sql<SqlBool>`r.ended_at IS NULL` : sql<SqlBool>`r.ended_how = ${v}`,
);

/** Every line of the settled seasons (a rewarded rank, paid or skipped) with its season as text and the player's name: the seasons list's rows. */
export const seasonLinesWithNames = (db: Db) =>
  db
    .selectFrom('arena_season_line as l')
    .leftJoin('player as p', 'p.uid', 'l.uid')
    .selectAll('l')
    .select([sql<string>`l.season::text`.as('season_key'), 'p.name']);

/** A season filter: a real calendar day 'YYYY-MM-DD' (a bad one is a 400, never a cast error). */
const seasonParam = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Must be YYYY-MM-DD' })
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().slice(0, 10) === d, { message: 'Must be a real day' });

/** `season`: the lines of one season (its Monday). */
export const seasonFilter: FilterBuilder = custom(seasonParam, (v) => sql<SqlBool>`l.season = ${v}::date`);

/** The seasons list's `season` order: newest season first, its ranks in order: (days since 2000 of the season) × 1000 + (1000 − rank). */
export const seasonRankSort: SortKey = { expr: sql`((l.season - date '2000-01-01')::bigint * 1000 + (1000 - l.rank))`, type: 'bigint' };

/** The open tables in creation order with their defender now (uid, name, since, defences, earned): the app's table list. */
export const openTablesWithDefenders = (db: Db) =>
  db
    .selectFrom('arena_table as t')
    .leftJoin('arena_reign as r', (j) => j.onRef('r.arena', '=', 't.id').on('r.ended_at', 'is', null))
    .leftJoin('player as p', 'p.uid', 'r.uid')
    .selectAll('t')
    .select(['r.uid as defender_uid', 'p.name as defender_name', 'r.started_at', 'r.defences', 'r.earned'])
    .where('t.open', '=', true)
    .orderBy('t.seq')
    .execute();

/** A player's arena now: whether today's free ticket is still there, the pending challenge and the table the player defends. */
export async function playerArenaState(db: Db, uid: number, now: Date) {
  const [free, pending, seat] = await Promise.all([
    db
      .selectFrom('arena_challenge')
      .select('id')
      .where('uid', '=', uid)
      .where('day', '=', dayOf(now))
      .where('free', '=', true)
      .where('state', '<>', 'void')
      .executeTakeFirst(),
    db.selectFrom('arena_challenge').select('id').where('uid', '=', uid).where('state', '=', 'pending').executeTakeFirst(),
    db.selectFrom('arena_reign').select('arena').where('uid', '=', uid).where('ended_at', 'is', null).executeTakeFirst(),
  ]);
  return { uid, freeTicket: !free, pending: pending ? pending.id : null, defending: seat?.arena ?? null };
}
