/**
 * The roll-ups' refresh and the extra rebate's settlement step (which refreshes first), run by
 * the server every SETTLE_EVERY_MS (and on demand by
 * POST /api/agentcooperation/extrarebateconfigs/settle). It settles only configs whose window
 * has ended and whose weeks the agents' weekly settlement has closed, so it always follows that
 * settlement; several servers may run it at once (each config is claimed with SKIP LOCKED).
 */
import type { Db } from '../../db/open';
import { settleExtraRebates } from './extra-rebate';

export const SETTLE_EVERY_MS = 5 * 60_000;

interface Hooks {
  addHook(name: 'onReady', hook: () => Promise<void>): unknown;
  addHook(name: 'onClose', hook: () => Promise<void>): unknown;
  log: { warn(obj: object, msg: string): void };
}

export function registerExtraRebateJob(app: Hooks, db: Db, now: () => number, everyMs = SETTLE_EVERY_MS): void {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;
  const run = () => {
    running = settleExtraRebates(db, new Date(now()), 'system:extra-rebate').then(() => undefined,
      (error: unknown) => app.log.warn({ err: error }, 'extra rebate settlement failed'))
      .finally(() => {
        running = null;
        if (!stopped) timer = setTimeout(run, everyMs).unref();
      });
  };
  app.addHook('onReady', async () => { timer = setTimeout(run, 5_000).unref(); });
  app.addHook('onClose', async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await running;
  });
}
