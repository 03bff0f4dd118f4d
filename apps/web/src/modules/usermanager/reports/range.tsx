/**
 * Report screens whose server needs a day range (profitslogs requires one; the others default
 * to it): when the URL names none, the last `days` days are written into it (replace, so Back
 * skips it), and the dashboard and the list below it read the same `from`/`to`.
 */
import { useEffect, type ReactNode } from 'react';
import { Flex } from 'antd';
import dayjs from 'dayjs';
import { useSearchParams } from 'react-router-dom';
import { todayInConsoleZone } from '../../../lib/format';

export function defaultRange(days: number, today = todayInConsoleZone()): { from: string; to: string } {
  return {
    from: dayjs(today)
      .subtract(days - 1, 'day')
      .format('YYYY-MM-DD'),
    to: today,
  };
}

/** Renders its children once the URL holds a range (the last `days` days unless it named one). */
export function WithRange({ days, children }: { days: number; children: ReactNode }) {
  const [search, setSearch] = useSearchParams();
  const ready = Boolean(search.get('from') && search.get('to'));
  useEffect(() => {
    if (ready) return;
    const next = new URLSearchParams(search);
    const range = defaultRange(days);
    next.set('from', range.from);
    next.set('to', range.to);
    setSearch(next, { replace: true });
  }, [ready, days, search, setSearch]);
  return ready ? (
    <Flex vertical gap={12}>
      {children}
    </Flex>
  ) : null;
}
