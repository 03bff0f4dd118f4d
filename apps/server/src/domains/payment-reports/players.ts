/**
 * The player reports under /: userReport (new, active and paying players by day, pay rate,
 * ARPU, ARPPU, players who paid on the day they registered) and paystat (paying players: first
 * and repeat payers by day, and the payers of the range by how much each paid).
 */
import { payDay, payerBand, paySummary, userDay, userSummary, type PayDay, type PayerBand, type UserDay } from '@console/schemas';
import type { Db } from '../../db/open';
import type { ScopedSubject } from '../../plugins/partner-scope';
import type { DayRange } from '../../http/range';
import { summaryOperation, tableOperations } from '../../reports/summary';
import { payDays, paySummaryOf } from './recharges';
import { activeCounts, newPayerCounts, newPlayerCounts, NO_RECHARGE, payerCounts, payerTotals, perHead, rate, rechargeFigures } from './rollups';

export async function userDays(db: Db, user: ScopedSubject, r: DayRange): Promise<UserDay[]> {
  const [registered, active, payers, newPayers, recharge] = await Promise.all([
    newPlayerCounts(db, user, r),
    activeCounts(db, user, r),
    payerCounts(db, user, r, null),
    newPayerCounts(db, user, r),
    rechargeFigures(db, user, r, null),
  ]);
  return r.days.map((day) => {
    const activePlayers = active.days.get(day) ?? 0;
    const payingPlayers = payers.get(day) ?? 0;
    const f = recharge.get(day) ?? NO_RECHARGE;
    return {
      day,
      newPlayers: registered.get(day) ?? 0,
      activePlayers,
      payingPlayers,
      newPayers: newPayers.get(day) ?? 0,
      firstPayers: f.firstPayers,
      payRate: rate(payingPlayers, activePlayers),
      amount: f.amount,
      arpu: perHead(f.amount, activePlayers),
      arppu: perHead(f.amount, payingPlayers),
    };
  });
}

/** Bands of what one payer paid over the range (centavos): ₱1–99, 100–499, 500–999, 1,000–4,999, 5,000–19,999, 20,000 and more. */
export const PAYER_BANDS = [1, 10_000, 50_000, 100_000, 500_000, 2_000_000] as const;

export async function payerBands(db: Db, user: ScopedSubject, r: DayRange): Promise<PayerBand[]> {
  const totals = await payerTotals(db, user, r);
  return PAYER_BANDS.map((min, i) => {
    const next = PAYER_BANDS[i + 1];
    const max = next === undefined ? null : next - 1;
    const inBand = totals.filter((t) => t.amount >= min && (max === null || t.amount <= max));
    return {
      band: `${min}-${max ?? ''}`,
      min,
      max,
      payers: inBand.length,
      amount: inBand.reduce((s, t) => s + t.amount, 0),
      orders: inBand.reduce((s, t) => s + t.orders, 0),
    };
  });
}

export const playerReportOperations = [
  summaryOperation({
    url: '/api/userReport',
    name: 'userReport',
    screen: '/userReport',
    summary: 'Players and paying by day: new, active, paying, pay rate, ARPU, ARPPU',
    response: userSummary,
    load: async (db, user, r) => {
      const [days, active, payers] = await Promise.all([userDays(db, user, r), activeCounts(db, user, r), payerCounts(db, user, r, null, false)]);
      const amount = days.reduce((s, d) => s + d.amount, 0);
      const activePlayers = active.range;
      const payingPlayers = payers.get('') ?? 0;
      return {
        totals: {
          newPlayers: days.reduce((s, d) => s + d.newPlayers, 0),
          activePlayers,
          payingPlayers,
          payRate: rate(payingPlayers, activePlayers),
          amount,
          arpu: perHead(amount, activePlayers),
          arppu: perHead(amount, payingPlayers),
        },
        days,
      };
    },
  }),
  ...tableOperations<UserDay>({
    url: '/api/userReport/days',
    name: 'userReport.days',
    screen: '/userReport',
    summary: 'Players and paying by day',
    item: userDay,
    id: 'day',
    defaultSort: { key: 'day', order: 'descend' },
    sorts: ['day', 'newPlayers', 'activePlayers', 'payingPlayers', 'newPayers', 'firstPayers', 'payRate', 'amount', 'arpu', 'arppu'],
    load: userDays,
  }),
  summaryOperation({
    url: '/api/paystat',
    name: 'paystat',
    screen: '/paystat',
    summary: 'Paying players over the range and by day',
    response: paySummary,
    load: paySummaryOf,
  }),
  ...tableOperations<PayDay>({
    url: '/api/paystat/days',
    name: 'paystat.days',
    screen: '/paystat',
    summary: 'Paying players by day: first and repeat payers, ARPPU',
    item: payDay,
    id: 'day',
    defaultSort: { key: 'day', order: 'descend' },
    sorts: ['day', 'payers', 'firstPayers', 'repeatPayers', 'paid', 'amount', 'arppu'],
    load: payDays,
  }),
  ...tableOperations<PayerBand>({
    url: '/api/paystat/bands',
    name: 'paystat.bands',
    screen: '/paystat',
    summary: 'The paying players of the range by how much each paid (centavos bands)',
    item: payerBand,
    id: 'min',
    defaultSort: { key: 'min', order: 'ascend' },
    sorts: ['min', 'payers', 'amount', 'orders'],
    load: payerBands,
  }),
];
