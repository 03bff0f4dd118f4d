import { useEffect, useRef, useState } from 'react';
import { Empty, Skeleton } from 'antd';
import type { EChartsType } from 'echarts/core';

export interface DayChartSeries {
  name: string;
  type: 'line' | 'bar';
  data: number[];
}

/**
 * A chart by day. ECharts is loaded on first use (`import('./echarts')`: the line and bar
 * charts only), so screens without a chart, and the login page, never download it.
 */
export function DayChart({ days, series, emptyText }: { days: string[]; series: DayChartSeries[]; emptyText: string }) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const [ready, setReady] = useState(false);
  const empty = days.length === 0;

  useEffect(() => {
    if (empty) return;
    let disposed = false;
    const onResize = () => chart.current?.resize();
    void import('./echarts').then((echarts) => {
      if (disposed || !box.current) return;
      chart.current = echarts.init(box.current);
      setReady(true);
      window.addEventListener('resize', onResize);
    });
    return () => {
      disposed = true;
      window.removeEventListener('resize', onResize);
      chart.current?.dispose();
      chart.current = null;
      setReady(false);
    };
  }, [empty]);

  useEffect(() => {
    if (!ready || !chart.current) return;
    chart.current.setOption(
      {
        tooltip: { trigger: 'axis' },
        legend: { top: 0 },
        grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
        xAxis: { type: 'category', data: days },
        yAxis: { type: 'value' },
        series: series.map((s) => ({ name: s.name, type: s.type, data: s.data, smooth: s.type === 'line' })),
      },
      { notMerge: true },
    );
  }, [ready, days, series]);

  if (empty) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />;
  return (
    <div style={{ position: 'relative' }}>
      {!ready && <Skeleton active style={{ position: 'absolute', inset: 0 }} />}
      <div ref={box} data-testid="day-chart" style={{ width: '100%', height: 320 }} />
    </div>
  );
}
