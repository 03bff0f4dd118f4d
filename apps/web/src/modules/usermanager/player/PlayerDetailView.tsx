import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { BanLogItem, InviteeItem, LedgerItem, LoginItem, ProfileChangeItem } from '@console/schemas';
import { Alert, Button, Empty, Flex, Select, Spin, Table, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { type ApiError } from '../../../shell/request';
import { fetchDetail, playerKey } from './api';
import { PlayerActions } from './actions/PlayerActions';
import { banLogColumns, changeColumns, inviteeColumns, LongText, ledgerColumns, loginColumns } from './columns';
import { HistoryTable } from './HistoryTable';
import { LinksTab } from './LinksTab';
import { ProfileSection } from './ProfileSection';

const L = 'usermanager.player.';
const CURRENCIES = ['chip', 'bean', 'safe', 'bonus', 'diamond', 'charisma', 'withdrawable'];

/** Everything about one player: profile, balances, actions, and the histories in tabs. */
export function PlayerDetailView({ uid }: { uid: number }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [currency, setCurrency] = useState<string | undefined>();
  const detail = useQuery({ queryKey: playerKey(uid), queryFn: () => fetchDetail(uid), retry: false });
  // after an action: the detail and every history of this player load again
  const refresh = () => void client.invalidateQueries({ queryKey: playerKey(uid) });

  if (detail.isLoading)
    return (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin />
      </Flex>
    );
  if (detail.isError) {
    const error = detail.error as ApiError;
    if (error.code === 404) return <Empty description={t(`${L}notFound`, { uid })} />;
    return (
      <Alert
        type="error"
        showIcon
        message={t(`${L}loadFailed`)}
        description={error.message}
        action={
          <Button size="small" onClick={() => void detail.refetch()}>
            {t(`${L}retry`)}
          </Button>
        }
      />
    );
  }
  const d = detail.data!;
  return (
    <Flex vertical gap={16}>
      <PlayerActions detail={d} onDone={refresh} />
      <ProfileSection detail={d} />
      <Tabs
        destroyOnHidden
        items={[
          {
            key: 'ledger',
            label: t(`${L}tabs.ledger`),
            children: (
              <Flex vertical gap={8}>
                <Select
                  allowClear
                  placeholder={t(`${L}allCurrencies`)}
                  style={{ width: 200 }}
                  value={currency}
                  onChange={setCurrency}
                  options={CURRENCIES.map((c) => ({ value: c, label: t(`${L}balances.${c}`) }))}
                />
                <HistoryTable<LedgerItem> part="ledger" uid={uid} columns={ledgerColumns(t)} params={currency ? { currency } : {}} />
              </Flex>
            ),
          },
          { key: 'logins', label: t(`${L}tabs.logins`), children: <HistoryTable<LoginItem> part="logins" uid={uid} columns={loginColumns(t)} /> },
          { key: 'links', label: t(`${L}tabs.links`), children: <LinksTab detail={d} onDone={refresh} /> },
          {
            key: 'bans',
            label: t(`${L}tabs.bans`),
            children: (
              <Flex vertical gap={8}>
                <Table
                  size="small"
                  rowKey="id"
                  pagination={false}
                  dataSource={d.bans}
                  locale={{ emptyText: t(`${L}noActiveBans`) }}
                  columns={[
                    { key: 'kind', dataIndex: 'kind', title: t(`${L}kind`), render: (v: string) => t(`${L}kinds.${v}`) },
                    { key: 'value', dataIndex: 'value', title: t(`${L}value`), render: (v: string) => <LongText value={v} /> },
                    { key: 'reason', dataIndex: 'reason', title: t(`${L}reason`), render: (v: string) => <LongText value={v} /> },
                    { key: 'bannedBy', dataIndex: 'bannedBy', title: t(`${L}operator`) },
                    { key: 'bannedAt', dataIndex: 'bannedAt', title: t(`${L}at`), render: (v: string) => formatDateTime(v) },
                  ]}
                />
                <HistoryTable<BanLogItem> part="banlog" uid={uid} columns={banLogColumns(t)} />
              </Flex>
            ),
          },
          {
            key: 'invitees',
            label: t(`${L}tabs.invitees`, { count: d.inviteeCount }),
            children: <HistoryTable<InviteeItem> part="invitees" uid={uid} columns={inviteeColumns(t)} />,
          },
          { key: 'changes', label: t(`${L}tabs.changes`), children: <HistoryTable<ProfileChangeItem> part="changes" uid={uid} columns={changeColumns(t)} /> },
        ]}
      />
    </Flex>
  );
}
