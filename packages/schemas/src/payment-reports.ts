/**
 * Answers of the data reports under / (docs/api/reports.md): homepage,
 * payReport, iosReport, userReport, paystat, paychannel, payoutChannel, freegive, recycle.
 * Days are GMT+08:00 calendar days ('2026-11-22'); money in centavos (recharge, cash-out) or
 * in the ledger's units (chips, beans, bonus; withdrawable in centavos). Query schemas are
 * built on the server from each report's declaration.
 */
import { z } from 'zod';

const int = () => z.number().int();
/** Rows of a chart by day with money in pesos (the charts' axes read pesos; the tables centavos). */
const pesoChart = () => z.array(z.record(z.string(), z.union([z.string(), z.number()]))).describe('[{day, <series>: pesos}]');
const ratio = () => z.number().nullable().describe('0..1; null when there is nothing to divide by');

/** The figures of /homepage for one day or a whole range. */
export const homeFigures = z.object({
  newPlayers: int().describe('registrations'),
  activePlayers: int().describe('players with a login (distinct over a range)'),
  payingPlayers: int().describe('players with a credited recharge (distinct over a range)'),
  firstPayers: int().describe('players whose first credited recharge fell in the day or range'),
  rechargeOrders: int().describe('credited recharge orders'),
  rechargeAmount: int().describe('centavos paid by credited recharges'),
  cashoutOrders: int().describe('cash-outs paid out (succeed or set success)'),
  cashoutAmount: int().describe('centavos paid out'),
  net: int().describe('rechargeAmount − cashoutAmount'),
  arppu: int().nullable().describe('rechargeAmount / payingPlayers, centavos, rounded'),
});
export type HomeFigures = z.infer<typeof homeFigures>;
/** The range's figures: distinct active players may be null (a long range in the past: docs/api/reports.md). */
export const homeTotals = homeFigures.extend({ activePlayers: int().nullable().describe('distinct players with a login in the range; null when not counted') });
export type HomeTotals = z.infer<typeof homeTotals>;
export const homeDay = homeFigures.extend({ day: z.string() });
export type HomeDay = z.infer<typeof homeDay>;
export const homeSummary = z.object({
  totals: homeTotals,
  previous: homeTotals.describe('the same figures for the range of equal length just before'),
  days: z.array(homeDay),
  chart: pesoChart(),
});
export type HomeSummary = z.infer<typeof homeSummary>;

/** payReport: one day and channel. */
export const payChannelDay = z.object({
  id: z.string().describe('day|channel'),
  day: z.string(),
  channel: z.string(),
  created: int().describe('orders created that day'),
  paid: int().describe('orders credited that day'),
  failed: int(),
  amount: int(),
  payers: int(),
  firstPayers: int(),
  chips: int(),
  bonusChips: int(),
  avgPaySeconds: int().nullable(),
});
export type PayChannelDay = z.infer<typeof payChannelDay>;

/** Recharge totals by day (the charts of payReport and paystat). */
export const payDay = z.object({
  day: z.string(),
  created: int(),
  paid: int(),
  failed: int(),
  amount: int(),
  payers: int(),
  firstPayers: int(),
  repeatPayers: int().describe('payers that day who had paid before'),
  arppu: int().nullable(),
});
export type PayDay = z.infer<typeof payDay>;
export const payTotals = z.object({
  created: int(),
  paid: int(),
  failed: int(),
  amount: int(),
  payers: int(),
  firstPayers: int(),
  arppu: int().nullable(),
  successRate: ratio(),
});
export const paySummary = z.object({ totals: payTotals, days: z.array(payDay), chart: pesoChart() });
export type PaySummary = z.infer<typeof paySummary>;

/** The operating systems of recharge orders (§3 Order: os type), as the platform sends them. */
export const REPORT_OS = ['android', 'ios', 'web'] as const;

/** iosReport: one day, each os's orders, amount and payers. */
export const osDay = z.object({
  day: z.string(),
  androidOrders: int(),
  androidAmount: int(),
  androidPayers: int(),
  iosOrders: int(),
  iosAmount: int(),
  iosPayers: int(),
  webOrders: int(),
  webAmount: int(),
  webPayers: int(),
  amount: int(),
});
export type OsDay = z.infer<typeof osDay>;
export const osSummary = z.object({ totals: osDay.omit({ day: true }), days: z.array(osDay), chart: pesoChart() });
export type OsSummary = z.infer<typeof osSummary>;

