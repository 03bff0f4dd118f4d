/**
 * The frame of every data report under /: the range in the URL (the last 30 days unless it
 * names one), the figures and chart (kit DashboardScreen) over it, and the report's tables
 * (kit ListScreen, page mode, server CSV export). A report with two tables shows them as tabs
 * (`tab` in the URL); switching keeps the range and the currency and starts the other table's
 * paging afresh.
 */
import type { ReactNode } from 'react';
import { Card, Tabs } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { DashboardScreen, ListScreen, type DashboardDeclaration, type ListDeclaration } from '../../kit';
import { WithRange } from '../usermanager/reports/range';

export const REPORT_DAYS = 30;
/** URL parameters the tabs keep. */
const KEPT = ['from', 'to', 'currency'];

export interface ReportTable {
  key: string;
  label: string;
  decl: ListDeclaration<any>;
}

function TableTabs({ tables }: { tables: ReportTable[] }) {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  // the tab lives in the URL: a reload or a shared link opens it, and switching changes the tab
  // and clears the other table's paging in one navigation (the new table never sees the old page)
  const active = tables.some((table) => table.key === search.get('tab')) ? search.get('tab')! : tables[0].key;
  const onChange = (key: string) => {
    const next = new URLSearchParams();
    for (const name of KEPT) {
      const v = search.get(name);
      if (v) next.set(name, v);
    }
    if (key !== tables[0].key) next.set('tab', key);
    setSearch(next);
  };
  return (
    <Card size="small">
      <Tabs
        activeKey={active}
        destroyOnHidden
        onChange={onChange}
        items={tables.map((table) => ({ key: table.key, label: t(table.label), children: <ListScreen decl={table.decl} /> }))}
      />
    </Card>
  );
}

/** Dashboard (optionally with extra API parameters read from the URL) and tables, on one range. */
export function ReportPage({
  dashboard,
  tables,
  paramsFromUrl = [],
  children,
}: {
  dashboard: DashboardDeclaration;
  tables: ReportTable[];
  paramsFromUrl?: string[];
  children?: ReactNode;
}) {
  return (
    <WithRange days={REPORT_DAYS}>
      <DashboardWithParams decl={dashboard} names={paramsFromUrl} />
      {children}
      {tables.length === 1 ? <ListScreen decl={tables[0].decl} /> : <TableTabs tables={tables} />}
    </WithRange>
  );
}

function DashboardWithParams({ decl, names }: { decl: DashboardDeclaration; names: string[] }) {
  const [search] = useSearchParams();
  const params: Record<string, string> = {};
  for (const name of names) {
    const v = search.get(name);
    if (v) params[name] = v;
  }
  return <DashboardScreen decl={names.length ? { ...decl, api: { ...decl.api, params: { ...decl.api.params, ...params } } } : decl} />;
}

/** The range filter every report table has (the same `from`/`to` as the figures above it). */
export const rangeFilter = { kind: 'dateRange', name: 'range', label: 'reports.common.range' } as const;
