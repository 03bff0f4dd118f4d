// @vitest-environment jsdom
/**
 * The partner screens' declarations: one entry per catalogue path they cover, every i18n key they
 * use exists in English and Chinese, and the forms send the API's units (pesos × 100, percent ×
 * 100 as basis points) with a fresh idempotency key for money.
 */
import { listScreens } from '@console/catalog';
import { describe, expect, it } from 'vitest';
import { partnersScreens } from './index';
import locales from './locales';
import { billsDecl, dealersDecl, defaultsDecl, movementsDecl, partnersDecl, SCREENS, transfersDecl } from './screens';

const lookup = (tree: unknown, key: string) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
const keysOf = (value: unknown, out: Set<string> = new Set()): Set<string> => {
  if (typeof value === 'string' && value.startsWith('partners.')) out.add(value);
  else if (Array.isArray(value)) value.forEach((v) => keysOf(v, out));
  else if (typeof value === 'function') {
    /* computed labels are checked below */
  } else if (value && typeof value === 'object') Object.values(value).forEach((v) => keysOf(v, out));
  return out;
};
const MINE = [
  '/platmanager/partnerediter',
  '/platmanager/defalutediter',
  '/platmanager/coinediter',
  '/platmanager/coinlogs',
  '/partnermanager/partnerCoinLogs',
  '/partnermanager/coinbusiness',
  '/partnermanager/accounttransfer',
  '/partnermanager/partnersum',
];

describe('partner screens', () => {
  it('registers the eight catalogue screens, each with a component', () => {
    const paths = new Set(listScreens().map((s) => s.fullPath));
    for (const path of MINE) expect(paths.has(path), path).toBe(true);
    expect(Object.keys(partnersScreens).sort()).toEqual([...MINE].sort());
    for (const path of MINE) expect(SCREENS[path]).toBeTypeOf('function');
  });

  it('every string key of the declarations exists in English and Chinese', () => {
    const decls = [partnersDecl, defaultsDecl, dealersDecl(true), dealersDecl(false), movementsDecl, billsDecl, transfersDecl([])];
    const keys = keysOf(decls);
    for (const s of [
      'active',
      'suspended',
      'frozen',
      'pending',
      'requested',
      'paid',
      'done',
      'approved',
      'cancelled',
      'rejected',
      'draft',
      'confirmed',
      'settled',
      'disputed',
    ]) {
      keys.add(`partners.status.${s}`);
    }
    for (const k of ['freeze', 'unfreeze']) {
      keys.add(`partners.action.${k}`);
      keys.add(`partners.confirm.${k}`);
    }
    expect(keys.size).toBeGreaterThan(80);
    for (const key of keys) {
      expect(lookup(locales.en, key), `en ${key}`).toBeTypeOf('string');
      expect(lookup(locales.zh, key), `zh ${key}`).toBeTypeOf('string');
    }
  });

  it("a bill shows the days it covers, both included (not the period's end instant, the next day's 00:00)", () => {
    const keys = billsDecl.columns.map((c) => c.key);
    expect(keys).toEqual(expect.arrayContaining(['fromDay', 'toDay']));
    expect(keys).not.toContain('periodTo');
    expect(locales.en.partners.f.toDay).toBe('Last day');
    expect(locales.zh.partners.f.toDay).toBe('结束日（含）');
    expect(billsDecl.toolbar![0].form!.fields.map((f) => f.label)).toEqual(['partners.f.partner', 'partners.f.fromDay', 'partners.f.toDay']);
  });

  it('forms send the smallest unit, basis points and a key', () => {
    const sell = partnersDecl.actions!.find((a) => a.key === 'sell')!.call.body!({ id: 2 } as never, { amount: 1234.5, note: ' wire ' }) as Record<
      string,
      unknown
    >;
    expect(sell).toMatchObject({ partner: 2, amount: 123_450, note: 'wire' });
    expect(String(sell.key).length).toBeGreaterThan(8);
    const edit = partnersDecl.actions!.find((a) => a.key === 'edit')!.call.body!({ id: 1 } as never, {
      name: 'P',
      deposit: 100,
      rakeSharePct: 55,
      cloudPricePct: 92.5,
      transferThreshold: 10,
      dealerDailyLimit: 20,
      dealerPricePct: 100,
    }) as Record<string, unknown>;
    expect(edit).toEqual({
      id: 1,
      name: 'P',
      deposit: 10_000,
      rakeSharePct: 55,
      cloudPriceBp: 9250,
      transferThreshold: 1000,
      dealerDailyLimit: 2000,
      dealerPriceBp: 10_000,
    });
    const transfer = transfersDecl([{ id: 4, kind: 'partner', owner: '1', name: 'Partner 1', balance: 100 }]).toolbar![0];
    expect(transfer.call.body!(undefined, { from: '4', to: '7', amount: 3, reason: 'x' })).toEqual({
      kind: 'account',
      from: 4,
      to: 7,
      amount: 300,
      reason: 'x',
    });
    expect(billsDecl.actions!.find((a) => a.key === 'adjust')!.call.body!({ id: 9 } as never, { amount: -1.5, reason: 'r' })).toEqual({
      id: 9,
      amount: -150,
      reason: 'r',
    });
  });
});
