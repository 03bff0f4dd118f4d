import { describe, expect, it } from 'vitest';
import { runBackfill } from './backfill';
import { FakePlatform } from './fake-platform';
import { runLive } from './live';

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
});
