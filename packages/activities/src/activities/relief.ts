/** relief (domain.md): a broke player (chip + safe below the line) may take a relief grant a few times a day, some minutes apart, phone bound. */
import { z } from 'zod';
import { activitySettings, defineActivity, peso, positiveChips } from '../define';
import { whole } from '@console/games';

const settings = activitySettings({
  /** chip + safe below this, centavos. */
  threshold: positiveChips.default(1_000),
  amount: positiveChips.default(2_000),
  perDay: whole(1, 20).default(3),
  gapMinutes: whole(0, 1_440).default(10),
  phoneRequired: z.boolean().default(true),
});

export const relief = defineActivity({
  id: 'relief',
  name: { en: 'Relief fund', zh: '救济金' },
  rules: {
    en: 'A player whose chips and safe together are below the line may claim the grant up to the daily count, the set minutes apart; with a bound phone when required.',
    zh: '筹码与保险箱合计低于余额线的玩家，每日可按设定次数、间隔领取救济金；需要时须绑定手机。',
  },
  settings,
  labels: {
    threshold: { en: 'Balance line (chip + safe)', zh: '余额线(筹码+保险箱)' },
    amount: { en: 'Grant', zh: '救济金额' },
    perDay: { en: 'Grants a day', zh: '每日次数' },
    gapMinutes: { en: 'Minutes between grants', zh: '间隔分钟' },
    phoneRequired: { en: 'Bound phone required', zh: '需绑定手机' },
  },
  listens: ['balance', 'phone'],
  period: 'day',
  states: ['waiting', 'claimable', 'used'],
  final: ['used'],
  evaluate(s, f, p) {
    const today = f.claims.filter((c) => c.period === p.key);
    const n = today.length;
    const tier = String(n + 1);
    const label = { en: `Grant ${n + 1} of ${s.perDay}`, zh: `第${n + 1}次(共${s.perDay}次)` };
    if (n >= s.perDay) return { state: 'used', progress: n, target: s.perDay, tiers: [] };
    const last = today.at(-1);
    const waitMs = last ? last.at.getTime() + s.gapMinutes * 60_000 - f.now.getTime() : 0;
    let why: string | undefined;
    if (s.phoneRequired && !f.phone) why = 'Bind a phone first';
    else if (f.balance >= s.threshold) why = `Balance ${peso(f.balance)} is not below ${peso(s.threshold)}`;
    else if (waitMs > 0) why = `Next grant in ${Math.ceil(waitMs / 60_000)} min`;
    const reached = why === undefined;
    return {
      state: reached ? 'claimable' : 'waiting',
      progress: n,
      target: s.perDay,
      tiers: [{ tier, label, currency: 'chip', amount: s.amount, reached, why }],
    };
  },
  examples: [
    {
      name: 'broke with a phone: the first grant',
      facts: { balance: 999, phone: '+63 9171234567' },
      expect: { state: 'claimable', claimable: ['1'], amounts: { 1: 2_000 } },
    },
    { name: 'at the line: nothing', facts: { balance: 1_000, phone: '+63 9171234567' }, expect: { state: 'waiting', claimable: [] } },
    { name: 'no phone: nothing', facts: { balance: 0 }, expect: { state: 'waiting', claimable: [] } },
    { name: 'no phone needed when switched off', settings: { phoneRequired: false }, facts: { balance: 0 }, expect: { claimable: ['1'] } },
    {
      name: 'second grant 5 minutes after the first: wait',
      facts: { balance: 0, phone: '+63 9171234567', claims: [{ period: '2026-11-26', tier: '1', at: new Date('2026-11-26T03:55:00Z'), amount: 2_000 }] },
      expect: { state: 'waiting', claimable: [] },
    },
    {
      name: 'second grant 10 minutes after the first',
      facts: { balance: 0, phone: '+63 9171234567', claims: [{ period: '2026-11-26', tier: '1', at: new Date('2026-11-26T03:50:00Z'), amount: 2_000 }] },
      expect: { state: 'claimable', claimable: ['2'] },
    },
    {
      name: 'three a day, then used',
      facts: {
        balance: 0,
        phone: '+63 9171234567',
        claims: ['1', '2', '3'].map((tier, i) => ({ period: '2026-11-26', tier, at: new Date(Date.UTC(2026, 10, 26, 1, i * 20)), amount: 2_000 })),
      },
      expect: { state: 'used', claimable: [] },
    },
    {
      name: "yesterday's grants do not count today",
      facts: { balance: 0, phone: '+63 9171234567', claims: [{ period: '2026-11-25', tier: '3', at: new Date('2026-11-25T10:00:00Z'), amount: 2_000 }] },
      expect: { claimable: ['1'] },
    },
  ],
});
