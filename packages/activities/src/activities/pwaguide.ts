/**
 * pwaguide (domain.md): 500 at the first login from the installed web app. The fact is the
 * platform's `player.pwaLogin` event (the app opened in standalone mode after "Add to Home
 * Screen" reports its login; docs/decisions/034-recall-and-pwa-facts.md): the player's first one
 * in the period (the activity's dates, or for ever) makes tier `install` claimable, once per
 * player for ever. One reward per device is the engine's rule (a second account on the device
 * that took it is refused).
 */
import { activitySettings, defineActivity, positiveChips } from '../define';

const settings = activitySettings({ amount: positiveChips.default(500) });

export const pwaguide = defineActivity({
  id: 'pwaguide',
  name: { en: 'Install-app guide', zh: 'PWA安装引导' },
  rules: {
    en: 'Add the web app to the home screen and log in from it: the first login from the installed app pays the reward once; one reward per device.',
    zh: '将网页应用添加到主屏幕并从中登录：首次从已安装应用登录可领取一次奖励；每台设备仅奖励一次。',
  },
  settings,
  labels: { amount: { en: 'Reward', zh: '奖励' } },
  listens: ['pwa'],
  period: 'once',
  states: ['uninstalled', 'claimable', 'claimed'],
  final: ['claimed'],
  evaluate(s, f) {
    if (f.claims.length > 0) return { state: 'claimed', progress: 1, target: 1, tiers: [] };
    const ok = f.pwaLogin !== null;
    return {
      state: ok ? 'claimable' : 'uninstalled',
      progress: ok ? 1 : 0,
      target: 1,
      tiers: [
        {
          tier: 'install',
          label: { en: 'Log in from the installed app', zh: '从已安装应用登录' },
          currency: 'chip',
          amount: s.amount,
          reached: ok,
          why: ok ? undefined : 'Add the app to your home screen and log in from it',
        },
      ],
    };
  },
  examples: [
    { name: 'never opened from the installed app', facts: {}, expect: { state: 'uninstalled', claimable: [], amounts: { install: 500 }, progress: 0 } },
    {
      name: 'a login from the installed app: ₱5',
      facts: { pwaLogin: { at: new Date('2026-11-26T01:00:00Z'), deviceId: 'd-1' } },
      expect: { state: 'claimable', claimable: ['install'], amounts: { install: 500 }, progress: 1 },
    },
    {
      name: 'once per player for ever',
      facts: {
        pwaLogin: { at: new Date('2026-11-26T01:00:00Z'), deviceId: 'd-1' },
        claims: [{ period: 'once', tier: 'install', at: new Date('2026-11-26T01:05:00Z'), amount: 500 }],
      },
      expect: { state: 'claimed', claimable: [] },
    },
    {
      name: 'the reward is a setting',
      settings: { amount: 1_000 },
      facts: { pwaLogin: { at: new Date('2026-11-26T01:00:00Z'), deviceId: 'd-1' } },
      expect: { claimable: ['install'], amounts: { install: 1_000 } },
    },
  ],
});
