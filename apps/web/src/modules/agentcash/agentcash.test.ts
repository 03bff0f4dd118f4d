// @vitest-environment jsdom
/**
 * The /agentcash and /groundpromoters declarations: one entry per catalogue path, every i18n
 * key they use exists in English and Chinese, and the forms send the API's bodies (centavos).
 */
import { listScreens } from '@console/catalog';
import { describe, expect, it } from 'vitest';
import { agentcashScreens } from './index';
import { configDecl } from './config';
import { figuresList } from './figures';
import locales from './locales';
import { ordersList, QUEUES } from './review';
import { groundpromotersScreens } from '../groundpromoters/index';
import gpLocales from '../groundpromoters/locales';
import { recordsList } from '../groundpromoters/records';
import { promotersList, settingsList } from '../groundpromoters/settings';

const lookup = (tree: unknown, key: string) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
const keysOf = (prefix: string, value: unknown, out: Set<string> = new Set()): Set<string> => {
  if (typeof value === 'string' && value.startsWith(prefix)) out.add(value);
  else if (Array.isArray(value)) value.forEach((v) => keysOf(prefix, v, out));
  else if (value && typeof value === 'object') Object.values(value).forEach((v) => keysOf(prefix, v, out));
  return out;
};

describe('agentcash and groundpromoters screens', () => {
  it('registers every catalogue screen of both modules', () => {
    const paths = (base: string) =>
      listScreens()
        .map((s) => s.fullPath)
        .filter((p) => p.startsWith(base))
        .sort();
    expect(Object.keys(agentcashScreens).sort()).toEqual(paths('/agentcash/'));
    expect(Object.keys(groundpromotersScreens).sort()).toEqual(paths('/groundpromoters/'));
  });

  it('every string key exists in English and Chinese', () => {
    const strip = (d: object) => JSON.parse(JSON.stringify(d, (_k, v) => (typeof v === 'function' ? undefined : v)));
    const agent = keysOf(
      'agentcash.',
      [configDecl, ...QUEUES.map((q) => ordersList(q)), ordersList(), figuresList('date'), figuresList('month'), figuresList('user')].map(strip),
    );
    expect(agent.size).toBeGreaterThan(40);
    for (const key of agent) {
      expect(lookup(locales.en, key), `en ${key}`).toBeTypeOf('string');
      expect(lookup(locales.zh, key), `zh ${key}`).toBeTypeOf('string');
    }
    const gp = keysOf('groundpromoters.', [settingsList, promotersList, recordsList].map(strip));
    expect(gp.size).toBeGreaterThan(30);
    for (const key of gp) {
      expect(lookup(gpLocales.en, key), `en ${key}`).toBeTypeOf('string');
      expect(lookup(gpLocales.zh, key), `zh ${key}`).toBeTypeOf('string');
    }
  });

  it('forms send centavos and the API bodies', () => {
    expect(
      configDecl.save.body!({
        partner: 1,
        minAmount: 100,
        maxAmount: 100_000,
        dailyMaxAmount: 100_000,
        dailyCount: 3,
        feePercent: 1.5,
        autoApproveAmount: 1_000,
        fourEyesAmount: 10_000,
      }),
    ).toEqual({
      partner: 1,
      config: {
        minAmount: 10_000,
        maxAmount: 10_000_000,
        dailyMaxAmount: 10_000_000,
        dailyCount: 3,
        feePercent: 1.5,
        autoApproveAmount: 100_000,
        fourEyesAmount: 1_000_000,
      },
    });
    const approve = ordersList('not_reviewed').actions!.find((a) => a.key === 'approve')!;
    expect(approve.call.body!({ orderId: 'a'.repeat(32) } as never, { password: 'pw' })).toEqual({ orderId: 'a'.repeat(32), password: 'pw' });
    const save = settingsList.toolbar![0].call.body!(undefined, {
      province: ' Cebu ',
      bounty: 25,
      minRecharge: 100,
      qualifyDays: 7,
      requirePhone: true,
      sharePercent: 3.5,
      shareDays: 30,
      overridePercent: 1,
    });
    expect(save).toEqual({
      province: 'Cebu',
      setting: { bounty: 2_500, minRecharge: 10_000, qualifyDays: 7, requirePhone: true, sharePercent: 3.5, shareDays: 30, overridePercent: 1 },
    });
  });
});
