/**
 * Every string key the /remoteconfig declarations and their histories name (titles, filters,
 * columns, status labels, actions, form fields and help, field labels of the compare view)
 * exists in English and in Chinese, and the body each form posts has the API's shape.
 */
import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import '../../kit/test/setup';
import {
  appScopes,
  PLATFORM_SCOPES,
  type AppScopes,
  type PlatformApplicationView,
  cashoutChannelConfigBody,
  paymentPackageConfigBody,
  rechargeChannelConfigBody,
  rechargeProductConfigBody,
} from '@console/schemas';
import type { ActionDeclaration, FieldDeclaration, FilterDeclaration, ListDeclaration } from '../../kit';
import { applicationHistory, applicationScreen } from './application';
import { fromForm, toForm } from './ScopesEditor';
import { cashoutChannelsHistory, cashoutChannelsScreen } from './cashoutChannels';
import { packageControlHistory, screen as packagesScreen } from './packageControl';
import { channelsScreen, payControlHistory, productsScreen } from './payControl';
import { withdrawalconfigsHistory, withdrawalconfigsScreen } from './withdrawalconfigs';

const lists = [cashoutChannelsScreen, channelsScreen([], []), productsScreen, packagesScreen([], []), applicationScreen] as unknown as ListDeclaration<never>[];
const fixed = (key: unknown) => (typeof key === 'string' ? [key] : []);
const fieldKeys = (f: FieldDeclaration) => [
  f.label,
  ...fixed(f.help),
  ...(Array.isArray(f.options) ? f.options.filter((o) => !o.literal).map((o) => o.label) : []),
];
const filterKeys = (f: FilterDeclaration) => [f.label, ...(f.kind === 'select' ? f.options.filter((o) => !o.literal).map((o) => o.label) : [])];
const actionKeys = (a: ActionDeclaration<never>) => [
  ...(typeof a.label === 'function' ? [a.label({ enabled: true } as never), a.label({ enabled: false } as never)] : [a.label]),
  ...(typeof a.confirm === 'function' ? [a.confirm({ enabled: true } as never), a.confirm({ enabled: false } as never)] : fixed(a.confirm)),
  ...fixed(a.form?.title),
  ...(a.form?.fields ?? []).flatMap(fieldKeys),
];
const keysOf = (d: ListDeclaration<never>) => [
  d.title,
  ...(d.filters ?? []).flatMap(filterKeys),
  ...d.columns.flatMap((c) => [c.title, ...Object.values(c.labels ?? {})]),
  ...[...(d.toolbar ?? []), ...(d.actions ?? [])].flatMap(actionKeys),
];

const DOC_FIELDS: [typeof payControlHistory, string[]][] = [
  [
    payControlHistory,
    ['channel', 'name', 'icon', 'sortOrder', 'status', 'paidOnly', 'products', 'packages', 'productId', 'price', 'chips', 'firstBonus', 'enabled'],
  ],
  [cashoutChannelsHistory, ['channel', 'min', 'max', 'feePercent', 'dailyMax', 'dailyMaxEnabled', 'maxConsecutiveFailures', 'consecutiveFailures', 'status']],
  [packageControlHistory, ['package', 'name', 'partner', 'channels']],
  [withdrawalconfigsHistory, ['fourEyesAmount', 'dailyCount', 'reviewFromHour', 'reviewToHour']],
  [applicationHistory, ['appId', 'name', 'enabled', 'fingerprint', 'previousUntil', 'scopes', 'signatureVersion']],
];

