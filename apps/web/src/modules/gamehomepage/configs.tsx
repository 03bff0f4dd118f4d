/**
 * /gamehomepage/configs: the home-page game entries (§3: game tag, category, name, icon, init
 * value, rank, platform, pay limit, packages) with their history. Changing them takes the
 * hidden route /gamehomepage/edit; everyone else of the module reads (decision 010).
 */
import { useMemo } from 'react';
import type { LobbyGame } from '@console/schemas';
import { ListScreen, type FieldDeclaration, type FormValues, type ListDeclaration, type SelectOption } from '../../kit';
import { historyCell, WithHistory, type HistoryDeclaration } from '../../kit/history';
import { formatMoney } from '../../lib/format';
import { usePermission } from '../../shell/Permission';
import { useOptions, wholeRule } from '../remoteconfig/common';
import { API, EDIT_ROLES, L, PLATFORM_LABELS, PLATFORM_OPTIONS, pesosRule, providerRule, tagRule, toCentavos, toPesos, VISIBLE_OPTIONS } from './common';

const S = `${L}configs.`;

export interface ConfigsOptions {
  categories: SelectOption[];
  packages: SelectOption[];
  houseGames: SelectOption[];
}

const fields = (editing: boolean, o: ConfigsOptions): FieldDeclaration[] => [
  { name: 'provider', label: `${S}provider`, kind: 'text', required: true, readOnly: editing, help: `${S}providerHelp`, rules: [providerRule] },
  { name: 'tag', label: `${S}tag`, kind: 'text', required: true, readOnly: editing, help: `${S}tagHelp`, rules: [tagRule] },
  { name: 'category', label: `${S}category`, kind: 'select', required: true, options: o.categories },
  { name: 'nameEn', label: `${S}nameEn`, kind: 'text', required: true, rules: [{ max: 64 }] },
  { name: 'nameZh', label: `${S}nameZh`, kind: 'text', required: true, rules: [{ max: 64 }] },
  { name: 'icon', label: `${S}icon`, kind: 'text', help: `${S}iconHelp`, rules: [{ max: 512 }] },
  { name: 'initValue', label: `${S}initValue`, kind: 'number', required: true, help: `${S}initValueHelp`, rules: [pesosRule] },
  { name: 'rank', label: `${S}rank`, kind: 'number', required: true, help: `${S}rankHelp`, rules: [wholeRule(0, 1_000_000)] },
  { name: 'platform', label: `${S}platformField`, kind: 'select', required: true, options: PLATFORM_OPTIONS },
  { name: 'payLimit', label: `${S}payLimit`, kind: 'number', required: true, help: `${S}payLimitHelp`, rules: [pesosRule] },
  { name: 'visible', label: `${S}visibleField`, kind: 'switch' },
  { name: 'packages', label: `${S}packages`, kind: 'multiSelect', options: o.packages, help: `${S}packagesHelp` },
];

/** Form values → the API's body (pesos → centavos). */
export const gameBody = (v: FormValues) => ({
  tag: v.tag,
  provider: v.provider,
  category: v.category,
  nameEn: v.nameEn ?? '',
  nameZh: v.nameZh ?? '',
  icon: v.icon ?? '',
  initValue: toCentavos(v.initValue),
  rank: v.rank,
  platform: v.platform,
  payLimit: toCentavos(v.payLimit),
  visible: Boolean(v.visible),
  packages: v.packages ?? [],
});

export function configsScreen(o: ConfigsOptions): ListDeclaration<LobbyGame> {
  return {
    name: 'gamehomepage-configs',
    title: `${S}title`,
    api: { url: `${API}/configs/games`, mode: 'page', export: true },
    rowKey: 'tag',
    filters: [
      { kind: 'text', name: 'tag', label: `${S}tag` },
      { kind: 'select', name: 'category', label: `${S}category`, options: o.categories },
      { kind: 'text', name: 'provider', label: `${S}provider`, suggestions: [{ value: 'house', label: 'house', literal: true }] },
      { kind: 'select', name: 'platform', label: `${S}platformField`, options: PLATFORM_OPTIONS },
      { kind: 'select', name: 'visible', label: `${S}visibleField`, options: VISIBLE_OPTIONS },
      { kind: 'select', name: 'package', label: `${S}package`, options: o.packages },
    ],
    columns: [
      { key: 'category', title: `${S}category`, sortable: true },
      { key: 'rank', title: `${S}rank`, format: 'int', sortable: true, width: 80 },
      { key: 'tag', title: `${S}tag`, sortable: true, render: historyCell<LobbyGame>((row) => row.tag) },
      { key: 'nameEn', title: `${S}nameEn` },
      { key: 'nameZh', title: `${S}nameZh` },
      { key: 'provider', title: `${S}provider` },
      { key: 'icon', title: `${S}icon`, hidden: true },
      { key: 'platform', title: `${S}platformField`, labels: PLATFORM_LABELS },
      { key: 'payLimit', title: `${S}payLimit`, format: 'money', sortable: true },
      { key: 'initValue', title: `${S}initValue`, format: 'money', sortable: true },
      { key: 'visible', title: `${S}visibleField`, format: 'bool' },
      { key: 'packages', title: `${S}packages`, format: 'tags' },
      { key: 'updatedAt', title: `${S}updatedAt`, format: 'datetime', sortable: true },
    ],
    toolbar: [
      {
        key: 'create',
        label: `${S}create`,
        roles: EDIT_ROLES,
        form: {
          fields: fields(false, o),
          initialValues: () => ({ provider: 'house', platform: 'all', rank: 0, initValue: 0, payLimit: 0, visible: true, packages: [] }),
        },
        call: { method: 'POST', url: `${API}/configs/games/create`, body: (_row, v) => gameBody(v) },
      },
    ],
    actions: [
      {
        key: 'edit',
        label: `${S}edit`,
        roles: EDIT_ROLES,
        confirm: `${L}confirmOverwrite`,
        form: {
          title: `${S}editTitle`,
          fields: fields(true, o),
          initialValues: (row) => ({ ...row!, initValue: toPesos(row!.initValue), payLimit: toPesos(row!.payLimit) }),
        },
        call: { method: 'POST', url: `${API}/configs/games/update`, body: (row, v) => gameBody({ ...v, tag: row!.tag, provider: row!.provider }) },
      },
      {
        key: 'remove',
        label: `${S}remove`,
        roles: EDIT_ROLES,
        danger: true,
        confirm: `${S}confirmRemove`,
        call: { method: 'POST', url: `${API}/configs/games/delete`, body: (row) => ({ tag: row!.tag }) },
      },
    ],
  };
}

const MONEY_FIELDS = new Set(['initValue', 'payLimit']);
export const configsHistory = (restorable: boolean): HistoryDeclaration => ({
  url: `${API}/configs/versions`,
  restorable,
  fieldLabel: (field) => (field === 'platform' ? `${S}platformField` : field === 'visible' ? `${S}visibleField` : `${S}${field}`),
  formatValue: (field, v) => (MONEY_FIELDS.has(field) ? `₱${formatMoney(v)}` : undefined),
});

export default function ConfigsScreen() {
  const options = useOptions(`${API}/configs/options`);
  const o: ConfigsOptions = { categories: options.of('categories'), packages: options.of('packages'), houseGames: options.of('houseGames') };
  const mayEdit = usePermission(EDIT_ROLES);
  const decl = useMemo(() => configsScreen(o), [JSON.stringify(o)]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <WithHistory history={configsHistory(mayEdit)}>
      <ListScreen decl={decl} />
    </WithHistory>
  );
}
