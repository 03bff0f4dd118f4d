/** The triggers on the console accounts' tables (db/triggers.ts says what the list is for). */
import type { DomainTriggers } from '../../db/triggers';

const notify = {
  fn: 'console_session_change_notify',
  feeds: ['notify:console_session_change'],
  why: 'every instance drops its cached sessions: a change of roles, password, 2FA or policy counts at once',
};

export const triggers: DomainTriggers = {
  console_account: [{ trigger: 'console_account_change', ...notify }],
  role_2fa_policy: [{ trigger: 'role_2fa_policy_change', ...notify }],
};
