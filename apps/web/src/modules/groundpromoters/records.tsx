/**
 * /groundpromoters/GroundpromotersRecords: players registered with a promoter's share code and
 * what they earn (pending → qualified → paid | voided, the reason always shown: a duplicate
 * names the device or IP and the player). A ground promoter sees its own, a province promoter
 * its promoters'; staff pay (confirm) or void (reason).
 */
import { Tag } from 'antd';
import i18next from 'i18next';
import type { GpRecordItem } from '@console/schemas';
import { ListScreen, type ColumnDeclaration, type ListDeclaration, columnMaker, type ColumnMaker } from '../../kit';

const L = 'groundpromoters.records.';
const STATES = ['pending', 'qualified', 'paid', 'voided'] as const;
const COLORS: Record<string, string> = { pending: 'default', qualified: 'blue', paid: 'success', voided: 'red' };
const LABELS = Object.fromEntries(STATES.map((s) => [s, `${L}state.${s}`]));
const STAFF = ['business', 'secadmin', 'partner'];
type Row = GpRecordItem;
const col: ColumnMaker<Row> = columnMaker(`${L}f.`);

const columns: ColumnDeclaration<Row>[] = [
  col('registeredAt', 'datetime', true),
  col('uid', 'uid'),
  col('name'),
  col('promoter'),
  col('leader'),
  col('province'),
  { key: 'status', title: `${L}f.status`, labels: LABELS, render: (v) => <Tag color={COLORS[String(v)]}>{i18next.t(LABELS[String(v)] ?? String(v))}</Tag> },
  col('reason'),
  col('phoneBound', 'bool'),
  col('recharge', 'money', true),
  col('shareBase', 'money'),
  col('bounty', 'money'),
  col('share', 'money'),
  col('override', 'money'),
  col('partner', 'int'),
  col('qualifiedAt', 'datetime'),
  col('paidAt', 'datetime'),
  col('paidBy'),
  col('voidedBy'),
];

export const recordsList: ListDeclaration<Row> = {
  name: 'groundpromoters-records',
  title: `${L}title`,
  api: { url: '/groundpromoters/records', mode: 'page', export: true },
  rowKey: 'id',
  filters: [
    { kind: 'select', name: 'status', label: `${L}f.status`, options: STATES.map((s) => ({ value: s, label: LABELS[s] })) },
    { kind: 'text', name: 'uid', label: `${L}f.uid` },
    { kind: 'text', name: 'promoter', label: `${L}f.promoter` },
    { kind: 'text', name: 'province', label: `${L}f.province` },
    { kind: 'dateRange', name: 'registered', label: `${L}f.registeredAt` },
  ],
  columns,
  actions: [
    {
      key: 'pay',
      label: `${L}action.pay`,
      roles: STAFF,
      visible: (r) => r.status === 'qualified',
      confirm: `${L}action.confirmPay`,
      call: { method: 'POST', url: '/groundpromoters/records/pay', body: (r) => ({ id: r!.id }) },
    },
    {
      key: 'void',
      label: `${L}action.void`,
      roles: STAFF,
      danger: true,
      visible: (r) => r.status === 'pending' || r.status === 'qualified',
      form: {
        title: `${L}action.void`,
        fields: [{ name: 'reason', label: `${L}f.reason`, kind: 'textarea', required: true, rules: [{ max: 200 }, { whitespace: true }] }],
      },
      call: { method: 'POST', url: '/groundpromoters/records/void', body: (r, v) => ({ id: r!.id, reason: String(v.reason ?? '').trim() }) },
    },
  ],
  detail: { title: `${L}detail`, items: columns },
};

export default function GroundPromoterRecords() {
  return <ListScreen decl={recordsList} />;
}
