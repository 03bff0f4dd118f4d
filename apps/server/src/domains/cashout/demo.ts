/**
 * The cash-out review queues of the demo, whatever the hour the demo starts
 * (docs/decisions/006-cashout-review.md). The simulated history asks for about one cash-out a
 * day and its desk reviews every request at the next 14:00 shift (simulator/payments.ts), so a
 * demo started in the afternoon or evening found the queues empty. After the history, in the
 * window the desk has not reviewed yet (`unreviewedSince`: since 13:00 of the last shift's day),
 * payers open the app (a login), redeem chips into `withdrawable` (the platform's
 * `cashable.redeem`, chips debited and withdrawable credited, as the simulator's players do) and
 * ask for the cash through the signed platform call (POST /api/platform/cashout/orders): the
 * order holds amount + fee from withdrawable through the ledger in its own transaction, exactly
 * as any request. Most of them wait, not reviewed. In office hours (09:00–19:00) the desk has
 * started on a few through the review screen's own calls as the demo accounts:
 *   - in review: claimed by the customer-service leader (or business) and not decided yet;
 *   - in review: one approved once, waiting for the second approver: above the four-eyes amount,
 *     or (when no player holds that much) of a player whose control holds cash-outs for two;
 *   - undetermined: approved, and the simulated provider did not answer (scripted for that
 *     order, no late report): business settles it at the next shift.
 * How many scales with the players and the hours waited (for 2,000 players about 8 waiting,
 * 3 claimed + 1 for a second approver, 2 undetermined; at least 3, 2 and 1). Deterministic from the end of the
 * history; run again, it finds its orders (request ids `demo-queue-…`) and does nothing.
 */
import { sql } from 'kysely';
import type { ServerConfig } from '../../config';
import type { Db } from '../../db/open';
import { openDemoConsole, type Answer } from '../../seed/demo-console';
import { REDEEM_REASON, unreviewedSince } from '../../simulator/payments';
import { clamp, Rng, seedOf } from '../../simulator/rng';
import { cashoutRules } from '../payment-config/withdrawal-rules';
import { cashoutFee } from './orders';
import { providerFor, SimulatedProvider } from './providers';
import { consoleIso, startOfDayMs } from '@console/time';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** The desk's office hours (GMT+08:00), as in simulator/desk.ts. */
const OFFICE = [9, 19] as const;
export const QUEUE_REQUEST_PREFIX = 'demo-queue-';

type Fate = 'wait' | 'claim' | 'secondApproval' | 'undetermined';

interface Candidate {
  uid: number;
  partner: number;
  chip: number;
  gcash: string;
  bank: string;
  phone: string | null;
  ip: string | null;
  device: string | null;
  payer: boolean;
  /** Under a player control that holds every cash-out for a second reviewer (domains/controls). */
  review: boolean;
}

export interface CashoutQueueFigures {
  /** The first moment of the window (GMT+08:00 ISO), the orders asked for, and what the desk did. */
  since: string;
  requested: number;
  claimed: number;
  firstApprovals: number;
  undetermined: number;
  /** Players that could not ask (a refusal of the platform or of the console): why. */
  skipped: number;
  why: string[];
  /** A seed run again: its orders were there already. */
  again?: number;
}

/** Where the player's cash goes (simulator/payments.ts payoutAccount): GCash, a bank from ₱500, else Maya to the phone. */
function payoutAccount(c: Candidate, amount: number): [channel: string, account: string] | null {
  if (c.gcash) return ['gcash', c.gcash];
  if (c.bank && amount >= 50_000) return ['bank', `${c.bank} ${String(c.uid).padStart(10, '0')}`];
  if (c.phone) return ['maya', `0${c.phone}`];
  return null;
}

/** The office-hour stretches of [from, to): where the desk's own orders are asked for and worked on. */
function officeSpans(from: number, to: number): [number, number][] {
  const spans: [number, number][] = [];
  for (let day = startOfDayMs(from); day < to; day += DAY) {
    const a = Math.max(from, day + OFFICE[0] * HOUR);
    const b = Math.min(to, day + OFFICE[1] * HOUR);
    if (b > a) spans.push([a, b]);
  }
  return spans;
}

