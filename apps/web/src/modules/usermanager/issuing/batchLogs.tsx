/**
 * sendlogs / sendcashlogs: the batches of one kind (who, when, reason, lines, total, sent,
 * failed, status) declared once for both, with the lines of a batch in the detail drawer.
 */
import { useEffect, useState } from 'react';
import { Select, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AnswerData, IssueBatch, IssueBatchLine, issueBatchLinePageAnswer } from '@console/schemas';
import type { ColumnDeclaration, ListDeclaration } from '../../../kit';
import { UidLink } from '../../../kit/UidLink';
import { request } from '../../../shell/request';
import { UID } from '../uid';
import { B, type SendKind } from './config';

const STATUS_COLORS: Record<string, string> = { running: 'processing', done: 'green', pending: 'default', sent: 'green', failed: 'red' };

function StatusTag({ value }: { value: unknown }) {
  const { t } = useTranslation();
  const s = String(value ?? '');
  return <Tag color={STATUS_COLORS[s] ?? 'default'}>{STATUS_COLORS[s] ? t(`${B}${s}`) : s}</Tag>;
}

const PAGE = 20;
type LinesPage = AnswerData<typeof issueBatchLinePageAnswer>;

/** The lines of one batch, paged by the server, filtered by status. */
export function BatchLines({ kind, batchId }: { kind: SendKind; batchId: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<string | undefined>();
  const [data, setData] = useState<LinesPage | null>(null);
  useEffect(() => {
    let live = true;
    setData(null);
    void request<LinesPage>('GET', `${kind.logsApi}/lines`, { params: { batchId, page, pageSize: PAGE, status } }).then(
      (res) => {
        if (live) setData(res.data!);
      },
      () => {
        if (live) setData({ items: [], total: 0 });
      },
    );
    return () => {
      live = false;
    };
  }, [kind, batchId, page, status]);
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="batch-lines">
      <Select
        allowClear
        placeholder={t(`${B}lineStatus`)}
        style={{ width: 160 }}
        value={status}
        onChange={(v) => {
          setStatus(v);
          setPage(1);
        }}
        options={(['pending', 'sent', 'failed'] as const).map((s) => ({ value: s, label: t(`${B}${s}`) }))}
      />
      <Table<IssueBatchLine>
        size="small"
        rowKey="lineNo"
        loading={data === null}
        dataSource={data?.items ?? []}
        pagination={{ current: page, pageSize: PAGE, total: data?.total ?? 0, showSizeChanger: false, onChange: setPage }}
        columns={[
          { key: 'lineNo', title: t(`${B}lineNo`), dataIndex: 'lineNo', width: 70 },
          { key: 'uid', title: t(UID), dataIndex: 'uid', render: (v: number) => <UidLink uid={v} /> },
          { key: 'amount', title: t(`${B}amount`), align: 'right', render: (_, l) => kind.amount(l.amount) },
          { key: 'status', title: t(`${B}lineStatus`), render: (_, l) => <StatusTag value={l.status} /> },
          { key: 'message', title: t(`${B}message`), render: (_, l) => <Typography.Text type="danger">{l.message}</Typography.Text> },
          { key: 'entry', title: t(`${B}entry`), render: (_, l) => l.ledgerEntryId ?? '-' },
        ]}
      />
    </Space>
  );
}

export function batchLogScreen(kind: SendKind, name: 'sendlogs' | 'sendcashlogs'): ListDeclaration<IssueBatch> {
  // amounts say their unit in the title: chips, or pesos (₱) for cash
  const cash = kind.currency === 'withdrawable';
  const money = (key: keyof IssueBatch, title: string, sortable = false): ColumnDeclaration<IssueBatch> => ({
    key,
    title: `${title}${cash ? 'Cash' : 'Chip'}`,
    sortable,
    format: cash ? 'money' : 'int',
  });
  const status: ColumnDeclaration<IssueBatch> = {
    key: 'status',
    title: `${B}status`,
    render: (v) => <StatusTag value={v} />,
    labels: { running: `${B}running`, done: `${B}done` },
  };
  return {
    name,
    title: `usermanager.${name}.title`,
    api: { url: kind.logsApi, mode: 'page', export: true },
    rowKey: 'id',
    filters: [
      { kind: 'number', name: 'id', label: `${B}id` },
      { kind: 'text', name: 'createdBy', label: `${B}createdBy` },
      { kind: 'text', name: 'reason', label: `${B}reason` },
      {
        kind: 'select',
        name: 'status',
        label: `${B}status`,
        options: [
          { value: 'running', label: `${B}running` },
          { value: 'done', label: `${B}done` },
        ],
      },
      { kind: 'dateRange', name: 'createdAt', label: `${B}createdAt` },
    ],
    columns: [
      { key: 'id', title: `${B}id` },
      { key: 'createdAt', title: `${B}createdAt`, format: 'datetime', sortable: true },
      { key: 'createdBy', title: `${B}createdBy` },
      { key: 'reason', title: `${B}reason`, width: 240 },
      { key: 'lines', title: `${B}lines`, format: 'int', sortable: true },
      money('total', `${B}total`, true),
      { key: 'sentLines', title: `${B}sentLines`, format: 'int' },
      money('sentAmount', `${B}sentAmount`),
      { key: 'failedLines', title: `${B}failedLines`, format: 'int' },
      status,
      { key: 'finishedAt', title: `${B}finishedAt`, format: 'datetime' },
    ],
    detail: {
      title: `${B}detail`,
      items: [
        { key: 'id', title: `${B}id` },
        { key: 'createdAt', title: `${B}createdAt`, format: 'datetime' },
        { key: 'createdBy', title: `${B}createdBy` },
        { key: 'reason', title: `${B}reason` },
        money('total', `${B}total`),
        money('sentAmount', `${B}sentAmount`),
        status,
        { key: 'lines', title: `${B}batchLines`, render: (_v, row) => <BatchLines kind={kind} batchId={row.id} /> },
      ],
    },
  };
}
