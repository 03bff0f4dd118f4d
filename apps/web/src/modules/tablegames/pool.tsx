/**
 * A game's jackpot pool (docs/api/tablegames.md "Jackpot pools"): shown on the 1v1 and AI
 * dashboards (from their own answer) and on the game's own dashboard (modules/tinygames, from
 * GET /tinygames/<game>/dashboard/pool). Games with a pool: those whose settings have a jackpot share.
 */
import { Card, Descriptions } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { findGame } from '@console/games';
import type { JackpotPool } from '@console/schemas';
import { formatMoney, formatPercent } from '../../lib/format';
import { request } from '../../shell/request';
import { L } from './common';

/** A game's jackpot pool as the server answers it. */
export type Pool = JackpotPool;

export const hasPool = (game: string) => Object.hasOwn((findGame(game)?.defaults ?? {}) as object, 'jackpotBps');

export function PoolView({ pool }: { pool: Pool }) {
  const { t } = useTranslation();
  const peso = (v: number) => `₱${formatMoney(v)}`;
  return (
    <Card title={t(`${L}pool.title`)} data-testid="jackpot-pool">
      <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }}>
        <Descriptions.Item label={t(`${L}pool.balance`)}>
          <b data-testid="pool-balance">{peso(pool.balance)}</b>
        </Descriptions.Item>
        <Descriptions.Item label={t(`${L}pool.contributed`)}>{peso(pool.contributed)}</Descriptions.Item>
        <Descriptions.Item label={t(`${L}pool.paid`)}>{peso(pool.paid)}</Descriptions.Item>
        <Descriptions.Item label={t(`${L}pool.wins`)}>{pool.wins}</Descriptions.Item>
        <Descriptions.Item label={t(`${L}pool.nextPayout`)}>{pool.rules.enabled ? peso(pool.nextPayout) : t(`${L}pool.disabled`)}</Descriptions.Item>
        <Descriptions.Item label={t(`${L}pool.share`)}>{formatPercent(pool.rules.payoutBps / 10_000)}</Descriptions.Item>
        <Descriptions.Item label={t(`${L}pool.cap`)}>{pool.rules.maxPayout > 0 ? peso(pool.rules.maxPayout) : t(`${L}pool.noCap`)}</Descriptions.Item>
        <Descriptions.Item label={t(`${L}pool.minPool`)}>{peso(pool.rules.minPool)}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

/** The pool of `game` on its own dashboard (nothing for a game without a jackpot share). */
export function JackpotPool({ game }: { game: string }) {
  const query = useQuery({
    queryKey: ['tablegames-pool', game],
    queryFn: async () => (await request<Pool>('GET', `/tinygames/${game}/dashboard/pool`, { silent: true })).data ?? null,
    enabled: hasPool(game),
    retry: false,
  });
  return query.data ? <PoolView pool={query.data} /> : null;
}
