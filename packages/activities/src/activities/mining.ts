/**
 * mining (domain.md): ore accrues at 10 an hour, the storage is full after 8 hours, each VIP
 * level adds 10% to both; claiming exchanges the stored ore for chips and starts the storage again.
 *
 * The exchange is a setting, `chipsPer100Ore`, in centavos like every amount of the console.
 * domain.md's "100 ore = 1 chip" read literally as 1 centavo would pay less than a centavo for a
 * full storage (80 ore); it reads the game's chip as one peso, so the default is 100 centavos
 * (₱1) per 100 ore: a full storage pays ₱0.80 at VIP 0 and ₱1.60 at VIP 10, at most three a day.
 *
 * Ore accrues since the player's last mining claim, or since the activity's start (`startAt`;
 * without one the first storage is full at once), and stops at the storage. A settings save does
 * not empty the storages (the ore is time the player already waited; a full storage is a final
 * state); the new rate and storage apply to the ore since the last claim. The ore is whole
 * (rounded down) and what a claim does not pay (the part of 100 ore the exchange rounds away)
 * is not carried over.
 *
 * Period 'once' with one tier per claim, `c<n>` (the player's n-th claim): each key is paid once,
 * and a repeated claim of the same key answers the first payment.
 */
import { whole } from '@console/games';
import { activitySettings, defineActivity, positiveChips } from '../define';

const HOUR_MS = 3_600_000;

const settings = activitySettings(
  {
    orePerHour: whole(1, 1_000_000).default(10),
    /** Hours of accrual the storage holds. */
    fullHours: whole(1, 168).default(8),
    /** Percent added to the rate and the storage per VIP level. */
    vipBonusPercent: whole(0, 100).default(10),
    /** Centavos 100 ore are worth. */
    chipsPer100Ore: positiveChips.default(100),
    /** The least ore a claim takes. */
    minOre: whole(1, 1_000_000_000).default(10),
  },
  (s, ctx) => {
    if (s.minOre > s.orePerHour * s.fullHours) ctx.addIssue({ code: 'custom', path: ['minOre'], message: 'Must be at most the storage (ore an hour × hours)' });
  },
);

export const mining = defineActivity({
  id: 'mining',
  name: { en: 'Mining', zh: '挖矿活动' },
  rules: {
    en: 'Ore accrues every hour since the last claim until the storage is full; each VIP level adds the set percent to the rate and the storage. Claiming exchanges the ore for chips at the set rate and starts the storage again.',
    zh: '自上次领取起每小时累积矿石，矿仓满后停止累积；每个VIP等级按设定比例提高产量和矿仓容量。领取时按设定汇率将矿石兑换为筹码，矿仓重新开始累积。',
  },
  settings,
  labels: {
    orePerHour: { en: 'Ore an hour', zh: '每小时矿石' },
    fullHours: { en: 'Hours to fill the storage', zh: '矿仓满仓小时数' },
    vipBonusPercent: { en: 'VIP bonus per level (%)', zh: '每级VIP加成(%)' },
    chipsPer100Ore: { en: 'Value of 100 ore', zh: '每100矿石兑换筹码' },
    minOre: { en: 'Least ore a claim takes', zh: '最少领取矿石' },
  },
  listens: ['time'],
  period: 'once',
  states: ['accruing', 'claimable', 'full'],
  final: ['full'],
  evaluate(s, f, p) {
    const boost = 100 + f.vip * s.vipBonusPercent;
    const storage = Math.floor((s.orePerHour * s.fullHours * boost) / 100);
    const last = f.claims.at(-1);
    const since = last && last.at > p.start ? last.at : p.start;
    const hours = Math.max(0, f.now.getTime() - since.getTime()) / HOUR_MS;
    const ore = Math.min(storage, Math.floor((hours * s.orePerHour * boost) / 100));
    const amount = Math.floor((ore * s.chipsPer100Ore) / 100);
    const n = f.claims.length + 1;
    let why: string | undefined;
    if (ore < s.minOre) why = `Mined ${ore} ore of the ${s.minOre} a claim takes`;
    else if (amount <= 0) why = `${ore} ore is worth nothing yet`;
    const reached = why === undefined;
    return {
      state: ore >= storage ? 'full' : reached ? 'claimable' : 'accruing',
      progress: ore,
      target: storage,
      tiers: [{ tier: `c${n}`, label: { en: `Claim ${n}: ${ore} ore`, zh: `第${n}次领取：${ore}矿石` }, currency: 'chip', amount, reached, why }],
    };
  },
  examples: [
    {
      name: 'just started: nothing yet',
      settings: { startAt: '2026-11-26T11:30:00+08:00' },
      facts: {},
      expect: { state: 'accruing', claimable: [], progress: 5, target: 80 },
    },
    {
      name: 'two hours: 20 ore, ₱0.20',
      settings: { startAt: '2026-11-26T10:00:00+08:00' },
      facts: {},
      expect: { state: 'claimable', claimable: ['c1'], amounts: { c1: 20 }, progress: 20 },
    },
    {
      name: 'full after 8 hours',
      settings: { startAt: '2026-11-25T12:00:00+08:00' },
      facts: {},
      expect: { state: 'full', claimable: ['c1'], amounts: { c1: 80 }, progress: 80, target: 80 },
    },
    { name: 'no start date: the first storage is full', facts: {}, expect: { state: 'full', claimable: ['c1'], amounts: { c1: 80 } } },
    { name: 'VIP 3: +30% rate and storage', facts: { vip: 3 }, expect: { state: 'full', amounts: { c1: 104 }, target: 104 } },
    {
      name: 'VIP 3 after 2 hours: 26 ore',
      settings: { startAt: '2026-11-26T10:00:00+08:00' },
      facts: { vip: 3 },
      expect: { amounts: { c1: 26 }, progress: 26 },
    },
    {
      name: 'accrues again from the last claim, next key',
      facts: { claims: [{ period: 'once', tier: 'c1', at: new Date('2026-11-26T01:00:00.000Z'), amount: 80 }] },
      expect: { state: 'claimable', claimable: ['c2'], amounts: { c2: 30 }, progress: 30 },
    },
    {
      name: 'right after a claim: accruing',
      facts: { claims: [{ period: 'once', tier: 'c1', at: new Date('2026-11-26T03:59:00.000Z'), amount: 80 }] },
      expect: { state: 'accruing', claimable: [], progress: 0 },
    },
    { name: 'the exchange is a setting', settings: { chipsPer100Ore: 500 }, facts: {}, expect: { amounts: { c1: 400 } } },
    {
      name: 'a settings save does not empty the storage',
      facts: { from: new Date('2026-11-26T03:00:00.000Z'), claims: [{ period: 'once', tier: 'c1', at: new Date('2026-11-26T00:00:00.000Z'), amount: 80 }] },
      expect: { state: 'claimable', progress: 40 },
    },
  ],
});
