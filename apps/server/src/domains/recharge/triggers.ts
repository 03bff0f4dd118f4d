/** The triggers on the recharge orders (db/triggers.ts says what the list is for). */
import type { DomainTriggers } from '../../db/triggers';

const report = {
  fn: 'report_recharge_collect',
  feeds: ['report_first_payer', 'report_payer_day', 'report_recharge_day'],
  why: "recharges created and credited per day and channel, paying days and first payers (the payment reports' cells)",
};

export const triggers: DomainTriggers = {
  recharge_order: [
    { trigger: 'recharge_order_report_insert', ...report },
    { trigger: 'recharge_order_report_update', ...report },
  ],
};
