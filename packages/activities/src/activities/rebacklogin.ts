/**
 * rebacklogin (domain.md): a player back after an absence of 7 days or more gets a 7-day login
 * calendar: day 1 is the GMT+08:00 day of the return, day 7 six days later; each calendar day the
 * player logged in pays that day's reward once, claimable until the calendar ends. A day without
 * a login is missed. The engine's 'comeback' fact finds the return (the latest login whose login
 * before it is `absentDays` or more earlier) and the login days since.
 *
 * Period 'once'; a tier is `<return day>:<calendar day>` ('2026-11-20:3'), so a later comeback
 * (a new absence) opens a new calendar with its own keys and each key is paid once.
 */
import { whole } from '@console/games';
import { z } from 'zod';
import { activitySettings, COMEBACK_DAYS, dayOf, dayStart, defineActivity, positiveChips } from '../define';

const DAY_MS = 86_400_000;

const settings = activitySettings({
  absentDays: whole(1, 365).default(7),
  rewards: z
    .array(positiveChips)
    .length(COMEBACK_DAYS, { message: `Must have ${COMEBACK_DAYS} days` })
    .default([200, 300, 400, 500, 600, 800, 2_000]),
});

export const rebacklogin = defineActivity({
  id: 'rebacklogin',
  name: { en: 'Comeback login reward', zh: '回归登录奖励' },
  rules: {
    en: "A player who logs in after an absence of the set days or more gets a 7-day login calendar from the day of the return; each calendar day on which the player logged in pays that day's reward once, claimable until the calendar ends.",
    zh: '连续未登录达到设定天数后再次登录的玩家，从回归当天起获得7天登录日历；日历中每个登录过的日子可领取当天奖励一次，日历结束前均可领取。',
  },
  settings,
  labels: {
    absentDays: { en: 'Days away that make a comeback', zh: '回归所需未登录天数' },
    rewards: { en: 'Rewards of days 1–7', zh: '第1–7天奖励' },
  },
  listens: ['comeback'],
  period: 'once',
  comeback: (s) => ({ absentDays: s.absentDays }),
  states: ['away', 'returned', 'claimable', 'finished'],
  final: ['finished'],
  evaluate(s, f) {
    const c = f.comeback;
    if (!c || c.returnedAt.getTime() - c.lastBefore.getTime() < s.absentDays * DAY_MS) return { state: 'away', progress: 0, target: COMEBACK_DAYS, tiers: [] };
    const first = dayOf(c.returnedAt);
    const ends = dayStart(first).getTime() + COMEBACK_DAYS * DAY_MS;
    const today = dayOf(f.now);
    const claimed = new Set(f.claims.map((x) => x.tier));
    const logged = new Set(c.loginDays);
    const tiers = [];
    let progress = 0;
    for (let i = 0; i < COMEBACK_DAYS; i += 1) {
      const day = dayOf(new Date(dayStart(first).getTime() + i * DAY_MS));
      const tier = `${first}:${i + 1}`;
      const label = { en: `Day ${i + 1} (${day})`, zh: `第${i + 1}天(${day})` };
      if (logged.has(day)) progress += 1;
      if (claimed.has(tier) || f.now.getTime() >= ends) continue;
      if (logged.has(day)) tiers.push({ tier, label, currency: 'chip' as const, amount: s.rewards[i], reached: true });
      else if (day >= today) tiers.push({ tier, label, currency: 'chip' as const, amount: s.rewards[i], reached: false, why: `Log in on ${day}` });
    }
    const state = f.now.getTime() >= ends || tiers.length === 0 ? 'finished' : tiers.some((t) => t.reached) ? 'claimable' : 'returned';
    return { state, progress, target: COMEBACK_DAYS, tiers };
  },
  examples: [
    { name: 'no comeback', facts: {}, expect: { state: 'away', claimable: [] } },
    {
      name: 'back today after 10 days: day 1',
      facts: { comeback: { lastBefore: new Date('2026-11-16T02:00:00Z'), returnedAt: new Date('2026-11-26T01:00:00Z'), loginDays: ['2026-11-26'] } },
      expect: { state: 'claimable', claimable: ['2026-11-26:1'], amounts: { '2026-11-26:1': 200, '2026-11-26:2': 300 }, progress: 1 },
    },
    {
      name: 'six days away is not enough',
      facts: { comeback: { lastBefore: new Date('2026-11-20T02:00:00Z'), returnedAt: new Date('2026-11-26T01:00:00Z'), loginDays: ['2026-11-26'] } },
      expect: { state: 'away', claimable: [] },
    },
    {
      name: 'days logged in are each claimable once; a missed day is gone',
      facts: {
        comeback: {
          lastBefore: new Date('2026-11-01T02:00:00Z'),
          returnedAt: new Date('2026-11-22T01:00:00Z'),
          loginDays: ['2026-11-22', '2026-11-23', '2026-11-25', '2026-11-26'],
        },
        claims: [{ period: 'once', tier: '2026-11-22:1', at: new Date('2026-11-22T01:00:00Z'), amount: 200 }],
      },
      expect: {
        state: 'claimable',
        claimable: ['2026-11-22:2', '2026-11-22:4', '2026-11-22:5'],
        amounts: { '2026-11-22:5': 600, '2026-11-22:7': 2_000 },
        progress: 4,
      },
    },
    {
      name: 'everything claimed today: back tomorrow',
      facts: {
        comeback: { lastBefore: new Date('2026-11-01T02:00:00Z'), returnedAt: new Date('2026-11-25T01:00:00Z'), loginDays: ['2026-11-25', '2026-11-26'] },
        claims: [
          { period: 'once', tier: '2026-11-25:1', at: new Date('2026-11-25T01:00:00Z'), amount: 200 },
          { period: 'once', tier: '2026-11-25:2', at: new Date('2026-11-26T01:00:00Z'), amount: 300 },
        ],
      },
      expect: { state: 'returned', claimable: [], progress: 2 },
    },
    {
      name: 'the calendar ends after 7 days',
      facts: {
        now: new Date('2026-11-27T04:00:00Z'),
        comeback: { lastBefore: new Date('2026-11-01T02:00:00Z'), returnedAt: new Date('2026-11-20T01:00:00Z'), loginDays: ['2026-11-20', '2026-11-26'] },
      },
      expect: { state: 'finished', claimable: [] },
    },
    {
      name: 'absence set to 14 days',
      settings: { absentDays: 14 },
      facts: { comeback: { lastBefore: new Date('2026-11-16T02:00:00Z'), returnedAt: new Date('2026-11-26T01:00:00Z'), loginDays: ['2026-11-26'] } },
      expect: { state: 'away', claimable: [] },
    },
  ],
});
