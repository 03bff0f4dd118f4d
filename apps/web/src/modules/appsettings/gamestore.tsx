/**
 * /remoteconfig/gamestore: gift packs (§3: id, name, message, gold, diamond) with their price
 * (pesos on the form, centavos in the API) and the store packages that sell each.
 */
import type { GiftPackItem } from '@console/schemas';
import { useMemo } from 'react';
import i18next from 'i18next';
import type { SelectOption } from '../../kit';
import { formatMoney } from '../../lib/format';
import { pesosRule, toCentavos, toPesos, useOptions, wholeRule } from '../remoteconfig/common';
import { A, itemDeclaration, itemHistory, ItemScreenView, YES_NO, type ItemScreen } from './shape';

const S = `${A}gamestore.`;
const API = '/remoteconfig/gamestore';

const codeRule = {
  validator: async (_: unknown, v: unknown) => {
    if (typeof v === 'string' && v !== '' && !/^[A-Za-z0-9_.-]{1,64}$/.test(v)) throw new Error(i18next.t(`${A}validation.code`));
  },
};

export function gamestoreScreen(packages: SelectOption[]): ItemScreen<GiftPackItem> {
  return {
    name: 'gamestore',
    api: API,
    keyField: 'id',
    fields: (editing) => [
      { name: 'id', label: `${S}id`, kind: 'text', required: true, readOnly: editing, rules: [codeRule] },
      { name: 'name', label: `${S}name`, kind: 'text', required: true },
      { name: 'message', label: `${S}message`, kind: 'textarea', help: `${S}messageHelp` },
      { name: 'gold', label: `${S}gold`, kind: 'number', required: true, rules: [wholeRule(0, 1e12)] },
      { name: 'diamond', label: `${S}diamond`, kind: 'number', required: true, rules: [wholeRule(0, 1e9)], help: `${S}goldHelp` },
      { name: 'price', label: `${S}price`, kind: 'number', required: true, rules: [pesosRule] },
      { name: 'packages', label: `${S}packages`, kind: 'multiSelect', options: packages, help: `${S}packagesHelp` },
      { name: 'sortOrder', label: `${S}sortOrder`, kind: 'number', required: true, rules: [wholeRule(0, 1_000_000)] },
      { name: 'enabled', label: `${S}enabled`, kind: 'switch' },
    ],
    filters: [
      { kind: 'text', name: 'name', label: `${S}search` },
      { kind: 'select', name: 'package', label: `${S}package`, options: packages },
      { kind: 'select', name: 'enabled', label: `${S}enabled`, options: YES_NO },
    ],
    columns: [
      { key: 'name', title: `${S}name` },
      { key: 'message', title: `${S}message` },
      { key: 'gold', title: `${S}gold`, format: 'int' },
      { key: 'diamond', title: `${S}diamond`, format: 'int' },
      { key: 'price', title: `${S}price`, format: 'money' },
      { key: 'packages', title: `${S}packages`, format: 'tags' },
      { key: 'sortOrder', title: `${S}sortOrder`, format: 'int' },
      { key: 'enabled', title: `${S}enabled`, format: 'bool' },
    ],
    toBody: (v) => ({
      id: v.id,
      name: v.name ?? '',
      message: v.message ?? '',
      gold: v.gold,
      diamond: v.diamond,
      price: toCentavos(v.price),
      packages: v.packages ?? [],
      sortOrder: v.sortOrder,
      enabled: Boolean(v.enabled),
    }),
    toForm: (row) => ({ ...row, price: toPesos(row.price) }),
    ref: (row) => ({ id: row.id }),
    defaults: { gold: 0, diamond: 0, sortOrder: 0, enabled: true, packages: [] },
    formatValue: (field, value) => (field === 'price' ? formatMoney(value) : undefined),
  };
}

export default function GamestoreScreen() {
  const options = useOptions(`${API}/options`);
  const packages = options.of('packages');
  const key = JSON.stringify(packages);
  const view = useMemo(() => {
    const screen = gamestoreScreen(packages);
    return { decl: itemDeclaration(screen), history: itemHistory(screen) };
  }, [key]); // eslint-disable-line react-hooks/exhaustive-deps
  return <ItemScreenView {...view} />;
}
