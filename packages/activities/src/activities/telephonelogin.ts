/** telephonelogin (domain.md): binding a Philippine mobile number (+63 9XX) pays once. */
import { activitySettings, defineActivity, positiveChips } from '../define';

const settings = activitySettings({ amount: positiveChips.default(1_000) });

/** '+63 9171234567': country 63, ten digits starting with 9. */
export const PH_MOBILE = /^\+63 9\d{9}$/;

export const telephonelogin = defineActivity({
  id: 'telephonelogin',
  name: { en: 'Phone sign-in reward', zh: '手机登录奖励' },
  rules: {
    en: 'A player who has bound a Philippine mobile number (+63 9XX XXX XXXX) receives the reward once; one reward per phone number across accounts.',
    zh: '绑定菲律宾手机号（+63 9XX XXX XXXX）的玩家可领取一次奖励；同一手机号在所有账号中只奖励一次。',
  },
  settings,
  labels: { amount: { en: 'Reward', zh: '奖励' } },
  listens: ['phone'],
  period: 'once',
  states: ['unbound', 'claimable', 'claimed'],
  final: ['claimed'],
  evaluate(s, f) {
    if (f.claims.length > 0) return { state: 'claimed', progress: 1, target: 1, tiers: [] };
    const ok = f.phone !== null && PH_MOBILE.test(f.phone);
    return {
      state: ok ? 'claimable' : 'unbound',
      progress: ok ? 1 : 0,
      target: 1,
      tiers: [
        {
          tier: 'bind',
          label: { en: 'Bind a +63 9XX number', zh: '绑定+63 9XX手机' },
          currency: 'chip',
          amount: s.amount,
          reached: ok,
          why: ok ? undefined : f.phone ? 'Only a +63 9XX mobile number counts' : 'Bind a phone first',
        },
      ],
    };
  },
  examples: [
    { name: 'no phone', facts: {}, expect: { state: 'unbound', claimable: [] } },
    { name: 'a +63 9XX number', facts: { phone: '+63 9171234567' }, expect: { state: 'claimable', claimable: ['bind'], amounts: { bind: 1_000 } } },
    { name: 'a landline does not count', facts: { phone: '+63 2812345678' }, expect: { state: 'unbound', claimable: [] } },
    { name: 'another country does not count', facts: { phone: '+86 13800138000' }, expect: { claimable: [] } },
    {
      name: 'once',
      facts: { phone: '+63 9171234567', claims: [{ period: 'once', tier: 'bind', at: new Date(), amount: 1_000 }] },
      expect: { state: 'claimed', claimable: [] },
    },
  ],
});
