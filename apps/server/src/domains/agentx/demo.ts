/**
 * Demo data of /agentx: admin creates three integration agents through the screen's
 * own call (the operation log, the key answered once), two of them play a week of their players'
 * bets and wins through the signed platform API with that key (wallet debit/credit, game
 * reasons; bets a player cannot cover are refused 409 and count as errors; an old deployment's
 * stale signatures as 401s), and the third is suspended. Deterministic (shares of the uid, day
 * and round); an agent already there is left as it is (its key is not kept, so a re-run adds no
 * traffic).
 */
import { buildApp } from '../../app';
import type { ServerConfig } from '../../config';
import type { Db } from '../../db/open';
import { platformSignatureV2 } from '../../http/platform-operation';
import { signingSecret } from './agents';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const DAYS = 7;

const share = (a: number, b: number, salt: number) => {
  let h = Math.imul((a ^ Math.imul(b + salt, 0x9e3779b9)) >>> 0, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) % 100;
};

interface DemoAgent {
  appId: string;
  name: string;
  partner: number;
  walletMode: 'seamless' | 'transfer';
  callbackUrl: string;
  currency: string;
  revenueShare: number;
  ipAllowList: string[];
  rounds: number;
  suspend?: string;
}

export const DEMO_AGENTX: DemoAgent[] = [
  {
    appId: 'lucky-asia',
    name: 'Lucky Asia Gaming',
    partner: 1,
    walletMode: 'seamless',
    callbackUrl: 'https://api.luckyasia.example/wallet/callback',
    currency: 'PHP',
    revenueShare: 35,
    ipAllowList: [],
    rounds: 40,
  },
  {
    appId: 'manila-hub',
    name: 'Manila Play Hub',
    partner: 2,
    walletMode: 'transfer',
    callbackUrl: 'https://manilahub.example/notify',
    currency: 'PHP',
    revenueShare: 27.5,
    ipAllowList: ['127.0.0.1', '10.20.0.0/16', '::1'],
    rounds: 25,
  },
  {
    appId: 'cebu-partners',
    name: 'Cebu Partners Ltd',
    partner: 0,
    walletMode: 'seamless',
    callbackUrl: 'https://cebu.example/cb',
    currency: 'USD',
    revenueShare: 20,
    ipAllowList: ['203.0.113.0/24'],
    rounds: 0,
    suspend: 'Contract paused while the licence is renewed',
  },
];

export async function seedAgentxActivity(db: Db, config: ServerConfig, password: string, end: number): Promise<Record<string, number>> {
  const figures = { agents: 0, calls: 0, bets: 0, refused: 0 };
  const missing = [];
  for (const a of DEMO_AGENTX) {
    if (!(await db.selectFrom('platform_application').select('app_id').where('app_id', '=', a.appId).executeTakeFirst())) missing.push(a);
  }
  if (missing.length === 0) return figures;
  let clock = end;
  const server = await buildApp({ db, config: { ...config, now: () => clock, webDist: undefined }, batchWorker: false });
  await server.ready();
  const json = async (url: string, payload: string, headers: Record<string, string>) => {
    const res = await server.inject({ method: 'POST', url, payload, headers: { ...headers, 'content-type': 'application/json' } });
    return { status: res.statusCode, body: res.body ? (JSON.parse(res.body) as Record<string, any>) : {} };
  };
  try {
    const signIn = async () => {
      const login = await json('/api/login', JSON.stringify({ username: 'admin', password }), {});
      if (login.body.code !== 200) throw new Error('demo agentx: admin cannot sign in');
      return { 'x-token': login.body.accessToken as string };
    };
    for (const a of missing) {
      const { rounds, suspend, ...terms } = a;
      clock = end - DAYS * DAY - HOUR;
      const created = await json('/api/agentx/list/create', JSON.stringify(terms), await signIn());
      if (created.status !== 200) throw new Error(`demo agentx: ${a.appId}: ${created.status} ${String(created.body.message)}`);
      figures.agents += 1;
      const secret = signingSecret(created.body.data.apiKey as string);
      const signed = (url: string, body: unknown, key = secret) => {
        const payload = JSON.stringify(body);
        const ts = String(clock);
        // an agent's application requires signature version 2 (agents.ts)
        return json(url, payload, {
          'x-app-id': a.appId,
          'x-timestamp': ts,
          'x-signature-version': '2',
          'x-signature': platformSignatureV2(key, ts, 'POST', url, payload),
        });
      };
      const players = (await db.selectFrom('player').select(['uid', 'registered_at']).where('partner', '=', a.partner).orderBy('uid').limit(16).execute()).map(
        (p) => ({ uid: p.uid, since: new Date(p.registered_at).getTime() }),
      );
      for (let d = DAYS; d >= 1 && rounds > 0; d -= 1) {
        const dayStart = end - d * DAY;
        for (let n = 0; n < rounds; n += 1) {
          const at = dayStart + Math.floor(((n + 0.5) / rounds) * (DAY - HOUR));
          const open = players.filter((p) => p.since < at);
          if (open.length === 0) continue;
          const p = open[(n * 7 + d) % open.length];
          clock = at;
          const id = `${d}-${n}`;
          if (share(p.uid, d * 1000 + n, 9) < 3) {
            // an old deployment still signing with a wrong secret: 401, counted as an error
            const stale = await signed('/api/platform/wallet/balance', { uid: p.uid }, 'stale-secret-of-an-old-deployment');
            figures.calls += 1;
            if (stale.status !== 200) figures.refused += 1;
            continue;
          }
          // ₱10 to ₱500, now and then more than the player holds (a 409 the agent retries smaller)
          const bet = (1 + (share(p.uid, d * 1000 + n, 1) % 50)) * 1_000 * (share(p.uid, d * 1000 + n, 2) < 6 ? 400 : 1);
          const debit = await signed('/api/platform/wallet/debit', {
            txId: `${a.appId}-b-${id}`,
            uid: p.uid,
            currency: 'chip',
            amount: bet,
            reason: 'game.bet.slots',
            ref: `${a.appId}-r-${id}`,
          });
          figures.calls += 1;
          if (debit.status !== 200) {
            figures.refused += 1;
            continue;
          }
          figures.bets += 1;
          const roll = share(p.uid, d * 1000 + n, 3);
          const win = roll < 45 ? 0 : roll < 85 ? Math.floor(bet * (1 + (roll % 10) / 10)) : bet * (2 + (roll % 4));
          clock += 20_000;
          if (win > 0) {
            await signed('/api/platform/wallet/credit', {
              txId: `${a.appId}-w-${id}`,
              uid: p.uid,
              currency: 'chip',
              amount: win,
              reason: 'game.win.slots',
              ref: `${a.appId}-r-${id}`,
            });
            figures.calls += 1;
          }
        }
      }
      if (suspend) {
        clock = end - HOUR;
        const id = created.body.data.id as number;
        const res = await json('/api/agentx/list/status', JSON.stringify({ id, status: 'suspended', reason: suspend }), await signIn());
        if (res.status !== 200) throw new Error(`demo agentx: suspend ${a.appId}: ${res.status}`);
      }
    }
  } finally {
    await server.close();
  }
  return figures;
}
