/**
 * Demo data of /agentcash. Nothing before the players exist. After the simulated
 * history (and the agents' settled weeks, which fund their commission accounts), agents that may
 * withdraw (active, enough active invitees) ask for cash-outs through this domain's request
 * service (the platform call's), spread over the last days, and staff review them through the
 * real API (sign-in, password with the approval): orders in every state: auto-approved and
 * paid, not reviewed, in review, paid after review, failed (the simulated provider scripted),
 * denied, undetermined, set to success, waiting for a second approver, paid by two. Settings:
 * the platform default saved once and partner 1's own (a version each). Deterministic; run
 * again it finds its orders and changes nothing.
 */
import { sql } from 'kysely';
import { buildApp } from '../../app';
import type { ServerConfig } from '../../config';
import type { Db } from '../../db/open';
import { simulatedGcash } from '../cashout/providers';
import { DEFAULT_AGENT_CASH_CONFIG } from './config';
import { createAgentCashout } from './orders';

const DAY = 86_400_000;
/** Partner 1's own auto-approval (its settings differ from the platform default). */
const PARTNER1_AUTO_APPROVE = 50_000;
const APP = 'demo-app';

type Plan = 'auto' | 'open' | 'claimed' | 'paid' | 'failed' | 'denied' | 'undetermined' | 'setSuccess' | 'firstApproval' | 'fourEyes';
/** Amount (centavos) and what happens to it; the first fits under the ₱1,000 auto-approval. */
const PLANS: [Plan, number][] = [
  ['auto', 50_000],
  ['open', 200_000],
  ['claimed', 300_000],
  ['paid', 500_000],
  ['failed', 400_000],
  ['denied', 250_000],
  ['undetermined', 600_000],
  ['setSuccess', 350_000],
  ['firstApproval', 1_100_000],
  ['fourEyes', 1_200_000],
];

