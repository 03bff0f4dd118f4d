/** The triggers on the operation log (db/triggers.ts says what the list is for). */
import type { DomainTriggers } from '../../db/triggers';

const guard = { fn: 'operation_log_refuse_change', feeds: [], why: 'append-only: the log is never rewritten' };

export const triggers: DomainTriggers = {
  operation_log: [
    { trigger: 'operation_log_no_update_delete', ...guard },
    { trigger: 'operation_log_no_truncate', ...guard },
  ],
};
