/**
 * /groundpromoters/groundpromoterssetting: the bounty settings (the default row, province '',
 * and each province's override; save with confirmation, remove, history with compare and
 * restore) and the ground promoters with their province and province promoter. Changing is for
 * business and secadmin; promoters and partners read (the server says so with a 403).
 */
import { Flex } from 'antd';
import type { GpPromoterItem, GpSettingItem } from '@console/schemas';
import { ListScreen, type FieldDeclaration, type FormValues, type ListDeclaration } from '../../kit';
import { WithHistory, type HistoryDeclaration } from '../../kit/history';
import { formatMoney } from '../../lib/format';

const L = 'groundpromoters.settings.';
const CHANGERS = ['business', 'secadmin'];
const MONEY = ['bounty', 'minRecharge'];
const toUnits = (v: unknown) => Math.round(Number(v ?? 0) * 100);

const settingFields = (editing: boolean): FieldDeclaration[] => [
  { name: 'province', label: `${L}f.province`, kind: 'text', readOnly: editing, rules: [{ max: 64 }], help: `${L}help.province` },
  { name: 'bounty', label: `${L}f.bounty`, kind: 'number', required: true, min: 0 },
  { name: 'minRecharge', label: `${L}f.minRecharge`, kind: 'number', required: true, min: 0.01 },
  { name: 'qualifyDays', label: `${L}f.qualifyDays`, kind: 'number', required: true, min: 1, max: 90 },
  { name: 'requirePhone', label: `${L}f.requirePhone`, kind: 'switch' },
  { name: 'sharePercent', label: `${L}f.sharePercent`, kind: 'number', required: true, min: 0, max: 100 },
  { name: 'shareDays', label: `${L}f.shareDays`, kind: 'number', required: true, min: 0, max: 365 },
  { name: 'overridePercent', label: `${L}f.overridePercent`, kind: 'number', required: true, min: 0, max: 100 },
];
const settingBody = (v: FormValues) => ({
  province: String(v.province ?? '').trim(),
  setting: {
    bounty: toUnits(v.bounty),
    minRecharge: toUnits(v.minRecharge),
    qualifyDays: Number(v.qualifyDays),
    requirePhone: Boolean(v.requirePhone),
    sharePercent: Number(v.sharePercent),
    shareDays: Number(v.shareDays),
    overridePercent: Number(v.overridePercent),
  },
});
const toForm = (r: GpSettingItem | undefined): FormValues =>
  r
    ? { ...r, bounty: r.bounty / 100, minRecharge: r.minRecharge / 100 }
    : { province: '', bounty: 20, minRecharge: 100, qualifyDays: 7, requirePhone: true, sharePercent: 3, shareDays: 30, overridePercent: 1 };

export const settingsList: ListDeclaration<GpSettingItem> = {
  name: 'groundpromoters-settings',
  title: `${L}title`,
  api: { url: '/groundpromoters/settings', mode: 'page' },
  rowKey: 'province',
  exportable: false,
  columns: [
    { key: 'province', title: `${L}f.province`, render: (v) => (v ? String(v) : '—'), text: (v) => String(v || '-') },
    { key: 'bounty', title: `${L}f.bounty`, format: 'money' },
    { key: 'minRecharge', title: `${L}f.minRecharge`, format: 'money' },
    { key: 'qualifyDays', title: `${L}f.qualifyDays`, format: 'int' },
    { key: 'requirePhone', title: `${L}f.requirePhone`, format: 'bool' },
    { key: 'sharePercent', title: `${L}f.sharePercent` },
    { key: 'shareDays', title: `${L}f.shareDays`, format: 'int' },
    { key: 'overridePercent', title: `${L}f.overridePercent` },
    { key: 'updatedBy', title: `${L}f.updatedBy` },
    { key: 'updatedAt', title: `${L}f.updatedAt`, format: 'datetime' },
  ],
  toolbar: [
    {
      key: 'add',
      label: `${L}action.add`,
      roles: CHANGERS,
      confirm: `${L}action.confirmSave`,
      form: { title: `${L}action.add`, fields: settingFields(false), initialValues: () => toForm(undefined) },
      call: { method: 'POST', url: '/groundpromoters/settings/save', body: (_r, v) => settingBody(v) },
    },
  ],
  actions: [
    {
      key: 'edit',
      label: `${L}action.edit`,
      roles: CHANGERS,
      confirm: `${L}action.confirmSave`,
      form: { title: `${L}action.edit`, fields: settingFields(true), initialValues: (r) => toForm(r) },
      call: { method: 'POST', url: '/groundpromoters/settings/save', body: (_r, v) => settingBody(v) },
    },
    {
      key: 'remove',
      label: `${L}action.remove`,
      roles: CHANGERS,
      danger: true,
      confirm: `${L}action.confirmRemove`,
      visible: (r) => r.province !== '',
      call: { method: 'POST', url: '/groundpromoters/settings/remove', body: (r) => ({ province: r!.province }) },
    },
  ],
};

export const promotersList: ListDeclaration<GpPromoterItem> = {
  name: 'groundpromoters-promoters',
  title: `${L}promoters`,
  api: { url: '/groundpromoters/promoters', mode: 'page' },
  rowKey: 'username',
  columns: [
    { key: 'username', title: `${L}f.username` },
    { key: 'shareCode', title: `${L}f.shareCode` },
    { key: 'province', title: `${L}f.province` },
    { key: 'leader', title: `${L}f.leader` },
    { key: 'records', title: `${L}f.records`, format: 'int' },
    { key: 'updatedBy', title: `${L}f.updatedBy` },
    { key: 'updatedAt', title: `${L}f.updatedAt`, format: 'datetime' },
  ],
  actions: [
    {
      key: 'assign',
      label: `${L}action.assign`,
      roles: CHANGERS,
      form: {
        title: `${L}action.assign`,
        fields: [
          { name: 'username', label: `${L}f.username`, kind: 'text', readOnly: true },
          { name: 'province', label: `${L}f.province`, kind: 'text', rules: [{ max: 64 }] },
          { name: 'leader', label: `${L}f.leader`, kind: 'text', rules: [{ max: 64 }], help: `${L}help.leader` },
        ],
        initialValues: (r) => ({ username: r!.username, province: r!.province, leader: r!.leader }),
      },
      call: {
        method: 'POST',
        url: '/groundpromoters/promoters/save',
        body: (r, v) => ({ username: r!.username, province: String(v.province ?? '').trim(), leader: String(v.leader ?? '').trim() }),
      },
    },
  ],
};

export const settingsHistory: HistoryDeclaration = {
  url: '/groundpromoters/settings/versions',
  fieldLabel: (field) => `${L}f.${field}`,
  formatValue: (field, value) => (MONEY.includes(field) ? formatMoney(value) : undefined),
};

export default function GroundPromoterSettings() {
  return (
    <WithHistory history={settingsHistory}>
      <Flex vertical gap={16}>
        <ListScreen decl={settingsList} />
        <ListScreen decl={promotersList} />
      </Flex>
    </WithHistory>
  );
}
