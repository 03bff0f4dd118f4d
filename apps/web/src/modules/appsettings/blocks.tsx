/**
 * /remoteconfig/shielddomesticconfigs and whiteconfigs: where the apps refuse to run (regions,
 * IP ranges, with the reason) and who is exempt (players, devices, IP ranges). One shape: a kind,
 * a value (checked again by the server: CIDR with host bits clear, region codes), a text.
 */
import type { ShieldItem, WhiteItem } from '@console/schemas';
import i18next from 'i18next';
import type { FieldDeclaration, SelectOption } from '../../kit';
import { A, itemDeclaration, itemHistory, YES_NO, type ItemScreen } from './shape';

/** The client's look at an IPv4/IPv6 address or range (the server decides: canonical form, host bits). */
const looksLikeRange = (v: string) => /^[0-9.]+(\/\d{1,2})?$/.test(v) || /^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(v);

function valueRule(kinds: Record<string, 'region' | 'ip' | 'uid' | 'device'>) {
  return ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
    validator: async (_: unknown, v: unknown) => {
      if (typeof v !== 'string' || v === '') return;
      const kind = kinds[String(getFieldValue('kind'))];
      const ok =
        kind === 'region'
          ? /^[A-Za-z]{2}(-[A-Za-z0-9]{1,3})?$/.test(v.trim())
          : kind === 'ip'
            ? looksLikeRange(v.trim())
            : kind === 'uid'
              ? /^[1-9]\d{0,9}$/.test(v)
              : v.length <= 128;
      if (!ok) throw new Error(i18next.t(`${A}validation.${kind}`));
    },
  });
}

function blockShape<Row extends ShieldItem | WhiteItem>(
  name: 'shielddomesticconfigs' | 'whiteconfigs',
  kinds: readonly string[],
  text: Extract<keyof Row, 'reason' | 'note'>,
): ItemScreen<Row> {
  const S = `${A}${name}.`;
  const KINDS: SelectOption[] = kinds.map((k) => ({ value: k, label: `${S}kinds.${k}` }));
  const labels = Object.fromEntries(kinds.map((k) => [k, `${S}kinds.${k}`]));
  const kindOf = Object.fromEntries(kinds.map((k) => [k, k])) as Record<string, 'region' | 'ip' | 'uid' | 'device'>;
  const fields = (editing: boolean): FieldDeclaration[] => [
    { name: 'kind', label: `${S}kind`, kind: 'select', required: true, readOnly: editing, options: KINDS },
    { name: 'value', label: `${S}value`, kind: 'text', required: true, readOnly: editing, rules: [valueRule(kindOf) as never], help: `${S}valueHelp` },
    { name: text, label: `${S}${text}`, kind: 'textarea', required: text === 'reason' },
    { name: 'enabled', label: `${S}enabled`, kind: 'switch' },
  ];
  return {
    name,
    api: `/remoteconfig/${name}`,
    keyField: 'value',
    fields,
    filters: [
      { kind: 'text', name: 'value', label: `${S}search` },
      { kind: 'select', name: 'category', label: `${S}kind`, options: KINDS },
      { kind: 'select', name: 'enabled', label: `${S}enabled`, options: YES_NO },
    ],
    columns: [
      { key: 'kind', title: `${S}kind`, labels },
      { key: text, title: `${S}${text}` },
      { key: 'enabled', title: `${S}enabled`, format: 'bool' },
    ],
    toBody: (v) => ({ kind: v.kind, value: String(v.value ?? '').trim(), [text]: v[text] ?? '', enabled: Boolean(v.enabled) }),
    ref: (row) => ({ kind: row.kind, value: row.value }),
    defaults: { kind: kinds[0], enabled: true },
  };
}

export const shieldScreen = blockShape<ShieldItem>('shielddomesticconfigs', ['region', 'ip'], 'reason');
export const whiteScreen = blockShape<WhiteItem>('whiteconfigs', ['uid', 'device', 'ip'], 'note');
export const shield = { decl: itemDeclaration(shieldScreen), history: itemHistory(shieldScreen) };
export const white = { decl: itemDeclaration(whiteScreen), history: itemHistory(whiteScreen) };
