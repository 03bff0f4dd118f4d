/** VIP transitions as a table (§4: level up, maintain, level down, restore), and the settings rules. */
import { describe, expect, it } from 'vitest';
import { addDays, newVipState, parseVipSettings, vipDay, VIP_DEFAULTS as S, type VipState } from './vip';

const D = '2026-11-01';
const state = (over: Partial<VipState> = {}): VipState => ({ ...newVipState(D, S), ...over });

describe('a VIP day', () => {
  const rows: { name: string; before: Partial<VipState>; day?: string; bet: number; recharge: number; level: number; changes: string[]; payouts: string[] }[] =
    [
      { name: 'nothing happens without play', before: {}, bet: 0, recharge: 0, level: 0, changes: [], payouts: [] },
      {
        name: 'a ₱100 recharge reaches VIP 1 at once, with its gift',
        before: {},
        bet: 0,
        recharge: 10_000,
        level: 1,
        changes: ['up 0→1'],
        payouts: ['gift L1 500'],
      },
      { name: 'bets count a tenth', before: {}, bet: 99_990, recharge: 0, level: 0, changes: [], payouts: [] },
      {
        name: 'bets of ₱1,000 reach VIP 1, and earn the rebate of VIP 1 the same day',
        before: {},
        bet: 100_000,
        recharge: 0,
        level: 1,
        changes: ['up 0→1'],
        payouts: ['gift L1 500', 'rebate 2026-11-01 300'],
      },
      {
        name: 'two levels at once: both gifts',
        before: {},
        bet: 0,
        recharge: 50_000,
        level: 2,
        changes: ['up 0→2'],
        payouts: ['gift L1 500', 'gift L2 2000', 'deposit 2026-11-01 250'],
      },
      {
        name: 'a VIP 3 is paid rebate and bonus at its rates',
        before: { level: 3, exp: 250_000, topLevel: 3 },
        bet: 10_000,
        recharge: 20_000,
        level: 3,
        changes: [],
        payouts: ['rebate 2026-11-01 50', 'deposit 2026-11-01 200'],
      },
      {
        name: 'end of period above maintain: maintain',
        before: { level: 2, exp: 60_000, topLevel: 2, periodExp: 20_000, periodStart: addDays(D, -29) },
        bet: 0,
        recharge: 0,
        level: 2,
        changes: ['maintain 2→2'],
        payouts: [],
      },
      {
        name: 'end of period below maintain: down one, never two',
        before: { level: 5, exp: 1_200_000, topLevel: 5, periodExp: 0, periodStart: addDays(D, -29) },
        bet: 0,
        recharge: 0,
        level: 4,
        changes: ['down 5→4'],
        payouts: [],
      },
      { name: 'level 0 has nothing to maintain', before: { periodStart: addDays(D, -29) }, bet: 0, recharge: 0, level: 0, changes: [], payouts: [] },
      {
        name: 'regaining the recover-exp within 30 days restores, without a second gift',
        before: { level: 1, exp: 60_000, topLevel: 2, periodExp: 20_000, droppedFrom: 2, droppedOn: addDays(D, -10) },
        bet: 0,
        recharge: 10_000,
        level: 2,
        changes: ['restore 1→2'],
        payouts: ['deposit 2026-11-01 50'],
      },
      {
        name: 'too late to restore',
        before: { level: 1, exp: 60_000, topLevel: 2, periodExp: 20_000, droppedFrom: 2, droppedOn: addDays(D, -31) },
        bet: 0,
        recharge: 10_000,
        level: 1,
        changes: [],
        payouts: [],
      },
      {
        name: 'lifetime exp above a lost level does not bring it back by itself',
        before: { level: 1, exp: 190_000, topLevel: 2, periodExp: 0 },
        bet: 0,
        recharge: 1_000,
        level: 1,
        changes: [],
        payouts: [],
      },
      {
        name: "after the restore days, a lost level comes back by the period's exp reaching its up-exp, without a second gift",
        before: { level: 1, exp: 145_000, topLevel: 2, periodExp: 45_000, droppedFrom: 2, droppedOn: addDays(D, -40) },
        bet: 0,
        recharge: 10_000,
        level: 2,
        changes: ['up 1→2'],
        payouts: ['deposit 2026-11-01 50'],
      },
    ];
  for (const r of rows) {
    it(r.name, () => {
      const out = vipDay(S, state(r.before), r.day ?? D, r.bet, r.recharge);
      expect(out.state.level).toBe(r.level);
      expect(out.changes.map((c) => `${c.kind} ${c.from}→${c.to}`)).toEqual(r.changes);
      expect(out.payouts.map((p) => `${p.kind} ${p.period} ${p.amount}`)).toEqual(r.payouts);
      for (const c of out.changes) expect(c.reason).toBeTruthy();
    });
  }

  it('a period ends: the next begins the day after, with no exp', () => {
    const out = vipDay(S, state({ level: 1, exp: 20_000, topLevel: 1, periodExp: 6_000, periodStart: addDays(D, -29) }), D, 0, 0);
    expect(out.state).toMatchObject({ periodStart: '2026-11-02', periodEnd: '2026-12-01', periodExp: 0 });
  });

  it('thirty quiet days from VIP 3: one drop a period, to VIP 2', () => {
    let st = state({ level: 3, exp: 300_000, topLevel: 3 });
    const kinds: string[] = [];
    for (let i = 0; i < 30; i += 1) {
      const out = vipDay(S, st, addDays(D, i), 0, 0);
      st = out.state;
      kinds.push(...out.changes.map((c) => c.kind));
    }
    expect(st.level).toBe(2);
    expect(kinds).toEqual(['down']);
  });
});

describe('VIP settings (§5)', () => {
  it('defaults are valid', () => expect(parseVipSettings(S)).toEqual({ ok: true, value: S }));
  it('up-exp must rise', () => {
    const levels = S.levels.map((l, i) => (i === 2 ? { ...l, upExp: 40_000 } : l));
    expect(parseVipSettings({ ...S, levels })).toEqual({ ok: false, message: 'levels.2.upExp: Must be more than the level before' });
  });
  it('levels numbered from 1', () => {
    const levels = S.levels.map((l, i) => (i === 1 ? { ...l, level: 5 } : l));
    expect(parseVipSettings({ ...S, levels })).toEqual({ ok: false, message: 'levels.1.level: Must be 2' });
  });
  it('rates in range', () => {
    const levels = S.levels.map((l, i) => (i === 0 ? { ...l, betRebate: 101 } : l));
    expect(parseVipSettings({ ...S, levels })).toEqual({ ok: false, message: 'levels.0.betRebate: Must be at most 100' });
  });
});
