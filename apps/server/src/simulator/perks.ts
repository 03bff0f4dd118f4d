/**
 * Beans and bonus, the currencies a platform pays as perks (wallet calls with currency
 * `bean` or `bonus`; only game play carries a `game.` reason):
 *   beans  the daily sign-in calendar (onlinesign: a 7-day cycle, day 7 richer, a missed day
 *          restarts it; claimed at about a third of a returning player's playing days), the
 *          lucky wheel after 4% of sittings, spent in the item shop (100–500 beans an item);
 *   bonus  a deposit promotion on coin-dealer purchases (the first 50% up to 50,000, later 5%)
 *          and the daily loss rebate (ladderloserebate: 3%/5%/8% of a day's net loss from
 *          1,000/5,000/50,000, cap 10,000, claimed at a login within 3 days, 70%). A player's
 *          bonus is staked on the first round of its next sitting (rounds.ts: a bonus debit
 *          `game.bet` with the round as ref; bonus is played, not paid out, and what it wins
 *          comes back as chips).
 */
import type { Ctx } from './behaviour';
import { REASONS, type PlayerState } from './world';

const SECOND = 1000;
/** Beans of the sign-in calendar's days 1–7. */
export const SIGN_IN_BEANS = [20, 20, 30, 30, 50, 50, 200] as const;
const WHEEL = [[10, 40], [20, 30], [50, 15], [100, 10], [500, 5]] as const;
/** The item shop (beans). */
const SHOP = [['frame_gold', 100], ['emote_pack', 150], ['name_color', 300], ['table_theme', 500]] as const;

/** After a login, in the lobby: the sign-in calendar, a loss rebate to claim, the shop. */
export function lobby(ctx: Ctx, s: PlayerState, at: number): void {
  const { world, rng } = ctx;
  const uid = s.p.uid;
  const day = ctx.dayOf(at);
  // a returning player (a new one has the registration bonus) claims the calendar about a third of the time
  if (s.playDays > 0 && s.signDay !== day && rng.chance(0.35)) {
    s.signStreak = s.signDay === day - 1 && s.signStreak < 7 ? s.signStreak + 1 : 1;
    s.signDay = day;
    world.wallet(at + rng.int(5, 30) * SECOND, 'credit', { uid, amount: SIGN_IN_BEANS[s.signStreak - 1]!, reason: REASONS.signin, ref: `onlinesign:${uid}:${day}` }, 'bean');
  }
  if (s.rebate > 0 && day > s.rebateDay) {
    if (day - s.rebateDay <= 3 && rng.chance(0.7)) {
      world.wallet(at + 40 * SECOND, 'credit', { uid, amount: s.rebate, reason: REASONS.lossRebate, ref: `lossrebate:${uid}:${s.rebateDay}` }, 'bonus');
    }
    s.rebate = 0;
  }
  if (s.bean >= 100 && rng.chance(0.3)) {
    const [item, price] = rng.pick(SHOP.filter(([, cost]) => cost <= s.bean));
    world.wallet(at + 50 * SECOND, 'debit', { uid, amount: price, reason: REASONS.shop, ref: `shop:${item}:${uid}:${day}` }, 'bean');
  }
}

/** The deposit promotion on a purchase of `amount` chips from a coin dealer. */
export function depositBonus(ctx: Ctx, s: PlayerState, at: number, amount: number): void {
  const bonus = Math.min(Math.floor(amount * (s.purchases++ === 0 ? 0.5 : 0.05)), 50_000);
  if (bonus > 0) ctx.world.wallet(at, 'credit', { uid: s.p.uid, amount: bonus, reason: REASONS.depositBonus, ref: `deposit:${s.p.uid}:${s.purchases}` }, 'bonus');
}

/** The daily loss rebate earned by a day's net loss at the tables. */
export function lossRebate(loss: number): number {
  const rate = loss >= 50_000 ? 0.08 : loss >= 5_000 ? 0.05 : loss >= 1_000 ? 0.03 : 0;
  return Math.min(10_000, Math.floor(loss * rate / 10) * 10);
}

/** When a sitting is settled (`lost`: chips and bonus staked minus what came back): the day's rebate, the lucky wheel. */
export function afterSitting(ctx: Ctx, s: PlayerState, at: number, lost: number, ref: string): void {
  const day = ctx.dayOf(at);
  if (s.lossDay !== day) { s.lossDay = day; s.loss = 0; }
  s.loss += lost;
  const rebate = lossRebate(s.loss);
  if (rebate > 0 || s.rebateDay === day) { s.rebate = rebate; s.rebateDay = day; }
  // within 3 s: a sitting settled at the very end of a run writes up to 5 s after its time
  if (ctx.rng.chance(0.04)) ctx.world.wallet(at + 3 * SECOND, 'credit', { uid: s.p.uid, amount: ctx.rng.weighted(WHEEL), reason: REASONS.wheel, ref: `wheel:${ref}` }, 'bean');
}
