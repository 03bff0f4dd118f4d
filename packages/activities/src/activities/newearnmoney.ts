/**
 * newearnmoney (domain.md): an inviter earns ₱10 once per valid invitee (a player whose
 * inviter_uid is the inviter, with a bound phone and a first paid recharge of ₱100 or more) plus
 * 0.3% of the valid invitees' valid bet, settled daily: a GMT+08:00 day's commission is claimable
 * from the end of the day for 72 hours. The engine's 'invitees' fact lists the invitees with
 * their phone, first deposit and the period's valid bet.
 *
 * Tiers: `inv<uid>` for an invitee's bonus, offered in the current day only and paid once for
 * ever (the player's earlier claims of every period are checked); `bet` for a day's commission,
 * once a day.
 */
import { z } from 'zod';
import { activitySettings, defineActivity, invitee, inviteeWhyNot, peso, positiveChips, type InviteeRule, type Tier } from '../define';

const settings = activitySettings({
  perInvitee: positiveChips.default(1_000),
  minFirstDeposit: positiveChips.default(10_000),
  /** Percent of the valid invitees' valid bet, more than 0 and at most 100. */
  betRate: z.number({ message: 'Expected number' }).gt(0, { message: 'Must be more than 0' }).max(100, { message: 'Must be at most 100' }).default(0.3),
});

/** A valid invitee: a bound phone and a first paid recharge of at least minFirstDeposit. */
const rule = (s: z.output<typeof settings>): InviteeRule => ({ phoneBound: true, minFirstDeposit: s.minFirstDeposit });

export const newearnmoney = defineActivity({
  id: 'newearnmoney',
  name: { en: 'Newcomer earnings', zh: '新人赚钱' },
  rules: {
    en: "An inviter earns the set reward once for each valid invitee (a bound phone and a first recharge of at least the set amount) plus the set percent of the valid invitees' valid bet, settled by GMT+08:00 day: a day's commission is claimable from the end of the day for 72 hours.",
    zh: '邀请人每邀请一名有效被邀请人（已绑定手机且首充达到设定金额）可领取一次设定奖励，另按有效被邀请人有效投注的设定比例获得佣金，按北京时间（GMT+8）自然日结算：当日佣金于当日结束后72小时内可领取。',
  },
  settings,
  labels: {
    perInvitee: { en: 'Reward per valid invitee', zh: '每名有效被邀请人奖励' },
    minFirstDeposit: { en: 'Least first recharge of a valid invitee', zh: '有效被邀请人最低首充' },
    betRate: { en: "Commission on the invitees' valid bet (%)", zh: '被邀请人有效投注佣金(%)' },
  },
  listens: ['invitees'],
  invitee: rule,
  period: 'day',
  claimDays: 3,
  states: ['accruing', 'claimable', 'claimed', 'expired'],
  final: ['claimed', 'expired'],
  evaluate(s, f, p) {
    const valid = f.invitees.filter((i) => inviteeWhyNot(rule(s), i) === null);
    const bet = valid.reduce((n, i) => n + i.validBet, 0);
    const amount = Math.floor((bet * s.betRate) / 100);
    const current = f.now < p.end;
    const paid = new Set(f.claims.map((c) => c.tier));
    const tiers: Tier[] = current
      ? valid
          .filter((i) => !paid.has(`inv${i.uid}`))
          .map((i) => ({
            tier: `inv${i.uid}`,
            label: { en: `Invitee ${i.uid}`, zh: `被邀请人${i.uid}` },
            currency: 'chip',
            amount: s.perInvitee,
            reached: true,
          }))
      : [];
    const settled = f.claims.some((c) => c.period === p.key && c.tier === 'bet');
    const expired = f.now.getTime() >= p.end.getTime() + 72 * 3_600_000;
    if (!settled && !expired) {
      let why: string | undefined;
      if (amount <= 0) why = valid.length ? `Valid invitees bet ${peso(bet)}: nothing earned yet` : 'No valid invitee yet';
      else if (current) why = 'Claimable when the day ends';
      tiers.push({
        tier: 'bet',
        label: { en: "Commission on invitees' bets", zh: '被邀请人投注佣金' },
        currency: 'chip',
        amount,
        reached: why === undefined,
        why,
      });
    }
    const state = tiers.some((t) => t.reached) ? 'claimable' : settled ? 'claimed' : expired ? 'expired' : 'accruing';
    return { state, progress: valid.length, target: null, tiers };
  },
  examples: [
    { name: 'no invitees', facts: {}, expect: { state: 'accruing', claimable: [], progress: 0 } },
    {
      name: "a valid invitee pays ₱10 at once; the day's commission when the day ends",
      facts: { invitees: [invitee(7, { phoneBound: true, firstDeposit: 10_000, validBet: 100_000 })] },
      expect: { state: 'claimable', claimable: ['inv7'], amounts: { inv7: 1_000, bet: 300 }, progress: 1 },
    },
    {
      name: 'no phone, or a first recharge under ₱100: not valid',
      facts: {
        invitees: [
          invitee(7, { phoneBound: false, firstDeposit: 50_000, validBet: 100_000 }),
          invitee(8, { phoneBound: true, firstDeposit: 9_999, validBet: 100_000 }),
          invitee(9, { phoneBound: true, firstDeposit: null, validBet: 0 }),
        ],
      },
      expect: { state: 'accruing', claimable: [], amounts: { bet: 0 }, progress: 0 },
    },
    {
      name: "an invitee's bonus once for ever",
      facts: {
        invitees: [invitee(7, { phoneBound: true, firstDeposit: 10_000, validBet: 0 })],
        claims: [{ period: '2026-11-20', tier: 'inv7', at: new Date(), amount: 1_000 }],
      },
      expect: { state: 'accruing', claimable: [] },
    },
    {
      name: "yesterday's commission: 0.3% of the valid invitees' bet",
      facts: {
        now: new Date('2026-11-27T01:00:00Z'),
        invitees: [
          invitee(7, { phoneBound: true, firstDeposit: 20_000, validBet: 250_000 }),
          invitee(8, { phoneBound: false, firstDeposit: 20_000, validBet: 900_000 }),
        ],
      },
      expect: { state: 'claimable', claimable: ['bet'], amounts: { bet: 750 } },
    },
    {
      name: 'the rate is a setting',
      settings: { betRate: 1 },
      facts: { now: new Date('2026-11-27T01:00:00Z'), invitees: [invitee(7, { phoneBound: true, firstDeposit: 20_000, validBet: 250_000 })] },
      expect: { amounts: { bet: 2_500 } },
    },
    {
      name: "a day's commission once",
      facts: {
        now: new Date('2026-11-27T01:00:00Z'),
        invitees: [invitee(7, { phoneBound: true, firstDeposit: 20_000, validBet: 250_000 })],
        claims: [{ period: '2026-11-26', tier: 'bet', at: new Date('2026-11-27T00:30:00Z'), amount: 750 }],
      },
      expect: { state: 'claimed', claimable: [] },
    },
    {
      name: '72 hours after the day: expired',
      facts: { now: new Date('2026-11-29T16:00:00Z'), invitees: [invitee(7, { phoneBound: true, firstDeposit: 20_000, validBet: 250_000 })] },
      expect: { state: 'expired', claimable: [] },
    },
  ],
});
