/**
 * VIP levels (§3 VIP level, §4 VIP: level up, maintain, level down, restore) as pure
 * code: the settings (newvip/vipconfig) and one player's day (`vipDay`), which the console's
 * daily evaluation applies to every player with play or recharges that day or whose period
 * ends (apps/server/src/domains/vip/evaluate.ts). domain.md "Rebates and VIP":
 *   exp += recharge + 0.1 × valid bet; level up at once at the level's up-exp; a period below
 *   the maintain-exp drops one level (at most one a period); regaining the recover-exp within
 *   30 days restores it, without a second level-up gift; bet rebate and deposit bonus by level.
 * Lifetime exp never falls, so it decides only levels never reached before; a level lost in a
 * drop comes back by the exp earned since (its recover-exp within the restore days, its up-exp
 * after them), never by the lifetime exp that had reached it once.
 * Amounts and exp are centavos (a ₱100 recharge is 10,000 exp).
 */
import { MAX_AMOUNT, whole } from '@console/games';
import { z } from 'zod';
import { describeZodError } from '@console/games';
import type { Label } from './define';
import { addDays } from '@console/time';

const percent = z.number({ message: 'Expected number' }).min(0, { message: 'Must be at least 0' }).max(100, { message: 'Must be at most 100' });
/** Exp is counted like centavos but is not money: a bound other than MAX_AMOUNT keeps the settings screens from showing it in pesos. */
export const MAX_EXP = 10 * MAX_AMOUNT;
const exp = whole(1, MAX_EXP);

export const vipLevel = z.strictObject({
  level: whole(1, 50),
  upExp: exp,
  maintainExp: exp,
  recoverExp: exp,
  /** Level-up gift, chips (centavos), paid the first time the level is reached. */
  gift: whole(0, MAX_AMOUNT),
  /** Percent of the day's valid bet paid back. */
  betRebate: percent,
  /** Percent of the day's recharges added. */
  depositBonus: percent,
});
export type VipLevel = z.infer<typeof vipLevel>;

const DEFAULT_LEVELS: VipLevel[] = [
  { level: 1, upExp: 10_000, maintainExp: 5_000, recoverExp: 7_500, gift: 500, betRebate: 0.3, depositBonus: 0 },
  { level: 2, upExp: 50_000, maintainExp: 20_000, recoverExp: 30_000, gift: 2_000, betRebate: 0.4, depositBonus: 0.5 },
  { level: 3, upExp: 200_000, maintainExp: 60_000, recoverExp: 100_000, gift: 5_000, betRebate: 0.5, depositBonus: 1 },
  { level: 4, upExp: 500_000, maintainExp: 150_000, recoverExp: 250_000, gift: 10_000, betRebate: 0.6, depositBonus: 1.5 },
  { level: 5, upExp: 1_000_000, maintainExp: 300_000, recoverExp: 500_000, gift: 20_000, betRebate: 0.7, depositBonus: 2 },
  { level: 6, upExp: 3_000_000, maintainExp: 800_000, recoverExp: 1_500_000, gift: 50_000, betRebate: 0.8, depositBonus: 3 },
  { level: 7, upExp: 10_000_000, maintainExp: 2_500_000, recoverExp: 5_000_000, gift: 150_000, betRebate: 1, depositBonus: 4 },
  { level: 8, upExp: 30_000_000, maintainExp: 7_000_000, recoverExp: 15_000_000, gift: 500_000, betRebate: 1.2, depositBonus: 5 },
];

export const vipSettings = z
  .strictObject({
    open: z.boolean().default(true),
    /** Exp per centavo of valid bet (a recharged centavo is 1 exp). */
    betExp: z.number({ message: 'Expected number' }).min(0, { message: 'Must be at least 0' }).max(10, { message: 'Must be at most 10' }).default(0.1),
    /** Length of a maintain period, days. */
    periodDays: whole(1, 366).default(30),
    /** Days after a drop in which regaining the recover-exp restores the level. */
    restoreDays: whole(0, 366).default(30),
    levels: z.array(vipLevel).min(1, { message: 'Must have at least 1 level' }).max(50, { message: 'Must have at most 50 levels' }).default(DEFAULT_LEVELS),
  })
  .superRefine((s, ctx) => {
    s.levels.forEach((l, i) => {
      if (l.level !== i + 1) ctx.addIssue({ code: 'custom', path: ['levels', i, 'level'], message: `Must be ${i + 1}` });
      if (i > 0 && l.upExp <= s.levels[i - 1].upExp)
        ctx.addIssue({ code: 'custom', path: ['levels', i, 'upExp'], message: 'Must be more than the level before' });
      if (l.maintainExp > l.upExp) ctx.addIssue({ code: 'custom', path: ['levels', i, 'maintainExp'], message: 'Must be at most upExp' });
      if (l.recoverExp > l.upExp) ctx.addIssue({ code: 'custom', path: ['levels', i, 'recoverExp'], message: 'Must be at most upExp' });
    });
  });
