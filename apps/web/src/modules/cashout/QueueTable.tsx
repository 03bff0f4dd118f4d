/**
 * One review queue as a table: the orders (useReviewQueue.tsx holds the queue, the selection and
 * the steps), batch approve / deny over the selected rows, and per row the player's context and
 * the steps its state allows, with "Load more" below.
 */
import { Button, Empty, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { CashoutOrderItem } from '@console/schemas';
import { UidLink } from '../../kit/UidLink';
import { formatDateTime, formatMoney } from '../../lib/format';
import { translateServerMessage } from '../../shell/server-messages';
import type { Queue } from './api';
import { OrderIdCell, StateTag } from './cells';
import { useReviewQueue } from './useReviewQueue';

const L = 'cashout.';
const NOWRAP = { whiteSpace: 'nowrap' } as const;

export function QueueTable({ queue, onOpen }: { queue: Queue; onOpen: (orderId: string) => void }) {
  const { t } = useTranslation();
  const { query, rows, selected, setSelected, busy, batch, stepsFor, element } = useReviewQueue(queue);
  const actions = (row: CashoutOrderItem) => (
    <Space size={4} wrap>
      <Button size="small" onClick={() => onOpen(row.orderId)}>
        {t(`${L}context`)}
      </Button>
      {stepsFor(row).map((s) => (
        <Button key={s.key} size="small" type={s.primary ? 'primary' : undefined} danger={s.danger} onClick={() => void s.run()}>
          {s.label}
        </Button>
      ))}
    </Space>
  );

  const columns: ColumnsType<CashoutOrderItem> = [
    {
      key: 'orderId',
      title: t(`${L}col.orderId`),
      render: (_, r) => (
        <span style={NOWRAP}>
          <OrderIdCell orderId={r.orderId} />
        </span>
      ),
    },
    {
      key: 'uid',
      title: t('usermanager.uid'),
      render: (_, r) => (
        <span style={NOWRAP}>
          <UidLink uid={r.uid} />
        </span>
      ),
    },
    {
      key: 'amount',
      title: t(`${L}col.amount`),
      align: 'right',
      render: (_, r) => (
        <Space size={4} style={NOWRAP}>
          {formatMoney(r.amount)}
          {r.needsTwo && <Tag color="gold">{t(`${L}fourEyes`)}</Tag>}
        </Space>
      ),
    },
    { key: 'fee', title: t(`${L}col.fee`), align: 'right', render: (_, r) => formatMoney(r.fee) },
    { key: 'channel', title: t(`${L}col.channel`), dataIndex: 'channel' },
    { key: 'account', title: t(`${L}col.account`), dataIndex: 'account' },
    { key: 'createdAt', title: t(`${L}col.createdAt`), render: (_, r) => <span style={NOWRAP}>{formatDateTime(r.createdAt)}</span> },
    {
      key: 'review',
      title: t(`${L}col.review`),
      render: (_, r) => (
        <Typography.Text type="secondary">
          {[r.claimedBy, r.approvedBy && `✓ ${r.approvedBy}`, r.secondApprovedBy && `✓ ${r.secondApprovedBy}`].filter(Boolean).join(' · ') || '-'}
        </Typography.Text>
      ),
    },
    { key: 'status', title: t(`${L}col.status`), render: (_, r) => <StateTag status={r.status} /> },
    { key: 'actions', title: t(`${L}col.actions`), render: (_, r) => actions(r) },
  ];

  return (
    <>
      {batch && (
        <Space style={{ marginBottom: 12 }}>
          <Button disabled={selected.length === 0 || busy} onClick={batch.approve}>
            {t(`${L}batchApprove`)}
          </Button>
          <Button danger disabled={selected.length === 0 || busy} onClick={batch.deny}>
            {t(`${L}batchDeny`)}
          </Button>
          <Typography.Text type="secondary">{t(`${L}selected`, { count: selected.length })}</Typography.Text>
        </Space>
      )}
      <Table<CashoutOrderItem>
        rowKey="orderId"
        size="middle"
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: true }}
        loading={query.isLoading || busy}
        rowSelection={batch ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]) } : undefined}
        locale={{
          emptyText: query.isError ? (
            <Empty
              description={
                <Space direction="vertical">
                  {translateServerMessage(query.error.message, t)}
                  <Button onClick={() => void query.refetch()}>{t(`${L}retry`)}</Button>
                </Space>
              }
            />
          ) : (
            <Empty description={t(`${L}emptyQueue`)} />
          ),
        }}
      />
      {query.hasNextPage && (
        <Button style={{ marginTop: 12 }} loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          {t(`${L}more`)}
        </Button>
      )}
      {element}
    </>
  );
}
