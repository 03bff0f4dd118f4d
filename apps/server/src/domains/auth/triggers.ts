/** The triggers on the sessions' table (db/triggers.ts says what the list is for). */
import type { DomainTriggers } from '../../db/triggers';

export const triggers: DomainTriggers = {
  account_session: [
    {
      trigger: 'account_session_change',
      fn: 'console_session_change_notify',
      feeds: ['notify:console_session_change'],
      why: 'a session ended on one instance (logout, revocation) ends on every instance at once',
    },
  ],
};
