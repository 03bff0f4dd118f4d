/**
 * Every cell of every data report, for a month of seeded random activity, equals the figure
 * recomputed from the raw rows (orders, ledger entries, logins, registrations): the roll-ups
 * kept by the triggers of migration 019 agree with what happened. For an admin (every
 * partner) and for a partner account (its own partner only).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';
import { dayRange } from '../../http/range';
import { seedMonth } from './month.fixture';
import {
  count,
  credits,
  distinct,
  failedDay,
  firstCredits,
  moneyClass,
  perHead,
  rate,
  readRaw,
  scoped,
  settledAt,
  total,
  type Credit,
  type RawRows,
} from './raw-figures';
import { consoleDay } from '@console/time';

const MONTH = dayRange('2026-10-24', '2026-11-22');
const PREVIOUS = dayRange('2026-09-24', '2026-10-23');
const bounds = (r: { from: string; to: string }) => ({ from: `${r.from}T00:00:00.000+08:00`, to: `${r.to}T23:59:59.999+08:00` });
const OS = ['android', 'ios', 'web'];

function home(raw: RawRows, all: Credit[], first: Map<number, Credit>, days: string[]) {
  const inDays = (d: string) => days.includes(d);
  const cr = all.filter((c) => inDays(c.day));
  const paidOut = raw.cashouts.filter((o) => ['succeed', 'set_success'].includes(o.status) && inDays(consoleDay(settledAt(o))));
  const rechargeAmount = total(cr, (c) => c.amount);
  const cashoutAmount = total(paidOut, (o) => o.amount);
  const payingPlayers = distinct(cr, (c) => c.uid);
  return {
    newPlayers: count(raw.players, (p) => inDays(p.registered)),
    activePlayers: distinct(
      raw.logins.filter((l) => inDays(l.day)),
      (l) => l.uid,
    ),
    payingPlayers,
    firstPayers: count([...first.values()], (c) => inDays(c.day)),
    rechargeOrders: cr.length,
    rechargeAmount,
    cashoutOrders: paidOut.length,
    cashoutAmount,
    net: rechargeAmount - cashoutAmount,
    arppu: perHead(rechargeAmount, payingPlayers),
  };
}

function payDay(raw: RawRows, all: Credit[], first: Map<number, Credit>, day: string) {
  const cr = all.filter((c) => c.day === day);
  const payers = distinct(cr, (c) => c.uid);
  const firstPayers = count([...first.values()], (c) => c.day === day);
  return {
    day,
    created: count(raw.recharges, (o) => consoleDay(o.created) === day),
    paid: cr.length,
    failed: count(raw.recharges, (o) => o.status === 'failed' && failedDay(o) === day),
    amount: total(cr, (c) => c.amount),
    payers,
    firstPayers,
    repeatPayers: payers - firstPayers,
    arppu: perHead(
      total(cr, (c) => c.amount),
      payers,
    ),
  };
}

function house(raw: RawRows, kind: string, currency: string, day: string, categories: string[]) {
  const row: Record<string, number | string> = { day, total: 0, entries: 0 };
  for (const c of categories) {
    const es = raw.entries.filter((e) => e.day === day && e.currency === currency && moneyClass(e.reason)?.[0] === kind && moneyClass(e.reason)?.[1] === c);
    row[c] = total(es, (e) => (kind === 'recycle' ? -e.delta : e.delta));
    row.total = (row.total as number) + row[c];
    row.entries = (row.entries as number) + es.length;
  }
  return row;
}

describe.each(databases())('report figures against the raw rows on $kind', (db) => {
  let t: TestApp;
  let raw: RawRows;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    // no background jobs: the raw rows are read once, and payout recovery would move approved orders on meanwhile;
    // on PostgreSQL with TEST_REPLICA_URL the reports read from a streaming replica (the raw rows from the primary)
    t = await testApp(db, {}, { background: false, replica: true });
    await seedMonth(t, { players: 80, seed: 11 });
    raw = await readRaw(t.database.db);
    tokens.admin = await t.loginAs('admin');
    tokens.partner = await t.loginAs('partner');
  }, 240_000);
  afterAll(async () => {
    await t.close();
  });

  it('the month has enough of everything to mean something', () => {
    expect(credits(raw).length).toBeGreaterThan(30);
    expect(raw.cashouts.filter((o) => o.status === 'succeed').length).toBeGreaterThan(4);
    expect(raw.recharges.filter((o) => o.resolution === 'credited').length).toBeGreaterThan(0);
    expect(raw.entries.filter((e) => moneyClass(e.reason)).length).toBeGreaterThan(50);
    expect(new Set(raw.recharges.map((o) => o.partner)).size).toBe(3);
  });

  describe.each([
    ['admin', null],
    ['partner', 1],
  ] as const)('as %s', (account, partner) => {
    let mine: RawRows;
    let all: Credit[];
    let first: Map<number, Credit>;
    const get = async (url: string, query: Record<string, string> = {}) => {
      const res = await t.get(`/api${url}`, tokens[account], { ...bounds(MONTH), ...query });
      expect(res.status, `${url} ${JSON.stringify(res.body)}`).toBe(200);
      return res.body.data;
    };
    const table = async (url: string, query: Record<string, string> = {}) => {
      const data = await get(url, { pageSize: '500', ...query });
      expect(data.items.length).toBe(data.total);
      return data.items as Record<string, unknown>[];
    };
    const byKey = (rows: Record<string, unknown>[], key: string) => Object.fromEntries(rows.map((r) => [String(r[key]), r]));

    beforeAll(() => {
      mine = scoped(raw, partner);
      all = credits(mine);
      // "first" is over all time and all of the player's orders: a partner's player is the partner's
      first = firstCredits(all);
    });

    it('/homepage: the figures of the month, of the month before, and of every day', async () => {
      const data = await get('/homepage');
      expect(data.totals).toEqual(home(mine, all, first, MONTH.days));
      expect(data.previous).toEqual(home(mine, all, first, PREVIOUS.days));
      expect(data.days).toEqual(MONTH.days.map((day) => ({ day, ...home(mine, all, first, [day]) })));
      expect(await table('/homepage/days', { sort: 'day', order: 'ascend' })).toEqual(data.days);
    });

    it('/payReport: by day and by day and channel', async () => {
      const data = await get('/payReport');
      const days = MONTH.days.map((day) => payDay(mine, all, first, day));
      expect(data.days).toEqual(days);
      const cr = all.filter((c) => MONTH.days.includes(c.day));
      const created = count(mine.recharges, (o) => MONTH.days.includes(consoleDay(o.created)));
      expect(data.totals).toEqual({
        created,
        paid: cr.length,
        failed: total(days, (d) => d.failed),
        amount: total(cr, (c) => c.amount),
        payers: distinct(cr, (c) => c.uid),
        firstPayers: total(days, (d) => d.firstPayers),
        arppu: perHead(
          total(cr, (c) => c.amount),
          distinct(cr, (c) => c.uid),
        ),
        successRate: rate(cr.length, created),
      });
      expect(await table('/payReport/days', { sort: 'day', order: 'ascend' })).toEqual(days);
      const rows = byKey(await table('/payReport/channels'), 'id');
      const expected: Record<string, unknown> = {};
      for (const day of MONTH.days)
        for (const channel of ['gcash', 'maya', 'card']) {
          const c = all.filter((x) => x.day === day && x.channel === channel);
          const orders = mine.recharges.filter((o) => o.channel === channel);
          const row = {
            id: `${day}|${channel}`,
            day,
            channel,
            created: count(orders, (o) => consoleDay(o.created) === day),
            paid: c.length,
            failed: count(orders, (o) => o.status === 'failed' && failedDay(o) === day),
            amount: total(c, (x) => x.amount),
            payers: distinct(c, (x) => x.uid),
            firstPayers: count([...first.values()], (x) => x.day === day && x.channel === channel),
            chips: total(c, (x) => x.chips),
            bonusChips: total(c, (x) => x.bonusChips),
            avgPaySeconds: perHead(
              total(c, (x) => x.seconds),
              c.length,
            ),
          };
          if (row.created + row.paid + row.failed > 0) expected[row.id] = row;
        }
      expect(rows).toEqual(expected);
    });

    it('/iosReport: each os by day', async () => {
      const data = await get('/iosReport');
      const days = MONTH.days.map((day) => {
        const row: Record<string, unknown> = {
          day,
          amount: total(
            all.filter((c) => c.day === day),
            (c) => c.amount,
          ),
        };
        for (const os of OS) {
          const c = all.filter((x) => x.day === day && x.os === os);
          Object.assign(row, { [`${os}Orders`]: c.length, [`${os}Amount`]: total(c, (x) => x.amount), [`${os}Payers`]: distinct(c, (x) => x.uid) });
        }
        return row;
      });
      expect(data.days).toEqual(days);
      const cr = all.filter((c) => MONTH.days.includes(c.day));
      for (const os of OS)
        expect(data.totals[`${os}Payers`]).toBe(
          distinct(
            cr.filter((c) => c.os === os),
            (c) => c.uid,
          ),
        );
      expect(await table('/iosReport/days', { sort: 'day', order: 'ascend' })).toEqual(days);
    });

    it('/userReport and /paystat: players and payers by day, payer bands', async () => {
      const users = await table('/userReport/days', { sort: 'day', order: 'ascend' });
      const registered = new Map(mine.players.map((p) => [p.uid, p.registered]));
      expect(users).toEqual(
        MONTH.days.map((day) => {
          const h = home(mine, all, first, [day]);
          const c = all.filter((x) => x.day === day);
          return {
            day,
            newPlayers: h.newPlayers,
            activePlayers: h.activePlayers,
            payingPlayers: h.payingPlayers,
            newPayers: distinct(
              c.filter((x) => registered.get(x.uid) === day),
              (x) => x.uid,
            ),
            firstPayers: h.firstPayers,
            payRate: rate(h.payingPlayers, h.activePlayers),
            amount: h.rechargeAmount,
            arpu: perHead(h.rechargeAmount, h.activePlayers),
            arppu: h.arppu,
          };
        }),
      );
      const summary = await get('/userReport');
      const m = home(mine, all, first, MONTH.days);
      expect(summary.totals).toEqual({
        newPlayers: m.newPlayers,
        activePlayers: m.activePlayers,
        payingPlayers: m.payingPlayers,
        payRate: rate(m.payingPlayers, m.activePlayers),
        amount: m.rechargeAmount,
        arpu: perHead(m.rechargeAmount, m.activePlayers),
        arppu: m.arppu,
      });
      expect(await table('/paystat/days', { sort: 'day', order: 'ascend' })).toEqual(MONTH.days.map((day) => payDay(mine, all, first, day)));
      const perPayer = new Map<number, { amount: number; orders: number }>();
      for (const c of all.filter((x) => MONTH.days.includes(x.day))) {
        const p = perPayer.get(c.uid) ?? { amount: 0, orders: 0 };
        perPayer.set(c.uid, { amount: p.amount + c.amount, orders: p.orders + 1 });
      }
      const bands = await table('/paystat/bands');
      expect(total(bands, (b) => b.payers as number)).toBe(perPayer.size);
      for (const b of bands) {
        const inBand = [...perPayer.values()].filter((p) => p.amount >= (b.min as number) && (b.max === null || p.amount <= (b.max as number)));
        expect([b.payers, b.amount, b.orders]).toEqual([inBand.length, total(inBand, (p) => p.amount), total(inBand, (p) => p.orders)]);
      }
    });

    it('/paychannel and /payoutChannel: each channel over the month', async () => {
      const cr = all.filter((c) => MONTH.days.includes(c.day));
      const amount = total(cr, (c) => c.amount);
      const expected: Record<string, unknown> = {};
      for (const channel of new Set(mine.recharges.map((o) => o.channel))) {
        const c = cr.filter((x) => x.channel === channel);
        const orders = mine.recharges.filter((o) => o.channel === channel);
        const created = count(orders, (o) => MONTH.days.includes(consoleDay(o.created)));
        const row = {
          channel,
          created,
          paid: c.length,
          failed: count(orders, (o) => o.status === 'failed' && MONTH.days.includes(failedDay(o))),
          successRate: rate(c.length, created),
          amount: total(c, (x) => x.amount),
          share: rate(
            total(c, (x) => x.amount),
            amount,
          ),
          payers: distinct(c, (x) => x.uid),
          avgPaySeconds: perHead(
            total(c, (x) => x.seconds),
            c.length,
          ),
        };
        if (row.created + row.paid + row.failed > 0) expected[channel] = row;
      }
      expect(byKey(await table('/paychannel'), 'channel')).toEqual(expected);

      const outs = new Map<string, Record<string, number | string | null>>();
      for (const o of mine.cashouts) {
        const row = outs.get(o.channel) ?? {
          channel: o.channel,
          requested: 0,
          requestedAmount: 0,
          succeeded: 0,
          succeededAmount: 0,
          failed: 0,
          failedAmount: 0,
          denied: 0,
          fees: 0,
          seconds: 0,
        };
        const n = (k: string, v: number) => {
          row[k] = (row[k] as number) + v;
        };
        if (MONTH.days.includes(consoleDay(o.created))) {
          n('requested', 1);
          n('requestedAmount', o.amount);
        }
        if (MONTH.days.includes(consoleDay(settledAt(o)))) {
          if (o.status === 'succeed' || o.status === 'set_success') {
            n('succeeded', 1);
            n('succeededAmount', o.amount);
            n('fees', o.fee);
            n('seconds', Math.max(0, Math.round((settledAt(o).getTime() - o.created.getTime()) / 1000)));
          }
          if (o.status === 'fail') {
            n('failed', 1);
            n('failedAmount', o.amount);
          }
          if (o.status === 'denied') n('denied', 1);
        }
        outs.set(o.channel, row);
      }
      const expectedOut = Object.fromEntries(
        [...outs.values()]
          .filter((r) => (r.requested as number) + (r.succeeded as number) + (r.failed as number) + (r.denied as number) > 0)
          .map(({ seconds, ...r }) => [
            r.channel,
            {
              ...r,
              successRate: rate(r.succeeded as number, (r.succeeded as number) + (r.failed as number)),
              avgPaySeconds: perHead(seconds as number, r.succeeded as number),
            },
          ]),
      );
      expect(byKey(await table('/payoutChannel'), 'channel')).toEqual(expectedOut);
    });

    it('/freegive and /recycle: by day and category for each currency, and by reason', async () => {
      for (const currency of ['chip', 'bonus', 'bean', 'withdrawable']) {
        const give = await get('/freegive', { currency });
        expect(give.days).toEqual(MONTH.days.map((day) => house(mine, 'freegive', currency, day, ['batch', 'staff', 'reward', 'bonus', 'relief'])));
        const take = await get('/recycle', { currency });
        expect(take.days).toEqual(
          MONTH.days.map((day) => ({
            ...house(mine, 'recycle', currency, day, ['staff', 'fee', 'expiry']),
            cashoutFees: total(
              mine.cashouts.filter((o) => ['succeed', 'set_success'].includes(o.status) && consoleDay(settledAt(o)) === day),
              (o) => o.fee,
            ),
          })),
        );
      }
      for (const kind of ['freegive', 'recycle']) {
        const expected: Record<string, unknown> = {};
        for (const e of mine.entries.filter((x) => MONTH.days.includes(x.day))) {
          const c = moneyClass(e.reason);
          if (c?.[0] !== kind) continue;
          const id = `${c[1]}|${e.reason}|${e.currency}`;
          const row = (expected[id] ??= { id, category: c[1], reason: e.reason, currency: e.currency, entries: 0, amount: 0 }) as {
            entries: number;
            amount: number;
          };
          row.entries += 1;
          row.amount += kind === 'recycle' ? -e.delta : e.delta;
        }
        expect(byKey(await table(`/${kind}/reasons`), 'id')).toEqual(expected);
      }
    });
  });

  it.runIf(db.kind === 'postgres' && process.env.TEST_REPLICA_URL)('read every figure above from the replica', () => {
    expect(t.replica!.counts.replica).toBeGreaterThan(20);
    expect(t.replica!.counts.primary).toBe(0);
  });
});
