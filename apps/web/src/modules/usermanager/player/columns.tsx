/** Columns of the detail's history tables. Player-written values are rendered as text only. */
import type { BanLogItem, InviteeItem, LedgerItem, LoginItem, ProfileChangeItem } from '@console/schemas';
import { Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { UidLink } from '../../../kit/UidLink';
import { formatDateTime, formatInt, formatMoney } from '../../../lib/format';
import { ReasonLabel } from '../ledgerReasons';
import { UID } from '../uid';

const L = 'usermanager.player.';

/** Amounts: the withdrawable balance is money (centavos), the others are counts. */
export const formatAmount = (currency: string, value: number) => (currency === 'withdrawable' ? formatMoney(value) : formatInt(value));

/** A long player-written value: one line, cut with an ellipsis, whole on hover and copyable. */
export const LongText = ({ value }: { value: string | null }) =>
  value ? (
    <Typography.Text style={{ maxWidth: 240 }} ellipsis={{ tooltip: value }} copyable={{ text: value }}>
      {value}
    </Typography.Text>
  ) : (
    <>-</>
  );

const at = (t: TFunction) => ({ key: 'at', dataIndex: 'at', title: t(`${L}at`), render: (v: string) => formatDateTime(v), width: 170 });

export const ledgerColumns = (t: TFunction): ColumnsType<LedgerItem> => [
  at(t),
  { key: 'currency', dataIndex: 'currency', title: t(`${L}currency`), render: (v: string) => t(`${L}balances.${v}`, { defaultValue: v }) },
  {
    key: 'delta',
    dataIndex: 'delta',
    title: t(`${L}delta`),
    align: 'right',
    render: (v: number, r) => (
      <Typography.Text type={v < 0 ? 'danger' : 'success'}>
        {v > 0 ? '+' : ''}
        {formatAmount(r.currency, v)}
      </Typography.Text>
    ),
  },
  { key: 'balanceAfter', dataIndex: 'balanceAfter', title: t(`${L}balanceAfter`), align: 'right', render: (v: number, r) => formatAmount(r.currency, v) },
  { key: 'reason', dataIndex: 'reason', title: t(`${L}reason`), render: (v: string) => <ReasonLabel code={v} /> },
  { key: 'ref', dataIndex: 'ref', title: t(`${L}ref`), render: (v: string) => <LongText value={v} /> },
  { key: 'actor', dataIndex: 'actor', title: t(`${L}actor`) },
];

export const loginColumns = (t: TFunction): ColumnsType<LoginItem> => [
  at(t),
  { key: 'ip', dataIndex: 'ip', title: t(`${L}ip`) },
  { key: 'deviceId', dataIndex: 'deviceId', title: t(`${L}device`), render: (v: string) => <LongText value={v} /> },
  {
    key: 'durationSeconds',
    dataIndex: 'durationSeconds',
    title: t(`${L}duration`),
    align: 'right',
    render: (v: number | null) => (v === null ? '-' : formatInt(v)),
  },
];

export const inviteeColumns = (t: TFunction): ColumnsType<InviteeItem> => [
  { key: 'uid', dataIndex: 'uid', title: t(UID), render: (v: number) => <UidLink uid={v} /> },
  { key: 'name', dataIndex: 'name', title: t(`${L}name`), render: (v: string) => <LongText value={v} /> },
  { key: 'registeredAt', dataIndex: 'registeredAt', title: t(`${L}registeredAt`), render: (v: string) => formatDateTime(v) },
  { key: 'partner', dataIndex: 'partner', title: t(`${L}partner`) },
  { key: 'status', dataIndex: 'status', title: t(`${L}status`), render: (v: string) => t(`${L}statuses.${v}`, { defaultValue: v }) },
];

export const changeColumns = (t: TFunction): ColumnsType<ProfileChangeItem> => [
  at(t),
  { key: 'field', dataIndex: 'field', title: t(`${L}field`) },
  { key: 'oldValue', dataIndex: 'oldValue', title: t(`${L}oldValue`), render: (v: string | null) => <LongText value={v} /> },
  { key: 'newValue', dataIndex: 'newValue', title: t(`${L}newValue`), render: (v: string | null) => <LongText value={v} /> },
];

const ACTION_COLORS: Record<string, string> = { ban: 'red', unban: 'green', suspend: 'orange', unsuspend: 'blue' };

export const banLogColumns = (t: TFunction): ColumnsType<BanLogItem> => [
  at(t),
  { key: 'action', dataIndex: 'action', title: t(`${L}action`), render: (v: string) => <Tag color={ACTION_COLORS[v]}>{t(`${L}banActions.${v}`)}</Tag> },
  { key: 'until', dataIndex: 'until', title: t(`${L}until`), render: (v: string | null) => formatDateTime(v) },
  { key: 'reason', dataIndex: 'reason', title: t(`${L}reason`), render: (v: string) => <LongText value={v} /> },
  { key: 'operator', dataIndex: 'operator', title: t(`${L}operator`) },
];
