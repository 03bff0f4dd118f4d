/**
 * The batch worker: a loop in every server process that takes running batches and advances
 * them chunk by chunk (advance.ts) until they are done. Nothing about a batch lives in
 * memory: a process killed mid-batch leaves its current chunk uncommitted, and the next
 * process to start (or another instance already running) picks the batch up where the
 * database says it is. Several workers share batches through the batch row lock.
 */
import type { Db } from '../../db/open';
import { advanceBatch } from './advance';
import { jobSwitchedOff } from '../../http/job-schedule';

export interface WorkerOptions {
  /** Lines credited per transaction. */
  chunkLines: number;
  /** How often an idle worker looks for running batches (ms). */
  pollMs: number;
  /** Wait after a step failed unexpectedly, before that batch is tried again (ms). */
  retryMs: number;
}

export const DEFAULT_WORKER_OPTIONS: WorkerOptions = { chunkLines: 200, pollMs: 1_000, retryMs: 5_000 };

interface Logger {
  error(obj: unknown, msg?: string): void;
}

/** Workers of this process (a new batch wakes them instead of waiting for the next poll). */
const live = new Set<BatchWorker>();
export function wakeBatchWorkers(): void {
  for (const worker of live) worker.wake();
}

export class BatchWorker {
  private readonly options: WorkerOptions;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private again = false;
  /** The loop runs (start … stop). */
  private started = false;
  /** stop() was called: the current step is the last. */
  private stopped = false;
  /** Batches whose step failed, and when they may be tried again. */
  private readonly resting = new Map<number, number>();

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    options: Partial<WorkerOptions> = {},
    private readonly log?: Logger,
  ) {
    this.options = { ...DEFAULT_WORKER_OPTIONS, ...options };
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    this.stopped = false;
    live.add(this);
    this.wake();
  }

  /** Looks for work now (or right after the current pass). */
  wake(): void {
    if (!this.started || this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    this.running = this.pass().finally(() => {
      this.running = null;
      if (this.stopped) return;
      if (this.again) {
        this.again = false;
        this.wake();
        return;
      }
      this.timer = setTimeout(() => {
        this.timer = null;
        this.wake();
      }, this.options.pollMs);
    });
  }

  /** Stops after the current step (its transaction commits or rolls back first). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.started = false;
    live.delete(this);
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    await this.running;
  }

  /** Runs every running batch to its end (or until stopped); the batches it saw are returned. */
  async pass(): Promise<number[]> {
    let ids: number[];
    try {
      const rows = await this.db.selectFrom('issue_batch').select('id').where('status', '=', 'running').orderBy('id').limit(100).execute();
      ids = rows.map((r) => r.id).filter((id) => (this.resting.get(id) ?? 0) <= Date.now());
    } catch (error) {
      if (!this.stopped) this.log?.error({ err: error }, 'batch worker: could not list running batches');
      return [];
    }
    for (const id of ids) {
      while (!this.stopped) {
        let result;
        try {
          result = await advanceBatch(this.db, id, this.options.chunkLines, new Date(this.now()));
        } catch (error) {
          if (this.stopped) break;
          this.log?.error({ err: error, batch: id }, 'batch worker: step failed, will retry');
          this.resting.set(id, Date.now() + this.options.retryMs);
          break;
        }
        this.resting.delete(id);
        if (result !== 'advanced') break;
      }
    }
    return ids;
  }
}

interface Hooks {
  addHook(name: 'onReady', hook: () => Promise<void>): unknown;
  addHook(name: 'onClose', hook: () => Promise<void>): unknown;
  log: Logger;
}

const workers = new WeakMap<object, BatchWorker>();
/** The worker buildApp started for this app, if any (tests stop it to drive batches by hand). */
export const batchWorkerOf = (app: object) => workers.get(app);

/**
 * Starts a worker when the app is ready and stops it cleanly (current step finished) on close;
 * none in a process that leaves batches to the others (JOBS_OFF=batch-send or BATCH_SEND_JOB=0).
 */
export function registerBatchWorker(app: Hooks, db: Db, now: () => number, options: Partial<WorkerOptions> = {}): BatchWorker | undefined {
  if (jobSwitchedOff('batch-send')) return undefined;
  const worker = new BatchWorker(db, now, options, app.log);
  workers.set(app, worker);
  app.addHook('onReady', async () => worker.start());
  app.addHook('onClose', () => worker.stop());
  return worker;
}
