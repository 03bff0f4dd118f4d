/**
 * /platmanager/partnergamesum (per partner and game over a range, from the round roll-ups) and
 * /platmanager/partnergamelogs (every reported round by the round's partner, newest first).
 */
import i18next from 'i18next';
import type { PartnerGameLogRow, PartnerGameSumRow } from '@console/schemas';
import { ListScreen, type ListDeclaration } from '../../kit';
import { ALL_GAMES, gameLabels, gameOptions, L } from './common';

const gameName = (v: unknown) => i18next.t(`${L}game.${String(v)}`);

const sumList: ListDeclaration<PartnerGameSumRow> = {
  name: 'partner-game-sum',
  title: `${L}title.partnergamesum`,
  rowKey: 'key',
  pageSize: 50,
  api: { url: '/platmanager/partnergamesum', mode: 'page', export: true },
  filters: [
    { kind: 'dateRange', name: 'range', label: `${L}f.range` },
    { kind: 'number', name: 'partner', label: `${L}f.partner` },
    { kind: 'select', name: 'game', label: `${L}f.game`, options: gameOptions(ALL_GAMES) },
  ],
  columns: [
    { key: 'partner', title: `${L}f.partner`, format: 'int', sortable: true },
    { key: 'partnerName', title: `${L}f.partnerName` },
    { key: 'game', title: `${L}f.game`, labels: gameLabels(ALL_GAMES), sortable: true },
    { key: 'rounds', title: `${L}f.rounds`, format: 'int', sortable: true },
    { key: 'bets', title: `${L}f.bets`, format: 'int', sortable: true },
    { key: 'players', title: `${L}f.playerCount`, format: 'int', sortable: true },
    { key: 'turnover', title: `${L}f.turnover`, format: 'money', sortable: true },
    { key: 'wins', title: `${L}f.wins`, format: 'money', sortable: true },
    { key: 'rake', title: `${L}f.rake`, format: 'money', sortable: true },
    { key: 'houseTake', title: `${L}f.houseTake`, format: 'money', sortable: true },
    { key: 'revenue', title: `${L}f.revenue`, format: 'money', sortable: true },
    { key: 'partnerShare', title: `${L}f.partnerShare`, format: 'money', sortable: true },
  ],
};

const logList: ListDeclaration<PartnerGameLogRow> = {
  name: 'partner-game-logs',
  title: `${L}title.partnergamelogs`,
  rowKey: 'id',
  api: { url: '/platmanager/partnergamelogs', mode: 'cursor', export: true },
  filters: [
    { kind: 'number', name: 'partner', label: `${L}f.partner` },
    { kind: 'select', name: 'game', label: `${L}f.game`, options: gameOptions(ALL_GAMES) },
    { kind: 'dateRange', name: 'time', label: `${L}f.endedAt` },
    { kind: 'text', name: 'table', label: `${L}f.table` },
    { kind: 'text', name: 'roundId', label: `${L}f.roundId` },
  ],
  columns: [
    { key: 'endedAt', title: `${L}f.endedAt`, format: 'datetime', sortable: true },
    { key: 'partner', title: `${L}f.partner`, format: 'int' },
    { key: 'game', title: `${L}f.game`, render: gameName, text: gameName },
    { key: 'roundId', title: `${L}f.roundId` },
    { key: 'server', title: `${L}f.server` },
    { key: 'table', title: `${L}f.table` },
    { key: 'seats', title: `${L}f.seats`, format: 'int' },
    { key: 'players', title: `${L}f.playerCount`, format: 'int' },
    { key: 'bet', title: `${L}f.bet`, format: 'money' },
    { key: 'win', title: `${L}f.win`, format: 'money' },
    { key: 'fee', title: `${L}f.rake`, format: 'money' },
    { key: 'jackpot', title: `${L}f.jackpot`, format: 'money' },
    { key: 'verified', title: `${L}f.verified`, format: 'bool' },
  ],
  detail: {
    title: `${L}roundDetail`,
    items: [
      { key: 'roundId', title: `${L}f.roundId` },
      { key: 'startedAt', title: `${L}f.startedAt`, format: 'datetime' },
      { key: 'endedAt', title: `${L}f.endedAt`, format: 'datetime' },
    ],
  },
};

export const PartnerGameSum = () => <ListScreen decl={sumList} />;
export const PartnerGameLogs = () => <ListScreen decl={logList} />;
