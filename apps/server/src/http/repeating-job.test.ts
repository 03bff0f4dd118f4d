import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerRepeatingJob } from './repeating-job';

function host() {
  const hooks: Record<string, (() => Promise<void>)[]> = { onReady: [], onClose: [] };
  const warnings: string[] = [];
  return {
    app: {
      addHook: (name: 'onReady' | 'onClose', hook: () => Promise<void>) => hooks[name].push(hook),
      log: { warn: (_: object, msg: string) => warnings.push(msg) },
    },
    ready: () => Promise.all(hooks.onReady.map((h) => h())),
    close: () => Promise.all(hooks.onClose.map((h) => h())),
    warnings,
  };
}

describe('registerRepeatingJob', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs first after its delay, then at the delay a run answers or its period, retries after a failure, stops on close', async () => {
    vi.useFakeTimers();
    const h = host();
    const runs: number[] = [];
    const answers: (number | void | Error)[] = [undefined, 250, new Error('down'), undefined];
    registerRepeatingJob(h.app, {
      name: 'test job',
      firstAfterMs: 100,
      everyMs: 1_000,
      retryMs: 400,
      run: async () => {
        runs.push(Date.now());
        const a = answers.shift();
        if (a instanceof Error) throw a;
        return a;
      },
    });
    const t0 = Date.now();
    await vi.advanceTimersByTimeAsync(99);
    expect(runs).toEqual([]);
    await h.ready();
    await vi.advanceTimersByTimeAsync(100);
    await vi.advanceTimersByTimeAsync(1_000); // everyMs after the first
    await vi.advanceTimersByTimeAsync(250); // the delay the second answered
    await vi.advanceTimersByTimeAsync(400); // retry after the failure
    expect(runs.map((t) => t - t0)).toEqual([199, 1_199, 1_449, 1_849]);
    expect(h.warnings).toEqual(['test job failed']);
    await h.close();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(runs).toHaveLength(4);
  });

  it('waits on close for the run in progress', async () => {
    const h = host();
    let finish!: () => void;
    let finished = false;
    registerRepeatingJob(h.app, {
      name: 'slow',
      firstAfterMs: 0,
      everyMs: 1_000,
      run: () =>
        new Promise<void>((resolve) => {
          finish = () => {
            finished = true;
            resolve();
          };
        }),
    });
    await h.ready();
    await new Promise((r) => setTimeout(r, 20));
    const closing = h.close();
    setTimeout(() => finish(), 30);
    await closing;
    expect(finished).toBe(true);
  });
});
