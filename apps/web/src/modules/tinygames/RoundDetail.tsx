/**
 * A round's verification in its detail drawer: the server's verdict (verified, or flagged with
 * why and every difference), the result as reported and as the seed gives it, the seats, and
 * the very same check run again in the browser with @console/games verifyRound.
 */
import { useMemo } from 'react';
import { Alert, Button, Descriptions, Flex, Result, Skeleton, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { verifyRound } from '@console/games';
import type { GameRoundDetail } from '@console/schemas';
import { formatMoney } from '../../lib/format';
import { request } from '../../shell/request';
import { UidLink } from '../../kit/UidLink';
import { api, L } from './common';

export type RoundDetailData = GameRoundDetail;
export type SeatRow = GameRoundDetail['seatRows'][number];

const json = (v: unknown) => (
  <Typography.Text code style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
    {JSON.stringify(v)}
  </Typography.Text>
);

export function differenceText(d: Record<string, unknown>): string {
  if (typeof d.message === 'string') return `${String(d.kind)}: ${d.message}`;
  const where = d.kind === 'payout' ? `payout ${String(d.index)} (${String(d.seat)}) ${String(d.field)}` : String(d.kind);
  return `${where}: ${JSON.stringify(d.expected)} ≠ ${JSON.stringify(d.reported)}`;
}

export function RoundDetail({ game, id }: { game: string; id: number }) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: ['tinygames-round', game, id],
    queryFn: async () => (await request<RoundDetailData>('GET', `${api(game)}/gamerounds/detail`, { params: { id }, silent: true })).data!,
    retry: false,
  });
  const d = query.data;
  const browser = useMemo(
    () =>
      d
        ? verifyRound({
            game: d.game,
            settings: d.settings,
            seedHash: d.seedHash,
            seed: d.seed,
            bets: d.bets,
            result: d.result,
            payouts: d.seatRows,
          })
        : null,
    [d],
  );

  if (query.isError) {
    return (
      <Result
        status="error"
        title={t('kit.loadFailed')}
        subTitle={query.error.message}
        extra={<Button onClick={() => void query.refetch()}>{t('kit.retry')}</Button>}
      />
    );
  }
  if (!d) return <Skeleton active />;
  return (
    <Flex vertical gap={8} data-testid="round-detail">
      {d.verified ? (
        <Alert type="success" showIcon title={t(`${L}round.verified`)} />
      ) : (
        <Alert
          type="error"
          showIcon
          title={t(`${L}round.flagged`)}
          description={
            <div>
              <div>{d.why}</div>
              <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                {d.differences.map((x, i) => (
                  <li key={i}>{differenceText(x)}</li>
                ))}
              </ul>
            </div>
          }
        />
      )}
      {browser && (
        <Tag color={browser.ok === d.verified ? 'blue' : 'orange'} data-testid="browser-check">
          {t(browser.ok ? `${L}round.browserOk` : `${L}round.browserFlagged`, { n: browser.differences.length })}
        </Tag>
      )}
      <Descriptions column={1} size="small" bordered layout="vertical">
        <Descriptions.Item label={t(`${L}round.result`)}>{json(d.result)}</Descriptions.Item>
        <Descriptions.Item label={t(`${L}round.expected`)}>{d.expected ? json(d.expected.result) : '-'}</Descriptions.Item>
        <Descriptions.Item label={t(`${L}round.bets`)}>{json(d.bets)}</Descriptions.Item>
        <Descriptions.Item label={t(`${L}round.settings`)}>{json(d.settings)}</Descriptions.Item>
      </Descriptions>
      <Table<SeatRow>
        size="small"
        rowKey={(r) => `${r.seat}-${r.bet}-${r.win}`}
        pagination={false}
        dataSource={d.seatRows}
        scroll={{ x: true }}
        columns={[
          { dataIndex: 'seat', title: t(`${L}f.seat`) },
          { dataIndex: 'uid', title: t(`${L}f.uid`), render: (v: number | null, r) => (r.bot || v === null ? t(`${L}botYes`) : <UidLink uid={v} />) },
          ...(['bet', 'win', 'fee', 'jackpot'] as const).map((k) => ({
            dataIndex: k,
            title: t(`${L}f.${k}`),
            align: 'right' as const,
            render: (v: number) => formatMoney(v),
          })),
        ]}
      />
    </Flex>
  );
}
