/**
 * /gameserver/status: the board. Every server not retired with its colour (red: crashed or no
 * heartbeat for 3 intervals, with how long ago), last heartbeat, load, players, tables,
 * version and state; totals per game and overall. Refreshes itself every heartbeat interval
 * (pausable). A board, not a kit list: it has no paging and its answer is one document.
 */
import { useState } from 'react';
import { Alert, Badge, Button, Card, Col, Empty, Progress, Result, Row, Space, Statistic, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { GameServerGameTotal, GameServerStatus, GameServerStatusItem } from '@console/schemas';
import { EMPTY, formatDateTime, formatInt } from '../../lib/format';
import { request } from '../../shell/request';
import { HEALTH_COLOURS, HEALTH_LABELS, L, PROCESS_LABELS } from './common';
import { GamesCell, gameName, StateTag } from './cells';

const S = `${L}status.`;
/** Refresh period when the answer has not said its interval yet. */
const DEFAULT_REFRESH_S = 10;

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** "47 min 3 s", "2 d 4 h": the two largest units. */
export function formatAgo(seconds: number, t: Translate): string {
  const parts: [string, number][] = [
    ['d', Math.floor(seconds / 86_400)],
    ['h', Math.floor(seconds / 3600) % 24],
    ['m', Math.floor(seconds / 60) % 60],
    ['s', seconds % 60],
  ];
  const first = parts.findIndex(([, n]) => n > 0);
  if (first < 0) return t(`${S}units.s`, { n: 0 });
  return parts
    .slice(first, first + 2)
    .filter(([, n]) => n > 0)
    .map(([unit, n]) => t(`${S}units.${unit}`, { n }))
    .join(' ');
}

function HealthCell({ server, t }: { server: GameServerStatusItem; t: Translate }) {
  const label = t(HEALTH_LABELS[server.health]);
  let detail = '';
  if (server.redReason === 'crashed') detail = t(`${S}crashed`);
  if (server.redReason === 'missed' && server.silentSeconds !== null) detail = t(`${S}silentFor`, { ago: formatAgo(server.silentSeconds, t) });
  return (
    <Space direction="vertical" size={0}>
      <Badge status={HEALTH_COLOURS[server.health] as 'success' | 'error' | 'default'} text={label} />
      {detail && (
        <Typography.Text type="danger" style={{ fontSize: 12 }} data-testid={`red-${server.serverId}`}>
          {detail}
        </Typography.Text>
      )}
    </Space>
  );
}

export function StatusBoard({ data, t }: { data: GameServerStatus; t: Translate }) {
  const int = (v: number | null) => (v === null ? EMPTY : formatInt(v));
  const columns: ColumnsType<GameServerStatusItem> = [
    {
      key: 'health',
      title: t(`${L}health`),
      width: 170,
      render: (_, s) => <HealthCell server={s} t={t} />,
      sorter: (a, b) => rank(a) - rank(b),
      defaultSortOrder: 'ascend',
    },
    { key: 'serverId', dataIndex: 'serverId', title: t(`${L}serverId`), sorter: (a, b) => a.serverId.localeCompare(b.serverId) },
    { key: 'name', dataIndex: 'name', title: t(`${L}name`) },
    { key: 'region', dataIndex: 'region', title: t(`${L}region`), sorter: (a, b) => a.region.localeCompare(b.region) },
    { key: 'games', title: t(`${L}games`), render: (_, s) => <GamesCell games={s.games} /> },
    {
      key: 'state',
      title: t(`${L}state`),
      render: (_, s) => (
        <Space size={4}>
          <StateTag state={s.state} />
          {s.state === 'draining' && s.drainedAt && <Typography.Text type="secondary">{t(`${S}drained`)}</Typography.Text>}
        </Space>
      ),
    },
    { key: 'process', title: t(`${L}process`), render: (_, s) => t(PROCESS_LABELS[s.process]) },
    { key: 'version', dataIndex: 'version', title: t(`${L}version`), render: (v) => v ?? EMPTY },
    {
      key: 'load',
      title: t(`${L}load`),
      width: 130,
      sorter: (a, b) => (a.load ?? -1) - (b.load ?? -1),
      render: (_, s) =>
        s.load === null ? EMPTY : <Progress percent={s.load} size="small" status={s.load >= 85 ? 'exception' : 'normal'} format={(p) => `${p}`} />,
    },
    {
      key: 'onlinePlayers',
      title: t(`${L}onlinePlayers`),
      align: 'right',
      sorter: (a, b) => (a.onlinePlayers ?? -1) - (b.onlinePlayers ?? -1),
      render: (_, s) => int(s.onlinePlayers),
    },
    { key: 'tables', title: t(`${L}tables`), align: 'right', render: (_, s) => int(s.tables) },
    {
      key: 'lastHeartbeatAt',
      title: t(`${L}lastHeartbeatAt`),
      render: (_, s) =>
        s.lastHeartbeatAt === null ? (
          t(`${S}never`)
        ) : (
          <Space direction="vertical" size={0}>
            <span>{formatDateTime(s.lastHeartbeatAt)}</span>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t(`${S}ago`, { ago: formatAgo(s.silentSeconds ?? 0, t) })}
            </Typography.Text>
          </Space>
        ),
    },
  ];
  const gameColumns: ColumnsType<GameServerGameTotal> = [
    { key: 'game', title: t(`${L}games`), render: (_, g) => gameName(g.game) },
    { key: 'servers', dataIndex: 'servers', title: t(`${S}serversOfGame`), align: 'right' },
    { key: 'green', title: t(`${S}green`), align: 'right', render: (_, g) => <Badge status="success" text={g.green} /> },
    { key: 'red', title: t(`${S}red`), align: 'right', render: (_, g) => (g.red ? <Badge status="error" text={g.red} /> : 0) },
    { key: 'online', title: t(`${S}online`), align: 'right', render: (_, g) => formatInt(g.online) },
    { key: 'tables', title: t(`${S}tables`), align: 'right', render: (_, g) => formatInt(g.tables) },
  ];
  const { summary } = data;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Row gutter={[12, 12]}>
        {(
          [
            ['servers', summary.servers],
            ['green', summary.green],
            ['red', summary.red],
            ['grey', summary.grey],
            ['online', summary.online],
            ['tables', summary.tables],
          ] as const
        ).map(([key, value]) => (
          <Col xs={12} md={8} xl={4} key={key}>
            <Card size="small">
              <Statistic title={t(`${S}${key}`)} value={value} valueStyle={key === 'red' && value > 0 ? { color: '#cf1322' } : undefined} />
            </Card>
          </Col>
        ))}
      </Row>
      <Alert
        type="info"
        showIcon
        message={t(`${S}rule`, { interval: data.intervalSeconds, missed: data.missedHeartbeats, total: data.intervalSeconds * data.missedHeartbeats })}
      />
      <Card size="small" title={t(`${S}byServer`)}>
        <Table<GameServerStatusItem>
          rowKey="serverId"
          size="small"
          columns={columns}
          dataSource={data.servers}
          pagination={false}
          scroll={{ x: 'max-content' }}
          rowClassName={(s) => `gameserver-${s.health}`}
        />
      </Card>
      <Card size="small" title={t(`${S}byGame`)}>
        <Table<GameServerGameTotal> rowKey="game" size="small" columns={gameColumns} dataSource={data.games} pagination={false} />
      </Card>
    </Space>
  );
}

