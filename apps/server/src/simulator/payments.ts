/**
 * Payments of the simulated platform (contract "Recharge and cash-out"; figures of
 * docs/domain.md; the demo configuration of domains/payment-config/demo.ts):
 *   - recharges: a payer opens the app about 1.5 times a week (a top player every other day,
 *     a partner's player a third as often: its club's coin dealers sell it chips) and buys a
 *     pack (₱50/100/200/500/1000/5000 weighted 10/35/25/18/9/3) through a channel its app
 *     shows (GCash mostly, Maya, online banking for a repeat payer's big packs; ₱50 only on
 *     Maya); the channel calls back a few seconds to minutes later: paid (15% of them twice),
 *     failed 3%, never 2%, a paid amount that differs from the price 1% (held for review);
 *   - cash-outs: 40% of payers cash out. Holding ₱150 or more after a win or at a visit, the
 *     player redeems some chips for cash (1 chip = 1 centavo: a chip debit and a `withdrawable` credit, reason
 *     `cashable.redeem`: the platform decides what becomes cashable) and asks for it at once:
 *     lognormal median ₱500, ₱100–₱50,000, at most every third day; GCash to the player's
 *     GCash number, a bank transfer when the player has a bank, else Maya to the phone;
 *   - the desk (demo seed): the customer-service leader reviews the requests at the next
 *     14:00 shift (approves, denies 6%); above the four-eyes amount security approves second;
 *     a payout that timed out (the simulated provider's accounts ending in 9) is set to success
 *     by business the next day. The payout outcome is the simulated provider's. What was asked
 *     for after the last shift's cut-off still waits at the end (`unreviewedSince`); the demo
 *     seed adds its queues there (domains/cashout/demo.ts).
 * Decisions draw from their own random source (the chips they move still change what players
 * do afterwards, so a seed's history differs from one without payments).
 */
import type { Ctx } from './behaviour';
import { clamp, type Rng } from './rng';
import type { PaymentCall } from './types';
import type { PlayerState } from './world';
import { startOfDayMs } from '@console/time';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** [price in centavos, weight, extra chips in percent] of the demo products (productId `php<pesos>`). */
export const PACKS: [number, number, number][] = [
  [5_000, 10, 0],
  [10_000, 35, 0],
  [20_000, 25, 0],
  [50_000, 18, 2],
  [100_000, 9, 5],
  [500_000, 3, 10],
];
/** What a short-paid callback lacks of the price (centavos), of those below the price. */
const SHORT_BY = [100, 1_000, 5_000];
/** Cash-out channels of the demo and their fee percent. */
export const CASHOUT_FEES: Record<string, number> = { gcash: 2, maya: 1.5, bank: 0 };
export const REDEEM_REASON = 'cashable.redeem';
/** Chips a player holds before it thinks of cashing out (₱150). */
const CASHOUT_FLOOR = 15_000;
const DENY_REASONS = [
  'Account name does not match the registered player',
  'Bonus turnover not met: play the deposit promotion through first',
  'Same GCash account used by several players: verification needed',
];

interface PayerState {
  recharges: number;
  lastCashout: number;
}
const sources = new WeakMap<Ctx, { rng: Rng; payers: Map<number, PayerState> }>();
function of(ctx: Ctx) {
  let s = sources.get(ctx);
  if (!s) sources.set(ctx, (s = { rng: ctx.rng.fork('payments'), payers: new Map() }));
  return s;
}
function payer(ctx: Ctx, uid: number): PayerState {
  const { payers } = of(ctx);
  let p = payers.get(uid);
  if (!p) payers.set(uid, (p = { recharges: 0, lastCashout: -Infinity }));
  return p;
}

/** A stable share of players by uid (the same player, whatever the order of the history). */
const share = (uid: number, salt: number) => ((Math.imul(uid, 2654435761) + salt) >>> 0) % 100;
export const osOf = (uid: number): 'android' | 'ios' | 'web' => (share(uid, 17) < 72 ? 'android' : share(uid, 17) < 93 ? 'ios' : 'web');
export const cashesOut = (uid: number) => share(uid, 5) < 40;

