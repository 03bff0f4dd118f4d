/**
 * The partners' stop-loss on a schedule ("the stop-loss suspends a partner whose losses
 * reach its deposit"): every server process checks every active partner a while after it is ready
 * and then every STOPLOSS_EVERY_MS, as `system:stoploss`. Losses come from the games' day roll-up
 * (game_day), which the rounds update as they are reported, so a partner is suspended within
 * minutes of its losses reaching its deposit rather than when someone next creates a bill or
 * presses the button. Several processes may check at once: checkStopLoss claims each partner in
 * its own transaction (service.ts). PARTNER_STOPLOSS_JOB=0 turns it off in this process.
 * docs/decisions/019-account-ledger-and-partners.md.
 */
import type { Db } from '../../db/open';
import { registerRepeatingJob, type JobHost } from '../../http/repeating-job';
import { checkStopLoss, STOPLOSS_ACTOR } from './service';

export const STOPLOSS_EVERY_MS = 5 * 60_000;
export const STOPLOSS_FIRST_AFTER_MS = 15_000;

export function registerStopLossJob(
  app: JobHost & { log: { info(obj: object, msg: string): void } },
  db: Db,
  now: () => number,
  { everyMs = STOPLOSS_EVERY_MS, firstAfterMs = STOPLOSS_FIRST_AFTER_MS }: { everyMs?: number; firstAfterMs?: number } = {},
): void {
  // tests that run the check themselves turn the job off
  registerRepeatingJob(app, {
    name: 'partner stoploss',
    firstAfterMs,
    everyMs,
    run: async () => {
      const r = await checkStopLoss(db, STOPLOSS_ACTOR, new Date(now()));
      if (r.suspended.length > 0) app.log.info({ suspended: r.suspended, checked: r.checked }, 'partner stop-loss');
    },
  });
}
