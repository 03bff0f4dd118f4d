/**
 * Rate limits of the staff API per account and of the platform API per application (
 * "Rate limits and abuse"; docs/decisions/046-rate-limits.md), counted in the database so that
 * they hold across server instances; a limited call gets 429 with Retry-After.
 *
 * Fixed windows of a minute. Each instance counts its own calls in memory and adds them to the
 * shared row of the key and window (`rate_count`) at most every `flushMs`, reading back the
 * total of every instance; a call is refused when the shared total last read plus this
 * instance's calls since reach the limit. So one statement per second per instance carries all
 * keys (a call itself writes nothing), and a key can pass its limit by at most what the other
 * instances admit within one flush: the price of a hot path without a write per call.
 */
import { sql } from 'kysely';
import type { Db } from '../db/open';
import { ApiError } from './api-error';

export const RATE_WINDOW_MS = 60_000;

export interface RateLimits {
  /** Staff calls per account and minute (0: no limit). */
  staffPerMinute: number;
  /** Platform calls per application and minute (0: no limit). */
  platformPerMinute: number;
  /** How often an instance adds its counts to the shared rows. */
  flushMs: number;
}

export const DEFAULT_RATE_LIMITS: RateLimits = { staffPerMinute: 1_200, platformPerMinute: 600_000, flushMs: 1_000 };

export const tooManyRequests = (retryInSeconds: number) => {
  const error = new ApiError(429, `Too many requests, retry in ${retryInSeconds} s`);
  error.retryAfter = retryInSeconds;
  return error;
};

/** shared: every instance's total as last read; inflight: this instance's calls being added; pending: not yet sent. */
interface Count {
  window: number;
  shared: number;
  inflight: number;
  pending: number;
}

const byApp = new WeakMap<object, RateLimiter>();
/** The app's limiter (tests flush it to see the other instances' counts at once). */
export const rateLimiterOf = (app: object): RateLimiter => byApp.get(app)!;
export const attachRateLimiter = (app: object, limiter: RateLimiter) => {
  byApp.set(app, limiter);
};

export class RateLimiter {
  private readonly counts = new Map<string, Count>();
  private flushing: Promise<void> | null = null;
  private lastFlush = 0;

  constructor(
    private readonly db: Db,
    private readonly limits: RateLimits,
    private readonly now: () => number,
  ) {}

  /**
   * Counts a call of `key` against `limit` a minute; throws the 429 when the window is full.
   * The shared totals are refreshed in the background (never awaited by the call).
   */
  take(key: string, limit: number): void {
    if (limit <= 0) return;
    const now = this.now();
    const window = Math.floor(now / RATE_WINDOW_MS);
    let count = this.counts.get(key);
    if (!count || count.window !== window) {
      if (this.counts.size >= 100_000) this.counts.clear();
      this.counts.set(key, (count = { window, shared: 0, inflight: 0, pending: 0 }));
    }
    if (count.shared + count.inflight + count.pending >= limit) {
      throw tooManyRequests(Math.max(1, Math.ceil(((window + 1) * RATE_WINDOW_MS - now) / 1000)));
    }
    count.pending += 1;
    if (now - this.lastFlush >= this.limits.flushMs) void this.flush();
  }

  /** Adds the pending counts to the shared rows and reads the totals back (one statement). */
  flush(): Promise<void> {
    if (this.flushing) return this.flushing;
    this.lastFlush = this.now();
    const batch = [...this.counts].filter(([, c]) => c.pending > 0).map(([key, c]) => ({ key, c, taken: c.pending }));
    if (batch.length === 0) return Promise.resolve();
    for (const b of batch) {
      b.c.pending -= b.taken;
      b.c.inflight += b.taken;
    }
    const run = async () => {
      try {
        const { rows } = await sql<{ key: string; window: string; count: number }>`
          INSERT INTO rate_count (key, window_start, count)
          SELECT * FROM unnest(${batch.map((b) => b.key)}::text[], ${batch.map((b) => new Date(b.c.window * RATE_WINDOW_MS).toISOString())}::timestamptz[], ${batch.map((b) => b.taken)}::int[])
          ON CONFLICT (key, window_start) DO UPDATE SET count = rate_count.count + EXCLUDED.count
          RETURNING key, (extract(epoch FROM window_start) * 1000)::bigint::text AS window, count`.execute(this.db);
        for (const b of batch) b.c.inflight -= b.taken;
        for (const row of rows) {
          const c = this.counts.get(row.key);
          // the total includes what was just added: no longer in flight
          if (c && c.window * RATE_WINDOW_MS === Number(row.window)) c.shared = Math.max(c.shared, row.count);
        }
        // windows older than the previous one are no use to anyone (the oldest instance's clock included)
        if (Math.random() < 0.05)
          await sql`DELETE FROM rate_count WHERE window_start < ${new Date(this.now() - 2 * RATE_WINDOW_MS).toISOString()}::timestamptz`.execute(this.db);
      } catch {
        // the database is away: the calls stay counted here and go with the next flush
        for (const b of batch) {
          b.c.inflight -= b.taken;
          b.c.pending += b.taken;
        }
      } finally {
        this.flushing = null;
      }
    };
    this.flushing = run();
    return this.flushing;
  }
}
