/**
 * The player's context beside an order: the order and its history, balances, recent
 * recharges, bets and cash-outs, and risk flags (devices and addresses shared with other
 * accounts). Read-only: the steps are on the queue rows.
 */
import { Alert, Descriptions, Drawer, Empty, List, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { UidLink } from '../../kit/UidLink';
import { formatDateTime, formatMoney, formatInt } from '../../lib/format';
import { translateServerMessage } from '../../shell/server-messages';
import { ReasonLabel } from '../usermanager/ledgerReasons';
import { fetchContext } from './api';
import { OrderIdCell, StateTag } from './cells';

const L = 'cashout.ctx.';
const MONEY = new Set(['withdrawable']);

export function OrderDrawer({ orderId, onClose }: { orderId: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: ['cashout', 'context', orderId], queryFn: () => fetchContext(orderId!), enabled: orderId !== null });
  const c = query.data;
  return (
    <Drawer open={orderId !== null} onClose={onClose} size="large" title={t(`${L}title`)} destroyOnHidden>
      {query.isLoading && <Skeleton active />}
      {query.isError && <Alert type="error" showIcon message={translateServerMessage(query.error.message, t)} />}
      {c && (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          {c.order.lateOutcome && <Alert type="warning" showIcon message={t(`${L}late`, { outcome: c.order.lateOutcome })} />}
          <Descriptions
            size="small"
            bordered
            column={2}
            title={t(`${L}order`)}
            items={[
              { key: 'id', label: t('cashout.col.orderId'), children: <OrderIdCell orderId={c.order.orderId} /> },
              { key: 'status', label: t('cashout.col.status'), children: <StateTag status={c.order.status} /> },
              { key: 'amount', label: t('cashout.col.amount'), children: formatMoney(c.order.amount) },
              { key: 'fee', label: t('cashout.col.fee'), children: formatMoney(c.order.fee) },
              { key: 'account', label: t('cashout.col.account'), children: `${c.order.channel} · ${c.order.account}` },
              { key: 'ref', label: t(`${L}providerRef`), children: c.order.providerRef ?? '-' },
              { key: 'remarks', label: t(`${L}remarks`), children: c.order.remarks || '-', span: 2 },
            ]}
          />
          <Descriptions
            size="small"
            bordered
            column={2}
            title={t(`${L}player`)}
            items={[
              { key: 'uid', label: t('usermanager.uid'), children: <UidLink uid={c.player.uid} /> },
              { key: 'name', label: t(`${L}name`), children: c.player.name },
              { key: 'status', label: t(`${L}playerStatus`), children: t(`usermanager.player.statuses.${c.player.status}`, { defaultValue: c.player.status }) },
              { key: 'registered', label: t(`${L}registered`), children: formatDateTime(c.player.registeredAt) },
              { key: 'gcash', label: 'GCash', children: c.player.gcash || '-' },
              { key: 'bank', label: t(`${L}bank`), children: c.player.bank || '-' },
              ...Object.entries(c.balances).map(([k, v]) => ({
                key: k,
                label: t(`${L}balances.${k}`),
                children: MONEY.has(k) ? `₱${formatMoney(v)}` : formatInt(v),
              })),
            ]}
          />
          <div>
            <Typography.Title level={5}>{t(`${L}risks`)}</Typography.Title>
            {c.risks.length === 0 ? (
              <Typography.Text type="secondary">{t(`${L}noRisks`)}</Typography.Text>
            ) : (
              <List
                size="small"
                dataSource={c.risks}
                renderItem={(r) => (
                  <List.Item>
                    <Space wrap>
                      <Tag color="red">{t(`${L}shared.${r.kind}`)}</Tag>
                      <Typography.Text code>{r.value}</Typography.Text>
                      {r.uids.map((u) => (
                        <UidLink key={u} uid={u} />
                      ))}
                    </Space>
                  </List.Item>
                )}
              />
            )}
          </div>
          <div>
            <Typography.Title level={5}>{t(`${L}history`)}</Typography.Title>
            <Table
              size="small"
              rowKey={(h) => `${h.at}${h.to}${h.actor}`}
              pagination={false}
              dataSource={c.history}
              columns={[
                { key: 'at', title: t(`${L}at`), render: (_, h) => formatDateTime(h.at) },
                { key: 'actor', title: t(`${L}actor`), dataIndex: 'actor' },
                { key: 'to', title: t('cashout.col.status'), render: (_, h) => <StateTag status={h.to} /> },
                { key: 'reason', title: t('cashout.reason'), dataIndex: 'reason' },
              ]}
            />
          </div>
          <div>
            <Typography.Title level={5}>{t(`${L}bets`)}</Typography.Title>
            <Table
              size="small"
              rowKey={(b) => `${b.at}${b.reason}${b.delta}`}
              pagination={false}
              dataSource={c.bets}
              locale={{ emptyText: <Empty description={t(`${L}none`)} /> }}
              columns={[
                { key: 'at', title: t(`${L}at`), render: (_, b) => formatDateTime(b.at) },
                { key: 'reason', title: t(`${L}what`), render: (_, b) => <ReasonLabel code={b.reason} /> },
                { key: 'delta', title: t(`${L}delta`), align: 'right', render: (_, b) => formatInt(b.delta) },
              ]}
            />
          </div>
          <div>
            <Typography.Title level={5}>{t(`${L}recharges`)}</Typography.Title>
            <Table
              size="small"
              rowKey="orderId"
              pagination={false}
              dataSource={c.recharges}
              locale={{ emptyText: <Empty description={t(`${L}none`)} /> }}
              columns={[
                { key: 'orderId', title: t('cashout.col.orderId'), render: (_, o) => <OrderIdCell orderId={o.orderId} /> },
                { key: 'at', title: t(`${L}at`), render: (_, o) => formatDateTime(o.createdAt) },
                { key: 'channel', title: t('cashout.col.channel'), dataIndex: 'channel' },
                { key: 'price', title: t(`${L}price`), align: 'right', render: (_, o) => formatMoney(o.price) },
                { key: 'status', title: t('cashout.col.status'), render: (_, o) => t(`${L}rechargeStates.${o.status}`, { defaultValue: o.status }) },
              ]}
            />
          </div>
          <div>
            <Typography.Title level={5}>{t(`${L}cashouts`)}</Typography.Title>
            <Table
              size="small"
              rowKey="orderId"
              pagination={false}
              dataSource={c.cashouts}
              locale={{ emptyText: <Empty description={t(`${L}none`)} /> }}
              columns={[
                { key: 'orderId', title: t('cashout.col.orderId'), render: (_, o) => <OrderIdCell orderId={o.orderId} /> },
                { key: 'at', title: t(`${L}at`), render: (_, o) => formatDateTime(o.at) },
                { key: 'amount', title: t('cashout.col.amount'), align: 'right', render: (_, o) => formatMoney(o.amount) },
                { key: 'status', title: t('cashout.col.status'), render: (_, o) => <StateTag status={o.status} /> },
              ]}
            />
          </div>
        </Space>
      )}
    </Drawer>
  );
}
