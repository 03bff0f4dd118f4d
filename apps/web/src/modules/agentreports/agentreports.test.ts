// @vitest-environment jsdom
/**
 * The agent reports' declarations: one component per screen of this folder, every i18n key they
 * use exists in English and Chinese, and the extra rebate form turns pesos and percent into the
 * API's chips and basis points (empty tiers left out) and back.
 */
import { describe, expect, it } from 'vitest';
import { extraRebateCreateBody } from '@console/schemas';
import { agentreportsScreens } from './index';
import locales from './locales';
import {
  agentGameLogs,
  analyze,
  coinDealerLogs,
  configBody,
  configForm,
  configList,
  cooperAgents,
  cooperDashboard,
  cooperSearch,
  inviteeData,
  payouts,
  screenFor,
  shareData,
} from './screens';

const lookup = (tree: unknown, key: string) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
const keysOf = (value: unknown, out: Set<string> = new Set()): Set<string> => {
  if (typeof value === 'string' && value.startsWith('agentreports.')) out.add(value);
  else if (Array.isArray(value)) value.forEach((v) => keysOf(v, out));
  else if (value && typeof value === 'object') Object.values(value).forEach((v) => keysOf(v, out));
  return out;
};

describe('agent reports screens', () => {
  it('has a component for each of its eight screens', () => {
    expect(Object.keys(agentreportsScreens)).toHaveLength(8);
    for (const path of Object.keys(agentreportsScreens)) expect(screenFor(path)).toBeTypeOf('function');
  });

  it('every string key of the declarations exists in English and Chinese', () => {
    const list = configList(() => undefined);
    const decls = [
      cooperDashboard,
      cooperAgents({}),
      cooperSearch,
      inviteeData,
      shareData,
      coinDealerLogs,
      analyze,
      agentGameLogs,
      payouts('1'),
      {
        ...list,
        toolbar: list.toolbar?.map((a) => ({ ...a, form: { ...a.form, initialValues: undefined } })),
        actions: list.actions?.map((a) => ({ ...a, form: { ...a.form, initialValues: undefined } })),
      },
    ];
    const keys = keysOf(decls);
    for (const k of ['agentreports.back', 'agentreports.configKey', 'agentreports.yes', 'agentreports.no']) keys.add(k);
    expect(keys.size).toBeGreaterThan(60);
    for (const key of keys) {
      expect(lookup(locales.en, key), `en ${key}`).toBeTypeOf('string');
      expect(lookup(locales.zh, key), `zh ${key}`).toBeTypeOf('string');
    }
  });

  it('the form sends chips and basis points, and reads them back', () => {
    const values = {
      name: 'Push',
      windowFrom: '2026-12-01',
      windowTo: '2026-12-07',
      t1Rake: 10_000,
      t1Active: 10,
      t1Rate: 2,
      t2Rake: 20_000,
      t2Active: 12,
      t2Rate: 3.5,
      agentCap: 500,
      budget: 5_000,
    };
    const body = configBody(values);
    expect(body).toEqual({
      name: 'Push',
      windowFrom: '2026-12-01',
      windowTo: '2026-12-07',
      agentCap: 50_000,
      budget: 500_000,
      tiers: [
        { t1Rake: 1_000_000, activeInvitees: 10, rateBp: 200 },
        { t1Rake: 2_000_000, activeInvitees: 12, rateBp: 350 },
      ],
    });
    expect(extraRebateCreateBody.safeParse({ ...body, partner: 1 }).success).toBe(true);
    const row = {
      ...body,
      id: 3,
      partner: 1,
      status: 'open',
      version: 2,
      tiersText: '',
      paid: 0,
      agents: 0,
      settledAt: null,
      updatedBy: 'partner',
      updatedAt: '',
    } as never;
    expect(configForm(row)).toMatchObject({ t1Rake: 10_000, t1Rate: 2, t2Rate: 3.5, agentCap: 500, budget: 5_000 });
  });
});
