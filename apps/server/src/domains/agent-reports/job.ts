/**
 * The roll-ups' refresh and the extra rebate's settlement step (which refreshes first), run by
 * the server every SETTLE_EVERY_MS (and on demand by
 * POST /api/agentcooperation/extrarebateconfigs/settle). It settles only configs whose window
 * has ended and whose weeks the agents' weekly settlement has closed, so it always follows that
 * settlement; several servers may run it at once (each config is claimed with SKIP LOCKED).
 */
import type { Db } from '../../db/open';
import { registerRepeatingJob, type JobHost } from '../../http/repeating-job';
import { settleExtraRebates } from './extra-rebate';

export const SETTLE_EVERY_MS = 5 * 60_000;

export function registerExtraRebateJob(app: JobHost, db: Db, now: () => number, everyMs = SETTLE_EVERY_MS): void {
  registerRepeatingJob(app, {
    name: 'extra rebate settlement',
    firstAfterMs: 5_000,
    everyMs,
    run: async () => {
      await settleExtraRebates(db, new Date(now()), 'system:extra-rebate');
    },
  });
}
