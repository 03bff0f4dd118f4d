/**
 * /remoteconfig/sms/localconfig and globalconfig: the SMS providers of §3 (name, function, id,
 * rank, country code) for domestic and international numbers; one shape, two screens.
 */
import { SMS_FUNCTIONS, type SmsProviderItem } from '@console/schemas';
import i18next from 'i18next';
import type { FieldDeclaration, SelectOption } from '../../kit';
import { wholeRule } from '../remoteconfig/common';
import { A, itemDeclaration, itemHistory, YES_NO, type ItemScreen } from './shape';

export const FUNCTION_LABELS: Record<string, string> = Object.fromEntries(SMS_FUNCTIONS.map((f) => [f, `${A}function.${f}`]));
const FUNCTIONS: SelectOption[] = SMS_FUNCTIONS.map((f) => ({ value: f, label: `${A}function.${f}` }));

const codeRule = {
  validator: async (_: unknown, v: unknown) => {
    if (typeof v === 'string' && v !== '' && !/^[A-Za-z0-9_.-]{1,64}$/.test(v)) throw new Error(i18next.t(`${A}validation.code`));
  },
};
const countryRule = (any: boolean) => ({
  validator: async (_: unknown, v: unknown) => {
    if (typeof v === 'string' && v !== '' && !(any ? /^(\*|[1-9]\d{0,3})$/ : /^[1-9]\d{0,3}$/).test(v)) throw new Error(i18next.t(`${A}validation.country`));
  },
});

export function providerScreen(scope: 'localconfig' | 'globalconfig'): ItemScreen<SmsProviderItem> {
  const S = `${A}${scope}.`;
  const P = `${A}provider.`;
  const fields = (editing: boolean): FieldDeclaration[] => [
    { name: 'id', label: `${P}id`, kind: 'text', required: true, readOnly: editing, rules: [codeRule], help: `${P}idHelp` },
    {
      name: 'countryCode',
      label: `${P}countryCode`,
      kind: 'text',
      required: true,
      readOnly: editing,
      rules: [countryRule(scope === 'globalconfig')],
      help: `${S}countryHelp`,
    },
    { name: 'name', label: `${P}name`, kind: 'text', required: true },
    { name: 'function', label: `${P}function`, kind: 'select', required: true, options: FUNCTIONS },
    { name: 'rank', label: `${P}rank`, kind: 'number', required: true, rules: [wholeRule(1, 999)], help: `${P}rankHelp` },
    { name: 'enabled', label: `${P}enabled`, kind: 'switch' },
  ];
  return {
    name: scope,
    api: `/remoteconfig/sms/${scope}`,
    keyField: 'id',
    fields,
    filters: [
      { kind: 'text', name: 'name', label: `${P}search` },
      { kind: 'text', name: 'countryCode', label: `${P}countryCode` },
      { kind: 'select', name: 'category', label: `${P}function`, options: FUNCTIONS },
      { kind: 'select', name: 'enabled', label: `${P}enabled`, options: YES_NO },
    ],
    columns: [
      { key: 'name', title: `${P}name` },
      { key: 'countryCode', title: `${P}countryCode`, render: (v) => (v === '*' ? '*' : `+${String(v)}`), text: (v) => String(v) },
      { key: 'function', title: `${P}function`, labels: FUNCTION_LABELS },
      { key: 'rank', title: `${P}rank`, format: 'int', sortable: false },
      { key: 'enabled', title: `${P}enabled`, format: 'bool' },
    ],
    toBody: (v) => ({
      id: v.id,
      name: v.name ?? '',
      function: v.function,
      rank: v.rank,
      countryCode: String(v.countryCode ?? '').trim(),
      enabled: Boolean(v.enabled),
    }),
    ref: (row) => ({ id: row.id, countryCode: row.countryCode }),
    defaults: { function: 'all', rank: 1, enabled: true, countryCode: scope === 'localconfig' ? '63' : '*' },
  };
}

export const providerDeclarations = (scope: 'localconfig' | 'globalconfig') => {
  const screen = providerScreen(scope);
  return { decl: itemDeclaration(screen), history: { ...itemHistory(screen), fieldLabel: (field: string) => `${A}provider.${field}` } };
};
