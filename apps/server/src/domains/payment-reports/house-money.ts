/**
 * freegive (chips given free: batch sends, staff additions, activity rewards, bonuses, relief)
 * and recycle (taken back: staff reductions, fees, expiry; plus the fees of cash-outs paid out,
 * in centavos), by day for one currency (default chip) and by reason over the range. The
 * classification of ledger reasons is migration 019's report_money_class.
 */
import {
  FREEGIVE_CATEGORIES,
  freegiveDay,
  freegiveSummary,
  HOUSE_CURRENCIES,
  houseReason,
  RECYCLE_CATEGORIES,
  recycleDay,
  recycleSummary,
  type FreegiveDay,
  type HouseReason,
  type RecycleDay,
} from '@console/schemas';
import { z } from 'zod';
import type { Db } from '../../db/open';
import type { ScopedSubject } from '../../plugins/partner-scope';
import type { DayRange } from '../../http/range';
import { summaryOperation, tableOperations } from '../../reports/summary';
import { cashoutFigures, houseMoney } from './rollups';

const currencyParam = { currency: z.enum(HOUSE_CURRENCIES, { message: `Must be one of ${HOUSE_CURRENCIES.join(', ')}` }).optional() };
const reasonCurrencyParam = { currency: currencyParam.currency };
const currencyOf = (q: Record<string, unknown>) => (q.currency as string | undefined) ?? 'chip';

export async function freegiveDays(db: Db, user: ScopedSubject, r: DayRange, currency: string): Promise<FreegiveDay[]> {
  const figures = await houseMoney(db, user, r, 'freegive', currency, true);
  return r.days.map((day) => {
    const row = { day, total: 0, entries: 0 } as FreegiveDay;
    for (const c of FREEGIVE_CATEGORIES) {
      const f = figures.get(`${day}|${c}`);
      row[c] = f?.amount ?? 0;
      row.total += f?.amount ?? 0;
      row.entries += f?.entries ?? 0;
    }
    return row;
  });
}

export async function recycleDays(db: Db, user: ScopedSubject, r: DayRange, currency: string): Promise<RecycleDay[]> {
  const [figures, cashouts] = await Promise.all([houseMoney(db, user, r, 'recycle', currency, true), cashoutFigures(db, user, r, false)]);
  return r.days.map((day) => {
    const row = { day, total: 0, entries: 0, cashoutFees: cashouts.get(day)?.fees ?? 0 } as RecycleDay;
    for (const c of RECYCLE_CATEGORIES) {
      const f = figures.get(`${day}|${c}`);
      row[c] = f?.amount ?? 0;
      row.total += f?.amount ?? 0;
      row.entries += f?.entries ?? 0;
    }
    return row;
  });
}

export async function houseReasons(db: Db, user: ScopedSubject, r: DayRange, kind: 'freegive' | 'recycle', currency: string | null): Promise<HouseReason[]> {
  const figures = await houseMoney(db, user, r, kind, currency, false);
  return [...figures].map(([id, f]) => {
    const [category, reason, cur] = id.split('|') as [string, string, string];
    return { id, category, reason, currency: cur, entries: f.entries, amount: f.amount };
  });
}

const totalsOf = <T extends { day: string }>(days: T[]): Omit<T, 'day'> => {
  const totals: Record<string, number> = {};
  for (const d of days) for (const [k, v] of Object.entries(d)) if (k !== 'day') totals[k] = (totals[k] ?? 0) + Number(v);
  return totals as Omit<T, 'day'>;
};

const reasonSorts = ['category', 'reason', 'currency', 'entries', 'amount'] as const;

export const houseMoneyOperations = [
  summaryOperation({
    url: '/api/freegive',
    name: 'freegive',
    screen: '/freegive',
    summary: 'Chips given free by category over the range and by day (currency: chip by default)',
    params: currencyParam,
    response: freegiveSummary,
    load: async (db, user, r, q) => {
      const days = await freegiveDays(db, user, r, currencyOf(q));
      return { totals: totalsOf(days), days };
    },
  }),
  ...tableOperations<FreegiveDay>({
    url: '/api/freegive/days',
    name: 'freegive.days',
    screen: '/freegive',
    summary: 'Chips given free by day and category',
    params: currencyParam,
    item: freegiveDay,
    id: 'day',
    defaultSort: { key: 'day', order: 'descend' },
    sorts: ['day', ...FREEGIVE_CATEGORIES, 'total', 'entries'],
    load: (db, user, r, q) => freegiveDays(db, user, r, currencyOf(q)),
  }),
  ...tableOperations<HouseReason>({
    url: '/api/freegive/reasons',
    name: 'freegive.reasons',
    screen: '/freegive',
    summary: 'Chips given free by ledger reason and currency over the range (filter currency)',
    params: reasonCurrencyParam,
    item: houseReason,
    id: 'id',
    defaultSort: { key: 'amount', order: 'descend' },
    sorts: [...reasonSorts],
    load: (db, user, r, q) => houseReasons(db, user, r, 'freegive', (q.currency as string | undefined) ?? null),
  }),
  summaryOperation({
    url: '/api/recycle',
    name: 'recycle',
    screen: '/recycle',
    summary: 'Chips taken back by category over the range and by day, and the fees of cash-outs paid out',
    params: currencyParam,
    response: recycleSummary,
    load: async (db, user, r, q) => {
      const days = await recycleDays(db, user, r, currencyOf(q));
      return { totals: totalsOf(days), days };
    },
  }),
  ...tableOperations<RecycleDay>({
    url: '/api/recycle/days',
    name: 'recycle.days',
    screen: '/recycle',
    summary: 'Chips taken back by day and category',
    params: currencyParam,
    item: recycleDay,
    id: 'day',
    defaultSort: { key: 'day', order: 'descend' },
    sorts: ['day', ...RECYCLE_CATEGORIES, 'total', 'entries', 'cashoutFees'],
    load: (db, user, r, q) => recycleDays(db, user, r, currencyOf(q)),
  }),
  ...tableOperations<HouseReason>({
    url: '/api/recycle/reasons',
    name: 'recycle.reasons',
    screen: '/recycle',
    summary: 'Chips taken back by ledger reason and currency over the range (filter currency)',
    params: reasonCurrencyParam,
    item: houseReason,
    id: 'id',
    defaultSort: { key: 'amount', order: 'descend' },
    sorts: [...reasonSorts],
    load: (db, user, r, q) => houseReasons(db, user, r, 'recycle', (q.currency as string | undefined) ?? null),
  }),
];
