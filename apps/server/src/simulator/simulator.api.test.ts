/**
 * The simulator end to end: a small backfill through the real signed platform API of the
 * harness app (app.inject), then the ledger reconciles and the rows are there, on their days.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconcile } from '../domains/ledger/reconcile';
import { DEMO_APP, seedDemoIfEmpty, seedDemoPlatform } from '../seed/demo';
import { databases } from '../test/databases';
import { testApp, type TestApp } from '../test/harness';
import { runBackfill } from './backfill';
import { DEMO_SHARE_CODES } from './population';
import { setProviderApps } from './providers';
import { injectCarrier, SignedClient } from './transport';
import { REASONS } from './world';
import { startOfDayMs } from '@console/time';

describe.each(databases())('simulator against the platform API ($kind)', (database) => {
  let t: TestApp;
  let end: number;
  let client: SignedClient;
  // one call at a time: each moves the shared clock to its own moment
  const run = (force = false) => runBackfill({ seed: 11, players: 100, days: 3, end, transport: client, force, concurrency: 1 });

  beforeAll(async () => {
    t = await testApp(database);
    await seedDemoPlatform(t.database.db);
    // the demo seed makes its providers play (in-process, each as its own application); this
    // client signs as demo-app only, which is how `npm run simulate` plays: without providers
    setProviderApps(null);
    end = t.clock.now;
    client = new SignedClient(injectCarrier(t.app), {
      appId: DEMO_APP.appId,
      secret: DEMO_APP.secret,
      now: () => t.clock.now,
      setClock: (at) => {
        t.clock.now = at;
      },
    });
  });
  afterAll(() => t.close());

  it('backfills 100 players over 3 days: nothing refused, the ledger reconciles, rows on their days', async () => {
    // the demo platform's own traffic (seedDemoPlatform: the SMS route's demo codes) is not the backfill's
    const eventsBefore = Number((await sql<{ n: string }>`SELECT count(*) AS n FROM platform_event`.execute(t.database.db)).rows[0].n);
    const result = await run();
    t.clock.now = end;
    expect([...result.stats.rejections]).toEqual([]);
    const db = t.database.db;
    const count = async (table: string) => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(db)).rows[0].n);
    expect(await count('player')).toBe(100);
    expect(await count('player_login')).toBe(result.stats.events['player.login']!.applied);
    expect(await count('player_emote')).toBeGreaterThan(0);
    expect(await count('sms_log')).toBeGreaterThan(0);
    expect(await count('player_badge')).toBeGreaterThan(0);
    const sent = Object.values(result.stats.events).reduce((n, c) => n + c.sent, 0);
    expect(await count('platform_event')).toBe(eventsBefore + sent);
    expect(await count('wallet_tx')).toBe(result.stats.wallet.debit.sent + result.stats.wallet.credit.sent + result.stats.wallet.settle.sent);
    // the instant games settle in one call, a stake from two balances goes as one batch (decision 058)
    expect(result.stats.wallet.settle.applied).toBeGreaterThan(0);
    const kinds = await db
      .selectFrom('wallet_tx')
      .select(['kind'])
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .groupBy('kind')
      .execute();
    expect(Object.fromEntries(kinds.map((k) => [k.kind, Number(k.n)]))).toMatchObject({ settle: result.stats.wallet.settle.sent });
    const shared = await db.selectFrom('player').select('uid').where('share_id', 'in', [DEMO_SHARE_CODES.sales, DEMO_SHARE_CODES.groundpromoter]).execute();
    expect(shared.length).toBeGreaterThan(0);

    const check = await reconcile(db);
    expect(check.differences).toEqual([]);
    expect(check.entries).toBeGreaterThan(300);

    // wallet calls carry no time: the client moved the app's clock, so bets land on their days too
    const days = await db.selectFrom('ledger_entry').select('at').where('reason', '=', REASONS.bet).execute();
    const dayOf = (at: Date) => (startOfDayMs(at.getTime()) - startOfDayMs(end)) / 86_400_000;
    expect(new Set(days.map((d) => dayOf(new Date(d.at)))).size).toBe(3);
    for (const d of days) expect(new Date(d.at).getTime()).toBeLessThanOrEqual(end);
    const net = await db
      .selectFrom('player')
      .select((eb) => eb.fn.sum<number>('net_win').as('total'))
      .executeTakeFirstOrThrow();
    expect(Number(net.total)).not.toBe(0);
  }, 120_000);

  it('sends nothing on a second start, and a forced one is answered as duplicates without a new entry', async () => {
    const before = await reconcile(t.database.db);
    expect((await run()).skipped).toBe(true);
    const forced = await run(true);
    t.clock.now = end;
    expect([...forced.stats.rejections]).toEqual([]);
    expect(Object.entries(forced.stats.events).filter(([, c]) => c.duplicate !== c.sent)).toEqual([]);
    expect(forced.stats.wallet.debit.rejected + forced.stats.wallet.credit.rejected + forced.stats.wallet.settle.rejected).toBe(0);
    const after = await reconcile(t.database.db);
    expect(after.entries).toBe(before.entries);
    expect(after.differences).toEqual([]);
  }, 120_000);
});

describe.each(databases())('demo seed with players ($kind)', (database) => {
  it('creates demo-app, the share codes and the players once; a second start seeds nothing', async () => {
    const opened = await database.open();
    try {
      const db = opened.db;
      const config = (await import('../config')).defaultConfig({ argon2: { memoryCost: 1024, timeCost: 1, parallelism: 1 } });
      const o = { players: 60, days: 3, seed: 5 };
      expect(await seedDemoIfEmpty(db, config, o)).toBe(true);
      expect(await db.selectFrom('platform_application').select('app_id').where('app_id', '=', 'demo-app').executeTakeFirst()).toBeDefined();
      const codes = await db.selectFrom('console_account').select(['username', 'share_code']).where('share_code', 'is not', null).orderBy('username').execute();
      // boothpromoter: the ground promoter partner 1's own account creates in the groundpromoters demo (decision 025)
      expect(codes).toEqual([
        { username: 'boothpromoter', share_code: 'GP2001' },
        { username: 'groundpromoter', share_code: 'GP1001' },
        { username: 'sales', share_code: 'SL1001' },
      ]);
      const players = async () =>
        Number(
          (
            await db
              .selectFrom('player')
              .select((eb) => eb.fn.countAll<string>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      // the 60 simulated players and partner 1's booth's 8 (seed/demo-newcomers.ts, uids 90501…)
      expect(await players()).toBe(68);
      expect(
        Number(
          (
            await db
              .selectFrom('player')
              .select((eb) => eb.fn.countAll<string>().as('n'))
              .where('uid', '<', 100_000)
              .executeTakeFirstOrThrow()
          ).n,
        ),
      ).toBe(8);
      expect((await reconcile(db)).differences).toEqual([]);
      const entries = (await reconcile(db)).entries;
      expect(await seedDemoIfEmpty(db, config, o)).toBe(false);
      expect(await players()).toBe(68);
      expect((await reconcile(db)).entries).toBe(entries);
    } finally {
      await opened.close();
    }
  }, 120_000);
});
