/**
 * /usermanager/gamerecordlogs: every bet of players in the game rounds the game servers report
 * (game_bet with its round, migration 025), across all games, newest first. One row per seat
 * payout (a house game: one per bet; a table game: one per seat); bot seats are not player
 * records and are left out. Keyset by (at, id): a player's page seeks (uid, at, id), a game's
 * (game, at, id), the whole log the player-seat index of migration 029. Partner accounts see
 * their own players' bets (the bet's partner). The round's detail is the game's gamerounds
 * screen (docs/decisions/015-game-records.md).
 */
import { GAME_IDS } from '@console/games';
import { gameRecordItem, type GameRecordItem } from '@console/schemas';
import { sql, type SqlBool } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../db/open';
import { custom, dateRange, defineList, eqEnum, eqInt, sortBy } from '../../http/list';
import { betsWithRounds, roundIdIs } from '../games/round-lists';
import { isoInConsoleZone } from '../../http/time';

export const RECORD_RESULTS = ['win', 'lose', 'even'] as const;
const RESULT_SQL: Record<(typeof RECORD_RESULTS)[number], ReturnType<typeof sql<SqlBool>>> = {
  win: sql<SqlBool>`b.win > b.bet`,
  lose: sql<SqlBool>`b.win < b.bet`,
  even: sql<SqlBool>`b.win = b.bet`,
};

const num = (v: unknown) => Number(v ?? 0);
const resultOf = (bet: number, win: number): GameRecordItem['result'] => (win > bet ? 'win' : win < bet ? 'lose' : 'even');

export const gamerecordlogs = defineList({
  url: '/api/usermanager/gamerecordlogs',
  name: 'usermanager.gamerecordlogs',
  screen: '/usermanager/gamerecordlogs',
  tags: ['player reports'],
  summary:
    'Every bet of players in the reported game rounds, all games, newest first: filters uid, game, roundId, from/to (round end), result (win, lose, even), partner',
  paging: 'keyset',
  from: (db: Db) =>
    betsWithRounds(db)
      // the predicate of the player-seat index (migration 029), written as it is there
      .where(sql<SqlBool>`b.uid IS NOT NULL AND NOT b.bot`),
  partner: 'b.partner',
  id: 'b.id',
  filters: {
    uid: eqInt('b.uid', 1),
    game: eqEnum('b.game', GAME_IDS),
    roundId: roundIdIs('r'),
    time: dateRange('b.at'),
    result: custom(z.enum(RECORD_RESULTS, { message: `Must be one of ${RECORD_RESULTS.join(', ')}` }), (v) => RESULT_SQL[v as (typeof RECORD_RESULTS)[number]]),
    partner: eqInt('b.partner'),
  },
  sorts: { at: sortBy.time('b.at') },
  defaultSort: { key: 'at', order: 'descend' },
  item: gameRecordItem,
  row: (x) => {
    const bet = x.bet;
    const win = x.win;
    return {
      id: x.id,
      at: isoInConsoleZone(x.at),
      game: x.game,
      roundId: x.round_id,
      round: x.round,
      uid: num(x.uid),
      name: x.name ?? '',
      partner: x.partner,
      seat: x.seat,
      bet,
      win,
      fee: x.fee,
      jackpot: x.jackpot,
      net: win - bet,
      result: resultOf(bet, win),
      server: x.server,
      table: x.table_id,
      verified: x.verified,
    };
  },
});
