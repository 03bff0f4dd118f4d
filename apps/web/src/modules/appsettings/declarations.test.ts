/**
 * Every string key the app-settings declarations and their histories name exists in English and
 * in Chinese, and the body each form posts is what the API's schema takes (pesos → centavos,
 * the key fields from the row when editing).
 */
import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import '../../kit/test/setup';
import { awardBody, giftPackBody, shieldBody, smsProviderBody, smsSettingsBody, whiteBody } from '@console/schemas';
import type { ActionDeclaration, FieldDeclaration, FilterDeclaration, ListDeclaration } from '../../kit';
import { awardconfigs } from './awardconfigs';
import { shield, white } from './blocks';
import { gamestoreScreen } from './gamestore';
import { globalconfig } from './globalconfig';
import { localconfig } from './localconfig';
import { itemDeclaration, itemHistory } from './shape';
import { smsconfigHistory, smsconfigScreen } from './smsconfig';
import { smslogsScreen } from './smslogs';

const store = { decl: itemDeclaration(gamestoreScreen([])), history: itemHistory(gamestoreScreen([])) };
const items = [localconfig, globalconfig, store, awardconfigs, shield, white];
const fixed = (key: unknown) => (typeof key === 'string' ? [key] : []);
const fieldKeys = (f: FieldDeclaration) => [
  f.label,
  ...fixed(f.help),
  ...(Array.isArray(f.options) ? f.options.filter((o) => !o.literal).map((o) => o.label) : []),
];
const filterKeys = (f: FilterDeclaration) => [f.label, ...(f.kind === 'select' ? f.options.filter((o) => !o.literal).map((o) => o.label) : [])];
const actionKeys = (a: ActionDeclaration<never>) => [
  ...(typeof a.label === 'string' ? [a.label] : []),
  ...fixed(a.confirm),
  ...fixed(a.form?.title),
  ...(a.form?.fields ?? []).flatMap(fieldKeys),
];
const keysOf = (d: ListDeclaration<never>) => [
  d.title,
  ...(d.filters ?? []).flatMap(filterKeys),
  ...d.columns.flatMap((c) => [c.title, ...Object.values(c.labels ?? {})]),
  ...[...(d.toolbar ?? []), ...(d.actions ?? [])].flatMap(actionKeys),
];
const docFields = (d: ListDeclaration<never>) => [...(d.toolbar ?? [])].flatMap((a) => (a.form?.fields ?? []).map((f) => f.name));

describe('app-settings declarations', () => {
  it('name only keys that exist in English and in Chinese', () => {
    const lists = [...items.map((i) => i.decl), smslogsScreen] as unknown as ListDeclaration<never>[];
    const keys = [
      ...new Set([
        ...lists.flatMap(keysOf),
        smsconfigScreen.title,
        smsconfigScreen.confirm!,
        ...(smsconfigScreen.fields ?? []).flatMap(fieldKeys),
        ...items.flatMap((i) => docFields(i.decl as never).map((f) => i.history.fieldLabel!(f))),
        ...['domesticCountry', 'failureLimitPercent', 'windowMinutes', 'minResults', 'fallback'].map((f) => smsconfigHistory.fieldLabel!(f)),
        'appsettings.validation.code',
        'appsettings.validation.country',
        'appsettings.validation.region',
        'appsettings.validation.ip',
        'appsettings.validation.uid',
        'appsettings.validation.device',
        'history.button',
      ]),
    ];
    expect(keys.length).toBeGreaterThan(100);
    for (const lng of ['en', 'zh']) {
      const missing = keys.filter((k) => typeof i18next.getResource(lng, 'translation', k) !== 'string');
      expect(missing, lng).toEqual([]);
    }
  });

  it('forms post what the API takes', () => {
    const post = (d: { decl: ListDeclaration<never> }, values: Record<string, unknown>) =>
      d.decl.toolbar![0].call.body!(undefined, { ...d.decl.toolbar![0].form!.initialValues!(undefined), ...values });
    expect(smsProviderBody.parse(post(localconfig as never, { id: 'Globe', name: 'Globe Labs' }))).toMatchObject({
      countryCode: '63',
      function: 'all',
      rank: 1,
    });
    expect(smsProviderBody.parse(post(globalconfig as never, { id: 'Infobip', name: 'Infobip' }))).toMatchObject({ countryCode: '*' });
    expect(giftPackBody.parse(post(store as never, { id: 'daily', name: 'Daily', gold: 6000, price: 49.99, packages: ['com.demo'] }))).toMatchObject({
      price: 4999,
      message: '',
    });
    expect(awardBody.parse(post(awardconfigs as never, { id: 'x', name: 'X', chip: 5 }))).toMatchObject({ use: 'any', note: '' });
    expect(shieldBody.parse(post(shield as never, { value: ' cn ', reason: 'Licence' }))).toEqual({
      kind: 'region',
      value: 'CN',
      reason: 'Licence',
      enabled: true,
    });
    expect(whiteBody.parse(post(white as never, { kind: 'ip', value: '203.177.52.0/24' }))).toEqual({
      kind: 'ip',
      value: '203.177.52.0/24',
      note: '',
      enabled: true,
    });
    // editing: the key fields come from the row, the price back to pesos and then centavos
    const edit = store.decl.actions!.find((a) => a.key === 'edit')!;
    const row = {
      key: 'daily',
      id: 'daily',
      name: 'Daily',
      message: '',
      gold: 6000,
      diamond: 10,
      price: 5000,
      packages: [],
      sortOrder: 1,
      enabled: true,
      updatedAt: '',
    };
    expect(edit.form!.initialValues!(row as never)).toMatchObject({ price: 50 });
    expect(giftPackBody.parse(edit.call.body!(row as never, { name: 'Daily+', price: 55 }))).toMatchObject({ id: 'daily', name: 'Daily+', price: 5500 });
    expect(
      smsSettingsBody.parse(
        smsconfigScreen.save.body!({ domesticCountry: ' 63 ', failureLimitPercent: 30, windowMinutes: 60, minResults: 5, fallback: undefined }),
      ),
    ).toMatchObject({ domesticCountry: '63', fallback: false });
  });
});
