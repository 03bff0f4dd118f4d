/**
 * A background step the server repeats while it runs (report compaction, the agents' weekly
 * settlement, the extra rebate's settlement): first a while after the server is ready, then
 * again after each run (the run may say when), after a failure a retry later; closing the server
 * stops the timer and waits for a run in progress. One run at a time per process; several
 * processes share one schedule in the database (job-schedule.ts): each due run is claimed by one
 * instance, and the step itself claims its work with SKIP LOCKED or is idempotent.
 */
import { jobId, jobSwitchedOff, type JobSchedule } from './job-schedule';

export interface JobHost {
  addHook(name: 'onReady', hook: () => Promise<void>): unknown;
  addHook(name: 'onClose', hook: () => Promise<void>): unknown;
  log: { warn(obj: object, msg: string): void };
  /**
   * The schedule every server instance shares (job-schedule.ts): each due run is claimed there,
   * so one instance runs it, and a run cut off is taken up by another. Absent (unit tests of a
   * job): the job repeats in this process alone.
   */
  schedule?: JobSchedule;
  /** Whether this process leaves the job to the others (default: JOBS_OFF and `<ID>_JOB=0`). */
  switchedOff?: (id: string) => boolean;
}

export interface RepeatingJob {
  /** For the log line of a failure ("<name> failed"); its id (jobId) names it in JOBS_OFF and job_schedule. */
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
  const id = jobId(job.name);
  if ((app.switchedOff ?? jobSwitchedOff)(id)) return;
  const shared = app.schedule;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;
  const schedule = (ms: number) => {
    if (!stopped) timer = setTimeout(tick, ms).unref();
  };
  const runOnce = async (): Promise<number> => {
    const started = performance.now();
    let renewal: NodeJS.Timeout | null = null;
    if (shared) {
      const claim = await shared.claim(id);
      if (!claim.claimed) return Math.min(claim.waitMs, job.everyMs);
      renewal = setInterval(() => void shared.renew(id).catch(() => undefined), shared.leaseMs / 3).unref();
    }
    let next: number;
    let failure: unknown;
    try {
      const answer = await job.run();
      next = typeof answer === 'number' ? answer : job.everyMs;
    } catch (error) {
      failure = error ?? new Error('failed');
      app.log.warn({ err: error }, `${job.name} failed`);
      next = job.retryMs ?? job.everyMs;
    } finally {
      if (renewal) clearInterval(renewal);
    }
    if (shared && !(await shared.finish(id, next, failure, (performance.now() - started) / 1000))) {
      app.log.warn({ job: id }, `${job.name}: another instance took the run over (its lease ran out)`);
    }
    return next;
  };
  const tick = () => {
    running = runOnce()
      .then(schedule, (error: unknown) => {
        // the schedule itself could not be read or written (the database is away): look again later
        app.log.warn({ err: error }, `${job.name}: the job schedule failed`);
        schedule(job.retryMs ?? job.everyMs);
      })
      .finally(() => {
        running = null;
      });
  };
  app.addHook('onReady', async () => {
    if (shared)
      await shared.register(id, job.firstAfterMs, job.everyMs).catch((error: unknown) => app.log.warn({ err: error }, `${job.name}: the job schedule failed`));
    schedule(job.firstAfterMs);
  });
  app.addHook('onClose', async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await running;
  });
}
