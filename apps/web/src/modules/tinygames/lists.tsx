/**
 * The list screens of a house game as declarations of its id: players, ranking, betlogs,
 * gamerounds, and the dashboard's days table. Money in pesos (centavos from the API), uids
 * as the kit's uid cell.
 */
import { Tag } from 'antd';
import type { GameBetRow, GameDashboard, GamePlayerRow, GameRankingRow, GameRoundRow } from '@console/schemas';
import type { ColumnDeclaration, ListDeclaration } from '../../kit';
import { api, BOT_OPTIONS, L, VERIFIED_OPTIONS } from './common';
import { RoundDetail } from './RoundDetail';

type GameDay = GameDashboard['days'][number];
const col = <R,>(key: keyof R & string, format?: ColumnDeclaration<R>['format'], sortable = false, title = `${L}f.${key}`): ColumnDeclaration<R> => ({
  key,
  title,
  format,
  sortable,
});

const verifiedColumn = <R extends { verified: boolean }>(): ColumnDeclaration<R> => ({
  key: 'verified',
  title: `${L}f.verified`,
  render: (v) => <Tag color={v ? 'green' : 'red'}>{v ? '✓' : '✗'}</Tag>,
  text: (v) => (v ? 'true' : 'false'),
});

export function daysList(game: string, from: string, to: string): ListDeclaration<GameDay> {
  return {
    name: `tinygames-${game}-days`,
    title: `${L}dashboard.days`,
    api: { url: `${api(game)}/dashboard/days`, mode: 'page', export: true, params: { from, to } },
    rowKey: 'day',
    pageSize: 31,
    columns: [
      col('day', 'text', true),
      col('rounds', 'int', true),
      col('bets', 'int', true),
      col('players', 'int', true),
      col('turnover', 'money', true),
      col('wins', 'money', true),
      col('fees', 'money'),
      col('jackpot', 'money'),
      col('houseTake', 'money', true),
      col('rtp', 'percent', true),
      col('flagged', 'int', true),
    ],
  };
}

const playerColumns = <R extends GamePlayerRow>(): ColumnDeclaration<R>[] => [
  col('uid', 'uid', true),
  col('name'),
  col('partner', 'int'),
  col('days', 'int', true),
  col('rounds', 'int', true),
  col('turnover', 'money', true),
  col('wins', 'money', true),
  col('fees', 'money'),
  col('net', 'money', true),
  col('rtp', 'percent', true),
  col('lastDay', 'text', true),
];

export function playersList(game: string): ListDeclaration<GamePlayerRow> {
  return {
    name: `tinygames-${game}-players`,
    title: `${L}title.${game}.players`,
    api: { url: `${api(game)}/players`, mode: 'page', export: true },
    rowKey: 'uid',
    filters: [
      { kind: 'dateRange', name: 'range', label: `${L}f.range` },
      { kind: 'text', name: 'uid', label: `${L}f.uid` },
    ],
    columns: playerColumns(),
  };
}

export function rankingList(game: string): ListDeclaration<GameRankingRow> {
  return {
    name: `tinygames-${game}-ranking`,
    title: `${L}title.${game}.ranking`,
    api: { url: `${api(game)}/ranking`, mode: 'page', export: true },
    rowKey: 'uid',
    filters: [
      {
        kind: 'select',
        name: 'side',
        label: `${L}f.side`,
        options: [
          { value: 'winners', label: `${L}side.winners` },
          { value: 'losers', label: `${L}side.losers` },
        ],
      },
      { kind: 'dateRange', name: 'range', label: `${L}f.range` },
    ],
    columns: [col('rank', 'int', true), ...playerColumns().map((c) => ({ ...c, sortable: ['net', 'turnover', 'rounds'].includes(c.key) }))],
  };
}

export function betlogsList(game: string): ListDeclaration<GameBetRow> {
  return {
    name: `tinygames-${game}-betlogs`,
    title: `${L}title.${game}.betlogs`,
    api: { url: `${api(game)}/betlogs`, mode: 'cursor', export: true },
    rowKey: 'id',
    filters: [
      { kind: 'text', name: 'uid', label: `${L}f.uid` },
      { kind: 'text', name: 'roundId', label: `${L}f.roundId` },
      { kind: 'dateRange', name: 'range', label: `${L}f.at` },
      { kind: 'select', name: 'bot', label: `${L}f.bot`, options: BOT_OPTIONS },
    ],
    columns: [
      col('at', 'datetime', true),
      col('roundId'),
      col('uid', 'uid'),
      col('name'),
      col('seat'),
      { key: 'bot', title: `${L}f.bot`, format: 'bool' },
      col('bet', 'money'),
      col('win', 'money'),
      col('fee', 'money'),
      col('jackpot', 'money'),
      col('net', 'money'),
      col('server'),
      col('table'),
      verifiedColumn(),
    ],
  };
}

export function gameroundsList(game: string): ListDeclaration<GameRoundRow> {
  return {
    name: `tinygames-${game}-gamerounds`,
    title: `${L}title.${game}.gamerounds`,
    api: { url: `${api(game)}/gamerounds`, mode: 'cursor', export: true },
    rowKey: 'id',
    filters: [
      { kind: 'text', name: 'roundId', label: `${L}f.roundId` },
      { kind: 'text', name: 'uid', label: `${L}f.uid` },
      { kind: 'text', name: 'server', label: `${L}f.server` },
      { kind: 'text', name: 'table', label: `${L}f.table` },
      { kind: 'select', name: 'verified', label: `${L}f.verified`, options: VERIFIED_OPTIONS },
      { kind: 'dateRange', name: 'range', label: `${L}f.endedAt` },
    ],
    columns: [
      col('endedAt', 'datetime', true),
      col('roundId'),
      col('server'),
      col('table'),
      col('configVersion', 'int'),
      col('seats', 'int'),
      col('players', 'int'),
      col('bet', 'money'),
      col('win', 'money'),
      col('fee', 'money'),
      col('houseTake', 'money'),
      verifiedColumn(),
      col('why'),
      { ...col('startedAt', 'datetime'), hidden: true },
      { ...col('seedHash'), hidden: true },
      { ...col('seed'), hidden: true },
    ],
    detail: {
      title: `${L}round.title`,
      items: [
        col('roundId'),
        col('startedAt', 'datetime'),
        col('endedAt', 'datetime'),
        col('server'),
        col('table'),
        col('configVersion', 'int'),
        col('seedHash'),
        col('seed'),
        { key: 'id', title: `${L}round.verification`, render: (_v, row) => <RoundDetail game={game} id={Number(row.id)} /> },
      ],
    },
  };
}
