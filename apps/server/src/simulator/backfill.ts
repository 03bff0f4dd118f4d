/**
 * Fast backfill: generates the history of BackfillPlan day by day and sends it through a
 * Sender. A start on a platform that already holds the run's last player (the one registered
 * a minute before the end) sends nothing, unless `force`; a run stopped half-way is finished
 * by starting it again with the same options: what was sent answers `duplicate` or its first
 * answer and is applied once.
 */
import { BackfillPlan, type BackfillOptions } from './backfill-plan';
import { Sender, type Stats } from './sender';
import type { Action, Transport } from './types';

export interface BackfillRun extends BackfillOptions {
  transport: Transport;
  force?: boolean;
  concurrency?: number;
  onDay?(progress: { day: number; days: number; actions: number; stats: Stats }): void;
}

export interface BackfillResult {
  skipped: boolean;
  actions: number;
  stats: Stats;
  ms: number;
  plan: BackfillPlan;
}

export async function runBackfill(run: BackfillRun): Promise<BackfillResult> {
  const started = Date.now();
  let buffer: Action[] = [];
  const plan = new BackfillPlan(run, (action) => buffer.push(action));
  const sender = new Sender(run.transport, { concurrency: run.concurrency });
  const last = plan.players[plan.players.length - 1];
  if (!run.force && (await run.transport.balance(last.uid, run.end)) !== null) {
    return { skipped: true, actions: 0, stats: sender.stats, ms: Date.now() - started, plan };
  }
  let actions = 0;
  const drain = async () => {
    const todo = buffer;
    buffer = [];
    actions += todo.length;
    await sender.send(todo);
  };
  for (let d = 0; d < plan.days; d++) {
    plan.day(d);
    await drain();
    run.onDay?.({ day: d + 1, days: plan.days, actions, stats: sender.stats });
  }
  plan.finish();
  await drain();
  return { skipped: false, actions, stats: sender.stats, ms: Date.now() - started, plan };
}
