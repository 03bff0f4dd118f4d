/**
 * /usermanager/gamerecordlogs: every bet of players in the rounds the game servers report
 * (GET /api/usermanager/gamerecordlogs: all games, newest first, keyset, server export).
 * Filters: player, game, round, time, result, partner. A uid opens the player detail; a row's
 * detail drawer shows its round's verification (the game's gamerounds detail, for the roles of
 * that screen) and links to the round on the game's gamerounds screen.
 */
import { GAME_IDS } from '@console/games';
import { screenRoles } from '@console/catalog';
import type { GameRecordItem } from '@console/schemas';
import { Alert, Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ListScreen, type ColumnDeclaration, type ListDeclaration } from '../../../kit';
import { hasAnyRole } from '../../../shell/session';
import { useSession } from '../../../shell/useSession';
import { gameName } from '../../tinygames/common';
import { RoundDetail } from '../../tinygames/RoundDetail';
import { UID } from '../uid';

const L = 'usermanager.gamerecordlogs.';
type Row = GameRecordItem;

const GAME_LABELS = Object.fromEntries(GAME_IDS.map((id) => [id, gameName(id)]));
const RESULTS = ['win', 'lose', 'even'] as const;
const RESULT_LABELS = Object.fromEntries(RESULTS.map((r) => [r, `${L}result.${r}`]));
const RESULT_COLORS: Record<string, string> = { win: 'green', lose: 'red', even: 'default' };

const gamerounds = (game: string) => `/tinygames/${game}/gamerounds`;

/** The round's verification for accounts that may open the game's rounds; a plain note for the others. */
function RoundOfRecord({ row }: { row: Row }) {
  const { t } = useTranslation();
  const { user } = useSession();
  if (!hasAnyRole(user, screenRoles(gamerounds(row.game)))) return <Alert type="info" showIcon title={t(`${L}roundNoAccess`)} />;
  return (
    <Flex vertical gap={8}>
      <Link to={`${gamerounds(row.game)}?roundId=${encodeURIComponent(row.roundId)}`} data-testid="open-round">
        {t(`${L}openRound`)}
      </Link>
      <RoundDetail game={row.game} id={row.round} />
    </Flex>
  );
}

const col = (key: keyof Row, format?: ColumnDeclaration<Row>['format'], extra: Partial<ColumnDeclaration<Row>> = {}): ColumnDeclaration<Row> => ({
  key,
  title: `${L}${key}`,
  format,
  ...extra,
});

const resultColumn = col('result', undefined, {
  labels: RESULT_LABELS,
  render: (v) => (
    <Tag color={RESULT_COLORS[String(v)]}>
      <ResultText value={String(v)} />
    </Tag>
  ),
});
function ResultText({ value }: { value: string }) {
  const { t } = useTranslation();
  return <>{t(RESULT_LABELS[value] ?? value)}</>;
}
const verifiedColumn = col('verified', undefined, {
  render: (v) => <Tag color={v ? 'green' : 'red'}>{v ? '✓' : '✗'}</Tag>,
  labels: { true: `${L}verifiedYes`, false: `${L}verifiedNo` },
});

export const gamerecordsList: ListDeclaration<Row> = {
  name: 'gamerecordlogs',
  title: `${L}title`,
  api: { url: '/usermanager/gamerecordlogs', mode: 'cursor', export: true },
  rowKey: 'id',
  filters: [
    { kind: 'number', name: 'uid', label: UID },
    { kind: 'select', name: 'game', label: `${L}game`, options: GAME_IDS.map((id) => ({ value: id, label: gameName(id) })) },
    { kind: 'text', name: 'roundId', label: `${L}roundId` },
    { kind: 'dateRange', name: 'range', label: `${L}at` },
    { kind: 'select', name: 'result', label: `${L}result.label`, options: RESULTS.map((r) => ({ value: r, label: RESULT_LABELS[r] })) },
    { kind: 'number', name: 'partner', label: `${L}partner` },
  ],
  columns: [
    col('at', 'datetime', { sortable: true }),
    col('game', undefined, { labels: GAME_LABELS }),
    col('uid', 'uid', { title: UID }),
    col('name'),
    col('roundId'),
    col('seat'),
    col('bet', 'money'),
    col('win', 'money'),
    col('net', 'money'),
    { ...resultColumn, title: `${L}result.label` },
    verifiedColumn,
    col('partner', 'int'),
    col('fee', 'money', { hidden: true }),
    col('jackpot', 'money', { hidden: true }),
    col('server', undefined, { hidden: true }),
    col('table', undefined, { hidden: true }),
  ],
  detail: {
    title: `${L}detail`,
    items: [
      col('game', undefined, { labels: GAME_LABELS }),
      col('roundId'),
      col('at', 'datetime'),
      col('uid', 'uid', { title: UID }),
      col('name'),
      col('seat'),
      col('bet', 'money'),
      col('win', 'money'),
      col('net', 'money'),
      { ...resultColumn, title: `${L}result.label` },
      col('fee', 'money'),
      col('jackpot', 'money'),
      col('server'),
      col('table'),
      verifiedColumn,
      { key: 'round', title: `${L}round`, render: (_v, row) => <RoundOfRecord row={row} /> },
    ],
  },
};

export default function GamerecordlogsScreen() {
  return <ListScreen decl={gamerecordsList} />;
}
