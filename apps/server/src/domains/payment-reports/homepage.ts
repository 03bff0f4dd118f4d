/**
 * /homepage, the data report everyone reads in the morning: new, active and paying players,
 * recharges and cash-outs paid, net and ARPPU, by day and over the range (with the range of
 * equal length before it, for the change arrows). Cash-outs count when paid out (succeed or
 * set success), on the day they settled.
 */
import { homeDay, homeSummary, type HomeDay, type HomeFigures, type HomeTotals } from '@console/schemas';
import type { Db } from '../../db/open';
import type { ScopedSubject } from '../../plugins/partner-scope';
import { dayRange, type DayRange } from '../../http/range';
import { pesos, previousRange, summaryOperation, tableOperations } from '../../reports/summary';
import { activeCounts, cashoutFigures, NO_CASHOUT, NO_RECHARGE, newPlayerCounts, payerCounts, perHead, rechargeFigures } from './rollups';

function figures<F extends Omit<HomeFigures, 'net' | 'arppu'> | Omit<HomeTotals, 'net' | 'arppu'>>(f: F): F & Pick<HomeFigures, 'net' | 'arppu'> {
  return { ...f, net: f.rechargeAmount - f.cashoutAmount, arppu: perHead(f.rechargeAmount, f.payingPlayers) };
}

async function homeReport(db: Db, user: ScopedSubject, r: DayRange): Promise<{ days: HomeDay[]; totals: HomeTotals }> {
  const [registered, active, payers, rangePayers, recharge, cashout] = await Promise.all([
    newPlayerCounts(db, user, r),
    activeCounts(db, user, r),
    payerCounts(db, user, r, null),
    payerCounts(db, user, r, null, false),
    rechargeFigures(db, user, r, null),
    cashoutFigures(db, user, r, false),
  ]);
  const days = r.days.map((day) => {
    const rc = recharge.get(day) ?? NO_RECHARGE;
    const co = cashout.get(day) ?? NO_CASHOUT;
    return {
      day,
      ...figures({
        newPlayers: registered.get(day) ?? 0,
        activePlayers: active.days.get(day) ?? 0,
        payingPlayers: payers.get(day) ?? 0,
        firstPayers: rc.firstPayers,
        rechargeOrders: rc.paid,
        rechargeAmount: rc.amount,
        cashoutOrders: co.succeeded,
        cashoutAmount: co.succeededAmount,
      }),
    };
  });
  const sum = (k: keyof HomeFigures) => days.reduce((s, d) => s + (d[k] ?? 0), 0);
  const totals = figures({
    newPlayers: sum('newPlayers'),
    activePlayers: active.range,
    payingPlayers: rangePayers.get('') ?? 0,
    firstPayers: sum('firstPayers'),
    rechargeOrders: sum('rechargeOrders'),
    rechargeAmount: sum('rechargeAmount'),
    cashoutOrders: sum('cashoutOrders'),
    cashoutAmount: sum('cashoutAmount'),
  });
  return { days, totals };
}

/** The range's days and totals, for the correctness test and the table. */
export const homeDays = async (db: Db, user: ScopedSubject, r: DayRange) => (await homeReport(db, user, r)).days;

export const homepageOperations = [
  summaryOperation({
    url: '/api/homepage',
    name: 'homepage',
    screen: '/homepage',
    summary: 'Data report: new, active and paying players, recharges, cash-outs paid, net and ARPPU over the range and by day, with the previous range',
    response: homeSummary,
    load: async (db, user, r) => {
      const p = previousRange(r);
      const [current, previous] = await Promise.all([homeReport(db, user, r), homeReport(db, user, dayRange(p.from, p.to))]);
      const chart = current.days.map((d) => ({ day: d.day, recharge: pesos(d.rechargeAmount), cashout: pesos(d.cashoutAmount), net: pesos(d.net) }));
      return { totals: current.totals, previous: previous.totals, days: current.days, chart };
    },
  }),
  ...tableOperations<HomeDay>({
    url: '/api/homepage/days',
    name: 'homepage.days',
    screen: '/homepage',
    summary: 'The data report by day',
    item: homeDay,
    id: 'day',
    defaultSort: { key: 'day', order: 'descend' },
    sorts: [
      'day',
      'newPlayers',
      'activePlayers',
      'payingPlayers',
      'firstPayers',
      'rechargeOrders',
      'rechargeAmount',
      'cashoutOrders',
      'cashoutAmount',
      'net',
      'arppu',
    ],
    load: homeDays,
  }),
];
