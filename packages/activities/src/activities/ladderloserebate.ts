/** ladderloserebate (domain.md): a day's net loss earns back the rate of the highest step reached, capped, claimable for 72 hours after the day. */
import { z } from 'zod';
import { activitySettings, defineActivity, peso, positiveChips, rising } from '../define';

const step = z.strictObject({
  loss: positiveChips,
  /** Percent of the net loss, more than 0 and at most 100. */
  rate: z.number({ message: 'Expected number' }).gt(0, { message: 'Must be more than 0' }).max(100, { message: 'Must be at most 100' }),
});

const settings = activitySettings(
  {
    steps: z
      .array(step)
      .min(1, { message: 'Must have at least 1 step' })
      .max(10, { message: 'Must have at most 10 steps' })
      .default([
        { loss: 500, rate: 3 },
        { loss: 5_000, rate: 5 },
        { loss: 50_000, rate: 8 },
      ]),
    cap: positiveChips.default(10_000),
  },
  (s, ctx) => {
    rising(s.steps, 'loss', 'steps', ctx);
    rising(s.steps, 'rate', 'steps', ctx);
  },
);

export const ladderloserebate = defineActivity({
  id: 'ladderloserebate',
  name: { en: 'Tiered loss rebate', zh: '阶梯输分返利' },
  rules: {
    en: "A GMT+08:00 day's net loss (bets minus wins) earns back the rate of the highest step it reaches, up to the cap; claimable from the end of the day for 72 hours.",
    zh: '按北京时间（GMT+8）自然日计算净输分（投注减赢分），按达到的最高阶梯比例返还，不超过上限；当日结束后72小时内可领取。',
  },
  settings,
  labels: { steps: { en: 'Steps (net loss → rate %)', zh: '阶梯(净输→返利%)' }, cap: { en: 'Most a day', zh: '每日上限' } },
  listens: ['bets'],
  period: 'day',
  claimDays: 3,
  states: ['accruing', 'claimable', 'claimed', 'expired'],
  final: ['claimed', 'expired'],
  evaluate(s, f, p) {
    const loss = Math.max(0, f.validBet - f.wins);
    const step = [...s.steps].reverse().find((x) => loss >= x.loss);
    const next = s.steps.find((x) => x.loss > loss);
    const amount = step ? Math.min(s.cap, Math.floor((loss * step.rate) / 100)) : 0;
    const label = { en: 'Loss rebate', zh: '输分返利' };
    if (f.claims.some((c) => c.period === p.key)) return { state: 'claimed', progress: loss, target: null, tiers: [] };
    if (f.now.getTime() >= p.end.getTime() + 72 * 3_600_000) return { state: 'expired', progress: loss, target: null, tiers: [] };
    let why: string | undefined;
    if (!step) why = `Net loss ${peso(loss)} is below ${peso(s.steps[0].loss)}`;
    else if (amount <= 0) why = 'Nothing to pay back';
    else if (f.now < p.end) why = 'Claimable when the day ends';
    const reached = why === undefined;
    return {
      state: reached ? 'claimable' : 'accruing',
      progress: loss,
      target: next?.loss ?? null,
      tiers: [{ tier: 'rebate', label, currency: 'chip', amount, reached, why }],
    };
  },
  examples: [
    {
      name: 'a win is no loss',
      facts: { validBet: 10_000, wins: 12_000, now: new Date('2026-11-27T01:00:00Z') },
      expect: { state: 'accruing', claimable: [] },
    },
    { name: 'still the same day: not yet', facts: { validBet: 1_000, wins: 0 }, expect: { state: 'accruing', claimable: [], amounts: { rebate: 30 } } },
    {
      name: 'lost ₱10 yesterday: 3%',
      facts: { validBet: 1_000, wins: 0, now: new Date('2026-11-27T01:00:00Z') },
      expect: { state: 'claimable', claimable: ['rebate'], amounts: { rebate: 30 } },
    },
    { name: '5% step', facts: { validBet: 10_000, wins: 2_000, now: new Date('2026-11-27T01:00:00Z') }, expect: { amounts: { rebate: 400 } } },
    { name: 'the cap', facts: { validBet: 1_000_000, wins: 0, now: new Date('2026-11-27T01:00:00Z') }, expect: { amounts: { rebate: 10_000 } } },
    {
      name: '72 hours after the day: expired',
      facts: { validBet: 1_000, wins: 0, now: new Date('2026-11-29T16:00:00Z') },
      expect: { state: 'expired', claimable: [] },
    },
    {
      name: 'claimed once',
      facts: {
        validBet: 1_000,
        now: new Date('2026-11-27T01:00:00Z'),
        claims: [{ period: '2026-11-26', tier: 'rebate', at: new Date('2026-11-27T00:30:00Z'), amount: 30 }],
      },
      expect: { state: 'claimed', claimable: [] },
    },
  ],
});
