/**
 * The recharge reports: payReport (by day, and by day and channel), iosReport (by day and
 * os), paychannel (each channel over the range: volume, success rate, average time to pay).
 * A recharge counts as created on its creation day and as paid (credited) on the day the money
 * was credited; the success rate is paid / created over the range.
 */
import {
  osDay,
  osSummary,
  payChannelDay,
  payDay,
  paySummary,
  rechargeChannelFigures,
  REPORT_OS,
  type OsDay,
  type PayChannelDay,
  type PayDay,
  type RechargeChannelFigures,
} from '@console/schemas';
import { z } from 'zod';
import type { Db } from '../../db/open';
import type { ScopedSubject } from '../../plugins/partner-scope';
import type { DayRange } from '../../http/range';
import { pesos, summaryOperation, tableOperations } from '../../reports/summary';
import { NO_RECHARGE, payerCounts, perHead, rate, rechargeFigures, rowKey } from './rollups';

const channelParam = {
  channel: z.string({ message: 'Expected string' }).min(1, { message: 'Required' }).max(64, { message: 'At most 64 characters' }).optional(),
};

/** Recharge totals by day (payReport's and paystat's chart). */
export async function payDays(db: Db, user: ScopedSubject, r: DayRange): Promise<PayDay[]> {
  const [figures, payers] = await Promise.all([rechargeFigures(db, user, r, null), payerCounts(db, user, r, null)]);
  return r.days.map((day) => {
    const f = figures.get(day) ?? NO_RECHARGE;
    const p = payers.get(day) ?? 0;
    return {
      day,
      created: f.created,
      paid: f.paid,
      failed: f.failed,
      amount: f.amount,
      payers: p,
      firstPayers: f.firstPayers,
      repeatPayers: p - f.firstPayers,
      arppu: perHead(f.amount, p),
    };
  });
}

export async function paySummaryOf(db: Db, user: ScopedSubject, r: DayRange) {
  const [days, rangePayers] = await Promise.all([payDays(db, user, r), payerCounts(db, user, r, null, false)]);
  const sum = (k: 'created' | 'paid' | 'failed' | 'amount' | 'firstPayers') => days.reduce((s, d) => s + d[k], 0);
  const payers = rangePayers.get('') ?? 0;
  return {
    totals: {
      created: sum('created'),
      paid: sum('paid'),
      failed: sum('failed'),
      amount: sum('amount'),
      payers,
      firstPayers: sum('firstPayers'),
      arppu: perHead(sum('amount'), payers),
      successRate: rate(sum('paid'), sum('created')),
    },
    days,
    chart: days.map((d) => ({ day: d.day, amount: pesos(d.amount), arppu: pesos(d.arppu ?? 0) })),
  };
}

/** payReport's table: each day and channel with any order. */
export async function payChannelDays(db: Db, user: ScopedSubject, r: DayRange, channel?: string): Promise<PayChannelDay[]> {
  const [figures, payers] = await Promise.all([rechargeFigures(db, user, r, 'channel'), payerCounts(db, user, r, 'channel')]);
  const rows: PayChannelDay[] = [];
  for (const [id, f] of figures) {
    const [day, key] = id.split('|') as [string, string];
    if (channel !== undefined && key !== channel) continue;
    rows.push({
      id,
      day,
      channel: key,
      created: f.created,
      paid: f.paid,
      failed: f.failed,
      amount: f.amount,
      payers: payers.get(id) ?? 0,
      firstPayers: f.firstPayers,
      chips: f.chips,
      bonusChips: f.bonusChips,
      avgPaySeconds: perHead(f.paySeconds, f.paid),
    });
  }
  return rows;
}

/** iosReport: each day, the orders, amount and payers of every os. */
export async function osDays(db: Db, user: ScopedSubject, r: DayRange): Promise<OsDay[]> {
  const [figures, payers] = await Promise.all([rechargeFigures(db, user, r, 'os'), payerCounts(db, user, r, 'os')]);
  return r.days.map((day) => {
    const row = { day, amount: 0 } as OsDay;
    for (const os of REPORT_OS) {
      const f = figures.get(rowKey(day, os)) ?? NO_RECHARGE;
      Object.assign(row, { [`${os}Orders`]: f.paid, [`${os}Amount`]: f.amount, [`${os}Payers`]: payers.get(rowKey(day, os)) ?? 0 });
    }
    // an os outside the list (none today) still counts in the day's amount
    for (const [id, f] of figures) if (id.startsWith(`${day}|`)) row.amount += f.amount;
    return row;
  });
}