/** Red first, then green, then grey; by server id within. */
const rank = (s: GameServerStatusItem) => ({ red: 0, green: 1, grey: 2 })[s.health];

export default function GameServerStatusScreen() {
  const { t } = useTranslation();
  const [paused, setPaused] = useState(false);
  const [interval, setIntervalSeconds] = useState(DEFAULT_REFRESH_S);
  const query = useQuery({
    queryKey: ['gameserver-status'],
    queryFn: async () => {
      const data = (await request<GameServerStatus>('GET', '/gameserver/status', { silent: true })).data!;
      setIntervalSeconds(data.intervalSeconds);
      return data;
    },
    refetchInterval: paused ? false : interval * 1000,
  });
  const tr = t as unknown as Translate;
  return (
    <Card
      title={t(`${S}title`)}
      extra={
        <Space wrap>
          {query.dataUpdatedAt > 0 && (
            <Typography.Text type="secondary">{t(`${S}refreshed`, { time: formatDateTime(query.dataUpdatedAt), seconds: interval })}</Typography.Text>
          )}
          <Button size="small" onClick={() => setPaused((p) => !p)}>
            {t(paused ? `${S}resume` : `${S}pause`)}
          </Button>
          <Button size="small" type="primary" loading={query.isFetching} onClick={() => void query.refetch()}>
            {t(`${S}refresh`)}
          </Button>
        </Space>
      }
    >
      {query.isError && !query.data && (
        <Result
          status="error"
          title={t(`${S}error`)}
          subTitle={query.error.message}
          extra={<Button onClick={() => void query.refetch()}>{t(`${S}retry`)}</Button>}
        />
      )}
      {query.isPending && <Card loading bordered={false} />}
      {query.data && query.data.servers.length === 0 && <Empty description={t(`${S}empty`)} />}
      {query.data && query.data.servers.length > 0 && <StatusBoard data={query.data} t={tr} />}
    </Card>
  );
}
