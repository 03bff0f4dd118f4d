/**
 * /loseuser/dashboard: the campaigns sent in the range (default 30 days) — figure cards with
 * the change against the range before (sent, reached, returned, paid, reward cost, recharge
 * after return, return on cost), a chart by day (players reached, returned, paying; reward
 * cost), and the range's campaigns side by side (the details screen's campaign shape).
 */
import { Flex } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { DashboardScreen, ListScreen, type DashboardDeclaration } from '../../kit';
import { dashboardRange } from '../../kit/dashboard/DashboardScreen';
import { dayEnd, dayStart } from '../../lib/format';
import { campaignsDecl, L } from './common';

const DEFAULT_DAYS = 30;

const card = (key: string, format: 'money' | 'int' | 'percent' | 'roundUp2') => ({
  key,
  label: `${L}f.${key}`,
  value: `totals.${key}`,
  previous: `previous.${key}`,
  format,
});

export const dashboardDecl: DashboardDeclaration = {
  name: 'loseuser-dashboard',
  title: `${L}dashboardTitle`,
  api: { url: '/loseuser/dashboard' },
  defaultDays: DEFAULT_DAYS,
  cards: [
    card('campaigns', 'int'),
    card('planned', 'int'),
    card('reached', 'int'),
    card('returned', 'int'),
    card('returnRate', 'percent'),
    card('paid', 'int'),
    card('rewardCost', 'money'),
    card('recharge', 'money'),
    card('returnOnCost', 'roundUp2'),
  ],
  chart: {
    title: `${L}chart`,
    rows: 'days',
    series: [
      { key: 'reached', label: `${L}reached`, type: 'bar' },
      { key: 'returned', label: `${L}returned`, type: 'line' },
      { key: 'paid', label: `${L}paid`, type: 'line' },
    ],
  },
};

export default function LostDashboard() {
  const [search] = useSearchParams();
  const range = dashboardRange(search, DEFAULT_DAYS);
  const params = { from: dayStart(range.from)!, to: dayEnd(range.to)! };
  return (
    <Flex vertical gap={12}>
      <DashboardScreen decl={dashboardDecl} />
      <ListScreen key={`${params.from}|${params.to}`} decl={campaignsDecl('loseuser-dashboard-campaigns', { params, filters: false })} />
    </Flex>
  );
}