/** paychannel: every channel with an order in the range. */
export async function channelFigures(db: Db, user: ScopedSubject, r: DayRange): Promise<RechargeChannelFigures[]> {
  const [figures, payers] = await Promise.all([rechargeFigures(db, user, r, 'channel', false), payerCounts(db, user, r, 'channel', false)]);
  const all = [...figures.values()].reduce((s, f) => s + f.amount, 0);
  return [...figures].map(([id, f]) => {
    const channel = id.slice(1);
    return {
      channel,
      created: f.created,
      paid: f.paid,
      failed: f.failed,
      successRate: rate(f.paid, f.created),
      amount: f.amount,
      share: rate(f.amount, all),
      payers: payers.get(id) ?? 0,
      avgPaySeconds: perHead(f.paySeconds, f.paid),
    };
  });
}

const daySorts = ['day', 'created', 'paid', 'failed', 'amount', 'payers', 'firstPayers', 'repeatPayers', 'arppu'] as const;

export const rechargeReportOperations = [
  summaryOperation({
    url: '/api/payReport',
    name: 'payReport',
    screen: '/payReport',
    summary: 'Recharges over the range and by day',
    response: paySummary,
    load: paySummaryOf,
  }),
  ...tableOperations<PayDay>({
    url: '/api/payReport/days',
    name: 'payReport.days',
    screen: '/payReport',
    summary: 'Recharges by day',
    item: payDay,
    id: 'day',
    defaultSort: { key: 'day', order: 'descend' },
    sorts: [...daySorts],
    load: payDays,
  }),
  ...tableOperations<PayChannelDay>({
    url: '/api/payReport/channels',
    name: 'payReport.channels',
    screen: '/payReport',
    summary: 'Recharges by day and channel (filter channel)',
    params: channelParam,
    item: payChannelDay,
    id: 'id',
    defaultSort: { key: 'day', order: 'descend' },
    sorts: ['day', 'channel', 'created', 'paid', 'failed', 'amount', 'payers', 'firstPayers', 'avgPaySeconds'],
    load: (db, user, r, q) => payChannelDays(db, user, r, q.channel as string | undefined),
  }),
  summaryOperation({
    url: '/api/iosReport',
    name: 'iosReport',
    screen: '/iosReport',
    summary: 'Recharges by day and os (android, ios, web)',
    response: osSummary,
    load: async (db, user, r) => {
      const days = await osDays(db, user, r);
      const totals = Object.fromEntries(
        Object.keys(osDay.shape)
          .filter((k) => k !== 'day' && !k.endsWith('Payers'))
          .map((k) => [k, days.reduce((s, d) => s + (d[k as keyof OsDay] as number), 0)]),
      );
      const payers = await payerCounts(db, user, r, 'os', false);
      for (const os of REPORT_OS) totals[`${os}Payers`] = payers.get(rowKey('', os)) ?? 0;
      return { totals, days, chart: days.map((d) => ({ day: d.day, android: pesos(d.androidAmount), ios: pesos(d.iosAmount), web: pesos(d.webAmount) })) };
    },
  }),
  ...tableOperations<OsDay>({
    url: '/api/iosReport/days',
    name: 'iosReport.days',
    screen: '/iosReport',
    summary: 'Recharges by day and os',
    item: osDay,
    id: 'day',
    defaultSort: { key: 'day', order: 'descend' },
    sorts: ['day', 'amount', 'androidAmount', 'iosAmount', 'webAmount', 'androidOrders', 'iosOrders', 'webOrders'],
    load: osDays,
  }),
  summaryOperation({
    url: '/api/paychannel/summary',
    name: 'paychannel.summary',
    screen: '/paychannel',
    summary: "Recharges over the range and by day (the channel report's figures)",
    response: paySummary,
    load: paySummaryOf,
  }),
  ...tableOperations<RechargeChannelFigures>({
    url: '/api/paychannel',
    name: 'paychannel',
    screen: '/paychannel',
    summary: 'Each recharge channel over the range: volume, success rate, share, payers, average time to pay',
    item: rechargeChannelFigures,
    id: 'channel',
    defaultSort: { key: 'amount', order: 'descend' },
    sorts: ['channel', 'created', 'paid', 'failed', 'successRate', 'amount', 'share', 'payers', 'avgPaySeconds'],
    load: channelFigures,
  }),
];