export type VipSettings = z.infer<typeof vipSettings>;

/** The levels in force as the VIP search reads them (GET /api/vipmanager/vipdashboard/levels): no other setting. */
export const vipLevelsInForce = z.object({ version: z.number(), periodDays: z.number(), restoreDays: z.number(), levels: z.array(vipLevel) });
export type VipLevelsInForce = z.infer<typeof vipLevelsInForce>;
export const VIP_DEFAULTS: VipSettings = vipSettings.parse({});

/** The settings' labels and the level rows' column labels (the console's VIP settings screen takes them from here). */
export const VIP_LABELS: Record<keyof VipSettings | keyof VipSettings['levels'][number], Label> = {
  open: { en: 'Evaluate and pay daily', zh: '每日评估与发放' },
  betExp: { en: 'Exp per centavo of valid bet', zh: '每分有效投注的经验' },
  periodDays: { en: 'Maintain period (days)', zh: '保级周期(天)' },
  restoreDays: { en: 'Days to recover a lost level', zh: '降级后可恢复天数' },
  levels: { en: 'Levels', zh: '等级' },
  level: { en: 'Level', zh: '等级' },
  upExp: { en: 'Level-up exp', zh: '升级经验' },
  maintainExp: { en: 'Maintain exp', zh: '保级经验' },
  recoverExp: { en: 'Recover exp', zh: '恢复经验' },
  gift: { en: 'Level-up gift', zh: '升级礼金' },
  betRebate: { en: 'Bet rebate (%)', zh: '投注返利(%)' },
  depositBonus: { en: 'Deposit bonus (%)', zh: '充值加赠(%)' },
};

export const VIP_RULES: Label = {
  en:
    "Each day, exp grows by the recharges plus the set share of the valid bets. Reaching a level's up-exp raises the level at once and pays its gift the first time; " +
    "a period below the level's maintain-exp drops one level; regaining the lost level's recover-exp within the set days restores it without a second gift. " +
    "Every VIP is paid the bet rebate and deposit bonus of its level on the day's bets and recharges.",
  zh:
    '每天的经验增加当日充值额加上有效投注的设定比例。达到某等级的升级经验立即升级，首次达到时发放升级礼金；一个保级周期内经验低于保级经验则降一级；' +
    '在设定天数内重新获得原等级的恢复经验即恢复该等级，不再发放礼金。每位VIP按等级获得当日投注返利与充值加赠。',
};

export function parseVipSettings(input: unknown): { ok: true; value: VipSettings } | { ok: false; message: string } {
  const r = vipSettings.safeParse(input);
  return r.success ? { ok: true, value: r.data } : { ok: false, message: describeZodError(r.error, input) };
}

/** One player's VIP state between two days (`YYYY-MM-DD`, GMT+08:00). */
export interface VipState {
  level: number;
  /** Lifetime exp. */
  exp: number;
  /** Exp earned in the current period (since the last drop, after one). */
  periodExp: number;
  periodStart: string;
  /** The period's last day. */
  periodEnd: string;
  droppedFrom: number | null;
  droppedOn: string | null;
  /** Highest level ever reached: its gifts are paid. */
  topLevel: number;
}

export type VipChangeKind = 'up' | 'maintain' | 'down' | 'restore';
export interface VipChange {
  kind: VipChangeKind;
  from: number;
  to: number;
  reason: string;
}
export interface VipPayout {
  kind: 'gift' | 'rebate' | 'deposit';
  period: string;
  level: number;
  base: number;
  amount: number;
}

export { addDays };

export function newVipState(day: string, s: VipSettings): VipState {
  return { level: 0, exp: 0, periodExp: 0, periodStart: day, periodEnd: addDays(day, s.periodDays - 1), droppedFrom: null, droppedOn: null, topLevel: 0 };
}

