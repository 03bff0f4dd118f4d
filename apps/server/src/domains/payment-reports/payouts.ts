/**
 * payoutChannel: cash-outs by channel over the range (requested, paid out, failed, denied,
 * success rate = succeeded / (succeeded + failed), fees, average time from request to
 * settlement) and by day. A request counts on its day; an outcome on the day it settled.
 */
import { payoutChannelFigures, type payoutDay, payoutSummary, type PayoutChannelFigures } from '@console/schemas';
import type { z } from 'zod';
import type { Db } from '../../db/open';
import type { ScopedSubject } from '../../plugins/partner-scope';
import type { DayRange } from '../../http/range';
import { pesos, summaryOperation, tableOperations } from '../../reports/summary';
import { cashoutFigures, NO_CASHOUT, perHead, rate, type CashoutFigures } from './rollups';

type PayoutDay = z.infer<typeof payoutDay>;

const dayOf = (day: string, f: CashoutFigures): PayoutDay => ({
  day,
  requested: f.requested,
  requestedAmount: f.requestedAmount,
  succeeded: f.succeeded,
  succeededAmount: f.succeededAmount,
  failed: f.failed,
  denied: f.denied,
  fees: f.fees,
});

export async function payoutDays(db: Db, user: ScopedSubject, r: DayRange): Promise<PayoutDay[]> {
  const figures = await cashoutFigures(db, user, r, false);
  return r.days.map((day) => dayOf(day, figures.get(day) ?? NO_CASHOUT));
}

export async function payoutChannels(db: Db, user: ScopedSubject, r: DayRange): Promise<PayoutChannelFigures[]> {
  const figures = await cashoutFigures(db, user, r, true, false);
  return [...figures].map(([id, f]) => ({
    channel: id.slice(1),
    requested: f.requested,
    requestedAmount: f.requestedAmount,
    succeeded: f.succeeded,
    succeededAmount: f.succeededAmount,
    failed: f.failed,
    failedAmount: f.failedAmount,
    denied: f.denied,
    successRate: rate(f.succeeded, f.succeeded + f.failed),
    fees: f.fees,
    avgPaySeconds: perHead(f.paySeconds, f.succeeded),
  }));
}

export const payoutReportOperations = [
  summaryOperation({
    url: '/api/payoutChannel/summary',
    name: 'payoutChannel.summary',
    screen: '/payoutChannel',
    summary: 'Cash-outs over the range and by day',
    response: payoutSummary,
    load: async (db, user, r) => {
      const figures = await cashoutFigures(db, user, r, false);
      const days = r.days.map((day) => dayOf(day, figures.get(day) ?? NO_CASHOUT));
      const all = [...figures.values()].reduce<CashoutFigures>(
        (s, f) => Object.fromEntries(Object.keys(s).map((k) => [k, s[k as keyof CashoutFigures] + f[k as keyof CashoutFigures]])) as unknown as CashoutFigures,
        { ...NO_CASHOUT },
      );
      const { day: _day, ...totals } = dayOf('', all);
      return {
        totals: { ...totals, successRate: rate(all.succeeded, all.succeeded + all.failed), avgPaySeconds: perHead(all.paySeconds, all.succeeded) },
        days,
        chart: days.map((d) => ({ day: d.day, requested: pesos(d.requestedAmount), paid: pesos(d.succeededAmount) })),
      };
    },
  }),
  ...tableOperations<PayoutChannelFigures>({
    url: '/api/payoutChannel',
    name: 'payoutChannel',
    screen: '/payoutChannel',
    summary: 'Each cash-out channel over the range: volume, success rate, fees, average time to pay',
    item: payoutChannelFigures,
    id: 'channel',
    defaultSort: { key: 'succeededAmount', order: 'descend' },
    sorts: ['channel', 'requested', 'requestedAmount', 'succeeded', 'succeededAmount', 'failed', 'denied', 'successRate', 'fees', 'avgPaySeconds'],
    load: payoutChannels,
  }),
];
