/**
 * Leaderboards (docs/api/rank.md):
 *   /activities/rank        two tabs, one list on the screen at a time (`?view=settlements`):
 *                           a board's top 50 of a period (filters board, period; export) and
 *                           the past settlements, who got what (filters; export; "Settle now"
 *                           for the roles of /activities/rankmanage);
 *   /activities/rankmanage  the boards (admin): the kit's config screen with its history.
 */
import { screenRoles } from '@console/catalog';
import { Tabs, Tag } from 'antd';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { ConfigScreen, ListScreen, type ColumnDeclaration, type ConfigDeclaration, type FormValues, type ListDeclaration } from '../../kit';
import { WithHistory, type HistoryDeclaration } from '../../kit/history';

type Row = Record<string, unknown>;
export const L = 'rank.';
const API = '/activities/rank';
/** Who edits the boards and settles now (the hidden catalogue route's roles). */
export const MANAGE_ROLES = screenRoles('/activities/rankmanage');

const col = (key: string, format?: ColumnDeclaration<Row>['format'], sortable = false): ColumnDeclaration<Row> => ({ key, title: `${L}f.${key}`, format, sortable });
const tierText = (v: unknown) => (v ? i18next.t(`${L}tier`, { tier: String(v) }) : '-');
const stateText = (v: unknown) => i18next.t(`${L}state.${String(v)}`);

export const standingsList: ListDeclaration<Row> = {
  name: 'rank',
  title: `${L}title.standings`,
  api: { url: `${API}/standings`, mode: 'cursor', export: true },
  rowKey: 'rank',
  filters: [
    { kind: 'text', name: 'board', label: `${L}f.board` },
    { kind: 'text', name: 'period', label: `${L}f.period` },
  ],
  columns: [
    col('rank', 'int'), col('uid', 'uid'), col('name'), col('value', 'money'), col('reachedAt', 'datetime'),
    { key: 'tier', title: `${L}f.tier`, render: (v) => tierText(v), text: (v) => tierText(v) },
    col('reward', 'money'),
  ],
  emptyHint: `${L}hint.standings`,
};

export const settlementsList: ListDeclaration<Row> = {
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
    col('at', 'datetime', true), col('board'), col('period'), col('rank', 'int'), col('uid', 'uid'), col('name'), col('value', 'money'),
    { key: 'tier', title: `${L}f.tier`, render: (v) => tierText(v), text: (v) => tierText(v) },
    col('amount', 'money'),
    { key: 'state', title: `${L}f.state`, render: (v) => <Tag color={v === 'paid' ? 'green' : 'default'}>{stateText(v)}</Tag>, text: stateText, labels: { paid: `${L}state.paid`, skipped: `${L}state.skipped` } },
    col('reason'), col('entryId', 'int'),
  ],
  toolbar: [{
    key: 'settle', label: `${L}action.settle`, roles: MANAGE_ROLES, confirm: `${L}confirm.settle`,
    call: { method: 'POST', url: `${API}/settle`, body: () => ({}) },
  }],
};

export function RankScreen() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const view = search.get('view') === 'settlements' ? 'settlements' : 'standings';
  return (
    <Tabs
      activeKey={view}
      onChange={(key) => setSearch(key === 'settlements' ? { view: 'settlements' } : {})}
      items={[
        { key: 'standings', label: t(`${L}tab.standings`), children: view === 'standings' ? <ListScreen decl={standingsList} /> : null },
        { key: 'settlements', label: t(`${L}tab.settlements`), children: view === 'settlements' ? <ListScreen decl={settlementsList} /> : null },
      ]}
    />
  );
}

// ------------------------------------------------------------------------------ boards (admin)

/** The boards as editable JSON text (one object a board); anything unparsable goes to the server as is and comes back a 400 naming settings.boards. */
const toForm = (data: FormValues): FormValues => {
  const s = (data.settings ?? {}) as Record<string, unknown>;
  return { totalBudget: s.totalBudget ?? 0, dailyBudget: s.dailyBudget ?? 0, boards: JSON.stringify(s.boards ?? [], null, 2) };
};

export const toSettings = (v: FormValues) => {
  let boards: unknown = v.boards;
  try {
    boards = JSON.parse(String(v.boards ?? '[]'));
  } catch {
    // sent as text: the server answers settings.boards: …
  }
  return { settings: { boards, totalBudget: Number(v.totalBudget ?? 0), dailyBudget: Number(v.dailyBudget ?? 0) } };
};

const MAX = 1_000_000_000_000;
export const boardsDecl: ConfigDeclaration = {
  name: 'rank-boards',
  title: `${L}title.boards`,
  load: { url: `${API}/configs`, toForm },
  save: { url: `${API}/configs/update`, body: toSettings },
  fields: [
    { name: 'boards', label: `${L}f.boards`, kind: 'textarea', required: true, help: `${L}help.boards` },
    { name: 'totalBudget', label: `${L}f.totalBudget`, kind: 'number', required: true, min: 0, max: MAX, help: `${L}help.budget` },
    { name: 'dailyBudget', label: `${L}f.dailyBudget`, kind: 'number', required: true, min: 0, max: MAX, help: `${L}help.budget` },
  ],
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
