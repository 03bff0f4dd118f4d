/**
 * The list screens of a group as declarations: datareport (per day, provider and game),
 * userreport (per player), logs (every provider round with its wallet reconciliation, keyset),
 * and the dashboard's days table. thirdgames adds the provider filter (its providers, loaded by
 * screens.tsx). Money in pesos (centavos from the API).
 */
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  groupHasProviderFilter,
  type ProviderDashboard,
  type ProviderDataRow,
  type ProviderFigures,
  type ProviderGroup,
  type ProviderLogRow,
  type ProviderPlayerRow,
} from '@console/schemas';
import type { ColumnDeclaration, FilterDeclaration, ListDeclaration, SelectOption } from '../../kit';
import { api, L } from './common';
import { columnMaker } from '../../kit';

type ProviderDay = ProviderDashboard['days'][number];
const col = columnMaker(`${L}f.`);

const providerFilter = (group: ProviderGroup, providers: SelectOption[]): FilterDeclaration[] =>
  groupHasProviderFilter(group) ? [{ kind: 'select', name: 'provider', label: `${L}f.provider`, options: providers }] : [];
const providerColumn = <R extends { provider: string }>(group: ProviderGroup): ColumnDeclaration<R>[] =>
  groupHasProviderFilter(group) ? [col<R>('provider', 'text', true)] : [];

const figureColumns = <R extends ProviderFigures>(): ColumnDeclaration<R>[] => [
  col('rounds', 'int', true),
  col('players', 'int', true),
  col('turnover', 'money', true),
  col('wins', 'money', true),
  col('houseTake', 'money', true),
  col('rtp', 'percent', true),
  col('bigWins', 'int', true),
];

export function dataReportList(group: ProviderGroup, providers: SelectOption[]): ListDeclaration<ProviderDataRow> {
  return {
    name: `${group}-datareport`,
    title: `${L}title.${group}.datareport`,
    api: { url: `${api(group)}/datareport`, mode: 'page', export: true },
    rowKey: 'key',
    filters: [
      { kind: 'dateRange', name: 'range', label: `${L}f.range` },
      ...providerFilter(group, providers),
      { kind: 'text', name: 'game', label: `${L}f.gameCode` },
    ],
    columns: [
      col('day', 'text', true),
      ...providerColumn(group),
      { ...col('game', 'text', true), title: `${L}f.gameCode` },
      col('gameName'),
      ...figureColumns(),
    ],
  };
}

export function daysList(group: ProviderGroup, params: Record<string, string>): ListDeclaration<ProviderDay> {
  return {
    name: `${group}-days`,
    title: `${L}dashboard.days`,
    api: { url: `${api(group)}/dashboard/days`, mode: 'page', export: true, params },
    rowKey: 'day',
    pageSize: 31,
    columns: [col('day', 'text', true), ...figureColumns()],
  };
}

export function userReportList(group: ProviderGroup, providers: SelectOption[]): ListDeclaration<ProviderPlayerRow> {
  return {
    name: `${group}-userreport`,
    title: `${L}title.${group}.userreport`,
    api: { url: `${api(group)}/userreport`, mode: 'page', export: true },
    rowKey: 'uid',
    filters: [
      { kind: 'dateRange', name: 'range', label: `${L}f.range` },
      { kind: 'text', name: 'uid', label: `${L}f.uid` },
      ...providerFilter(group, providers),
      { kind: 'text', name: 'game', label: `${L}f.gameCode` },
    ],
    columns: [
      col('uid', 'uid', true),
      col('name'),
      col('partner', 'int'),
      col('days', 'int', true),
      col('games', 'int', true),
      col('rounds', 'int', true),
      col('turnover', 'money', true),
      col('wins', 'money', true),
      col('net', 'money', true),
      col('rtp', 'percent', true),
      col('bigWins', 'int', true),
      col('lastDay', 'text', true),
    ],
  };
}

const WALLET_COLOR: Record<string, string> = { matched: 'green', differs: 'red', unreported: 'default' };
function WalletTag({ state }: { state: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={WALLET_COLOR[state]} data-testid="wallet-state" data-state={state}>
      {t(`${L}wallet.${state}`)}
    </Tag>
  );
}
const walletColumn: ColumnDeclaration<ProviderLogRow> = {
  key: 'wallet',
  title: `${L}f.wallet`,
  labels: { matched: `${L}wallet.matched`, differs: `${L}wallet.differs`, unreported: `${L}wallet.unreported` },
  render: (v) => <WalletTag state={String(v)} />,
};

export function logsList(group: ProviderGroup, providers: SelectOption[]): ListDeclaration<ProviderLogRow> {
  return {
    name: `${group}-logs`,
    title: `${L}title.${group}.logs`,
    api: { url: `${api(group)}/logs`, mode: 'cursor', export: true },
    rowKey: 'id',
    filters: [
      { kind: 'text', name: 'uid', label: `${L}f.uid` },
      { kind: 'text', name: 'roundId', label: `${L}f.roundId` },
      ...providerFilter(group, providers),
      { kind: 'text', name: 'game', label: `${L}f.gameCode` },
      { kind: 'dateRange', name: 'range', label: `${L}f.at` },
      {
        kind: 'select',
        name: 'bigWin',
        label: `${L}f.bigWin`,
        options: [
          { value: 'true', label: `${L}bigWinYes` },
          { value: 'false', label: `${L}bigWinNo` },
        ],
      },
    ],
    columns: [
      col('at', 'datetime', true),
      ...providerColumn(group).map((c) => ({ ...c, sortable: false })),
      col('gameName'),
      col('roundId'),
      col('uid', 'uid'),
      col('name'),
      col('bet', 'money'),
      col('win', 'money'),
      col('net', 'money'),
      { ...col('bigWin'), format: 'bool' },
      walletColumn,
      { ...col('debited', 'money'), hidden: true },
      { ...col('credited', 'money'), hidden: true },
      { ...col('startedAt', 'datetime'), hidden: true },
      { ...col('game'), title: `${L}f.gameCode`, hidden: true },
    ],
    detail: {
      title: `${L}round`,
      items: [
        col('roundId'),
        col('provider'),
        col('appId'),
        col('game'),
        col('gameName'),
        col('startedAt', 'datetime'),
        col('at', 'datetime'),
        col('uid', 'uid'),
        col('bet', 'money'),
        col('win', 'money'),
        col('debited', 'money'),
        col('credited', 'money'),
        walletColumn,
        { ...col('txIds'), format: 'tags' },
      ],
    },
  };
}