/** A recharge by a payer at `at`; true when chips will come (the order is paid). */
export function recharge(ctx: Ctx, s: PlayerState, at: number): boolean {
  const { rng } = of(ctx);
  const p = payer(ctx, s.p.uid);
  let [price, , extra] = rng.weighted(PACKS.map((pack) => [pack, pack[1]] as const));
  const lite = s.p.package !== 'com.demo';
  if (price === 5_000 && lite) [price, , extra] = PACKS[1]!;
  const channel =
    price === 5_000 ? 'maya' : lite ? 'gcash' : p.recharges > 0 && price >= 50_000 && rng.chance(0.3) ? 'onlinebank' : rng.chance(0.7) ? 'gcash' : 'maya';
  const requestId = ctx.world.requestId();
  const channelOrderId = `${channel.toUpperCase()}-${requestId}`;
  const fate = rng.next();
  const first = rng.int(5, 180) * SECOND;
  const callbacks: Extract<PaymentCall, { op: 'recharge' }>['callbacks'] = [];
  if (fate < 0.03) callbacks.push({ after: first, status: 'failed', amount: price, channelOrderId });
  else if (fate < 0.05) {
    /* the player left the payment page: no callback */
  }
  // short paid (held for review): by less than the price, so the callback still carries an amount (the
  // ₱50 pack short by ₱50 sent amount 0, a 400 that stopped the demo seed on the days the draw led there)
  else if (fate < 0.06) callbacks.push({ after: first, status: 'paid', amount: price - rng.pick(SHORT_BY.filter((by) => by < price)), channelOrderId });
  else {
    callbacks.push({ after: first, status: 'paid', amount: price, channelOrderId });
    if (rng.chance(0.15)) callbacks.push({ after: first + rng.int(20, 900) * SECOND, status: 'paid', amount: price, channelOrderId });
  }
  const paid = fate >= 0.06;
  if (paid) p.recharges++;
  // the chips of the product (a first recharge's bonus is not followed here: the world only ever under-counts)
  ctx.world.payment(
    at,
    { op: 'recharge', requestId, uid: s.p.uid, productId: `php${price / 100}`, channel, price, os: osOf(s.p.uid), callbacks },
    paid ? (price * (100 + extra)) / 100 : 0,
  );
  return paid;
}

/** Where a player's cash goes: [channel, account], or null when the player has none. */
function payoutAccount(s: PlayerState, amount: number): [string, string] | null {
  if (s.p.gcash) return ['gcash', s.p.gcash];
  if (s.p.bank && amount >= 50_000) return ['bank', `${s.p.bank} ${String(s.p.uid).padStart(10, '0')}`];
  if (s.p.phone) return ['maya', `0${s.p.phone.number}`];
  return null;
}

/** The desk's daily review shift starts at this hour (GMT+08:00) and takes up to two hours. */
export const REVIEW_SHIFT_HOUR = 14;

/** The next review shift (14:00–16:00 GMT+08:00) after a request at `at`. */
function nextShift(rng: Rng, at: number, hour: number): number {
  const midnight = startOfDayMs(at);
  const today = midnight + hour * HOUR;
  return (at < today - HOUR ? today : today + DAY) + rng.int(0, 120) * MINUTE;
}

/**
 * From when the requests of a history ending at `end` are still waiting: the cut-off (an hour
 * before it) of the last review shift that began before `end`. A request from then on is
 * reviewed at a shift after the end (nextShift), so the desk has not seen it: after 14:00 the
 * day's own requests since 13:00, before it everything since 13:00 the day before. The demo
 * seed's queues are requested in that window (domains/cashout/demo.ts).
 */
export function unreviewedSince(end: number): number {
  const midnight = startOfDayMs(end);
  const shift = midnight + REVIEW_SHIFT_HOUR * HOUR;
  return (end > shift ? shift : shift - DAY) - HOUR;
}

