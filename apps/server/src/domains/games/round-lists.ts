/**
 * The two reads of the reported rounds that several lists share, written once: a seat's bet
 * with its round and the player's name (each game's /betlogs, and /usermanager/gamerecordlogs
 * across games), and a round with its figures and verification (each game's /gamerounds, and
 * /platmanager/partnergamelogs across games). Each list adds its own filters and row mapping.
 */
import type { Db } from '../../db/open';

/** game_bet with its round (by id) and the player's name; no filter. */
export const betsWithRounds = (db: Db) =>
  db
    .selectFrom('game_bet as b')
    .innerJoin('game_round as r', 'r.id', 'b.round')
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
