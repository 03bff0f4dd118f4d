// The cost of the application scopes on the wallet call (decision 042), on PostgreSQL:
// a game round's two calls (the bet's debit, then the win's credit in the same round) signed by a
// provider's application, whose credit must match its own debit and whose wins count against a
// day total, over the same two calls signed by demo-app, which holds every scope with no day
// total and may credit unmatched (the checks it pays are in memory only). Batches of each
// alternate on the same server and players, the first of each pair alternating too; the figure is the median of the per-pair ratios of
// rounds per second (target ≤ 1.10 of demo-app's time, i.e. a ratio of throughputs ≥ 0.91).
import pg from 'pg';
import { sealAppSecret } from '../apps/server/src/secrets/columns.ts';
import { providerScopes } from '@console/schemas';
import { platformSignature } from '../apps/server/src/http/platform-operation.ts';
import { startServer } from '../e2e/harness.ts';
import { postJson, signedPost, timed } from './lib/http.ts';

const PLAYERS = 200;
const ROUNDS = Number(process.env.BENCH_SCOPE_ROUNDS ?? 1_500);
const PAIRS = Number(process.env.BENCH_SCOPE_PAIRS ?? 31);
const CONCURRENCY = Number(process.env.BENCH_SCOPE_CONCURRENCY ?? 16);
const UID_BASE = 7_000_000;
const PROVIDER = { appId: 'bench-provider', secret: 'bench-provider-secret-01' };

export interface ScopesFigures {
  rounds: number;
  pairs: number;
  demoRoundsPerSecond: number[];
  providerRoundsPerSecond: number[];
  costRatio: number;
  costRatios: number[];
}

export async function scopesBench(databaseUrl: string): Promise<ScopesFigures> {
  const server = await startServer({ DATABASE_URL: databaseUrl, DEMO: '1', DEMO_PLAYERS: '0' });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`INSERT INTO platform_application (app_id, name, secret, scopes) VALUES ($1, 'Bench provider', $2, $3)`, [
      PROVIDER.appId,
      sealAppSecret(PROVIDER.secret, PROVIDER.appId),
      JSON.stringify(providerScopes(1_000_000_000, process.env.BENCH_SCOPE_DAY_TOTAL === '0' ? null : 1_000_000_000_000)),
    ]);
    const at = new Date().toISOString();
    for (let i = 0; i < PLAYERS; i += 100) {
      const events = Array.from({ length: 100 }, (_, k) => ({
        id: `reg-${i + k}`,
        type: 'player.registered',
        at,
        data: { uid: UID_BASE + i + k, name: `B${i + k}`, ip: '10.0.0.1', deviceId: `d${i + k}`, package: 'com.demo' },
      }));
      const res = await signedPost(server.url, '/api/platform/events', { events });
      if (res.status !== 200) throw new Error(`bench scopes: register ${res.status}`);
    }
    for (let i = 0; i < PLAYERS; i += 1) {
      await signedPost(server.url, '/api/platform/wallet/credit', {
        txId: `fund-${i}`,
        uid: UID_BASE + i,
        currency: 'chip',
        amount: 1_000_000_000,
        reason: 'bench.fund',
      });
    }
    const asProvider = async (path: string, body: unknown) => {
      const payload = JSON.stringify(body);
      const timestamp = String(Date.now());
      return postJson(server.url + path, payload, {
        'x-app-id': PROVIDER.appId,
        'x-timestamp': timestamp,
        'x-signature': platformSignature(PROVIDER.secret, timestamp, payload),
      });
    };
    const batch = async (who: 'demo' | 'provider', n: number) => {
      const post =
        who === 'demo'
          ? (path: string, body: unknown) => signedPost(server.url, path, body).then((r) => r.status)
          : (path: string, body: unknown) => asProvider(path, body).then((r) => r.status);
      const t0 = performance.now();
      await timed(ROUNDS, CONCURRENCY, async (i) => {
        const round = `${who}-${n}-${i}`;
        const uid = UID_BASE + (i % PLAYERS);
        const bet = await post('/api/platform/wallet/debit', { txId: `${round}:b`, uid, currency: 'chip', amount: 100, reason: 'game.bet', ref: round });
        const win = await post('/api/platform/wallet/credit', { txId: `${round}:w`, uid, currency: 'chip', amount: 150, reason: 'game.win', ref: round });
        if (bet !== 200 || win !== 200) throw new Error(`bench scopes: ${who} round ${round}: ${bet} ${win}`);
      });
      return ROUNDS / ((performance.now() - t0) / 1000);
    };
    await batch('demo', -1);
    await batch('provider', -1); // warm both paths
    const demo: number[] = [],
      provider: number[] = [];
    // ABBA: which goes first alternates, so the slowing of a growing database weighs on both alike
    for (let n = 0; n < PAIRS; n += 1) {
      if (n % 2 === 0) {
        demo.push(await batch('demo', n));
        provider.push(await batch('provider', n));
      } else {
        provider.push(await batch('provider', n));
        demo.push(await batch('demo', n));
      }
    }
    const ratios = demo.map((d, i) => +(d / provider[i]).toFixed(3)).sort((a, b) => a - b);
    return {
      rounds: ROUNDS,
      pairs: PAIRS,
      demoRoundsPerSecond: demo.map(Math.round),
      providerRoundsPerSecond: provider.map(Math.round),
      costRatio: ratios[Math.floor(ratios.length / 2)],
      costRatios: ratios,
    };
  } finally {
    await client.end();
    await server.stop();
  }
}

export const scopesSummary = (f: ScopesFigures) => [
  `application scopes on the wallet call (PostgreSQL; a round = a bet's debit and its win's credit, ${f.rounds} rounds a batch, ${f.pairs} alternating pairs):`,
  `  demo-app (every scope, no day total, unmatched credits): ${f.demoRoundsPerSecond.join(', ')} rounds/s`,
  `  provider (credit matched to its debit, day total counted): ${f.providerRoundsPerSecond.join(', ')} rounds/s`,
  `  time with the checks over without: ${f.costRatio}× (median; pairs ${f.costRatios.join(', ')}); target ≤ 1.10`,
];
