/**
 * freegive and recycle share one shape: the house's money by category over the range and by
 * day for one currency (filter `currency`, chip by default; the figures follow it), a chart
 * with a bar per category, and the ledger reasons behind the figures.
 */
import type { HouseReason } from '@console/schemas';
import type { FilterDeclaration, ListDeclaration, DashboardDeclaration, ColumnDeclaration } from '../../kit';
import { rangeFilter, REPORT_DAYS } from './ReportPage';

export const currencyFilter: FilterDeclaration = {
  kind: 'select',
  name: 'currency',
  label: 'reports.common.currency',
  options: ['chip', 'bonus', 'bean', 'withdrawable'].map((value) => ({ value, label: `reports.currency.${value}` })),
};

/** A day of the report: the day, its total, its entries and one figure per category. */
type HouseDay = { day: string; total: number; entries: number };

export function houseDeclarations<Day extends HouseDay>(
  kind: 'freegive' | 'recycle',
  categories: readonly (keyof Day & string)[],
  extra: ColumnDeclaration<Day>[] = [],
) {
  const L = `reports.${kind}.`;
  const dashboard: DashboardDeclaration = {
    name: kind,
    title: `${L}title`,
    api: { url: `/${kind}` },
    defaultDays: REPORT_DAYS,
    cards: [
      { key: 'total', label: `${L}total`, value: 'totals.total', format: 'int' },
      ...categories.map((c) => ({ key: c, label: `${L}${c}`, value: `totals.${c}`, format: 'int' as const })),
      ...extra.map((c) => ({ key: c.key, label: c.title, value: `totals.${c.key}`, format: c.format })),
    ],
    chart: { title: `${L}chart`, rows: 'days', series: categories.map((c) => ({ key: c, label: `${L}${c}`, type: 'bar' as const })) },
  };
  const days: ListDeclaration<Day> = {
    name: `${kind}-days`,
    title: `${L}byDay`,
    api: { url: `/${kind}/days`, mode: 'page', export: true },
    rowKey: 'day',
    pageSize: 50,
    filters: [rangeFilter, currencyFilter],
    columns: [
      { key: 'day', title: 'reports.common.day', sortable: true },
      { key: 'total', title: `${L}total`, format: 'int', sortable: true },
      ...categories.map((c) => ({ key: c, title: `${L}${c}`, format: 'int' as const, sortable: true })),
      { key: 'entries', title: 'reports.common.entries', format: 'int', sortable: true },
      ...extra,
    ],
  };
  const reasons: ListDeclaration<HouseReason> = {
    name: `${kind}-reasons`,
    title: `${L}byReason`,
    api: { url: `/${kind}/reasons`, mode: 'page', export: true },
    rowKey: 'id',
    pageSize: 50,
    filters: [rangeFilter, currencyFilter],
    columns: [
      { key: 'category', title: 'reports.common.category', sortable: true, labels: Object.fromEntries(categories.map((c) => [c, `${L}${c}`])) },
      { key: 'reason', title: 'reports.common.reason', sortable: true },
      {
        key: 'currency',
        title: 'reports.common.currency',
        sortable: true,
        labels: Object.fromEntries(['chip', 'bonus', 'bean', 'withdrawable'].map((c) => [c, `reports.currency.${c}`])),
      },
      { key: 'entries', title: 'reports.common.entries', format: 'int', sortable: true },
      { key: 'amount', title: 'reports.common.amount', format: 'int', sortable: true },
    ],
  };
  return { dashboard, days, reasons };
}
