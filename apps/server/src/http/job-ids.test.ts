/**
 * The README's JOBS_OFF row names every background job id there is, and no other: an operator
 * switching a job off by a name that does not exist would switch nothing off.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../config';
import { DOMAINS } from '../domains';
import type { Db } from '../db/open';

describe('job ids', () => {
  it('are the ones the README lists for JOBS_OFF', () => {
    const ids = new Set<string>(['batch-send', 'audit-anchor']); // the batch worker's switch, and main.ts's anchor job
    const host = {
      addHook: () => undefined,
      log: { warn: () => undefined, info: () => undefined, error: () => undefined },
      // every job asks whether it is switched off first: note its id and say yes (nothing runs)
      switchedOff: (id: string) => ids.add(id).has(id),
    };
    const config = defaultConfig();
    for (const domain of DOMAINS) for (const job of domain.jobs ?? []) job(host as never, { db: {} as Db, now: config.now, config, batchWorker: {} });
    const readme = readFileSync(new URL('../../../../README.md', import.meta.url), 'utf8');
    const row = readme.split('\n').find((line) => line.startsWith('| `JOBS_OFF`'));
    const listed = new Set([...(row?.split('Ids: ')[1] ?? '').matchAll(/`([a-z0-9-]+)`/g)].map((m) => m[1]));
    expect(ids.size).toBeGreaterThan(12);
    expect([...listed].sort()).toEqual([...ids].sort());
  });
});
