/**
 * Every trigger of the schema, named by the domain whose table it fires on (its triggers.ts):
 * which function it runs, what that function writes, and why. The definitions themselves are
 * the domains' repeatable files (<domain>/sql/<function>.sql, applied by migrate.ts). A test
 * (triggers.test.ts) holds this list to the migrated database: a trigger missing here, or a
 * `feeds` that is not what the function writes, fails it.
 */
import { triggers as accounts } from '../domains/accounts/triggers';
import { triggers as agents } from '../domains/agents/triggers';
import { triggers as auth } from '../domains/auth/triggers';
import { triggers as cashout } from '../domains/cashout/triggers';
import { triggers as games } from '../domains/games/triggers';
import { triggers as ledger } from '../domains/ledger/triggers';
import { triggers as operationLog } from '../domains/operation-log/triggers';
import { triggers as paymentReports } from '../domains/payment-reports/triggers';
import { triggers as players } from '../domains/players/triggers';
import { triggers as recharge } from '../domains/recharge/triggers';

export interface TableTrigger {
  /** The trigger's name, unique in the schema. */
  trigger: string;
  /** The function it runs; the file <domain>/sql/<fn>.sql defines the function and its triggers. */
  fn: string;
  /** The tables the function writes (none for a guard), and `notify:<channel>` for a notification. */
  feeds: string[];
  /** What it is for. */
  why: string;
}

/** A domain's triggers, by the table they fire on. */
export type DomainTriggers = Record<string, TableTrigger[]>;

export const DOMAIN_TRIGGERS: Record<string, DomainTriggers> = {
  accounts,
  agents,
  auth,
  cashout,
  games,
  ledger,
  'operation-log': operationLog,
  'payment-reports': paymentReports,
  players,
  recharge,
};
