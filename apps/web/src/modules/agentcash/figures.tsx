/**
 * /agentcash/agent_search_date, agent_search_month, agent_search_user: the figures of agent
 * cash-outs (requested, paid with fee, returned, open, auto-approved), one shape declared three
 * times: by GMT+08:00 day over a range, by month of a year, by agent over a range.
 */
import type { AgentCashDayRow, AgentCashMonthRow, AgentCashUserRow } from '@console/schemas';
import { ListScreen, type ColumnDeclaration, type ListDeclaration } from '../../kit';

const L = 'agentcash.figures.';
/** A row of any of the three: its figures, and the day, the month or the agent they are of. */
type Row = Partial<AgentCashDayRow & AgentCashMonthRow & AgentCashUserRow>;
export type FigureKind = 'date' | 'month' | 'user';

const YEARS = Array.from({ length: 6 }, (_, i) => String(new Date().getFullYear() - i));
const figure = (key: keyof Row, format: ColumnDeclaration<Row>['format']): ColumnDeclaration<Row> => ({ key, title: `${L}f.${key}`, format, sortable: true });
const FIGURES: ColumnDeclaration<Row>[] = [
  figure('requests', 'int'),
  figure('requested', 'money'),
  { key: 'paidCount', title: `${L}f.paidCount`, format: 'int' },
  figure('paid', 'money'),
  figure('fee', 'money'),
  { key: 'returnedCount', title: `${L}f.returnedCount`, format: 'int' },
  figure('returned', 'money'),
  { key: 'openCount', title: `${L}f.openCount`, format: 'int' },
  figure('open', 'money'),
  { key: 'auto', title: `${L}f.auto`, format: 'int' },
];

export function figuresList(kind: FigureKind): ListDeclaration<Row> {
  const first: ColumnDeclaration<Row>[] =
    kind === 'date'
      ? [{ key: 'day', title: `${L}f.day`, sortable: true }]
      : kind === 'month'
        ? [{ key: 'month', title: `${L}f.month`, sortable: true }]
        : [
            { key: 'uid', title: `${L}f.uid`, format: 'uid', sortable: true },
            { key: 'name', title: `${L}f.name` },
            { key: 'partner', title: `${L}f.partner`, format: 'int' },
          ];
  return {
    name: `agentcash-figures-${kind}`,
    title: `${L}title.${kind}`,
    api: { url: `/agentcash/figures/${kind}`, mode: 'page', export: true },
    rowKey: kind === 'date' ? 'day' : kind === 'month' ? 'month' : 'uid',
    filters: [
      ...(kind === 'month'
        ? [{ kind: 'select' as const, name: 'year', label: `${L}f.year`, options: YEARS.map((y) => ({ value: y, label: y })) }]
        : [{ kind: 'dateRange' as const, name: 'range', label: `${L}f.range` }]),
      { kind: 'text', name: 'uid', label: `${L}f.uid` },
    ],
    columns: [...first, ...FIGURES],
  };
}

const date = figuresList('date');
const month = figuresList('month');
const user = figuresList('user');
export const DateFigures = () => <ListScreen decl={date} />;
export const MonthFigures = () => <ListScreen decl={month} />;
export const UserFigures = () => <ListScreen decl={user} />;
