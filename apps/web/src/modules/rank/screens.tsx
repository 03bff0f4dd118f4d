/**
 * Leaderboards (docs/api/rank.md):
 *   /activities/rank        two tabs, one list on the screen at a time (`?tab=settlements`):
 *                           a board's top 50 of a period (filters board, period; export) and
 *                           the past settlements, who got what (filters; export; "Settle now"
 *                           for the roles of /activities/rankmanage);
 *   /activities/rankmanage  the boards (admin): the kit's config screen with its history.
 */
import { screenRoles } from '@console/catalog';
import { Tag } from 'antd';
import i18next from 'i18next';
import { ConfigScreen, ListScreen, TabsScreen, type FormValues, type ListDeclaration, columnMaker } from '../../kit';
import { WithHistory, type HistoryDeclaration } from '../../kit/history';
import type { ConfigScreenDeclaration } from '../../kit/config/ConfigScreen';
import type { SettingsField } from '../../kit/config/settingsFields';
import { RANK_GAMES, RANK_METRICS, RANK_PERIODS, type RankBoard, type RankSettlementRow, type RankStanding } from '@console/schemas';

export const L = 'rank.';
const API = '/activities/rank';
/** Who edits the boards and settles now (the hidden catalogue route's roles). */
export const MANAGE_ROLES = screenRoles('/activities/rankmanage');

const col = columnMaker(`${L}f.`);
const tierText = (v: unknown) => (v ? i18next.t(`${L}tier`, { tier: String(v) }) : '-');
const stateText = (v: unknown) => i18next.t(`${L}state.${String(v)}`);

export const standingsList: ListDeclaration<RankStanding> = {
  name: 'rank',
  title: `${L}title.standings`,
  api: { url: `${API}/standings`, mode: 'cursor', export: true },
  rowKey: 'rank',
  filters: [
    { kind: 'text', name: 'board', label: `${L}f.board` },
    { kind: 'text', name: 'period', label: `${L}f.period` },
  ],
  columns: [
    col('rank', 'int'),
    col('uid', 'uid'),
    col('name'),
    col('value', 'money'),
    col('reachedAt', 'datetime'),
    { key: 'tier', title: `${L}f.tier`, render: (v) => tierText(v), text: (v) => tierText(v) },
    col('reward', 'money'),
  ],
  emptyHint: `${L}hint.standings`,
};

export const settlementsList: ListDeclaration<RankSettlementRow> = {
  name: 'rank-settlements',
  title: `${L}title.settlements`,
  api: { url: `${API}/settlements`, mode: 'cursor', export: true },
  rowKey: 'id',
  filters: [
    { kind: 'text', name: 'board', label: `${L}f.board` },
    { kind: 'text', name: 'period', label: `${L}f.period` },
    { kind: 'text', name: 'uid', label: `${L}f.uid` },
    { kind: 'select', name: 'state', label: `${L}f.state`, options: ['paid', 'skipped'].map((s) => ({ value: s, label: `${L}state.${s}` })) },
  ],
  columns: [
    col('at', 'datetime', true),
    col('board'),
    col('period'),
    col('rank', 'int'),
    col('uid', 'uid'),
    col('name'),
    col('value', 'money'),
    { key: 'tier', title: `${L}f.tier`, render: (v) => tierText(v), text: (v) => tierText(v) },
    col('amount', 'money'),
    {
      key: 'state',
      title: `${L}f.state`,
      render: (v) => <Tag color={v === 'paid' ? 'green' : 'default'}>{stateText(v)}</Tag>,
      text: stateText,
      labels: { paid: `${L}state.paid`, skipped: `${L}state.skipped` },
    },
    col('reason'),
    col('entryId', 'int'),
  ],
  toolbar: [
    {
      key: 'settle',
      label: `${L}action.settle`,
      roles: MANAGE_ROLES,
      confirm: `${L}confirm.settle`,
      call: { method: 'POST', url: `${API}/settle`, body: () => ({}) },
    },
  ],
};

export function RankScreen() {
  return (
    <TabsScreen
      tabs={[
        { key: 'standings', label: `${L}tab.standings`, render: () => <ListScreen decl={standingsList} /> },
        { key: 'settlements', label: `${L}tab.settlements`, render: () => <ListScreen decl={settlementsList} /> },
      ]}
    />
  );
}

