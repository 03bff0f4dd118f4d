/**
 * The stop-loss on a schedule (stoploss-job.ts) on both databases: the job suspends a partner
 * whose losses reach its deposit, once, with one `partners.stoploss` record by system:stoploss;
 * concurrent checks (several server processes) suspend it once; a bill's creation checks inside
 * its request's transaction; a resume is refused while the losses still reach the deposit; the
 * job is off with PARTNER_STOPLOSS_JOB=0.
 */
import { addDays, consoleDay } from '@console/time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';
import { checkStopLoss, ensureProfile, STOPLOSS_ACTOR } from './service';
import { registerStopLossJob } from './stoploss-job';

const PE = '/api/platmanager/partnerediter';
const PS = '/api/partnermanager/partnersum';

/** A stand-in for the Fastify instance: the job's hooks, run by hand. */
function host() {
  const hooks: Record<'onReady' | 'onClose', (() => Promise<void>)[]> = { onReady: [], onClose: [] };
  const infos: object[] = [];
  const warnings: string[] = [];
  return {
    app: {
      addHook: (name: 'onReady' | 'onClose', hook: () => Promise<void>) => hooks[name].push(hook),
      log: { warn: (o: object, msg: string) => warnings.push(`${msg} ${String((o as { err?: unknown }).err)}`), info: (o: object) => infos.push(o) },
    },
    hooks,
    infos,
    warnings,
    ready: () => Promise.all(hooks.onReady.map((h) => h())),
    close: () => Promise.all(hooks.onClose.map((h) => h())),
  };
}

