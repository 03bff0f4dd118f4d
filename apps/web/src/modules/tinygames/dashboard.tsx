/**
 * A game's dashboard from its id: the kit's figure cards and chart by day, the actual RTP
 * against the configured RTP and its band, and the days table with export, over one range.
 * The chart holds the peso series only (RTP, a percent, is in the cards, the band and the days table).
 */
import { Card, Descriptions, Flex, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { GameDashboard } from '@console/schemas';
import { DashboardScreen, ListScreen, type DashboardDeclaration } from '../../kit';
import { dashboardRange } from '../../kit/dashboard/DashboardScreen';
import { dayEnd, dayStart, formatPercent } from '../../lib/format';
import { request } from '../../shell/request';
import { api, L } from './common';
import { daysList } from './lists';
import { JackpotPool } from '../tablegames/pool';

export const DEFAULT_DAYS = 30;

export function dashboardDecl(game: string): DashboardDeclaration {
  const card = (key: string, format: 'money' | 'int' | 'percent', value = `totals.${key}`) => ({ key, label: `${L}f.${key}`, value, format });
  return {
    name: `tinygames-${game}-dashboard`,
    title: `${L}title.${game}.dashboard`,
    api: { url: `${api(game)}/dashboard` },
    defaultDays: DEFAULT_DAYS,
    cards: [
      card('turnover', 'money'),
      card('wins', 'money'),
      card('houseTake', 'money'),
      card('rtp', 'percent'),
      { key: 'configuredRtp', label: `${L}f.configuredRtp`, value: 'configured.rtp', format: 'percent' },
      card('players', 'int'),
      card('rounds', 'int'),
      card('bets', 'int'),
      card('flagged', 'int'),
    ],
    chart: {
      title: `${L}dashboard.chart`,
      rows: 'chart',
      series: [
        { key: 'turnover', label: `${L}dashboard.turnoverPesos`, type: 'bar' },
        { key: 'wins', label: `${L}dashboard.winsPesos`, type: 'bar' },
        { key: 'houseTake', label: `${L}dashboard.houseTakePesos`, type: 'line' },
      ],
    },
  };
}

type DashboardData = GameDashboard;

/** Actual RTP against the configured RTP and its band (the kit's dashboard query, shared by key). */
function RtpBand({ decl, params }: { decl: DashboardDeclaration; params: Record<string, string> }) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: ['kit-dashboard', decl.name, decl.api.url, { ...decl.api.params, ...params }],
    queryFn: async () => (await request<DashboardData>('GET', decl.api.url, { params, silent: true })).data ?? null,
    retry: false,
  });
  const d = query.data;
  if (!d) return null;
  const c = d.configured;
  const verdict =
    c.inBand === null ? (
      <Tag>{t(`${L}dashboard.noBand`)}</Tag>
    ) : c.inBand ? (
      <Tag color="green">{t(`${L}dashboard.inBand`)}</Tag>
    ) : (
      <Tag color="red">{t(`${L}dashboard.outOfBand`)}</Tag>
    );
  return (
    <Card title={t(`${L}dashboard.rtpTitle`)} extra={<span data-testid="rtp-verdict">{verdict}</span>}>
      <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }}>
        <Descriptions.Item label={t(`${L}f.rtp`)}>{formatPercent(d.totals.rtp)}</Descriptions.Item>
        <Descriptions.Item label={t(`${L}f.configuredRtp`)}>{c.rtp === null ? t(`${L}dashboard.tableGame`) : formatPercent(c.rtp)}</Descriptions.Item>
        <Descriptions.Item label={t(`${L}dashboard.band`)}>
          <span data-testid="rtp-band">{c.band ? `${formatPercent(c.band.low)} – ${formatPercent(c.band.high)}` : '-'}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t(`${L}dashboard.version`)}>{c.version === 0 ? t(`${L}dashboard.defaults`) : c.version}</Descriptions.Item>
        <Descriptions.Item label={t(`${L}dashboard.reference`)} span="filled">
          {c.reference}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

export function GameDashboard({ game }: { game: string }) {
  const [search] = useSearchParams();
  const range = dashboardRange(search, DEFAULT_DAYS);
  const params = { from: dayStart(range.from)!, to: dayEnd(range.to)! };
  const decl = dashboardDecl(game);
  return (
    <Flex vertical gap={12}>
      <DashboardScreen decl={decl} />
      <RtpBand decl={decl} params={params} />
      <JackpotPool game={game} />
      <ListScreen key={`${params.from}|${params.to}`} decl={daysList(game, params.from, params.to)} />
    </Flex>
  );
}
