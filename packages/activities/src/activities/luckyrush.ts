/** luckyrush (domain.md, §4 ongoing → claimed | ended): a deposit starts a rush; betting a multiple of it in time opens a box worth part of it. */
import { whole } from '@console/games';
import { activitySettings, defineActivity, fraction, peso, positiveChips } from '../define';

const settings = activitySettings(
  {
    minDeposit: positiveChips.default(10_000),
    minutes: whole(5, 1_440).default(60),
    betMultiple: whole(1, 100).default(5),
    minPercent: whole(1, 100).default(5),
    maxPercent: whole(1, 100).default(50),
    boxCap: positiveChips.default(5_000),
  },
  (s, ctx) => {
    if (s.maxPercent < s.minPercent) ctx.addIssue({ code: 'custom', path: ['maxPercent'], message: 'Must be at least minPercent' });
  },
);

export const luckyrush = defineActivity({
  id: 'luckyrush',
  name: { en: 'Lucky rush', zh: '幸运冲刺' },
  rules: {
    en: "The day's first deposit of at least the minimum starts a rush; valid bets of the multiple of it within the minutes open a box worth a share of the deposit (random within the range, capped); once a day.",
    zh: '当天首笔达到最低额的充值开启冲刺；在限定分钟内有效投注达到充值额的倍数即可开启宝箱，奖励为充值额的随机比例（有上限）；每天一次。',
  },
  settings,
  labels: {
    minDeposit: { en: 'Deposit that starts a rush', zh: '开启充值额' },
    minutes: { en: 'Rush minutes', zh: '冲刺分钟' },
    betMultiple: { en: 'Valid bet × deposit', zh: '有效投注倍数' },
    minPercent: { en: 'Box: least % of the deposit', zh: '宝箱最小%' },
    maxPercent: { en: 'Box: most % of the deposit', zh: '宝箱最大%' },
    boxCap: { en: 'Box cap', zh: '宝箱上限' },
  },
  listens: ['recharges', 'bets'],
  period: 'day',
  states: ['idle', 'ongoing', 'claimable', 'claimed', 'ended'],
  final: ['claimed', 'ended'],
  rush: (s) => ({ minDeposit: s.minDeposit, minutes: s.minutes }),
  evaluate(s, f, p) {
    const label = { en: 'Lucky box', zh: '幸运宝箱' };
    if (f.claims.some((c) => c.period === p.key)) return { state: 'claimed', progress: 0, target: null, tiers: [] };
    const r = f.rush;
    if (!r) return { state: 'idle', progress: 0, target: s.minDeposit, tiers: [] };
    const target = r.deposit * s.betMultiple;
    const share = s.minPercent + Math.floor(fraction(`${p.key}:${r.startedAt.toISOString()}:${r.deposit}`) * (s.maxPercent - s.minPercent + 1));
    const amount = Math.max(1, Math.min(s.boxCap, Math.floor((r.deposit * share) / 100)));
    const over = f.now.getTime() >= r.startedAt.getTime() + s.minutes * 60_000;
    if (r.bet >= target) return { state: 'claimable', progress: r.bet, target, tiers: [{ tier: 'box', label, currency: 'chip', amount, reached: true }] };
    if (over) return { state: 'ended', progress: r.bet, target, tiers: [] };
    return {
      state: 'ongoing',
      progress: r.bet,
      target,
      tiers: [{ tier: 'box', label, currency: 'chip', amount, reached: false, why: `Bet ${peso(target - r.bet)} more` }],
    };
  },
  examples: [
    { name: 'no deposit: idle', facts: {}, expect: { state: 'idle', claimable: [] } },
    {
      name: 'a rush under way',
      facts: { rush: { startedAt: new Date('2026-11-26T03:30:00Z'), deposit: 10_000, bet: 20_000 } },
      expect: { state: 'ongoing', claimable: [], progress: 20_000, target: 50_000 },
    },
    {
      name: '5× reached: the box',
      facts: { rush: { startedAt: new Date('2026-11-26T03:30:00Z'), deposit: 10_000, bet: 50_000 } },
      expect: { state: 'claimable', claimable: ['box'] },
    },
    {
      name: 'the hour passed short: ended',
      facts: { rush: { startedAt: new Date('2026-11-26T02:59:00Z'), deposit: 10_000, bet: 49_999 } },
      expect: { state: 'ended', claimable: [] },
    },
    {
      name: 'a reached box stays after the hour',
      facts: { rush: { startedAt: new Date('2026-11-26T01:00:00Z'), deposit: 10_000, bet: 60_000 } },
      expect: { state: 'claimable', claimable: ['box'] },
    },
    {
      name: 'big deposit: capped',
      settings: { minPercent: 50 },
      facts: { rush: { startedAt: new Date('2026-11-26T03:30:00Z'), deposit: 100_000, bet: 500_000 } },
      expect: { amounts: { box: 5_000 } },
    },
    {
      name: 'once a day',
      facts: {
        rush: { startedAt: new Date('2026-11-26T03:30:00Z'), deposit: 10_000, bet: 50_000 },
        claims: [{ period: '2026-11-26', tier: 'box', at: new Date(), amount: 900 }],
      },
      expect: { state: 'claimed', claimable: [] },
    },
  ],
});