describe('/remoteconfig declarations', () => {
  it('name only keys that exist in English and in Chinese', () => {
    const keys = [
      ...new Set([
        ...lists.flatMap(keysOf),
        withdrawalconfigsScreen.title,
        ...(withdrawalconfigsScreen.fields ?? []).flatMap(fieldKeys),
        ...DOC_FIELDS.flatMap(([h, fields]) => fields.map((f) => h.fieldLabel!(f))),
        'history.button',
        'history.action.create',
        'history.action.autoClose',
        'history.confirmRestore',
      ]),
    ];
    expect(keys.length).toBeGreaterThan(80);
    for (const lng of ['en', 'zh']) {
      const missing = keys.filter((k) => typeof i18next.getResource(lng, 'translation', k) !== 'string');
      expect(missing, lng).toEqual([]);
    }
  });

  it('forms post what the API takes: pesos become centavos, the code comes from the row when editing', () => {
    const edit = cashoutChannelsScreen.actions!.find((a) => a.key === 'edit')!;
    const row = { channel: 'gcash', min: 10_000, max: 5_000_000 } as never;
    const values = {
      ...edit.form!.initialValues!(row),
      name: 'GCash',
      icon: '',
      sortOrder: 1,
      status: 'open',
      feePercent: 2.5,
      dailyMax: 3,
      dailyMaxEnabled: true,
      maxConsecutiveFailures: 5,
    };
    expect(values).toMatchObject({ min: 100, max: 50_000 });
    const sent = edit.call.body!(row, values);
    expect(cashoutChannelConfigBody.parse(sent)).toMatchObject({ channel: 'gcash', min: 10_000, max: 5_000_000, feePercent: 2.5 });

    const product = productsScreen.toolbar![0].call.body!(undefined, {
      productId: 'php100',
      name: 'P',
      price: 100.5,
      chips: 10_050,
      firstBonus: 0,
      enabled: true,
      sortOrder: 1,
    });
    expect(rechargeProductConfigBody.parse(product)).toMatchObject({ price: 10_050 });
    const channel = channelsScreen([], []).toolbar![0].call.body!(undefined, { channel: 'maya', name: 'Maya', sortOrder: 2, status: 'open' });
    expect(rechargeChannelConfigBody.parse(channel)).toMatchObject({ products: [], packages: [], paidOnly: false, icon: '' });
    const pkg = packagesScreen([], []).toolbar![0].call.body!(undefined, { package: 'com.x', name: 'X', partner: '2' });
    expect(paymentPackageConfigBody.parse(pkg)).toEqual({ package: 'com.x', name: 'X', partner: 2, channels: [] });
  });
});

describe('the scope editor', () => {
  it("reads an application's scopes into the form and writes the same scopes back", () => {
    const scopes: AppScopes = {
      events: { types: ['player.login', '*'] },
      rounds: {},
      'config.read': {},
      'wallet.debit': {
        limits: [
          { currency: 'chip', maxAmount: 5_000, dayTotal: null },
          { currency: 'bean', maxAmount: 10, dayTotal: 100 },
        ],
      },
      'wallet.credit.unmatched': { currencies: ['bonus'] },
      'recharge.callback': { channels: ['gcash'] },
    };
    const row = { appId: 'a', scopes, signatureVersion: 2 } as unknown as PlatformApplicationView;
    const form = toForm(row);
    expect(form.signatureVersion).toBe(2);
    expect(appScopes.parse(fromForm(form))).toEqual(scopes);
    // a wallet scope switched off drops its limits; a currency unticked leaves its row
    (form.on as Record<string, boolean>).wallet_debit = false;
    expect(fromForm(form)['wallet.debit']).toBeUndefined();
    (form.on as Record<string, boolean>).wallet_debit = true;
    (form.limits as Record<string, Record<string, { on: boolean }>>).wallet_debit.bean.on = false;
    expect(fromForm(form)['wallet.debit']).toEqual({ limits: [{ currency: 'chip', maxAmount: 5_000, dayTotal: null }] });
  });

  it('names every scope and its help in both languages', () => {
    for (const lang of ['en', 'zh']) {
      const t = i18next.getFixedT(lang);
      for (const scope of PLATFORM_SCOPES) {
        const key = `remoteconfig.application.scopes.help.${scope.replace(/\./g, '_')}`;
        expect([lang, key, t(key)]).not.toEqual([lang, key, key]);
      }
    }
  });
});
