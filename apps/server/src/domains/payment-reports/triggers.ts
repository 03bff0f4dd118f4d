/** The triggers on the payment reports' own tables (db/triggers.ts says what the list is for). */
import type { DomainTriggers } from '../../db/triggers';

export const triggers: DomainTriggers = {
  report_payer_day: [
    {
      trigger: 'report_payer_day_span',
      fn: 'report_payer_span_feed',
      feeds: ['report_player_day_set'],
      why: 'the paying days of a player, for the payer spans',
    },
  ],
  report_player_day_set: [
    {
      trigger: 'report_player_day_set_span',
      fn: 'report_span_collect',
      feeds: ['report_span_day'],
      why: "the gap of each new day after the player's previous one of its kind (the span reports)",
    },
  ],
};
