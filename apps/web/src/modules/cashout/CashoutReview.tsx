/**
 * /usermanager/cashoutreview: the cash-out review (docs/decisions/006-cashout-review.md).
 * Tabs: the four queues a reviewer acts on (not reviewed, in review, cash-out in progress,
 * undetermined) with their counts, the records (every order: filters, export) and the
 * charisma cash-outs. The tab lives in the URL; switching drops the other tab's filters.
 */
import { useState } from 'react';
import { Badge, Card, Space, Tabs, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { ListScreen } from '../../kit';
import { formatMoney } from '../../lib/format';
import { fetchSummary, QUEUES, type Queue } from './api';
import { OrderDrawer } from './OrderDrawer';
import { QueueTable } from './QueueTable';
import { charismaScreen, recordsScreen } from './records';

const L = 'cashout.';
const TABS = [...QUEUES, 'records', 'charisma'] as const;

export default function CashoutReview() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const [open, setOpen] = useState<string | null>(null);
  const tab = (TABS as readonly string[]).includes(search.get('tab') ?? '') ? search.get('tab')! : 'not_reviewed';
  const summary = useQuery({ queryKey: ['cashout', 'summary'], queryFn: fetchSummary });
  const label = (q: Queue) => (
    <Space size={6}>
      {t(`${L}queues.${q}`)}
      <Badge count={summary.data?.counts[q] ?? 0} overflowCount={9999} showZero={false} />
    </Space>
  );
  const select = (key: string) => {
    // the lists keep their filters in the URL: a new tab starts clean (the player drawer stays)
    const next = new URLSearchParams();
    next.set('tab', key);
    const player = search.get('player');
    if (player) next.set('player', player);
    setSearch(next);
  };
  return (
    <Card
      title={t(`${L}title`)}
      extra={
        summary.data && (
          <Typography.Text type="secondary">
            {t(`${L}fourEyesNote`, { amount: formatMoney(summary.data.fourEyesAmount) })}
            {summary.data.late > 0 && (
              <>
                {' '}
                · <Typography.Text type="warning">{t(`${L}lateNote`, { count: summary.data.late })}</Typography.Text>
              </>
            )}
          </Typography.Text>
        )
      }
    >
      <Tabs
        activeKey={tab}
        onChange={select}
        destroyOnHidden
        items={[
          ...QUEUES.map((q) => ({ key: q, label: label(q), children: <QueueTable queue={q} onOpen={setOpen} /> })),
          { key: 'records', label: t(`${L}records.title`), children: <ListScreen decl={recordsScreen} /> },
          { key: 'charisma', label: t(`${L}charisma.title`), children: <ListScreen decl={charismaScreen} /> },
        ]}
      />
      <OrderDrawer orderId={open} onClose={() => setOpen(null)} />
    </Card>
  );
}