// ------------------------------------------------------------------------------ boards (admin)

/** A board as a row of the boards' table: its rewards of each rank tier as columns (pesos). */
type BoardRow = { id: string; game: string; metric: string; period: string; open: boolean; r1: number; r2_3: number; r4_10: number; r11_50: number };
const TIER_COLUMN = { 1: 'r1', '2-3': 'r2_3', '4-10': 'r4_10', '11-50': 'r11_50' } as const;
const MAX = 1_000_000_000_000;
const pesos = (centavos: unknown) => Number(centavos ?? 0) / 100;
const centavos = (pesos: unknown) => Math.round(Number(pesos ?? 0) * 100);

/** The boards' table: id, game, metric, period, the reward of each rank tier, open. */
export const BOARD_ROWS: SettingsField = {
  key: 'boards',
  kind: 'rows',
  maxItems: 50,
  columns: [
    { key: 'id', kind: 'text' },
    { key: 'game', kind: 'select', options: [...RANK_GAMES], default: 'all' },
    { key: 'metric', kind: 'select', options: [...RANK_METRICS], default: 'wins' },
    { key: 'period', kind: 'select', options: [...RANK_PERIODS], default: 'day' },
    ...Object.values(TIER_COLUMN).map((key) => ({ key, kind: 'money' as const, min: 0.01, max: MAX / 100 })),
    { key: 'open', kind: 'switch', default: true },
  ],
};

/** The settings as the form shows them: boards as rows, rewards and budgets in pesos. */
export const toForm = (data: FormValues): FormValues => {
  const s = (data.settings ?? {}) as { boards?: RankBoard[]; totalBudget?: number; dailyBudget?: number };
  return {
    totalBudget: pesos(s.totalBudget),
    dailyBudget: pesos(s.dailyBudget),
    boards: (s.boards ?? []).map((b): BoardRow => ({
      id: b.id,
      game: b.game,
      metric: b.metric,
      period: b.period,
      open: b.open,
      ...(Object.fromEntries(Object.entries(TIER_COLUMN).map(([tier, key]) => [key, pesos(b.rewards[tier as keyof RankBoard['rewards']])])) as Pick<
        BoardRow,
        'r1' | 'r2_3' | 'r4_10' | 'r11_50'
      >),
    })),
  };
};

/** The form's values as the settings document (centavos); the server checks it and names a wrong field (settings.boards.0.id). */
export const toSettings = (v: FormValues) => {
  const rows = (Array.isArray(v.boards) ? v.boards : []) as Partial<BoardRow>[];
  const boards = rows.map((r) => ({
    id: String(r.id ?? '').trim(),
    game: r.game,
    metric: r.metric,
    period: r.period,
    open: Boolean(r.open),
    rewards: Object.fromEntries(Object.entries(TIER_COLUMN).map(([tier, key]) => [tier, centavos(r[key])])),
  }));
  return { settings: { boards, totalBudget: centavos(v.totalBudget), dailyBudget: centavos(v.dailyBudget) } };
};

export const boardsDecl: ConfigScreenDeclaration = {
  name: 'rank-boards',
  title: `${L}title.boards`,
  load: { url: `${API}/configs`, toForm },
  save: { url: `${API}/configs/update`, body: toSettings },
  fields: [
    { name: 'boards', label: `${L}f.boards`, kind: 'textarea', help: `${L}help.boards` },
    { name: 'totalBudget', label: `${L}f.totalBudget`, kind: 'number', required: true, min: 0, max: MAX / 100, help: `${L}help.budget` },
    { name: 'dailyBudget', label: `${L}f.dailyBudget`, kind: 'number', required: true, min: 0, max: MAX / 100, help: `${L}help.budget` },
  ],
  rows: { fields: [BOARD_ROWS], columnLabel: (column) => `${L}col.${column}`, optionLabel: (column, option) => `${L}opt.${column}.${option}` },
};

export const boardsHistory: HistoryDeclaration = {
  url: `${API}/configs/versions`,
  fieldLabel: (field) => (['boards', 'totalBudget', 'dailyBudget'].includes(field) ? `${L}f.${field}` : field),
  keyLabel: () => `${L}title.boards`,
};

export function RankBoards() {
  return (
    <WithHistory history={boardsHistory}>
      <ConfigScreen decl={boardsDecl} />
    </WithHistory>
  );
}
