/** onlinesign (domain.md, §5): a 7-day check-in cycle, the 7th day richer; a missed day resets the streak when set; quantities > 0. */
import { whole } from '@console/games';
import { z } from 'zod';
import { activitySettings, dayOf, dayStart, defineActivity } from '../define';

const item = z.strictObject({
  currency: z.enum(['chip', 'bean', 'diamond'], { message: 'Must be chip, bean or diamond' }),
  quantity: whole(1, 1_000_000_000_000).meta({ description: 'Must be greater than 0' }),
});

const settings = activitySettings({
  days: z
    .array(item)
    .length(7, { message: 'Must have 7 days' })
    .default([
      { currency: 'chip', quantity: 200 },
      { currency: 'chip', quantity: 300 },
      { currency: 'chip', quantity: 400 },
      { currency: 'chip', quantity: 500 },
      { currency: 'chip', quantity: 600 },
      { currency: 'chip', quantity: 800 },
      { currency: 'chip', quantity: 3_000 },
    ]),
  resetOnMiss: z.boolean().default(true),
});

const DAY = 86_400_000;

export const onlinesign = defineActivity({
  id: 'onlinesign',
  name: { en: 'Online check-in', zh: '在线签到' },
  rules: {
    en: 'A player who logged in today checks in once a day for the day of the 7-day cycle; a missed day starts the cycle again when set.',
    zh: '当天已登录的玩家每天可签到一次，领取7天循环中对应天的奖励；设置为断签重置时，漏签一天重新开始。',
  },
  settings,
  labels: { days: { en: 'Days 1–7 (currency, quantity)', zh: '第1–7天(币种,数量)' }, resetOnMiss: { en: 'A missed day resets the streak', zh: '断签重置' } },
  listens: ['logins'],
  period: 'day',
  states: ['absent', 'claimable', 'signed'],
  final: ['signed'],
  evaluate(s, f, p) {
    const signed = new Set(f.claims.map((c) => c.period));
    // the streak: consecutive signed days ending yesterday (or every signed day when a miss does not reset)
    let streak = 0;
    if (s.resetOnMiss) {
      for (let d = dayOf(new Date(p.start.getTime() - DAY)); signed.has(d); d = dayOf(new Date(dayStart(d).getTime() - DAY))) streak += 1;
    } else {
      streak = [...signed].filter((d) => d < p.key).length;
    }
    const index = streak % 7;
    const reward = s.days[index];
    const label = { en: `Day ${index + 1}`, zh: `第${index + 1}天` };
    if (signed.has(p.key)) return { state: 'signed', progress: index, target: 7, tiers: [] };
    const online = f.loginDays.includes(p.key);
    return {
      state: online ? 'claimable' : 'absent',
      progress: index,
      target: 7,
      tiers: [{ tier: 'sign', label, currency: reward.currency, amount: reward.quantity, reached: online, why: online ? undefined : 'Log in today first' }],
    };
  },
  examples: [
    {
      name: 'logged in: day 1',
      facts: { loginDays: ['2026-11-26'] },
      expect: { state: 'claimable', claimable: ['sign'], amounts: { sign: 200 }, progress: 0 },
    },
    { name: 'not logged in today', facts: {}, expect: { state: 'absent', claimable: [] } },
    {
      name: 'six days in a row: the rich seventh',
      facts: { loginDays: ['2026-11-26'], claims: [20, 21, 22, 23, 24, 25].map((d) => ({ period: `2026-11-${d}`, tier: 'sign', at: new Date(), amount: 1 })) },
      expect: { amounts: { sign: 3_000 }, progress: 6 },
    },
    {
      name: 'a missed day starts again',
      facts: { loginDays: ['2026-11-26'], claims: [20, 21, 22, 24].map((d) => ({ period: `2026-11-${d}`, tier: 'sign', at: new Date(), amount: 1 })) },
      expect: { amounts: { sign: 200 }, progress: 0 },
    },
    {
      name: 'a missed day keeps the count when set so',
      settings: { resetOnMiss: false },
      facts: { loginDays: ['2026-11-26'], claims: [20, 21, 22, 24].map((d) => ({ period: `2026-11-${d}`, tier: 'sign', at: new Date(), amount: 1 })) },
      expect: { amounts: { sign: 600 }, progress: 4 },
    },
    {
      name: 'once a day',
      facts: { loginDays: ['2026-11-26'], claims: [{ period: '2026-11-26', tier: 'sign', at: new Date(), amount: 200 }] },
      expect: { state: 'signed', claimable: [] },
    },
  ],
});