/** After a sitting: a winning payer who cashes out may redeem chips and ask for the cash. */
export function cashOut(ctx: Ctx, s: PlayerState, at: number, decided = false): void {
  const { rng } = of(ctx);
  const p = payer(ctx, s.p.uid);
  if (!s.p.payer || s.p.dealer || !cashesOut(s.p.uid) || s.chip < CASHOUT_FLOOR || at - p.lastCashout < 3 * DAY || !(decided || rng.chance(0.4))) return;
  const amount = Math.round(clamp(rng.lognormal(50_000, 0.9), 10_000, Math.min(5_000_000, s.chip * 0.7)) / 1_000) * 1_000;
  const target = payoutAccount(s, amount);
  if (!target || amount < 10_000) return;
  const [channel, account] = target;
  const total = amount + Math.ceil((amount * CASHOUT_FEES[channel]) / 100);
  p.lastCashout = at;
  const ref = `redeem:${s.p.uid}:${at}`;
  ctx.world.wallet(at, 'debit', { uid: s.p.uid, amount: total, reason: REDEEM_REASON, ref });
  ctx.world.wallet(at + SECOND, 'credit', { uid: s.p.uid, amount: total, reason: REDEEM_REASON, ref }, 'withdrawable');
  const requestId = ctx.world.requestId();
  ctx.world.payment(at + 30 * SECOND, { op: 'cashout', requestId, uid: s.p.uid, channel, amount, account });
  if (!ctx.staff) return;
  const reviewAt = nextShift(rng, at, REVIEW_SHIFT_HOUR);
  const deny = rng.chance(0.06);
  ctx.schedule(reviewAt, (when) =>
    ctx.world.staff(
      when,
      deny
        ? { op: 'cashout.review', by: 'serviceleader', requestId, decision: 'deny', reason: rng.pick(DENY_REASONS) }
        : { op: 'cashout.review', by: 'serviceleader', requestId, decision: 'approve', reason: '', second: 'secadmin' },
    ),
  );
  // the simulated provider times out on accounts ending in 9: business settles it the next day
  if (!deny && account.trim().endsWith('9')) {
    ctx.schedule(nextShift(rng, reviewAt + HOUR, 16), (when) =>
      ctx.world.staff(when, {
        op: 'cashout.resolve',
        by: 'business',
        requestId,
        outcome: 'success',
        reason: 'Provider statement shows the transfer completed',
      }),
    );
  }
}

/**
 * A payer's own rhythm (≈1.5 recharges a week; a top player's every other day): from its
 * registration, the app opened now and then (a login) to recharge or, holding winnings, to
 * cash out. Runs until the end of the history.
 */
export function startPaying(ctx: Ctx, s: PlayerState, registeredAt: number): void {
  if (!s.p.payer || s.p.dealer) return;
  const { rng } = of(ctx);
  // a partner's players buy most of their chips from the club's coin dealers (behaviour.ts)
  const mean = (s.p.tier === 'top' ? 2 * DAY : 4.7 * DAY) * (s.p.partner ? 3 : 1);
  const visit = (at: number) => {
    if (ctx.world.access(s, at) === 'ok' && !s.inSession) {
      ctx.world.event(at, 'player.login', { uid: s.p.uid, ip: s.p.ip, deviceId: s.p.deviceId, durationSeconds: rng.int(60, 900) });
      if (cashesOut(s.p.uid) && s.chip >= CASHOUT_FLOOR && rng.chance(0.6)) cashOut(ctx, s, at + MINUTE, true);
      else recharge(ctx, s, at + 30 * SECOND);
    }
    ctx.schedule(at + Math.round(-Math.log(1 - rng.next()) * mean), visit);
  };
  // the first recharge soon after registering, most of the time
  ctx.schedule(registeredAt + (rng.chance(0.6) ? rng.int(10, 240) * MINUTE : Math.round(-Math.log(1 - rng.next()) * mean)), visit);
}
