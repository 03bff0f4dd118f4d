/**
 * Every string key of the /usermanager declarations (titles, filter and column labels,
 * options, enum labels, actions, detail items, dashboard cards and series) exists in English
 * and in Chinese: a key renamed or dropped from the locales would show as the raw key.
 */
import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import '../../kit/test/setup';
import type { ActionDeclaration, DashboardDeclaration, FilterDeclaration, ListDeclaration } from '../../kit';
import { CASH, CHIPS } from './issuing/config';
import { batchLogScreen } from './issuing/batchLogs';
import { limitsScreen } from './issuing/limits';
import { ledgerScreen } from './lists/ledger';
import { userlistScreen } from './lists/userlist';
import { bansScreen } from './player/bans';
import { banAccountlogsScreen } from './records/banAccountlogs';
import { feedbackScreen } from './records/feedback';
import { giftlogsScreen } from './records/giftlogs';
import { searchScreen } from './records/search';
import { searchsalesScreen } from './records/searchsales';
import { tipoffsScreen } from './records/tipoffs';
import { transferScreen } from './records/transfers';
import { activesDashboard, activesTable } from './reports/actives';
import { badgesearchScreen } from './reports/badgesearch';
import { emoteStatScreen } from './reports/emoteStat';
import { inviteTreeScreen, topInvitersScreen } from './reports/invite';
import { lostusersScreen } from './reports/lostusers';
import { gamerecordsList } from './reports/gamerecordlogs';
import { profitsDashboard, profitsGames, profitsList } from './reports/profitslogs';
import { registersDashboard, registersList } from './reports/registers';
import { telephonecodeScreen } from './reports/telephonecode';
import { loginTrailScreen, tracedAccountsScreen } from './reports/usertrace';

const lists: ListDeclaration<never>[] = [
  ledgerScreen('goldlogs', 'chip'),
  ledgerScreen('beanlogs', 'bean'),
  ledgerScreen('bonuslogs', 'bonus'),
  ledgerScreen('moneylogs'),
  batchLogScreen(CHIPS, 'sendlogs'),
  batchLogScreen(CASH, 'sendcashlogs'),
  limitsScreen,
  userlistScreen,
  bansScreen,
  banAccountlogsScreen,
  feedbackScreen,
  giftlogsScreen,
  searchScreen,
  searchsalesScreen(true),
  searchsalesScreen(false),
  tipoffsScreen,
  transferScreen('playtokplayer'),
  transferScreen('coindealerlogs'),
  activesTable,
  badgesearchScreen,
  emoteStatScreen,
  inviteTreeScreen,
  topInvitersScreen,
  lostusersScreen,
  profitsList,
  profitsGames,
  gamerecordsList,
  registersList,
  telephonecodeScreen,
  loginTrailScreen,
  tracedAccountsScreen,
];
const dashboards: DashboardDeclaration[] = [activesDashboard, profitsDashboard, registersDashboard];

const fixed = (key: unknown) => (typeof key === 'string' ? [key] : []);
const filterKeys = (f: FilterDeclaration) => [
  f.label,
  ...(f.kind === 'select' ? f.options.filter((o) => !o.literal).map((o) => o.label) : []),
  ...(f.kind === 'text' ? (f.suggestions ?? []).map((o) => o.label) : []),
];
const actionKeys = (a: ActionDeclaration<never>) => [
  ...fixed(a.label),
  ...fixed(a.confirm),
  ...fixed(a.form?.title),
  ...(a.form?.fields ?? []).flatMap((f) => [
    f.label,
    ...fixed(f.help),
    ...(Array.isArray(f.options) ? f.options.filter((o) => !o.literal).map((o) => o.label) : []),
  ]),
];

function keysOf(d: ListDeclaration<never>): string[] {
  const columns = [...d.columns, ...(d.detail?.items ?? [])];
  return [
    d.title,
    ...fixed(d.detail?.title),
    ...(d.filters ?? []).flatMap(filterKeys),
    ...columns.flatMap((c) => [c.title, ...Object.values(c.labels ?? {})]),
    ...[...(d.toolbar ?? []), ...(d.actions ?? [])].flatMap(actionKeys),
  ];
}

describe('/usermanager declarations', () => {
  it('name only keys that exist in English and in Chinese', () => {
    const keys = [
      ...new Set([
        ...lists.flatMap(keysOf),
        ...dashboards.flatMap((d) => [d.title, ...d.cards.map((c) => c.label), ...fixed(d.chart?.title), ...(d.chart?.series ?? []).map((s) => s.label)]),
      ]),
    ];
    expect(keys.length).toBeGreaterThan(200);
    for (const lng of ['en', 'zh']) {
      const missing = keys.filter((k) => typeof i18next.getResource(lng, 'translation', k) !== 'string');
      expect(missing, lng).toEqual([]);
    }
  });
});
