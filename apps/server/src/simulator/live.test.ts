import { describe, expect, it } from 'vitest';
import { DEMO_APP, seedDemoPlatform } from '../seed/demo';
import { databases } from '../test/databases';
import { testApp } from '../test/harness';
import { runBackfill } from './backfill';
import { FakePlatform } from './fake-platform';
import { runLive } from './live';
import { setProviderApps } from './providers';
import { injectCarrier, SignedClient } from './transport';

describe('simulator live mode', () => {
  it('keeps about the asked rate, adopts the players a backfill made, registers new ones, and is refused nothing', async () => {
    const platform = new FakePlatform();
    await runBackfill({ seed: 9, players: 40, days: 2, end: Date.now() - 60_000, transport: platform });
    const known = platform.balances.size;
    const registeredBefore = platform.applied.filter((e) => e.type === 'player.registered').length;
    const result = await runLive({ transport: platform, seed: 9, rate: 200, seconds: 2 });
    const perSecond = result.actions / (result.ms / 1000);
    expect(perSecond).toBeGreaterThan(100);
    expect(perSecond).toBeLessThan(400);
    expect([...result.stats.rejections]).toEqual([]);
    // the backfill's players were played again, not registered twice
    const logins = platform.applied.filter((e) => e.type === 'player.login').map((e) => (e.data as { uid: number }).uid);
    expect(logins.some((uid) => uid <= 100_040)).toBe(true);
    expect(platform.balances.size).toBeGreaterThan(known);
    expect(platform.applied.filter((e) => e.type === 'player.registered').length - registeredBefore).toBe(platform.balances.size - known);
  });

  it('stops on its signal and settles the sittings still open', async () => {
    const platform = new FakePlatform();
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 600);
    const result = await runLive({ transport: platform, seed: 2, rate: 100, signal: controller.signal });
    expect(result.ms).toBeLessThan(3000);
    expect(result.stats.wallet.debit.applied).toBeGreaterThan(0);
    expect(result.seated).toBe(0);
    expect([...result.stats.rejections]).toEqual([]);
  });

  it('opens its players\' activities now and then and claims what is reached, through the signed platform API', async () => {
    // the console in process on PGlite, on the real clock (live mode plays now)
    const t = await testApp(databases()[0]!, { now: () => Date.now() });
    try {
      await seedDemoPlatform(t.database.db);
      setProviderApps(null);
      const client = new SignedClient(injectCarrier(t.app), { appId: DEMO_APP.appId, secret: DEMO_APP.secret });
      const result = await runLive({ transport: client, seed: 4, rate: 40, seconds: 4, uidBase: 700_000 });
      expect(result.activities.reads).toBeGreaterThan(0);
      const paid = Object.values(result.activities.claims).reduce((n, c) => n + c!.applied, 0);
      // new players logged in today (onlinesign), most with a phone bound at registration (telephonelogin)
      expect(result.activities.claims.onlinesign?.applied).toBeGreaterThan(0);
      const rewards = await t.database.db.selectFrom('activity_reward').select(['uid', 'app_id']).execute();
      expect(rewards).toHaveLength(paid);
      expect(rewards.every((r) => r.app_id === DEMO_APP.appId && r.uid > 700_000)).toBe(true);
      // what the claims paid was followed: no wallet call or event refused afterwards
      expect([...result.stats.rejections]).toEqual([]);
    } finally {
      await t.close();
    }
  }, 120_000);
});
