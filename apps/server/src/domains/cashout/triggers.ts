/** The triggers on the cash-out orders (db/triggers.ts says what the list is for). */
import type { DomainTriggers } from '../../db/triggers';

const report = {
  fn: 'report_cashout_collect',
  feeds: ['report_cashout_day'],
  why: "cash-outs requested and settled per day, channel and partner (the payment reports' cells)",
};

export const triggers: DomainTriggers = {
  cashout_order: [
    { trigger: 'cashout_order_report_insert', ...report },
    { trigger: 'cashout_order_report_update', ...report },
  ],
};