/** userReport: players and their paying by day. */
export const userDay = z.object({
  day: z.string(),
  newPlayers: int(),
  activePlayers: int(),
  payingPlayers: int(),
  newPayers: int().describe('players registered that day who paid that day'),
  firstPayers: int(),
  payRate: ratio().describe('payingPlayers / activePlayers'),
  amount: int(),
  arpu: int().nullable().describe('amount / activePlayers, centavos'),
  arppu: int().nullable(),
});
export type UserDay = z.infer<typeof userDay>;
export const userSummary = z.object({
  totals: z.object({
    newPlayers: int(),
    activePlayers: int().nullable(),
    payingPlayers: int(),
    payRate: ratio(),
    amount: int(),
    arpu: int().nullable(),
    arppu: int().nullable(),
  }),
  days: z.array(userDay),
});
export type UserSummary = z.infer<typeof userSummary>;

/** paystat: paying players by how much each paid over the range. */
export const payerBand = z.object({
  band: z.string().describe("'50000-99999': centavos, lower and upper bound"),
  min: int(),
  max: int().nullable(),
  payers: int(),
  amount: int(),
  orders: int(),
});
export type PayerBand = z.infer<typeof payerBand>;

/** paychannel: one recharge channel over the range. */
export const rechargeChannelFigures = z.object({
  channel: z.string(),
  created: int(),
  paid: int(),
  failed: int(),
  successRate: ratio(),
  amount: int(),
  share: ratio().describe('of the amount of every channel'),
  payers: int(),
  avgPaySeconds: int().nullable(),
});
export type RechargeChannelFigures = z.infer<typeof rechargeChannelFigures>;

/** payoutChannel: one cash-out channel over the range. */
export const payoutChannelFigures = z.object({
  channel: z.string(),
  requested: int(),
  requestedAmount: int(),
  succeeded: int(),
  succeededAmount: int(),
  failed: int(),
  failedAmount: int(),
  denied: int(),
  successRate: ratio().describe('succeeded / (succeeded + failed)'),
  fees: int(),
  avgPaySeconds: int().nullable(),
});
export type PayoutChannelFigures = z.infer<typeof payoutChannelFigures>;
export const payoutDay = z.object({
  day: z.string(),
  requested: int(),
  requestedAmount: int(),
  succeeded: int(),
  succeededAmount: int(),
  failed: int(),
  denied: int(),
  fees: int(),
});
export const payoutSummary = z.object({
  totals: payoutDay.omit({ day: true }).extend({ successRate: ratio(), avgPaySeconds: int().nullable() }),
  days: z.array(payoutDay),
  chart: pesoChart(),
});
export type PayoutSummary = z.infer<typeof payoutSummary>;

/** freegive and recycle: the house's money by category, a day at a time. */
export const HOUSE_CURRENCIES = ['chip', 'bonus', 'bean', 'withdrawable'] as const;
export const FREEGIVE_CATEGORIES = ['batch', 'staff', 'reward', 'bonus', 'relief'] as const;
export const RECYCLE_CATEGORIES = ['staff', 'fee', 'expiry'] as const;
export const freegiveDay = z.object({ day: z.string(), batch: int(), staff: int(), reward: int(), bonus: int(), relief: int(), total: int(), entries: int() });
export type FreegiveDay = z.infer<typeof freegiveDay>;
export const recycleDay = z.object({
  day: z.string(),
  staff: int(),
  fee: int(),
  expiry: int(),
  total: int(),
  entries: int(),
  cashoutFees: int().describe('fees of cash-outs paid out that day, centavos (withdrawable money)'),
});
export type RecycleDay = z.infer<typeof recycleDay>;
export const freegiveSummary = z.object({ totals: freegiveDay.omit({ day: true }), days: z.array(freegiveDay) });
export const recycleSummary = z.object({ totals: recycleDay.omit({ day: true }), days: z.array(recycleDay) });
export const houseReason = z.object({ id: z.string(), category: z.string(), reason: z.string(), currency: z.string(), entries: int(), amount: int() });
export type HouseReason = z.infer<typeof houseReason>;