async function until(check: () => Promise<boolean>, ms = 15_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.each(databases())('the stop-loss job on $kind', (database) => {
  let t: TestApp;
  let admin: string;
  let business: string;
  const statusOf = async (partner: number) =>
    await t.database.db.selectFrom('partner_profile').select(['status', 'status_reason']).where('partner', '=', partner).executeTakeFirstOrThrow();
  const records = (partner: number) =>
    t.database.db
      .selectFrom('operation_log')
      .selectAll()
      .where('operation', '=', 'partners.stoploss')
      .where('target', '=', `partner:${partner}`)
      .orderBy('id')
      .execute();
  const yesterday = () => addDays(consoleDay(t.clock.now), -1);
  /** A day of the partner's games in which its players won `won` chips more than they bet. */
  const lose = (partner: number, game: string, won: number) =>
    t.database.db
      .insertInto('game_day')
      .values({
        day: yesterday(),
        game,
        partner,
        slot: 0,
        rounds: 5,
        bets: 5,
        players: 2,
        turnover: 100_000,
        wins: 100_000 + won,
        fees: 0,
        jackpot: 0,
      } as never)
      .execute();

  beforeAll(async () => {
    // the app's own job is left out: the tests register it themselves (background: false)
    t = await testApp(database, {}, { background: false });
    const { db } = t.database;
    await db
      .insertInto('partner')
      .values([
        { id: 3, name: 'Third' },
        { id: 4, name: 'Fourth' },
      ])
      .execute();
    for (const id of [1, 2, 3, 4]) await ensureProfile(db, id, new Date(t.clock.now - 3 * 86_400_000));
    await db.updateTable('console_account').set({ partner: 1 }).where('username', '=', 'business').execute();
    [admin, business] = await Promise.all(['admin', 'business'].map((u) => t.loginAs(u)));
    // rake share 50%: the partner bears half of what its players win
    await t.post(`${PE}/update`, { id: 1, deposit: 100_000, rakeSharePct: 50 }, admin); // loses 40,000: stays
    await t.post(`${PE}/update`, { id: 2, deposit: 100_000, rakeSharePct: 50 }, admin); // loses 150,000: suspended
    await t.post(`${PE}/update`, { id: 3, deposit: 0, rakeSharePct: 50 }, admin); // no stop-loss at all
    await lose(1, 'tongits', 80_000);
    await lose(2, 'tongits', 300_000);
    await lose(3, 'tongits', 10_000_000);
  }, 180_000);
  afterAll(async () => t?.close());

  it('suspends, on its schedule, a partner whose losses reach its deposit: once, saying why, by system:stoploss', async () => {
    const h = host();
    registerStopLossJob(h.app, t.database.db, () => t.clock.now, { firstAfterMs: 10, everyMs: 40 });
    await h.ready();
    try {
      await until(async () => (await statusOf(2)).status === 'suspended');
      // a few more runs: nothing more happens
      await new Promise((r) => setTimeout(r, 300));
    } finally {
      await h.close();
    }
    expect(h.warnings).toEqual([]);
    expect(await statusOf(2)).toEqual({
      status: 'suspended',
      status_reason: expect.stringMatching(/^Stop-loss: losses of 150000 chips since \S+ reached the deposit of 100000$/),
    });
    expect((await statusOf(1)).status).toBe('active');
    expect((await statusOf(3)).status).toBe('active');
    const logged = await records(2);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ username: 'system:stoploss', partner: 0, result: 'ok', message: (await statusOf(2)).status_reason });
    expect(logged[0].after).toMatchObject({ status: 'suspended', loss: 150_000, deposit: 100_000 });
    expect(h.infos).toEqual([expect.objectContaining({ suspended: [2] })]);
    // the partner sells nothing while suspended
    expect(await t.post(`${PE}/sell`, { partner: 2, amount: 1_000 }, admin)).toMatchObject({
      status: 409,
      body: { message: expect.stringContaining('suspended') },
    });
  });

  it('refuses a resume while the losses still reach the deposit; a raised deposit lets it resume, and the job leaves it active', async () => {
    const refused = await t.post(`${PE}/resume`, { id: 2, reason: 'paid' }, admin);
    expect(refused).toMatchObject({ status: 409, body: { message: expect.stringContaining('losses of 150000 chips') } });
    expect(refused.body.message).toContain('still reach the deposit of 100000');
    expect((await statusOf(2)).status).toBe('suspended');
    expect((await t.post(`${PE}/update`, { id: 2, deposit: 200_000 }, admin)).status).toBe(200);
    expect((await t.post(`${PE}/resume`, { id: 2, reason: 'deposit topped up to 200,000' }, admin)).body.data.status).toBe('active');
    expect(await checkStopLoss(t.database.db, STOPLOSS_ACTOR, new Date(t.clock.now))).toEqual({ checked: 4, suspended: [] });
    expect((await statusOf(2)).status).toBe('active');
    expect(await records(2)).toHaveLength(1);
  });

  it('several processes checking at once suspend a partner once, with one record', async () => {
    await lose(2, 'pusoy', 200_000); // 150,000 + 100,000 ≥ 200,000
    const runs = await Promise.all(Array.from({ length: 8 }, () => checkStopLoss(t.database.db, STOPLOSS_ACTOR, new Date(t.clock.now))));
    expect(runs.flatMap((r) => r.suspended)).toEqual([2]);
    expect((await statusOf(2)).status).toBe('suspended');
    const logged = await records(2);
    expect(logged).toHaveLength(2);
    expect(logged[1].after).toMatchObject({ loss: 250_000, deposit: 200_000 });
  });

  it("a bill's creation checks in its request's transaction (the record by who created it)", async () => {
    await t.post(`${PE}/update`, { id: 4, deposit: 50_000, rakeSharePct: 50 }, admin);
    await lose(4, 'tongits', 100_000);
    const bill = await t.post(`${PS}/create`, { partner: 4, from: yesterday(), to: yesterday() }, business);
    expect(bill.status).toBe(200);
    expect((await statusOf(4)).status).toBe('suspended');
    expect(await records(4)).toEqual([expect.objectContaining({ username: 'business', message: expect.stringContaining('reached the deposit of 50000') })]);
  });

  it('is not registered with PARTNER_STOPLOSS_JOB=0', () => {
    const saved = process.env.PARTNER_STOPLOSS_JOB;
    process.env.PARTNER_STOPLOSS_JOB = '0';
    try {
      const h = host();
      registerStopLossJob(h.app, t.database.db, () => t.clock.now);
      expect(h.hooks.onReady).toEqual([]);
    } finally {
      if (saved === undefined) delete process.env.PARTNER_STOPLOSS_JOB;
      else process.env.PARTNER_STOPLOSS_JOB = saved;
    }
  });
});
