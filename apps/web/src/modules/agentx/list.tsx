/**
 * /agentx/list (admin): third-party integration agents with their figures over the range
 * (calls, refused, error rate, rounds, players, bets, wins, GGR, the agent's share). Creating an
 * agent and rotating its key go through KeyWorkflow (the key is shown once); changing terms and
 * suspending are kit actions with a confirmation and a reason. The detail drawer shows the
 * agent's days.
 */
import { Flex, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { AGENTX_CURRENCIES, type AgentxDayRow, type AgentxItem, type PageOf } from '@console/schemas';
import { ListScreen, type FieldDeclaration, type ListDeclaration, columnMaker, type ColumnMaker } from '../../kit';
import { formatInt, formatMoney } from '../../lib/format';
import { FeedbackProvider } from '../../kit/feedback';
import { request } from '../../shell/request';
import { CreateAgentButton, KeyWorkflow, RotateKeyButton } from './KeyWorkflow';
import { API, L, STATUS_LABELS, WALLET_LABELS, WALLET_OPTIONS, callbackRule, ipListRule, splitList } from './common';
import { consoleDay, dayEndIso, dayStartIso } from '@console/time';

const col: ColumnMaker<AgentxItem> = columnMaker(`${L}f.`);
const pct = (v: unknown) => `${Number(v).toFixed(2)}%`;

/** The agent's days (last 14) in the detail drawer. */
function AgentDays({ id }: { id: number }) {
  const { t } = useTranslation();
  const now = Date.now();
  const from = new Date(now - 13 * 86_400_000);
  const { data, isLoading, isError } = useQuery({
    queryKey: ['agentx-days', id],
    queryFn: async () =>
      (
        await request<PageOf<AgentxDayRow>>('GET', `${API}/days`, {
          params: { id, pageSize: 100, from: dayStartIso(consoleDay(from)), to: dayEndIso(consoleDay(now)) },
        })
      ).data!.items,
  });
  if (isError) return <>{t('kit.loadFailed')}</>;
  return (
    <Table<AgentxDayRow>
      size="small"
      rowKey="day"
      loading={isLoading}
      dataSource={data ?? []}
      pagination={false}
      scroll={{ x: true }}
      columns={[
        { key: 'day', dataIndex: 'day', title: t(`${L}f.day`) },
        { key: 'calls', dataIndex: 'calls', title: t(`${L}f.calls`), render: formatInt },
        { key: 'errorRate', dataIndex: 'errorRate', title: t(`${L}f.errorRate`), render: pct },
        { key: 'players', dataIndex: 'players', title: t(`${L}f.players`), render: formatInt },
        { key: 'bets', dataIndex: 'bets', title: t(`${L}f.bets`), render: formatMoney },
        { key: 'wins', dataIndex: 'wins', title: t(`${L}f.wins`), render: formatMoney },
        { key: 'ggr', dataIndex: 'ggr', title: t(`${L}f.ggr`), render: formatMoney },
      ]}
    />
  );
}

const termsFields: FieldDeclaration[] = [
  { name: 'name', label: `${L}f.name`, kind: 'text', required: true, rules: [{ max: 64 }, { whitespace: true }] },
  { name: 'partner', label: `${L}f.partner`, kind: 'number', required: true, min: 0 },
  { name: 'walletMode', label: `${L}f.walletMode`, kind: 'select', required: true, options: WALLET_OPTIONS },
  { name: 'callbackUrl', label: `${L}f.callbackUrl`, kind: 'text', required: true, rules: [callbackRule] },
  { name: 'currency', label: `${L}f.currency`, kind: 'select', required: true, options: AGENTX_CURRENCIES.map((c) => ({ value: c, label: c, literal: true })) },
  { name: 'revenueShare', label: `${L}f.revenueShare`, kind: 'number', required: true, min: 0, max: 100 },
  { name: 'ipAllowList', label: `${L}f.ipAllowList`, kind: 'textarea', help: `${L}help.ipAllowList`, rules: [ipListRule] },
  { name: 'reason', label: `${L}f.reason`, kind: 'textarea', required: true, rules: [{ max: 200 }, { whitespace: true }] },
];

export const agentxList: ListDeclaration<AgentxItem> = {
  name: 'agentx',
  title: `${L}title`,
  api: { url: API, mode: 'page', export: true },
  rowKey: 'id',
  filters: [
    { kind: 'text', name: 'name', label: `${L}f.nameOrApp` },
    { kind: 'select', name: 'status', label: `${L}f.status`, options: Object.entries(STATUS_LABELS).map(([value, label]) => ({ value, label })) },
    { kind: 'select', name: 'walletMode', label: `${L}f.walletMode`, options: WALLET_OPTIONS },
    { kind: 'dateRange', name: 'range', label: `${L}f.range` },
  ],
  columns: [
    col('id', 'int', true),
    col('name', undefined, true),
    col('appId'),
    col('partner', 'int'),
    {
      key: 'status',
      title: `${L}f.status`,
      labels: STATUS_LABELS,
      render: (v) => <Tag color={v === 'active' ? 'green' : 'red'}>{i18next.t(STATUS_LABELS[String(v)] ?? String(v))}</Tag>,
    },
    { key: 'walletMode', title: `${L}f.walletMode`, labels: WALLET_LABELS },
    col('currency'),
    { key: 'revenueShare', title: `${L}f.revenueShare`, sortable: true, render: pct, text: pct },
    col('calls', 'int', true),
    col('refused', 'int'),
    {
      key: 'errorRate',
      title: `${L}f.errorRate`,
      sortable: true,
      render: (v) => <Tag color={Number(v) >= 5 ? 'red' : Number(v) >= 1 ? 'orange' : undefined}>{pct(v)}</Tag>,
      text: pct,
    },
    col('players', 'int', true),
    col('rounds', 'int'),
    col('bets', 'money', true),
    col('wins', 'money', true),
    col('ggr', 'money', true),
    col('share', 'money'),
    {
      key: 'keyFingerprint',
      title: `${L}f.key`,
      render: (v, row) => (
        <Flex align="center" gap={8}>
          <code>{String(v)}</code>
          <RotateKeyButton id={row.id} appId={row.appId} />
        </Flex>
      ),
      text: (v) => String(v),
    },
    { key: 'callbackUrl', title: `${L}f.callbackUrl`, hidden: true },
    { key: 'ipAllowList', title: `${L}f.ipAllowList`, format: 'tags', hidden: true },
  ],
  actions: [
    {
      key: 'edit',
      label: `${L}edit`,
      confirm: `${L}confirmEdit`,
      form: {
        title: `${L}editTitle`,
        fields: termsFields,
        initialValues: (row) => ({ ...row!, ipAllowList: row!.ipAllowList.join('\n'), reason: '' }),
      },
      call: {
        method: 'POST',
        url: `${API}/update`,
        body: (row, v) => ({
          id: row!.id,
          name: String(v.name ?? '').trim(),
          partner: Number(v.partner ?? 0),
          walletMode: v.walletMode,
          callbackUrl: String(v.callbackUrl ?? '').trim(),
          currency: v.currency,
          revenueShare: Number(v.revenueShare),
          ipAllowList: splitList(v.ipAllowList),
          reason: String(v.reason ?? '').trim(),
        }),
      },
    },
    {
      key: 'status',
      danger: true,
      label: (row) => (row?.status === 'active' ? `${L}suspend` : `${L}activate`),
      confirm: (row) => (row?.status === 'active' ? `${L}confirmSuspend` : `${L}confirmActivate`),
      form: { fields: [{ name: 'reason', label: `${L}f.reason`, kind: 'textarea', required: true, rules: [{ max: 200 }, { whitespace: true }] }] },
      call: {
        method: 'POST',
        url: `${API}/status`,
        body: (row, v) => ({ id: row!.id, status: row!.status === 'active' ? 'suspended' : 'active', reason: String(v.reason ?? '').trim() }),
      },
    },
  ],
  detail: {
    title: `${L}detail`,
    items: [
      col('appId'),
      col('callbackUrl'),
      { key: 'ipAllowList', title: `${L}f.ipAllowList`, format: 'tags' },
      col('createdAt', 'datetime'),
      col('updatedBy'),
      col('previousUntil', 'datetime'),
      { key: 'id', title: `${L}days`, render: (v) => <AgentDays id={Number(v)} /> },
    ],
  },
};

export default function AgentxListScreen() {
  return (
    <FeedbackProvider>
      <KeyWorkflow>
        <Flex vertical gap={12}>
          <Flex>
            <CreateAgentButton />
          </Flex>
          <ListScreen decl={agentxList} />
        </Flex>
      </KeyWorkflow>
    </FeedbackProvider>
  );
}
