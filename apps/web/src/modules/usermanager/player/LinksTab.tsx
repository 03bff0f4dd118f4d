import type { BanKindName, PlayerDetail, SharedLink } from '@console/schemas';
import { Button, Flex, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UidLink } from '../../../kit/UidLink';
import { formatDateTime } from '../../../lib/format';
import { usePermission } from '../../../shell/Permission';
import { PLAYER_ROLES } from './api';
import { ActionModal } from './actions/ActionModal';
import { ReasonField } from './actions/fields';
import { useConfirmedAction } from './actions/useConfirmedAction';
import { LongText } from './columns';

const L = 'usermanager.player.';

/** The devices and addresses the player used, the other accounts that used them, and their bans. */
export function LinksTab({ detail, onDone }: { detail: PlayerDetail; onDone: () => void }) {
  const { t } = useTranslation();
  const mayBan = usePermission(PLAYER_ROLES.bans);
  const confirm = useConfirmedAction(onDone);
  const [banning, setBanning] = useState<{ kind: BanKindName; value: string } | null>(null);

  const columns = (kind: 'device' | 'ip'): ColumnsType<SharedLink> => [
    {
      key: 'value',
      dataIndex: 'value',
      title: t(kind === 'device' ? `${L}device` : `${L}ip`),
      render: (v: string, r) => (
        <Flex gap={4} align="center">
          <LongText value={v} />
          {r.banId !== null && <Tag color="red">{t(`${L}banned`)}</Tag>}
        </Flex>
      ),
    },
    { key: 'lastAt', dataIndex: 'lastAt', title: t(`${L}lastUsed`), render: (v: string) => formatDateTime(v) },
    {
      key: 'shared',
      dataIndex: 'sharedUids',
      title: t(`${L}sharedWith`),
      render: (uids: number[], r) =>
        uids.length === 0 ? (
          '-'
        ) : (
          <Flex gap={6} wrap>
            {uids.map((u) => (
              <UidLink key={u} uid={u} />
            ))}
            {r.sharedCount > uids.length && (
              <Typography.Text type="secondary">{t(`${L}sharedMore`, { count: r.sharedCount >= 1001 ? '1000+' : r.sharedCount })}</Typography.Text>
            )}
          </Flex>
        ),
    },
    ...(mayBan
      ? [
          {
            key: 'ban',
            title: t('kit.actions'),
            render: (_: unknown, r: SharedLink) =>
              r.banId !== null ? (
                <Button size="small" onClick={() => confirm(t(`${L}confirm.unban`, { value: r.value }), 'unban', { id: r.banId })}>
                  {t(`${L}actions.unban`)}
                </Button>
              ) : (
                <Button size="small" danger onClick={() => setBanning({ kind, value: r.value })}>
                  {t(`${L}actions.ban`)}
                </Button>
              ),
          },
        ]
      : []),
  ];

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={5}>{t(`${L}devices`)}</Typography.Title>
      <Table<SharedLink> size="small" rowKey="value" columns={columns('device')} dataSource={detail.devices} pagination={false} data-testid="player-devices" />
      <Typography.Title level={5}>{t(`${L}ips`)}</Typography.Title>
      <Table<SharedLink> size="small" rowKey="value" columns={columns('ip')} dataSource={detail.ips} pagination={false} data-testid="player-ips" />
      {banning && (
        <ActionModal
          title={t(`${L}banTitle.${banning.kind}`)}
          path="ban"
          open
          onClose={() => setBanning(null)}
          onDone={onDone}
          danger
          body={(v) => ({ kind: banning.kind, value: banning.value, reason: v.reason })}
        >
          {() => (
            <>
              <Typography.Paragraph>
                <LongText value={banning.value} />
              </Typography.Paragraph>
              <ReasonField />
            </>
          )}
        </ActionModal>
      )}
    </Flex>
  );
}
