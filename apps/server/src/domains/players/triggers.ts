/** The triggers on the players' tables (db/triggers.ts says what the list is for). */
import type { DomainTriggers } from '../../db/triggers';

const lastLogin = { fn: 'player_last_login_copy', feeds: ['player_last_login'], why: 'the narrow copy of the last login that the lost-player lists scan' };

export const triggers: DomainTriggers = {
  player: [
    { trigger: 'player_last_login_insert', ...lastLogin },
    { trigger: 'player_last_login_update', ...lastLogin },
    {
      trigger: 'player_register_report',
      fn: 'report_register_collect',
      feeds: ['report_register_day'],
      why: 'registrations per day and partner (payment and player reports)',
    },
  ],
  player_active_day: [
    { trigger: 'player_active_day_report', fn: 'report_active_collect', feeds: ['report_active_day'], why: 'active players per day and partner' },
    {
      trigger: 'player_active_day_span',
      fn: 'report_active_span_feed',
      feeds: ['report_player_day_set'],
      why: 'the active days of a player, for the return and retention spans',
    },
  ],
};
