/** The triggers on the games' tables (db/triggers.ts says what the list is for). */
import type { DomainTriggers } from '../../db/triggers';

export const triggers: DomainTriggers = {
  game_player_day: [
    {
      trigger: 'game_player_day_span',
      fn: 'report_game_span_feed',
      feeds: ['report_player_day_set'],
      why: 'the game days of a player, for the spans of the game reports',
    },
  ],
  game_bet: [
    {
      trigger: 'game_bet_table_games',
      fn: 'table_game_seats_stored',
      feeds: ['jackpot_pool', 'table_game_day', 'table_game_table_day'],
      why: "a table game's stored seats: its day roll-ups per game and table, and the jackpot pools' share",
    },
  ],
};
