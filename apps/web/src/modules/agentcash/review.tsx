/**
 * /agentcash/agent_peoplecheck: the agents' cash-out review (the players' review steps on the
 * server: claim, four eyes, re-authentication). Tabs: the four queues a reviewer acts on and the
 * records (every order: filters, export); one list shape declared per tab. Approving asks for
 * the password (the session's re-authentication, valid 5 minutes; the server refuses without).
 */
import { Badge, Card, Space, Tabs, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { AgentCashoutItem, AgentCashSummary } from '@console/schemas';
import { ListScreen, type ActionDeclaration, type ColumnDeclaration, type ListDeclaration, columnMaker, type ColumnMaker } from '../../kit';
import { formatMoney } from '../../lib/format';
import { request } from '../../shell/request';

const L = 'agentcash.review.';
export const QUEUES = ['not_reviewed', 'in_review', 'approved', 'undetermined'] as const;
const STATES = [...QUEUES, 'succeed', 'fail', 'denied', 'set_success'] as const;
const COLORS: Record<string, string> = {
  not_reviewed: 'default',
  in_review: 'processing',
  approved: 'blue',
  undetermined: 'warning',
  succeed: 'success',
  set_success: 'success',
  fail: 'error',
  denied: 'red',
};
const STATE_LABELS = Object.fromEntries(STATES.map((s) => [s, `${L}state.${s}`]));

type Row = AgentCashoutItem;
const col: ColumnMaker<Row> = columnMaker(`${L}f.`);
const reasonField = { name: 'reason', label: `${L}f.reason`, kind: 'textarea' as const, required: true, rules: [{ max: 200 }, { whitespace: true }] };
const open = (r: Row) => r.status === 'not_reviewed' || r.status === 'in_review';

const actions: ActionDeclaration<Row>[] = [
  {
    key: 'claim',
    label: `${L}action.claim`,
    visible: (r) => r.status === 'not_reviewed',
    call: { method: 'POST', url: '/agentcash/claim', body: (r) => ({ orderId: r!.orderId }) },
  },
  {
    key: 'approve',
    label: `${L}action.approve`,
    visible: open,
    confirm: `${L}action.confirmApprove`,
    form: { title: `${L}action.approveTitle`, fields: [{ name: 'password', label: `${L}f.password`, kind: 'password', help: `${L}help.password` }] },
    call: { method: 'POST', url: '/agentcash/approve', body: (r, v) => ({ orderId: r!.orderId, ...(v.password ? { password: String(v.password) } : {}) }) },
  },
  {
    key: 'release',
    label: `${L}action.release`,
    visible: (r) => r.status === 'in_review' && !r.approvedBy,
    call: { method: 'POST', url: '/agentcash/release', body: (r) => ({ orderId: r!.orderId }) },
  },
  {
    key: 'deny',
    label: `${L}action.deny`,
    danger: true,
    visible: open,
    form: { title: `${L}action.denyTitle`, fields: [reasonField] },
    call: { method: 'POST', url: '/agentcash/deny', body: (r, v) => ({ orderId: r!.orderId, reason: String(v.reason ?? '').trim() }) },
  },
  {
    key: 'setSuccess',
    label: `${L}action.setSuccess`,
    visible: (r) => r.status === 'undetermined',
    form: { title: `${L}action.setSuccess`, fields: [reasonField] },
    call: { method: 'POST', url: '/agentcash/resolve', body: (r, v) => ({ orderId: r!.orderId, outcome: 'success', reason: String(v.reason ?? '').trim() }) },
  },
  {
    key: 'setFail',
    label: `${L}action.setFail`,
    danger: true,
    visible: (r) => r.status === 'undetermined',
    form: { title: `${L}action.setFail`, fields: [reasonField] },
    call: { method: 'POST', url: '/agentcash/resolve', body: (r, v) => ({ orderId: r!.orderId, outcome: 'fail', reason: String(v.reason ?? '').trim() }) },
  },
];

const columns: ColumnDeclaration<Row>[] = [
  col('createdAt', 'datetime', true),
  col('orderId', 'orderId'),
  col('uid', 'uid'),
  col('name'),
  col('partner', 'int'),
  col('amount', 'money', true),
  col('fee', 'money'),
  col('channel'),
  col('account'),
  {
    key: 'status',
    title: `${L}f.status`,
    labels: STATE_LABELS,
    render: (v) => <Tag color={COLORS[String(v)]}>{i18next.t(STATE_LABELS[String(v)] ?? String(v))}</Tag>,
  },
  { key: 'auto', title: `${L}f.auto`, format: 'bool' },
  { key: 'needsTwo', title: `${L}f.needsTwo`, format: 'bool' },
  col('claimedBy'),
  col('approvedBy'),
  col('secondApprovedBy'),
  col('resolvedBy'),
  col('remarks'),
  col('finishedAt', 'datetime'),
];

/** The one list shape: a queue (fixed status) or the records (every status, filterable). */
export function ordersList(queue?: (typeof QUEUES)[number]): ListDeclaration<Row> {
  return {
    name: `agentcash-${queue ?? 'records'}`,
    title: queue ? `${L}queue.${queue}` : `${L}records`,
    api: { url: '/agentcash/orders', mode: 'cursor', export: true, ...(queue ? { params: { status: queue } } : {}) },
    rowKey: 'orderId',
    filters: [
      ...(queue
        ? []
        : [{ kind: 'select' as const, name: 'status', label: `${L}f.status`, options: STATES.map((s) => ({ value: s, label: STATE_LABELS[s] })) }]),
      { kind: 'text', name: 'uid', label: `${L}f.uid` },
      { kind: 'text', name: 'orderId', label: `${L}f.orderId` },
      {
        kind: 'select',
        name: 'auto',
        label: `${L}f.auto`,
        options: [
          { value: 'true', label: 'kit.yes' },
          { value: 'false', label: 'kit.no' },
        ],
      },
      { kind: 'dateRange', name: 'created', label: `${L}f.createdAt` },
    ],
    columns,
    actions,
    detail: { title: `${L}detail`, items: columns },
  };
}

const TABS = [...QUEUES, 'records'] as const;
const DECLS = Object.fromEntries(TABS.map((tab) => [tab, ordersList(tab === 'records' ? undefined : tab)]));

type Summary = AgentCashSummary;

export default function AgentReview() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const tab = (TABS as readonly string[]).includes(search.get('tab') ?? '') ? search.get('tab')! : 'not_reviewed';
  const summary = useQuery({ queryKey: ['agentcash', 'summary', tab], queryFn: async () => (await request<Summary>('GET', '/agentcash/summary')).data! });
  return (
    <Card
      title={t(`${L}title`)}
      extra={
        summary.data && (
          <Typography.Text type="secondary">
            {t(`${L}note`, { fourEyes: formatMoney(summary.data.fourEyesAmount), auto: formatMoney(summary.data.autoApproveAmount) })}
          </Typography.Text>
        )
      }
    >
      <Tabs
        activeKey={tab}
        onChange={(key) => setSearch(new URLSearchParams({ tab: key }))}
        destroyOnHidden
        items={TABS.map((key) => ({
          key,
          label:
            key === 'records' ? (
              t(`${L}records`)
            ) : (
              <Space size={6}>
                {t(`${L}queue.${key}`)}
                <Badge count={summary.data?.counts[key] ?? 0} overflowCount={9999} showZero={false} />
              </Space>
            ),
          children: <ListScreen decl={DECLS[key]} />,
        }))}
      />
    </Card>
  );
}