export async function seedAgentCashActivity(db: Db, config: ServerConfig, password: string, end: number): Promise<Record<string, number>> {
  const done = await db
    .selectFrom('agent_cashout_order')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('request_id', 'like', 'demo-%')
    .executeTakeFirstOrThrow();
  if (Number(done.n) > 0) return { orders: Number(done.n), again: 1 };
  const channel = await db.selectFrom('cashout_channel').select('channel').where('status', '=', 'open').orderBy('sort_order').executeTakeFirst();
  if (!channel) return { orders: 0, noChannel: 1 };
  const { rows: agents } = await sql<{ uid: number; partner: number; balance: string }>`
    SELECT a.uid, a.partner, l.balance FROM agent a JOIN ledger_account l ON l.kind = 'agent' AND l.owner = a.uid::text
    WHERE a.status = 'active' AND a.withdrawable AND l.balance >= 20000 ORDER BY a.partner, l.balance DESC, a.uid`.execute(db);
  if (agents.length === 0) return { orders: 0, noWithdrawableAgent: 1 };
  let at = end - 12 * DAY;
  const server = await buildApp({ db, config: { ...config, now: () => at, webDist: undefined }, batchWorker: false });
  const counts: Record<string, number> = {};
  try {
    const call = async (url: string, body: unknown, token?: string) => {
      const res = await server.inject({
        method: 'POST',
        url,
        payload: body as object,
        headers: { 'content-type': 'application/json', ...(token ? { 'x-token': token } : {}) },
      });
      return JSON.parse(res.body) as { code: number; accessToken?: string; data?: { order?: { status: string } } };
    };
    const login = async (username: string) => (await call('/api/login', { username, password })).accessToken!;
    // sessions expire when idle: each step signs in at its own moment
    await call('/api/agentcash/config/save', { partner: 0, config: DEFAULT_AGENT_CASH_CONFIG }, await login('business'));
    await call(
      '/api/agentcash/config/save',
      { partner: 1, config: { ...DEFAULT_AGENT_CASH_CONFIG, feePercent: 1.5, autoApproveAmount: PARTNER1_AUTO_APPROVE } },
      await login('partner'),
    );
    // each plan goes to the next agent in turn, a day apart: the per-day limits hold and the figures spread
    const available = new Map(agents.map((a) => [a.uid, Number(a.balance)]));
    for (let i = 0; i < PLANS.length * 2; i += 1) {
      const [plan, wanted] = PLANS[i % PLANS.length];
      const big = plan === 'firstApproval' || plan === 'fourEyes';
      // the two-approver plans go to the agent with the most left, the others in turn
      const agent = big ? [...agents].sort((a, b) => available.get(b.uid)! - available.get(a.uid)!)[0] : agents[i % agents.length];
      const left = available.get(agent.uid)!;
      const autoApprove = agent.partner === 1 ? PARTNER1_AUTO_APPROVE : DEFAULT_AGENT_CASH_CONFIG.autoApproveAmount;
      // 'auto' fits under the auto-approval; a reviewed plan asks above it, at most 40% of what the
      // agent still has (whole pesos) unless that is under the auto-approval; two approvers from fourEyesAmount
      const amount =
        plan === 'auto' ? Math.min(wanted, autoApprove) : big ? wanted : Math.max(autoApprove + 10_000, Math.min(wanted, Math.floor((left * 0.4) / 100) * 100));
      if (amount * 1.02 > left) continue;
      at = end - (11 - Math.floor(i / 2)) * DAY + (i % 2) * 3 * 3_600_000;
      let order: { orderId: string; status: string };
      try {
        order = await createAgentCashout(
          db,
          APP,
          { requestId: `demo-${i}`, uid: agent.uid, channel: channel.channel, amount, account: `0917${String(agent.uid).slice(-7)}` },
          new Date(at),
          () => at,
        );
      } catch {
        continue; // a limit of the day or the balance: the demo skips it, as the app would show the refusal
      }
      available.set(agent.uid, left - amount * 1.02);
      const id = { orderId: order.orderId };
      if (order.status === 'not_reviewed') {
        at += 20 * 60_000;
        const reviewer = await login(agent.partner === 1 ? 'partner' : 'business');
        switch (plan) {
          case 'claimed':
            await call('/api/agentcash/claim', id, reviewer);
            break;
          case 'paid':
            await call('/api/agentcash/approve', { ...id, password }, reviewer);
            break;
          case 'failed':
            simulatedGcash.script({ byOrder: { [order.orderId]: 'failure' } });
            await call('/api/agentcash/approve', { ...id, password }, reviewer);
            break;
          case 'denied':
            await call('/api/agentcash/deny', { ...id, reason: 'Payment account does not match the agent' }, reviewer);
            break;
          case 'undetermined':
          case 'setSuccess':
            simulatedGcash.script({ byOrder: { [order.orderId]: 'timeout' }, lateAfterTimeout: null });
            await call('/api/agentcash/approve', { ...id, password }, reviewer);
            if (plan === 'setSuccess') {
              at += 10 * 60_000;
              await call('/api/agentcash/resolve', { ...id, outcome: 'success', reason: 'GCash statement shows the transfer' }, await login('business'));
            }
            break;
          case 'firstApproval':
            await call('/api/agentcash/approve', { ...id, password }, reviewer);
            break;
          case 'fourEyes':
            await call('/api/agentcash/approve', { ...id, password }, reviewer);
            at += 10 * 60_000;
            await call('/api/agentcash/approve', { ...id, password }, await login('secadmin'));
            break;
          default:
            break;
        }
        simulatedGcash.script({});
      }
      counts[plan] = (counts[plan] ?? 0) + 1;
    }
  } finally {
    simulatedGcash.script({});
    await server.close();
  }
  const { rows } = await sql<{ status: string; n: string }>`SELECT status, count(*) AS n FROM agent_cashout_order GROUP BY status`.execute(db);
  return { agents: agents.length, ...Object.fromEntries(rows.map((r) => [r.status, Number(r.n)])) };
}