/**
 * One day of one player: the day's valid bet and recharges (centavos) move the state; answers
 * the new state, the changes with their reasons, and what to pay (each payout keyed by its
 * kind and period: a gift per level, a rebate and a bonus per day).
 */
export function vipDay(
  s: VipSettings,
  before: VipState,
  day: string,
  bet: number,
  recharge: number,
): { state: VipState; changes: VipChange[]; payouts: VipPayout[] } {
  const st = { ...before };
  const changes: VipChange[] = [];
  const payouts: VipPayout[] = [];
  const gained = recharge + Math.floor(bet * s.betExp);
  st.exp += gained;
  st.periodExp += gained;
  const at = (level: number) => s.levels[level - 1];
  // a lost level can be restored only within the days after the drop
  if (st.droppedFrom !== null && st.droppedOn !== null && day > addDays(st.droppedOn, s.restoreDays)) {
    st.droppedFrom = null;
    st.droppedOn = null;
  }

  // restore a level lost in a drop within the days after it, without a second gift
  if (st.droppedFrom !== null && st.droppedFrom > st.level && st.periodExp >= at(st.droppedFrom).recoverExp) {
    changes.push({
      kind: 'restore',
      from: st.level,
      to: st.droppedFrom,
      reason: `exp ${st.periodExp} since the drop reached the recover-exp ${at(st.droppedFrom).recoverExp} of level ${st.droppedFrom}`,
    });
    st.level = st.droppedFrom;
    st.droppedFrom = null;
    st.droppedOn = null;
  }
  // level up at once: levels never reached before by lifetime exp (with their gifts); levels
  // lost earlier by the period's exp reaching their up-exp (no second gift)
  const fresh = s.levels.filter((l) => l.upExp <= st.exp).length;
  let target = st.level;
  let why = '';
  if (fresh > st.topLevel && fresh > st.level) {
    target = fresh;
    why = `exp ${st.exp} reached ${at(fresh).upExp} (level ${fresh})`;
  } else {
    for (let l = Math.min(st.topLevel, s.levels.length); l > st.level; l -= 1) {
      if (st.periodExp >= at(l).upExp) {
        target = l;
        why = `period exp ${st.periodExp} reached ${at(l).upExp} (level ${l}, reached before)`;
        break;
      }
    }
  }
  if (target > st.level) {
    changes.push({ kind: 'up', from: st.level, to: target, reason: why });
    for (let l = st.topLevel + 1; l <= target; l += 1)
      if (at(l).gift > 0) payouts.push({ kind: 'gift', period: `L${l}`, level: l, base: at(l).upExp, amount: at(l).gift });
    st.topLevel = Math.max(st.topLevel, target);
    st.level = target;
    if (st.droppedFrom !== null && st.level >= st.droppedFrom) {
      st.droppedFrom = null;
      st.droppedOn = null;
    }
  }
  // the day's rebate and bonus at the level held now
  if (st.level > 0) {
    const l = at(st.level);
    const rebate = Math.floor((bet * l.betRebate) / 100);
    const bonus = Math.floor((recharge * l.depositBonus) / 100);
    if (rebate > 0) payouts.push({ kind: 'rebate', period: day, level: st.level, base: bet, amount: rebate });
    if (bonus > 0) payouts.push({ kind: 'deposit', period: day, level: st.level, base: recharge, amount: bonus });
  }
  // the period's end (from its start and the period length in force: a shorter setting applies
  // to the current period too): maintain, or down one level
  st.periodEnd = addDays(st.periodStart, s.periodDays - 1);
  if (day >= st.periodEnd) {
    if (st.level > 0) {
      const l = at(st.level);
      if (st.periodExp >= l.maintainExp) {
        changes.push({ kind: 'maintain', from: st.level, to: st.level, reason: `period exp ${st.periodExp} ≥ maintain-exp ${l.maintainExp}` });
      } else {
        changes.push({ kind: 'down', from: st.level, to: st.level - 1, reason: `period exp ${st.periodExp} < maintain-exp ${l.maintainExp}` });
        st.droppedFrom = st.level;
        st.droppedOn = day;
        st.level -= 1;
      }
    }
    st.periodStart = addDays(day, 1);
    st.periodEnd = addDays(day, s.periodDays);
    st.periodExp = 0;
  }
  return { state: st, changes, payouts };
}
