/**
 * A background step the server repeats while it runs (report compaction, the agents' weekly
 * settlement, the extra rebate's settlement): first a while after the server is ready, then
 * again after each run (the run may say when), after a failure a retry later; closing the server
 * stops the timer and waits for a run in progress. One run at a time per process; several
 * processes coordinate in the database (each step claims its work with SKIP LOCKED or is
 * idempotent).
 */
export interface JobHost {
  addHook(name: 'onReady', hook: () => Promise<void>): unknown;
  addHook(name: 'onClose', hook: () => Promise<void>): unknown;
  log: { warn(obj: object, msg: string): void };
}

export interface RepeatingJob {
  /** For the log line of a failure ("<name> failed"). */
  name: string;
  /** Delay after the server is ready. */
  firstAfterMs: number;
  /** Delay after a run that names none. */
  everyMs: number;
  /** Delay after a failed run (default everyMs). */
  retryMs?: number;
  /** One run; may answer the delay until the next one. */
  run(): Promise<number | void>;
}

export function registerRepeatingJob(app: JobHost, job: RepeatingJob): void {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;
  const schedule = (ms: number) => {
    if (!stopped) timer = setTimeout(tick, ms).unref();
  };
  const tick = () => {
    running = job
      .run()
      .then(
        (next) => schedule(typeof next === 'number' ? next : job.everyMs),
        (error: unknown) => {
          app.log.warn({ err: error }, `${job.name} failed`);
          schedule(job.retryMs ?? job.everyMs);
        },
      )
      .finally(() => {
        running = null;
      });
  };
  app.addHook('onReady', async () => schedule(job.firstAfterMs));
  app.addHook('onClose', async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await running;
  });
}
