/**
 * Refused platform calls (bad signature, stale time, unknown application) go to the operation
 * log without letting a flood fill it: for each application, client address and reason, the
 * first refusal of a minute is written at once and the others of that minute are only counted;
 * the count goes into the next record written for the same key. The counters are this
 * process's own (nothing another instance needs) and bounded in number.
 */
import type { FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config';
import type { Db } from '../db/open';
import { appendOperationLog } from '../domains/operation-log/chain';

const WINDOW_MS = 60_000;
const MAX_KEYS = 10_000;

interface Counter { windowStart: number; suppressed: number }

export class RefusalLog {
  private readonly counters = new Map<string, Counter>();

  constructor(private readonly deps: { db: Db; config: ServerConfig }) {}

  /** Records a refusal (fire and forget: a failure to log never changes the answer). */
  record(request: FastifyRequest, reason: string): void {
    const now = this.deps.config.now();
    const claimed = request.headers['x-app-id'];
    const appId = typeof claimed === 'string' ? claimed.slice(0, 64) : '';
    // an unknown application's name is the caller's to choose: one key for all of them
    const key = `${reason === 'Unknown application' ? '?' : appId}|${request.ip}|${reason}`;
    const counter = this.counters.get(key);
    if (counter && now - counter.windowStart < WINDOW_MS) {
      counter.suppressed += 1;
      return;
    }
    if (this.counters.size >= MAX_KEYS) this.counters.clear();
    const suppressed = counter?.suppressed ?? 0;
    this.counters.set(key, { windowStart: now, suppressed: 0 });
    const url = (request.raw.url ?? '').split('?')[0]!.slice(0, 200);
    void appendOperationLog(this.deps.db, {
      username: `app:${appId}`, partner: 0, operation: 'platform.refused', target: url, result: 'refused', status: 401,
      message: suppressed > 0 ? `${reason} (+${suppressed} more in the last minute)` : reason, before: null, after: null, ip: request.ip,
    }, new Date(now)).catch((error) => request.log.error({ err: error }, 'could not log a refused platform call'));
  }
}
