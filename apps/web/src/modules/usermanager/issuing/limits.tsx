/**
 * The daily issue limits of the §6 permission groups (admin, a tab of the sendgold screen):
 * a kit list of the groups with an edit form. Chips are whole numbers; cash is typed in pesos
 * and sent in centavos.
 */
import type { IssueLimitRow } from '@console/schemas';
import type { FormRule } from 'antd';
import i18next from 'i18next';
import { ListScreen, type ListDeclaration } from '../../../kit';
import { CHIPS, L } from './config';

/** A number rule; its message is translated when it shows. */
const numberRule = (ok: (v: number) => boolean, key: string): FormRule => ({
  validator: async (_rule, v) => {
    if (typeof v === 'number' && !ok(v)) throw new Error(i18next.t(`${L}${key}`));
  },
});
const whole = numberRule(Number.isInteger, 'wholeNumber');
// at most 2 decimals, read without float noise (0.29 * 100 = 28.999999999999996)
const cents = numberRule((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'cents');

export const limitsScreen: ListDeclaration<IssueLimitRow> = {
  name: 'issuelimits',
  title: `${L}limitsTitle`,
  api: { url: `${CHIPS.sendApi}/limits`, mode: 'page' },
  rowKey: 'group',
  pageSize: 20,
  exportable: false,
  columns: [
    { key: 'group', title: `${L}group` },
    { key: 'chip', title: `${L}chipLimit`, format: 'int' },
    { key: 'withdrawable', title: `${L}cashLimit`, format: 'money' },
  ],
  actions: [
    {
      key: 'edit',
      label: `${L}edit`,
      form: {
        title: `${L}editTitle`,
        fields: [
          { name: 'group', label: `${L}group`, kind: 'text', readOnly: true },
          { name: 'chip', label: `${L}chipLimit`, kind: 'number', required: true, min: 0, max: 1e12, rules: [whole] },
          { name: 'withdrawable', label: `${L}cashLimit`, kind: 'number', required: true, min: 0, max: 1e10, help: `${L}cashLimitHelp`, rules: [cents] },
        ],
        initialValues: (row) => ({ group: row!.group, chip: row!.chip, withdrawable: row!.withdrawable / 100 }),
      },
      call: {
        method: 'POST',
        url: `${CHIPS.sendApi}/limits/update`,
        body: (row, v) => ({ group: row!.group, chip: Number(v.chip), withdrawable: Math.round(Number(v.withdrawable) * 100) }),
      },
    },
  ],
};

export default function LimitsList() {
  return <ListScreen decl={limitsScreen} />;
}
