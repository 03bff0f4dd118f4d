import { useMemo } from 'react';
import { Button, Card, DatePicker, Flex, Result, Skeleton } from 'antd';
import dayjs from 'dayjs';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { dayEnd, dayStart, todayInConsoleZone } from '../../lib/format';
import { request } from '../../shell/request';
import { valueAt } from '../cells';
import type { DashboardDeclaration } from '../types';
import { DayChart, type DayChartSeries } from './DayChart';
import { FigureCards } from './FigureCards';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The range in the URL (`from`/`to` days) or the last `defaultDays` days in GMT+08:00. */
export function dashboardRange(search: URLSearchParams, defaultDays = 7, today = todayInConsoleZone()): { from: string; to: string } {
  const from = search.get('from');
  const to = search.get('to');
  if (from && to && DAY.test(from) && DAY.test(to) && from <= to) return { from, to };
  return {
    from: dayjs(today)
      .subtract(defaultDays - 1, 'day')
      .format('YYYY-MM-DD'),
    to: today,
  };
}

/** Figure cards and a chart by day over a date range, from a declaration. */
export function DashboardScreen({ decl }: { decl: DashboardDeclaration }) {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const range = dashboardRange(search, decl.defaultDays);
  const params = { ...decl.api.params, from: dayStart(range.from)!, to: dayEnd(range.to)! };
  const query = useQuery({
    queryKey: ['kit-dashboard', decl.name, decl.api.url, params],
    queryFn: async () => (await request('GET', decl.api.url, { params, silent: true })).data ?? null,
    retry: false,
  });

  const chart = decl.chart;
  const { days, series } = useMemo(() => {
    const rows = chart ? valueAt(query.data, chart.rows) : undefined;
    const list = Array.isArray(rows) ? (rows as Record<string, unknown>[]) : [];
    const dayKey = chart?.dayKey ?? 'day';
    return {
      days: list.map((r) => String(r[dayKey])),
      series: (chart?.series ?? []).map<DayChartSeries>((s) => ({ name: t(s.label), type: s.type, data: list.map((r) => Number(r[s.key]) || 0) })),
    };
  }, [query.data, chart, t]);

  const rangePicker = (
    <DatePicker.RangePicker
      aria-label={t('kit.dashboard.range')}
      allowClear={false}
      value={[dayjs(range.from), dayjs(range.to)]}
      onChange={(v) => {
        if (v?.[0] && v[1]) setSearch({ from: v[0].format('YYYY-MM-DD'), to: v[1].format('YYYY-MM-DD') });
      }}
    />
  );

  return (
    <Flex vertical gap={12} className="kit-dashboard">
      <Card title={t(decl.title)} extra={rangePicker} styles={{ header: { flexWrap: 'wrap', rowGap: 8, paddingBlock: 8 } }}>
        {query.isError ? (
          <Result
            status="error"
            title={t('kit.loadFailed')}
            subTitle={query.error.message}
            extra={
              <Button type="primary" onClick={() => void query.refetch()}>
                {t('kit.retry')}
              </Button>
            }
          />
        ) : query.isPending ? (
          <Skeleton active />
        ) : (
          <FigureCards cards={decl.cards} data={query.data} />
        )}
      </Card>
      {chart && !query.isError && (
        <Card title={t(chart.title)}>
          {query.isPending ? <Skeleton active /> : <DayChart days={days} series={series} emptyText={t('kit.dashboard.noChart')} />}
        </Card>
      )}
    </Flex>
  );
}
