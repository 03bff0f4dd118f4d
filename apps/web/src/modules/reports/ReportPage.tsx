/**
 * The frame of every data report under /: the range in the URL (the last 30 days unless it
 * names one), the figures and chart (kit DashboardScreen) over it, and the report's tables
 * (kit ListScreen, page mode, server CSV export). A report with two tables shows them as tabs
 * (`tab` in the URL); switching keeps the range and the currency and starts the other table's
 * paging afresh.
 */
import type { ReactNode } from 'react';
import { Card } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { DashboardScreen, ListScreen, TabsScreen, type DashboardDeclaration, type ListDeclaration } from '../../kit';
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
  // the range is every table's: a switch keeps it and clears the other table's paging
  return (
    <Card size="small">
      <TabsScreen keep={KEPT} tabs={tables.map((table) => ({ key: table.key, label: table.label, render: () => <ListScreen decl={table.decl} /> }))} />
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
