/**
 * Refused calls that are not each worth a record of the operation log ("Rate limits
 * and abuse"; docs/decisions/046-rate-limits.md): a staff call without a live session, a platform
 * call with a bad or missing signature, an unknown application or a stale clock, and every call
 * refused by a rate limit. Counted in memory per source, claimed caller, reason and target; once
 * a minute (and when the server closes) the counts go to `refusal_tally` and ONE summary record
 * goes to the operation log, however many calls were refused. A flood from many addresses thus
 * costs a few counters, not a write per call. The counters are bounded in number; a key past the
 * bound is counted under `(other)`.
 */
import type { Db } from '../db/open';
import { appendOperationLog } from '../domains/operation-log/chain';

export const TALLY_EVERY_MS = 60_000;
const MAX_KEYS = 5_000;
const MAX_IPS = 64;

export type RefusalSource = 'staff' | 'platform';

interface Tally {
  source: RefusalSource;
  who: string;
  reason: string;
  target: string;
  status: number;
  count: number;
  ips: Set<string>;
}

const byApp = new WeakMap<object, RefusalTally>();
/** The app's tally (tests flush it instead of waiting a minute). */
export const refusalTallyOf = (app: object): RefusalTally => byApp.get(app)!;
export const attachRefusalTally = (app: object, tally: RefusalTally) => {
  byApp.set(app, tally);
};

export class RefusalTally {
  private tallies = new Map<string, Tally>();

  constructor(private readonly deps: { db: Db; now: () => number }) {}

  record(source: RefusalSource, who: string, reason: string, target: string, status: number, ip: string): void {
    let key = `${source}|${who}|${reason}|${target}`;
    if (!this.tallies.has(key) && this.tallies.size >= MAX_KEYS) {
      key = `${source}|(other)|${reason}|(other)`;
      who = '(other)';
      target = '(other)';
    }
    let tally = this.tallies.get(key);
    if (!tally) this.tallies.set(key, (tally = { source, who, reason, target, status, count: 0, ips: new Set() }));
    tally.count += 1;
    if (tally.ips.size < MAX_IPS) tally.ips.add(ip);
  }

  /** Writes the counts since the last flush (one row per key, one summary record per source). */
  async flush(): Promise<number> {
    if (this.tallies.size === 0) return 0;
    const tallies = [...this.tallies.values()];
    this.tallies = new Map();
    const now = new Date(this.deps.now());
    const minute = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
    await this.deps.db
      .insertInto('refusal_tally')
      .values(
        tallies.map((t) => ({
          minute,
          source: t.source,
          who: t.who,
          reason: t.reason,
          target: t.target,
          count: t.count,
          addresses: t.ips.size,
          sample_ips: [...t.ips].slice(0, 8),
        })),
      )
      .execute();
    for (const source of ['staff', 'platform'] as const) {
      const of = tallies.filter((t) => t.source === source).sort((a, b) => b.count - a.count);
      if (of.length === 0) continue;
      const total = of.reduce((n, t) => n + t.count, 0);
      const top = of
        .slice(0, 5)
        .map((t) => `${t.reason} ×${t.count} (${t.who || 'no session'}, ${t.target})`)
        .join('; ');
      await appendOperationLog(
        this.deps.db,
        {
          username: `console:${source}`,
          partner: 0,
          operation: `${source}.refused`,
          target: `${of.length} kinds`,
          result: 'refused',
          status: of[0].status,
          message: `${total} refused call${total === 1 ? '' : 's'} in the last minute: ${top}${of.length > 5 ? '; …' : ''}`,
          before: null,
          after: {
            total,
            kinds: of.slice(0, 50).map((t) => ({ who: t.who, reason: t.reason, target: t.target, status: t.status, count: t.count, addresses: t.ips.size })),
          },
          ip: '',
        },
        now,
      );
    }
    return tallies.reduce((n, t) => n + t.count, 0);
  }
}
