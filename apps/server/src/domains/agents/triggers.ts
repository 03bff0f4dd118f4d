/** The triggers on the agents' weekly tables (db/triggers.ts says what the list is for). */
import type { DomainTriggers } from '../../db/triggers';

const closed = 'a closed week is never edited: its rows may only go from pending to settled';

export const triggers: DomainTriggers = {
  agent_week: [{ trigger: 'agent_week_closed', fn: 'agent_week_stays_closed', feeds: [], why: 'a closed week stays closed' }],
  agent_rebate: [
    { trigger: 'agent_rebate_closed_insert', fn: 'agent_week_guard_insert', feeds: [], why: closed },
    { trigger: 'agent_rebate_closed_update', fn: 'agent_rebate_guard_update', feeds: [], why: closed },
    { trigger: 'agent_rebate_closed_delete', fn: 'agent_week_guard_delete', feeds: [], why: closed },
  ],
  agent_rebate_line: [
    { trigger: 'agent_rebate_line_closed_insert', fn: 'agent_week_guard_insert', feeds: [], why: closed },
    { trigger: 'agent_rebate_line_closed_update', fn: 'agent_rebate_line_guard_update', feeds: [], why: closed },
    { trigger: 'agent_rebate_line_closed_delete', fn: 'agent_week_guard_delete', feeds: [], why: closed },
  ],
};
