/**
 * /usermanager/profitslogs: game chips per day — totals and a chart by day (GET
 * /api/usermanager/profitslogs/days) —, per game from the reported rounds (GET
 * /api/usermanager/profitslogs/games, server export) and per day and player (GET
 * /api/usermanager/profitslogs: keyset by net win, server export). The range is required (at
 * most 31 days; default the last 7); the list's player and partner filters narrow the figures
 * and the games too. Partner scoped.
 */
import { useMemo } from 'react';
import { GAME_IDS } from '@console/games';
import type { ProfitGameItem, ProfitItem } from '@console/schemas';
import { useSearchParams } from 'react-router-dom';
import { DashboardScreen, ListScreen, type DashboardDeclaration, type ListDeclaration } from '../../../kit';
import { dayEnd, dayStart } from '../../../lib/format';
import { gameName } from '../../tinygames/common';
import { UID } from '../uid';
import { WithRange } from './range';

const L = 'usermanager.profitslogs.';
const DAYS = 7;

export const profitsDashboard: DashboardDeclaration = {
  name: 'profitslogs',
  title: `${L}title`,
  api: { url: '/usermanager/profitslogs/days' },
  defaultDays: DAYS,
  cards: [
    { key: 'bets', label: `${L}bets`, value: 'totals.bets', format: 'int' },
    { key: 'wins', label: `${L}wins`, value: 'totals.wins', format: 'int' },
    { key: 'net', label: `${L}net`, value: 'totals.net', format: 'int' },
    { key: 'houseNet', label: `${L}houseNet`, value: 'totals.houseNet', format: 'int' },
  ],
  chart: {
    title: `${L}byDay`,
    rows: 'days',
    series: [
      { key: 'bets', label: `${L}bets`, type: 'bar' },
      { key: 'wins', label: `${L}wins`, type: 'bar' },
      { key: 'net', label: `${L}net`, type: 'line' },
    ],
  },
};

export const profitsList: ListDeclaration<ProfitItem> = {
  name: 'profitslogs',
  title: `${L}players`,
  api: { url: '/usermanager/profitslogs', mode: 'cursor', export: true },
  rowKey: 'id',
  filters: [
    { kind: 'dateRange', name: 'range', label: `${L}range` },
    { kind: 'number', name: 'uid', label: UID },
    { kind: 'number', name: 'partner', label: `${L}partner` },
  ],
  columns: [
    { key: 'day', title: `${L}day` },
    { key: 'uid', title: UID, format: 'uid' },
    { key: 'name', title: `${L}name` },
    { key: 'partner', title: `${L}partner` },
    { key: 'betCount', title: `${L}betCount`, format: 'int' },
    { key: 'bets', title: `${L}bets`, format: 'int' },
    { key: 'wins', title: `${L}wins`, format: 'int' },
    { key: 'net', title: `${L}net`, format: 'int', sortable: true },
  ],
};

/** Per game over the range, from the round roll-ups (16 games at most: one page, sorted by chips bet). */
export const profitsGames: ListDeclaration<ProfitGameItem> = {
  name: 'profitslogs-games',
  title: `${L}games`,
  api: { url: '/usermanager/profitslogs/games', mode: 'page', export: true },
  rowKey: 'game',
  pageSize: 20,
  columns: [
    { key: 'game', title: `${L}game`, labels: Object.fromEntries(GAME_IDS.map((id) => [id, gameName(id)])) },
    { key: 'rounds', title: `${L}rounds`, format: 'int' },
    { key: 'bets', title: `${L}gameBets`, format: 'int' },
    { key: 'players', title: `${L}gamePlayers`, format: 'int' },
    { key: 'turnover', title: `${L}turnover`, format: 'int' },
    { key: 'wins', title: `${L}gameWins`, format: 'int' },
    { key: 'net', title: `${L}net`, format: 'int' },
    { key: 'houseTake', title: `${L}houseTake`, format: 'int' },
    { key: 'rtp', title: `${L}rtp`, format: 'percent' },
    { key: 'fees', title: `${L}fees`, format: 'int', hidden: true },
  ],
};

/** The list's player and partner filters, as the figures' and the games' fixed parameters. */
const NARROWING = ['uid', 'partner'] as const;

function Profits() {
  const [search] = useSearchParams();
  const from = search.get('from')!;
  const to = search.get('to')!;
  // the same filters keep the same objects, so the screens below do not fetch again
  const key = JSON.stringify(NARROWING.map((k) => [k, search.get(k) ?? ''] as const).filter(([, v]) => v !== ''));
  const params = useMemo(() => Object.fromEntries(JSON.parse(key) as [string, string][]), [key]);
  const dashboard = useMemo(() => ({ ...profitsDashboard, api: { ...profitsDashboard.api, params } }), [params]);
  const games = useMemo(
    () => ({
      ...profitsGames,
      api: { ...profitsGames.api, params: { ...params, from: dayStart(from)!, to: dayEnd(to)! } },
    }),
    [params, from, to],
  );
  return (
    <>
      <DashboardScreen decl={dashboard} />
      <ListScreen decl={games} />
      <ListScreen decl={profitsList} />
    </>
  );
}

export default function ProfitslogsScreen() {
  return (
    <WithRange days={DAYS}>
      <Profits />
    </WithRange>
  );
}
