/**
 * The reconciliation of rounds with the wallet: rounds played honestly (bets debited, wins
 * credited with ref = round id) reconcile; a round whose bet was never debited, one whose win
 * was rolled back, and one whose record claims more than was staked are each reported.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';
import { platformClient, type PlatformClient } from '../../test/platform';
import { reconcileRounds } from './reconcile';
import { playRound } from './test-fixtures';

describe.each(databases())('rounds against the wallet on $kind', (kind) => {
  let t: TestApp;
  let p: PlatformClient;
  beforeAll(async () => {
    t = await testApp(kind);
    p = await platformClient(t);
    await p.register(9101, {}, 500_000);
    await p.register(9102, {}, 500_000);
  });
  afterAll(async () => t?.close());
  const window = () => ({ from: new Date(t.clock.now - 3_600_000), to: new Date(t.clock.now + 3_600_000) });

  it('honest rounds reconcile; missing, rolled back and overstated money is reported', async () => {
    for (const game of ['colorgame', 'hilo', 'scratch', 'lucky9'] as const) await playRound(p, game, 9101, { at: new Date(t.clock.now) });
    expect(await reconcileRounds(t.database.db, window())).toEqual({ rounds: 4, differences: [] });

    const unpaid = await playRound(p, 'horse', 9102, { at: new Date(t.clock.now), pay: (_k, kind) => kind !== 'bet' });
    // a win credited and then rolled back
    let won: Awaited<ReturnType<typeof playRound>> | undefined;
    for (let i = 0; i < 40 && !won; i++) {
      const r = await playRound(p, 'colorgame', 9102, { at: new Date(t.clock.now) });
      if (r.outcome.payouts[0].win > 0) won = r;
    }
    expect(won).toBeDefined();
    await p.post('/api/platform/wallet/rollback', { txId: `${won!.roundId}:rb`, originalTxId: `${won!.roundId}:w0` });
    const overstated = await playRound(p, 'hilo', 9102, {
      at: new Date(t.clock.now),
      tamper: (d) => {
        d.seats[0].bet += 100;
      },
    });

    const result = await reconcileRounds(t.database.db, window());
    const bet = (r: typeof unpaid) => r.outcome.payouts[0].bet;
    const win = (r: typeof unpaid) => r.outcome.payouts[0].win;
    expect(result.differences).toEqual([
      { roundId: unpaid.roundId, appId: 'demo-app', game: 'horse', uid: 9102, bet: bet(unpaid), debited: 0, win: win(unpaid), credited: win(unpaid) },
      { roundId: won!.roundId, appId: 'demo-app', game: 'colorgame', uid: 9102, bet: bet(won!), debited: bet(won!), win: win(won!), credited: 0 },
      {
        roundId: overstated.roundId,
        appId: 'demo-app',
        game: 'hilo',
        uid: 9102,
        bet: bet(overstated) + 100,
        debited: bet(overstated),
        win: win(overstated),
        credited: win(overstated),
      },
    ]);
    expect((await reconcileRounds(t.database.db, { ...window(), game: 'hilo' })).differences.map((d) => d.roundId)).toEqual([overstated.roundId]);
  });
});
