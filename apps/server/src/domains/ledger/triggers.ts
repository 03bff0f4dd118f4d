/** The triggers on the ledgers' tables (db/triggers.ts says what the list is for). */
import type { DomainTriggers } from '../../db/triggers';

const ledgerGuard = { fn: 'ledger_entry_refuse_change', feeds: [], why: 'append-only: a movement is never edited or removed' };
const accountGuard = { fn: 'account_entry_refuse_change', feeds: [], why: 'append-only: a movement is never edited or removed' };

export const triggers: DomainTriggers = {
  ledger_entry: [
    { trigger: 'ledger_entry_no_update_delete', ...ledgerGuard },
    { trigger: 'ledger_entry_no_truncate', ...ledgerGuard },
    {
      trigger: 'ledger_entry_house_money',
      fn: 'report_house_money_add',
      feeds: ['report_house_money_day'],
      why: "the house money report's day rows (entries of the house's reasons only)",
    },
  ],
  account_entry: [
    { trigger: 'account_entry_no_update_delete', ...accountGuard },
    { trigger: 'account_entry_no_truncate', ...accountGuard },
  ],
};
