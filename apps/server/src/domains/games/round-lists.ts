/**
 * The two reads of the reported rounds that several lists share, written once: a seat's bet
 * with its round and the player's name (each game's /betlogs, and /usermanager/gamerecordlogs
 * across games), and a round with its figures and verification (each game's /gamerounds, and
 * /platmanager/partnergamelogs across games). Each list adds its own filters and row mapping.
 */
import { text } from '@console/schemas';
import { sql, type SqlBool } from 'kysely';
import type { Db } from '../../db/open';
import { custom, type FilterBuilder } from '../../http/list';

/**
 * A round's bets carry its end (game_bet.at = game_round.ended_at), the month both are
 * partitioned by (decision 057): a join from a bet to its round names both, and reaches one month.
 */
export const betsWithRounds = (db: Db) =>
  db
    .selectFrom('game_bet as b')
    .innerJoin('game_round as r', (j) => j.onRef('r.id', '=', 'b.round').onRef('r.ended_at', '=', 'b.at'))
    .leftJoin('player as p', 'p.uid', 'b.uid')
    .select([
      'b.id',
      'b.round',
      'b.game',
      'r.round_id',
      'b.at',
      'b.uid',
      'p.name',
      'b.partner',
      'b.seat',
      'b.bot',
      'b.bet',
      'b.win',
      'b.fee',
      'b.jackpot',
      'r.server',
      'r.table_id',
      'r.verified',
    ]);

/** game_round's columns a list shows (the seed and its hash for the verification); no filter. */
export const rounds = (db: Db) =>
  db
    .selectFrom('game_round')
    .select([
      'id',
      'round_id',
      'game',
      'partner',
      'server',
      'table_id',
      'config_version',
      'started_at',
      'ended_at',
      'seats',
      'players',
      'bet',
      'win',
      'fee',
      'jackpot',
      'seed_hash',
      'seed',
      'verified',
      'why',
    ]);

/**
 * The rounds of a round id (one per application that used it), by its key (game_round_key,
 * decision 057): the key names each round's id and month, so the round is one probe. `alias` is
 * game_round's name in the list's query.
 */
export function roundIdIs(alias: string): FilterBuilder {
  return custom(text(64).min(1, { message: 'Required' }), (v) => roundIdCondition(alias, v as string));
}

/** The condition of roundIdIs, for a query of its own. */
export const roundIdCondition = (alias: string, roundId: string) =>
  sql<SqlBool>`(${sql.ref(`${alias}.id`)}, ${sql.ref(`${alias}.ended_at`)}) IN (SELECT k.id, k.ended_at FROM game_round_key k WHERE k.round_id = ${roundId})`;

/** A round of an application by its round id, through its key; no columns chosen. */
export const roundByKey = (db: Db, appId: string, roundId: string) =>
  db
    .selectFrom('game_round_key as k')
    .innerJoin('game_round as r', (j) => j.onRef('r.id', '=', 'k.id').onRef('r.ended_at', '=', 'k.ended_at'))
    .where('k.round_id', '=', roundId)
    .where('k.app_id', '=', appId);