/** A moment drawn uniformly over the spans. */
function within(rng: Rng, spans: [number, number][]): number {
  const total = spans.reduce((n, [a, b]) => n + b - a, 0);
  let x = Math.floor(rng.next() * total);
  for (const [a, b] of spans) {
    if (x < b - a) return a + x;
    x -= b - a;
  }
  return spans[spans.length - 1][1] - 1;
}

export async function seedCashoutQueues(
  db: Db,
  config: ServerConfig,
  password: string,
  end: number,
  app: { appId: string; secret: string } = { appId: 'demo-app', secret: 'demo-platform-secret' },
): Promise<CashoutQueueFigures> {
  const since = unreviewedSince(end);
  const figures: CashoutQueueFigures = { since: consoleIso(since), requested: 0, claimed: 0, firstApprovals: 0, undetermined: 0, skipped: 0, why: [] };
  const done = await db
    .selectFrom('cashout_order')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('app_id', '=', app.appId)
    .where('request_id', 'like', `${QUEUE_REQUEST_PREFIX}%`)
    .executeTakeFirstOrThrow();
  if (Number(done.n) > 0) return { ...figures, again: Number(done.n) };
  const players = Number(
    (
      await db
        .selectFrom('player')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  // who may ask: registered before the window, active, not a coin dealer, not blocked, no open
  // cash-out, holding at least ₱300 in chips; payers first (the simulator's cash-outs are theirs)
  const { rows } = await sql<{
    uid: number;
    partner: number;
    chip: string;
    gcash: string;
    bank: string;
    phone_number: string | null;
    login_ip: string | null;
    login_device: string | null;
    payer: boolean;
    review: boolean;
  }>`
    SELECT p.uid, p.partner, b.chip, p.gcash, p.bank, p.phone_number, p.login_ip, p.login_device,
      EXISTS (SELECT 1 FROM recharge_order r WHERE r.uid = p.uid AND r.status = 'paid') AS payer,
      EXISTS (SELECT 1 FROM player_control pc WHERE pc.uid = p.uid AND pc.cashout_review) AS review
    FROM player p JOIN player_balance b ON b.uid = p.uid
    WHERE p.status = 'active' AND p.registered_at < ${new Date(since)} AND b.chip >= 30000
      AND (p.gcash <> '' OR p.bank <> '' OR p.phone_number IS NOT NULL)
      AND NOT EXISTS (SELECT 1 FROM coin_dealer d WHERE d.uid = p.uid)
      AND NOT EXISTS (SELECT 1 FROM ban x WHERE x.active AND ((x.kind = 'account' AND x.value = p.uid::text)
        OR (x.kind = 'device' AND x.value = p.login_device) OR (x.kind = 'ip' AND x.value = p.login_ip)))
      AND NOT EXISTS (SELECT 1 FROM cashout_order c WHERE c.uid = p.uid AND c.status IN ('not_reviewed', 'in_review', 'approved', 'undetermined'))
    ORDER BY p.uid`.execute(db);
  const rng = new Rng(seedOf('cashout-queues', end));
  const shuffled = (list: Candidate[]) =>
    list
      .map((c) => ({ c, k: rng.next() }))
      .sort((x, y) => x.k - y.k)
      .map((x) => x.c);
  const all = rows.map((r): Candidate => ({
    uid: r.uid,
    partner: r.partner,
    chip: Number(r.chip),
    gcash: r.gcash,
    bank: r.bank,
    phone: r.phone_number,
    ip: r.login_ip,
    device: r.login_device,
    payer: r.payer,
    review: r.review,
  }));
  const candidates = [...shuffled(all.filter((c) => c.payer)), ...shuffled(all.filter((c) => !c.payer))];

  const hours = (end - since) / HOUR;
  const waiting = clamp(Math.round((players / 250) * clamp(hours / 8, 0.5, 1.5)), 3, 40);
  const claims = clamp(Math.round(players / 800), 2, 8);
  const desk = clamp(Math.round(players / 1000), 1, 8);
  const fourEyes = (await cashoutRules(db)).fourEyesAmount;
  const channels = new Map(
    (await db.selectFrom('cashout_channel').select(['channel', 'status', 'min_amount', 'max_amount', 'fee_percent']).execute()).map((c) => [
      c.channel,
      { open: c.status === 'open', min: c.min_amount, max: c.max_amount, fee: c.fee_percent },
    ]),
  );
  // the desk's orders are asked for in office hours, early enough to be worked on before the end
  const office = officeSpans(since, end - 5 * MINUTE)
    .map(([a, b]): [number, number] => [a, b - 45 * MINUTE])
    .filter(([a, b]) => b > a);

  interface Planned {
    fate: Fate;
    at: number;
    deskAt: number;
    candidate: Candidate;
    amount: number;
    channel: string;
    account: string;
    fee: number;
  }
  const plan: Planned[] = [];
  const fates: Fate[] = [
    ...Array<Fate>(waiting).fill('wait'),
    ...(office.length ? ['secondApproval' as const, ...Array<Fate>(claims).fill('claim'), ...Array<Fate>(desk).fill('undetermined')] : []),
  ];
  const taken = new Set<number>();
  for (const fate of fates) {
    // a second approver: above the four-eyes amount, or any amount of a player under a control
    // that holds its cash-outs for two (when nobody holds that much); an undetermined payout needs
    // one approval only. Amounts: the simulator's draw (median ₱500, at most 70% of the chips)
    const free = candidates.filter((c) => !taken.has(c.uid));
    const big = fate === 'secondApproval' ? free.find((c) => c.chip * 0.7 >= fourEyes + 100_000) : undefined;
    const candidate = fate === 'secondApproval' ? (big ?? free.find((c) => c.review)) : free.find((c) => fate !== 'undetermined' || !c.review);
    if (!candidate) continue;
    const wanted = big ? fourEyes + 100_000 * rng.int(1, 5) : rng.lognormal(50_000, 0.9);
    const amount = Math.round(clamp(wanted, 10_000, Math.min(big ? Infinity : 5_000_000, candidate.chip * 0.7)) / 1_000) * 1_000;
    const target = payoutAccount(candidate, amount);
    const channel = target ? channels.get(target[0]) : undefined;
    if (!target || !channel?.open || amount < channel.min || amount > channel.max) continue;
    taken.add(candidate.uid);
    const at = fate === 'wait' ? since + Math.floor(rng.next() * (end - 5 * MINUTE - since)) : within(rng, office);
    plan.push({
      fate,
      at,
      deskAt: at + rng.int(10, 40) * MINUTE,
      candidate,
      amount,
      channel: target[0],
      account: target[1],
      fee: cashoutFee(amount, channel.fee),
    });
  }

  const con = await openDemoConsole(db, config, password, app);
  const refuse = (what: string, answer: Answer): null => {
    figures.why.push(`${what}: ${answer.status} ${String(answer.body.message ?? '')}`.slice(0, 200));
    return null;
  };
  /** The platform's part: the app opened, chips redeemed, the cash asked for; the order id, or null when refused. */
  const request = async (p: Planned, i: number): Promise<string | null> => {
    const { uid } = p.candidate;
    const id = `${QUEUE_REQUEST_PREFIX}${i}`;
    con.at(p.at - 2 * MINUTE);
    const login = await con.app('POST', '/api/platform/events', {
      events: [
        {
          id: `${id}-login`,
          type: 'player.login',
          at: new Date(p.at - 2 * MINUTE).toISOString(),
          data: { uid, ip: p.candidate.ip ?? '10.1.0.1', deviceId: p.candidate.device ?? `demo-device-${uid}`, durationSeconds: rng.int(180, 900) },
        },
      ],
    });
    const result = login.body.data?.results?.[0];
    if (login.status !== 200 || (result?.status !== 'applied' && result?.status !== 'duplicate'))
      return refuse(`${uid} login`, { status: result?.code ?? login.status, body: { message: result?.message ?? login.body.message } });
    const total = p.amount + p.fee;
    const ref = `redeem:${uid}:${p.at}`;
    con.at(p.at);
    const debit = await con.app('POST', '/api/platform/wallet/debit', {
      txId: `${id}-redeem-chip`,
      uid,
      currency: 'chip',
      amount: total,
      reason: REDEEM_REASON,
      ref,
    });
    if (debit.status !== 200) return refuse(`${uid} redeem`, debit);
    con.at(p.at + SECOND);
    const credit = await con.app('POST', '/api/platform/wallet/credit', {
      txId: `${id}-redeem-cash`,
      uid,
      currency: 'withdrawable',
      amount: total,
      reason: REDEEM_REASON,
      ref,
    });
    if (credit.status !== 200) return refuse(`${uid} redeem`, credit);
    con.at(p.at + 30 * SECOND);
    const order = await con.app('POST', '/api/platform/cashout/orders', { requestId: id, uid, channel: p.channel, amount: p.amount, account: p.account });
    if (order.status !== 200) return refuse(`${uid} cash-out`, order);
    figures.requested += 1;
    return order.body.data.orderId as string;
  };

  /** The desk's part, through the review screen's calls: claimed; approved once (re-authenticated first). */
  const review = async (p: Planned, orderId: string): Promise<void> => {
    const by = p.fate === 'claim' && figures.claimed % 2 === 1 ? 'business' : 'serviceleader';
    con.at(p.deskAt);
    const claimed = await con.staff(by, 'POST', '/api/cashout/claim', { orderId });
    if (claimed.status !== 200) {
      refuse(`${p.candidate.uid} claim`, claimed);
      return;
    }
    if (p.fate === 'claim') {
      figures.claimed += 1;
      return;
    }
    con.at(p.deskAt + 3 * MINUTE);
    const reauth = await con.staff(by, 'POST', '/api/cashout/reauth', { password });
    if (reauth.status !== 200) {
      refuse(`${p.candidate.uid} reauth`, reauth);
      return;
    }
    const provider = providerFor(p.channel);
    // the provider does not answer this payout and never reports later: it waits for business
    if (p.fate === 'undetermined' && provider instanceof SimulatedProvider) provider.script({ byOrder: { [orderId]: 'timeout' }, lateAfterTimeout: null });
    try {
      con.at(p.deskAt + 4 * MINUTE);
      const approved = await con.staff(by, 'POST', '/api/cashout/approve', { orderId });
      if (approved.status !== 200) {
        refuse(`${p.candidate.uid} approve`, approved);
        return;
      }
      const status = approved.body.data?.order?.status as string | undefined;
      if (status === 'undetermined') figures.undetermined += 1;
      else if (status === 'in_review') figures.firstApprovals += 1;
    } finally {
      if (provider instanceof SimulatedProvider) provider.script({});
    }
  };

  try {
    // in time order: each call at its moment, the desk's steps after the requests they follow
    type Step = { at: number; run: () => Promise<void> };
    const steps: Step[] = [];
    const orders = new Map<Planned, string>();
    plan.forEach((p, i) => {
      steps.push({
        at: p.at,
        run: async () => {
          const orderId = await request(p, i);
          if (orderId) orders.set(p, orderId);
          else figures.skipped += 1;
        },
      });
      if (p.fate !== 'wait')
        steps.push({
          at: p.deskAt,
          run: async () => {
            const orderId = orders.get(p);
            if (orderId) await review(p, orderId);
          },
        });
    });
    for (const step of steps.sort((x, y) => x.at - y.at)) await step.run();
  } finally {
    await con.close();
  }
  return figures;
}
