/**
 * Beans and bonus, the currencies a platform pays as perks (wallet calls with currency
 * `bean` or `bonus`; only game play carries a `game.` reason):
 *   beans  the lucky wheel after 4% of sittings, spent in the item shop (100–500 beans an item);
 *   bonus  a deposit promotion on coin-dealer purchases (the first 50% up to 50,000, later 5%).
 *          A player's bonus is staked on the first round of its next sitting (rounds.ts: a
 *          bonus debit `game.bet` with the round as ref; bonus is played, not paid out, and
 *          what it wins comes back as chips).
 * The console's activities (the sign-in calendar, relief, the phone reward, the loss rebate…)
 * are not paid here: the app claims them from the console's activity engine
 * (simulator/activities.ts), which pays them through the ledger; a world paying them too would
 * pay them twice.
 */
import type { Ctx } from './behaviour';
import { REASONS, type PlayerState } from './world';

const SECOND = 1000;
const WHEEL = [
  [10, 40],
  [20, 30],
  [50, 15],
  [100, 10],
  [500, 5],
] as const;
/** The item shop (beans). */
const SHOP = [
  ['frame_gold', 100],
  ['emote_pack', 150],
  ['name_color', 300],
  ['table_theme', 500],
] as const;

/** After a login, in the lobby: the item shop. */
export function lobby(ctx: Ctx, s: PlayerState, at: number): void {
  const { world, rng } = ctx;
  const uid = s.p.uid;
  const day = ctx.dayOf(at);
  if (s.bean >= 100 && rng.chance(0.3)) {
    const [item, price] = rng.pick(SHOP.filter(([, cost]) => cost <= s.bean));
    world.wallet(at + 50 * SECOND, 'debit', { uid, amount: price, reason: REASONS.shop, ref: `shop:${item}:${uid}:${day}` }, 'bean');
  }
}

/** The deposit promotion on a purchase of `amount` chips from a coin dealer. */
export function depositBonus(ctx: Ctx, s: PlayerState, at: number, amount: number): void {
  const bonus = Math.min(Math.floor(amount * (s.purchases++ === 0 ? 0.5 : 0.05)), 50_000);
  if (bonus > 0)
    ctx.world.wallet(at, 'credit', { uid: s.p.uid, amount: bonus, reason: REASONS.depositBonus, ref: `deposit:${s.p.uid}:${s.purchases}` }, 'bonus');
}

/** When a sitting is settled: the lucky wheel. */
export function afterSitting(ctx: Ctx, s: PlayerState, at: number, ref: string): void {
  // within 3 s: a sitting settled at the very end of a run writes up to 5 s after its time
  if (ctx.rng.chance(0.04))
    ctx.world.wallet(at + 3 * SECOND, 'credit', { uid: s.p.uid, amount: ctx.rng.weighted(WHEEL), reason: REASONS.wheel, ref: `wheel:${ref}` }, 'bean');
}
