/**
 * The jobs' shared schedule: of two instances on one database exactly one runs a due run; a
 * run whose lease ran out (its instance died) is claimed by the other; an instance that lost
 * its lease records nothing; JOBS_OFF and `<ID>_JOB=0` switch a job off in one process.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases, type OpenedTestDatabase } from '../test/databases';
import { jobId, JobSchedule, jobSwitchedOff } from './job-schedule';
import { registerRepeatingJob, type JobHost } from './repeating-job';

function host(schedule: JobSchedule) {
  const hooks: Record<string, (() => Promise<void>)[]> = { onReady: [], onClose: [] };
  const app: JobHost = {
    addHook: (name: 'onReady' | 'onClose', hook: () => Promise<void>) => hooks[name].push(hook),
    log: { warn: () => undefined },
    schedule,
    switchedOff: () => false,
  };
  return { app, ready: () => Promise.all(hooks.onReady.map((h) => h())), close: () => Promise.all(hooks.onClose.map((h) => h())) };
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('job ids and switches', () => {
  it('names a job by its name and switches it off by JOBS_OFF or <ID>_JOB=0', () => {
    expect(jobId('partner stoploss')).toBe('partner-stoploss');
    expect(jobId('Payout status sweep')).toBe('payout-status-sweep');
    expect(jobSwitchedOff('vip-evaluation', {})).toBe(false);
    expect(jobSwitchedOff('vip-evaluation', { VIP_EVALUATION_JOB: '0' })).toBe(true);
    expect(jobSwitchedOff('vip-evaluation', { VIP_EVALUATION_JOB: '1' })).toBe(false);
    expect(jobSwitchedOff('message-delivery', { JOBS_OFF: 'payout-recovery, message-delivery' })).toBe(true);
    expect(jobSwitchedOff('rank-settlement', { JOBS_OFF: 'payout-recovery' })).toBe(false);
    expect(jobSwitchedOff('rank-settlement', { JOBS_OFF: 'all' })).toBe(true);
  });
});

describe.each(databases())('the shared job schedule on $kind', (kind) => {
  let opened: OpenedTestDatabase;
  beforeAll(async () => {
    opened = await kind.open();
  });
  afterAll(async () => opened?.close());

  it('lets one instance claim a due run; the other waits until it is due again', async () => {
    const a = new JobSchedule(opened.db);
    const b = new JobSchedule(opened.db);
    expect(a.holder).not.toBe(b.holder);
    await a.register('claim-once', 0, 60_000);
    await b.register('claim-once', 0, 60_000);
    expect(await a.claim('claim-once')).toEqual({ claimed: true });
    const refused = await b.claim('claim-once');
    expect(refused.claimed).toBe(false);
    expect(await a.finish('claim-once', 60_000, undefined, 0.01)).toBe(true);
    const later = await b.claim('claim-once');
    expect(later.claimed).toBe(false);
    if (!later.claimed) expect(later.waitMs).toBeGreaterThan(55_000);
    const row = await opened.db.selectFrom('job_schedule').selectAll().where('id', '=', 'claim-once').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ holder: null, lease_until: null, runs: 1, failures: 0, last_error: null });
    // another start keeps the due time: the job does not run again…
    await b.register('claim-once', 0, 60_000);
    expect((await b.claim('claim-once')).claimed).toBe(false);
    // …unless its period got shorter than the wait (at most one period away)
    await b.register('claim-once', 0, 0);
    expect(await b.claim('claim-once')).toEqual({ claimed: true });
    expect(await b.finish('claim-once', 60_000, new Error('provider down'), 0.02)).toBe(true);
    const failed = await opened.db.selectFrom('job_schedule').selectAll().where('id', '=', 'claim-once').executeTakeFirstOrThrow();
    expect(failed).toMatchObject({ runs: 2, failures: 1, last_error: 'provider down' });
  });

  it('gives a run whose lease ran out to another instance; the one that lost it records nothing', async () => {
    const outcomes: string[] = [];
    const dead = new JobSchedule(opened.db, { leaseMs: 200, onRun: (_, outcome) => outcomes.push(outcome) });
    const alive = new JobSchedule(opened.db, { leaseMs: 200 });
    await dead.register('taken-over', 0, 60_000);
    expect(await dead.claim('taken-over')).toEqual({ claimed: true });
    expect((await alive.claim('taken-over')).claimed).toBe(false);
    await wait(300); // the first instance stopped renewing (killed)
    expect(await alive.claim('taken-over')).toEqual({ claimed: true });
    expect(await dead.renew('taken-over')).toBe(false);
    expect(await dead.finish('taken-over', 1_000, undefined, 1)).toBe(false);
    expect(outcomes).toEqual(['lost']);
    expect(await alive.finish('taken-over', 1_000, undefined, 1)).toBe(true);
    const row = await opened.db.selectFrom('job_schedule').select('runs').where('id', '=', 'taken-over').executeTakeFirstOrThrow();
    expect(row.runs).toBe(1);
  });

  it('runs a repeating job once per due time across two instances', async () => {
    const runs: string[] = [];
    const instances = [new JobSchedule(opened.db), new JobSchedule(opened.db)].map((schedule, i) => {
      const h = host(schedule);
      registerRepeatingJob(h.app, {
        name: 'shared job',
        firstAfterMs: 0,
        everyMs: 400,
        run: async () => {
          runs.push(`instance ${i}`);
          await wait(50);
        },
      });
      return h;
    });
    await Promise.all(instances.map((h) => h.ready()));
    await wait(1_100);
    await Promise.all(instances.map((h) => h.close()));
    // due at 0, ~450 and ~900 ms: three runs (the first claims may be a few ms late), never two at once
    expect(runs.length).toBeGreaterThanOrEqual(2);
    expect(runs.length).toBeLessThanOrEqual(3);
    const row = await opened.db.selectFrom('job_schedule').select(['runs', 'holder']).where('id', '=', 'shared-job').executeTakeFirstOrThrow();
    expect(row).toEqual({ runs: runs.length, holder: null });
  });

  it('keeps the schedule for the runtime role (a server may read and write it)', async () => {
    const { rows } = await sql<{ ok: boolean }>`SELECT has_table_privilege('console_app', 'job_schedule', 'UPDATE') AS ok`.execute(opened.db);
    expect(rows[0].ok).toBe(true);
  });
});
