/**
 * One review queue (orders in one state), newest first, 50 at a time with "Load more":
 * select rows for batch approve / deny; per row the steps that state allows (claim,
 * approve, deny; set success / fail for undetermined payouts) and the player's context.
 * Approving asks for confirmation, then for the re-authentication when it has expired.
 */
import { useState, type ReactNode } from 'react';
import { App, Button, Empty, Form, Input, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CashoutOrderItem } from '@console/schemas';
import { UidLink } from '../../kit/UidLink';
import { formatDateTime, formatMoney, formatOrderId } from '../../lib/format';
import { checkReason } from '../../lib/validators';
import { translateServerMessage } from '../../shell/server-messages';
import { useSession } from '../../shell/useSession';
import {
  approveBatch,
  approveOrder,
  claimOrder,
  denyBatch,
  denyOrder,
  fetchQueue,
  isReauthRequired,
  releaseOrder,
  resolveOrder,
  type BatchResult,
  type Queue,
} from './api';
import { OrderIdCell, StateTag } from './cells';
import { useReauth } from './useReauth';

const L = 'cashout.';
const NOWRAP = { whiteSpace: 'nowrap' } as const;

export function QueueTable({ queue, onOpen }: { queue: Queue; onOpen: (orderId: string) => void }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const { user } = useSession();
  const me = user?.username;
  const client = useQueryClient();
  const reauth = useReauth();
  const [selected, setSelected] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const query = useInfiniteQuery({
    queryKey: ['cashout', 'queue', queue],
    queryFn: ({ pageParam }) => fetchQueue(queue, pageParam || undefined),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const rows = query.data?.pages.flatMap((p) => p.items) ?? [];
  const refresh = () => {
    setSelected([]);
    void client.invalidateQueries({ queryKey: ['cashout'] });
  };
  const fail = (e: unknown) => message.error(translateServerMessage((e as Error).message, t), 5);

  const run = async (work: () => Promise<unknown>, done = 'cashout.done') => {
    setBusy(true);
    try {
      await work();
      void message.success(t(done));
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
      refresh();
    }
  };

  /** Approves with the re-authentication: asked first when it has expired, and again if the server says so. */
  const withReauth = async <T,>(call: () => Promise<T>): Promise<T | null> => {
    if (!(await reauth.ensure())) return null;
    try {
      return await call();
    } catch (e) {
      if (!isReauthRequired(e) || !(await reauth.ensure(true))) throw e;
      return call();
    }
  };

  const approve = (row: CashoutOrderItem) =>
    modal.confirm({
      title: t(`${L}approveTitle`),
      content: t(`${L}approveBody`, { order: formatOrderId(row.orderId), amount: formatMoney(row.amount), account: row.account, uid: row.uid }),
      okText: t(`${L}approve`),
      // the confirmation closes first: the re-authentication prompt may open next
      onOk: () => {
        void run(async () => {
          const order = await withReauth(() => approveOrder(row.orderId));
          if (order && order.status === 'in_review') void message.info(t(`${L}needsSecond`));
        });
      },
    });

  const reasonModal = (title: string, onReason: (reason: string) => Promise<unknown>, danger = true) => {
    let reason = '';
    modal.confirm({
      title,
      okButtonProps: { danger },
      content: (
        <Form layout="vertical">
          <Form.Item label={t(`${L}reason`)} required>
            <Input.TextArea
              rows={3}
              maxLength={200}
              showCount
              autoFocus
              data-testid="cashout-reason"
              onChange={(e) => {
                reason = e.target.value;
              }}
            />
          </Form.Item>
        </Form>
      ),
      // taking `close` tells antd to keep the dialog open unless we return a promise (it closes
      // when that settles; `run` never rejects): without a reason it stays open, and nothing
      // throws (a rejected promise here surfaced as an unhandled rejection)
      onOk: (_close: () => void) => {
        if (checkReason(reason) !== null) {
          void message.error(t(`${L}reasonRequired`));
          return undefined;
        }
        return run(() => onReason(reason.trim()));
      },
    });
  };

  const batchReport = (results: BatchResult[]) => {
    const refused = results.filter((r) => r.code !== 200);
    if (refused.length === 0) return;
    modal.warning({
      title: t(`${L}batchRefused`, { count: refused.length, total: results.length }),
      content: (
        <ul>
          {refused.map((r) => (
            <li key={r.orderId}>
              {formatOrderId(r.orderId)}: {translateServerMessage(r.message ?? '', t)}
            </li>
          ))}
        </ul>
      ),
    });
  };

  const batchApprove = () =>
    modal.confirm({
      title: t(`${L}batchApproveTitle`, { count: selected.length }),
      okText: t(`${L}approve`),
      onOk: () => {
        void run(async () => {
          const results = await withReauth(() => approveBatch(selected));
          if (results) batchReport(results);
        });
      },
    });
  const batchDeny = () => reasonModal(t(`${L}batchDenyTitle`, { count: selected.length }), async (reason) => batchReport(await denyBatch(selected, reason)));

  const actions = (row: CashoutOrderItem) => {
    const mine = row.claimedBy === me;
    const secondEyes = row.approvedBy !== null && row.approvedBy !== me;
    const items: ReactNode[] = [
      <Button key="ctx" size="small" onClick={() => onOpen(row.orderId)}>
        {t(`${L}context`)}
      </Button>,
    ];
    if (queue === 'not_reviewed') {
      items.push(
        <Button key="claim" size="small" type="primary" onClick={() => run(() => claimOrder(row.orderId))}>
          {t(`${L}claim`)}
        </Button>,
      );
    }
    if (queue === 'not_reviewed' || (queue === 'in_review' && ((mine && row.approvedBy === null) || secondEyes))) {
      items.push(
        <Button key="approve" size="small" onClick={() => approve(row)}>
          {t(secondEyes ? `${L}secondApprove` : `${L}approve`)}
        </Button>,
      );
    }
    if (queue === 'not_reviewed' || (queue === 'in_review' && (mine || row.approvedBy !== null))) {
      items.push(
        <Button
          key="deny"
          size="small"
          danger
          onClick={() => reasonModal(t(`${L}denyTitle`, { order: formatOrderId(row.orderId) }), (r) => denyOrder(row.orderId, r))}
        >
          {t(`${L}deny`)}
        </Button>,
      );
    }
    if (queue === 'in_review' && row.approvedBy === null) {
      items.push(
        <Button
          key="release"
          size="small"
          onClick={() =>
            modal.confirm({
              title: t(`${L}releaseTitle`, { order: formatOrderId(row.orderId), reviewer: row.claimedBy }),
              onOk: () => run(() => releaseOrder(row.orderId)),
            })
          }
        >
          {t(`${L}release`)}
        </Button>,
      );
    }
    if (queue === 'undetermined') {
      items.push(
        <Button
          key="ok"
          size="small"
          onClick={() => reasonModal(t(`${L}setSuccessTitle`, { order: formatOrderId(row.orderId) }), (r) => resolveOrder(row.orderId, 'success', r), false)}
        >
          {t(`${L}setSuccess`)}
        </Button>,
        <Button
          key="fail"
          size="small"
          danger
          onClick={() => reasonModal(t(`${L}setFailTitle`, { order: formatOrderId(row.orderId) }), (r) => resolveOrder(row.orderId, 'fail', r))}
        >
          {t(`${L}setFail`)}
        </Button>,
      );
    }
    return (
      <Space size={4} wrap>
        {items}
      </Space>
    );
  };

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
  const batchable = queue === 'not_reviewed' || queue === 'in_review';

  return (
    <>
      {batchable && (
        <Space style={{ marginBottom: 12 }}>
          <Button disabled={selected.length === 0 || busy} onClick={batchApprove}>
            {t(`${L}batchApprove`)}
          </Button>
          <Button danger disabled={selected.length === 0 || busy} onClick={batchDeny}>
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
        rowSelection={batchable ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]) } : undefined}
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
      {reauth.element}
    </>
  );
}
