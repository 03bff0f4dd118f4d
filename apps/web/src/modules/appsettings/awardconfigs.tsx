/** /remoteconfig/awardconfigs: named rewards that activities and messages refer to by id. */
import { AWARD_USES, type AwardItem } from '@console/schemas';
import i18next from 'i18next';
import type { SelectOption } from '../../kit';
import { wholeRule } from '../remoteconfig/common';
import { A, itemDeclaration, itemHistory, ItemScreenView, YES_NO, type ItemScreen } from './shape';

const S = `${A}awardconfigs.`;
export const USE_LABELS: Record<string, string> = Object.fromEntries(AWARD_USES.map((u) => [u, `${S}uses.${u}`]));
const USES: SelectOption[] = AWARD_USES.map((u) => ({ value: u, label: `${S}uses.${u}` }));

const codeRule = {
  validator: async (_: unknown, v: unknown) => {
    if (typeof v === 'string' && v !== '' && !/^[A-Za-z0-9_.-]{1,64}$/.test(v)) throw new Error(i18next.t(`${A}validation.code`));
  },
};
const amount = (name: string, max = 1e12) => ({ name, label: `${S}${name}`, kind: 'number' as const, required: true, rules: [wholeRule(0, max)] });

export const awardconfigsScreen: ItemScreen<AwardItem> = {
  name: 'awardconfigs',
  api: '/remoteconfig/awardconfigs',
  keyField: 'id',
  fields: (editing) => [
    { name: 'id', label: `${S}id`, kind: 'text', required: true, readOnly: editing, rules: [codeRule], help: `${S}idHelp` },
    { name: 'name', label: `${S}name`, kind: 'text', required: true },
    { name: 'use', label: `${S}use`, kind: 'select', required: true, options: USES },
    amount('chip'),
    amount('bean'),
    amount('diamond', 1e9),
    amount('bonus'),
    { name: 'note', label: `${S}note`, kind: 'textarea' },
    { name: 'enabled', label: `${S}enabled`, kind: 'switch' },
  ],
  filters: [
    { kind: 'text', name: 'name', label: `${S}search` },
    { kind: 'select', name: 'category', label: `${S}use`, options: USES },
    { kind: 'select', name: 'enabled', label: `${S}enabled`, options: YES_NO },
  ],
  columns: [
    { key: 'name', title: `${S}name` },
    { key: 'use', title: `${S}use`, labels: USE_LABELS },
    { key: 'chip', title: `${S}chip`, format: 'int' },
    { key: 'bean', title: `${S}bean`, format: 'int' },
    { key: 'diamond', title: `${S}diamond`, format: 'int' },
    { key: 'bonus', title: `${S}bonus`, format: 'int' },
    { key: 'note', title: `${S}note` },
    { key: 'enabled', title: `${S}enabled`, format: 'bool' },
  ],
  toBody: (v) => ({
    id: v.id,
    name: v.name ?? '',
    use: v.use,
    chip: v.chip,
    bean: v.bean,
    diamond: v.diamond,
    bonus: v.bonus,
    note: v.note ?? '',
    enabled: Boolean(v.enabled),
  }),
  ref: (row) => ({ id: row.id }),
  defaults: { use: 'any', chip: 0, bean: 0, diamond: 0, bonus: 0, enabled: true },
};

export const awardconfigs = { decl: itemDeclaration(awardconfigsScreen), history: itemHistory(awardconfigsScreen) };

export default function AwardconfigsScreen() {
  return <ItemScreenView {...awardconfigs} />;
}
