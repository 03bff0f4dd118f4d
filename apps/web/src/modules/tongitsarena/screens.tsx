/**
 * The Tongits arena (docs/api/tongitsarena.md), every screen a kit declaration:
 *   logs           every challenge (filters table, uid, state, days; export)
 *   arenatable     the tables with their defender and history; create, edit, open/close for the
 *                  roles of the hidden /activities/tongitsarena/arenamanage (admin)
 *   rankmgr        the settled seasons (who got what; "Settle now" for arenamanage's roles) and,
 *                  for those roles, the season settings (ticket price, reward tiers, budgets) with history
 *   defendersmgr   the defenders now; "Remove" with a reason for /…/defendersremove's roles
 *   defenderslogs  every reign and how it ended
 *   ticketrank     a season's ticket ranking (season picker, top N; export)
 * Amounts are pesos in forms, centavos on the wire.
 */
import type { ArenaChallengeRow, ArenaRankRow, ArenaReignRow, ArenaSeasonLineRow, ArenaTableRow } from '@console/schemas';
import { screenRoles } from '@console/catalog';
import { Tabs, Tag } from 'antd';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import {
  ConfigScreen,
  ListScreen,
  type ColumnDeclaration,
  type ConfigDeclaration,
  type FieldDeclaration,
  type FormValues,
  type ListDeclaration,
  type SelectOption,
  columnMaker,
} from '../../kit';
import { historyCell, WithHistory, type HistoryDeclaration } from '../../kit/history';
import { formatMoney, todayInConsoleZone } from '../../lib/format';
import { usePermission } from '../../shell/Permission';

export const L = 'tongitsarena.';
const API = '/activities/tongitsarena';
/** Who declares tables, edits the season settings and settles now; who removes a defender (hidden catalogue routes). */
export const MANAGE_ROLES = screenRoles('/activities/tongitsarena/arenamanage');
export const REMOVE_ROLES = screenRoles('/activities/tongitsarena/defendersremove');
export const STATES = ['pending', 'defended', 'won', 'seated', 'void'] as const;
export const ENDINGS = ['holding', 'beaten', 'removed', 'closed'] as const;

const col = columnMaker(`${L}f.`);
const labels = (prefix: string, values: readonly string[]) => Object.fromEntries(values.map((v) => [v, `${L}${prefix}.${v}`]));
const STATE_COLOR: Record<string, string> = { pending: 'processing', defended: 'blue', won: 'green', seated: 'cyan', void: 'default' };
const ENDING_COLOR: Record<string, string> = { holding: 'green', beaten: 'orange', removed: 'red', closed: 'default' };
const enumColumn = <R,>(
  key: keyof R & string,
  prefix: string,
  values: readonly string[],
  colors: Record<string, string>,
  title = `${L}f.${key}`,
): ColumnDeclaration<R> => ({
  key,
  title,
  labels: labels(prefix, values),
  render: (v) => <Tag color={colors[String(v)]}>{i18next.t(`${L}${prefix}.${String(v)}`)}</Tag>,
  text: (v) => i18next.t(`${L}${prefix}.${String(v)}`),
});
const peso = (centavos: unknown) => `₱${formatMoney(centavos)}`;

// ------------------------------------------------------------------------------ text forms of the lists a form edits

/** Streak steps as lines `streak = bonus in pesos` ("3 = 2"); the lines back as steps in centavos, or null when a line does not read. */
export function parseSteps(text: unknown): { streak: number; bonus: number }[] | null {
  const out: { streak: number; bonus: number }[] = [];
  for (const line of String(text ?? '')
    .split(/[\n,;]+/)
    .map((l) => l.trim())
    .filter(Boolean)) {
    const m = /^(\d{1,5})\s*[=:]\s*(\d{1,10}(?:\.\d{1,2})?)$/.exec(line);
    if (!m) return null;
    out.push({ streak: Number(m[1]), bonus: Math.round(Number(m[2]) * 100) });
  }
  return out;
}
export const stepsText = (steps: unknown) => ((steps ?? []) as { streak: number; bonus: number }[]).map((s) => `${s.streak} = ${s.bonus / 100}`).join('\n');

/** Reward tiers as lines `from-to = reward in pesos` ("1 = 500", "2-3 = 200"). */
export function parseTiers(text: unknown): { from: number; to: number; reward: number }[] | null {
  const out: { from: number; to: number; reward: number }[] = [];
  for (const line of String(text ?? '')
    .split(/[\n,;]+/)
    .map((l) => l.trim())
    .filter(Boolean)) {
    const m = /^(\d{1,3})(?:\s*-\s*(\d{1,3}))?\s*[=:]\s*(\d{1,10}(?:\.\d{1,2})?)$/.exec(line);
    if (!m) return null;
    out.push({ from: Number(m[1]), to: Number(m[2] ?? m[1]), reward: Math.round(Number(m[3]) * 100) });
  }
  return out;
}
export const tiersText = (tiers: unknown) =>
  ((tiers ?? []) as { from: number; to: number; reward: number }[])
    .map((t) => `${t.from === t.to ? t.from : `${t.from}-${t.to}`} = ${t.reward / 100}`)
    .join('\n');

const readable = (parse: (v: unknown) => unknown) => ({
  validator: async (_: unknown, v: unknown) => {
    if (parse(v) === null) throw new Error(i18next.t(`${L}help.unreadable`));
  },
});
const toCentavos = (v: unknown) => Math.round(Number(v ?? 0) * 100);
const pesosField = (name: string, min = 0.01, help?: string): FieldDeclaration => ({
  name,
  label: `${L}f.${name}`,
  kind: 'number',
  required: true,
  min,
  max: 10_000_000_000,
  help,
});

// ------------------------------------------------------------------------------ logs

export const logsList: ListDeclaration<ArenaChallengeRow> = {
  name: 'arena-logs',
  title: `${L}title.logs`,
  api: { url: `${API}/logs`, mode: 'cursor', export: true },
  rowKey: 'id',
  filters: [
    { kind: 'text', name: 'table', label: `${L}f.table` },
    { kind: 'text', name: 'uid', label: `${L}f.uidEither` },
    { kind: 'select', name: 'state', label: `${L}f.state`, options: STATES.map((s) => ({ value: s, label: `${L}state.${s}` })) },
    { kind: 'dateRange', name: 'time', label: `${L}f.boughtAt` },
  ],
  columns: [
    col('boughtAt', 'datetime', true),
    col('id', 'int'),
    col('tableName'),
    col('uid', 'uid'),
    col('name'),
    {
      key: 'free',
      title: `${L}f.ticket`,
      render: (v, r) => (v ? <Tag color="green">{i18next.t(`${L}free`)}</Tag> : peso(r.price)),
      text: (v, r) => (v ? i18next.t(`${L}free`) : peso(r.price)),
    },
    enumColumn('state', 'state', STATES, STATE_COLOR),
    col('defenderUid', 'uid'),
    col('defenderName'),
    col('streak', 'int'),
    col('reward', 'money'),
    col('bonus', 'money'),
    col('paid', 'money'),
    col('note'),
    col('refunded', 'bool'),
    col('resultAt', 'datetime'),
  ],
  detail: {
    title: `${L}title.challenge`,
    items: [col('id', 'int'), col('table'), col('price', 'money'), col('matchId'), col('note'), col('resultAt', 'datetime')],
  },
  emptyHint: `${L}hint.logs`,
};

export function ArenaLogs() {
  return <ListScreen decl={logsList} />;
}

// ------------------------------------------------------------------------------ tables

const tableFields = (editing: boolean): FieldDeclaration[] => [
  { name: 'id', label: `${L}f.id`, kind: 'text', required: true, readOnly: editing, help: `${L}help.id` },
  { name: 'name', label: `${L}f.name`, kind: 'text', required: true },
  pesosField('stake', 0.01, `${L}help.stake`),
  pesosField('defenceReward', 0.01, `${L}help.defenceReward`),
  { name: 'streakSteps', label: `${L}f.streakSteps`, kind: 'textarea', help: `${L}help.streakSteps`, rules: [readable(parseSteps)] },
  { name: 'open', label: `${L}f.open`, kind: 'switch' },
];

/** Form values → the whole table as the server takes it (unreadable steps go as text: the server's 400 names streakSteps). */
export const toTableBody = (v: FormValues) => ({
  id: String(v.id ?? '').trim(),
  name: String(v.name ?? '').trim(),
  stake: toCentavos(v.stake),
  defenceReward: toCentavos(v.defenceReward),
  streakSteps: parseSteps(v.streakSteps) ?? v.streakSteps,
  open: Boolean(v.open),
});
const tableForm = (r: ArenaTableRow | undefined): FormValues => ({
  id: r?.id,
  name: r?.name,
  stake: Number(r?.stake ?? 0) / 100,
  defenceReward: Number(r?.defenceReward ?? 0) / 100,
  streakSteps: stepsText(r?.streakSteps),
  open: Boolean(r?.open),
});
const stepsCell = (v: unknown) =>
  ((v ?? []) as { streak: number; bonus: number }[]).map((s) => i18next.t(`${L}stepText`, { streak: s.streak, bonus: peso(s.bonus) })).join(' · ') || '-';

export const tablesList: ListDeclaration<ArenaTableRow> = {
  name: 'arena-tables',
  title: `${L}title.tables`,
  api: { url: `${API}/tables`, mode: 'page', export: true },
  rowKey: 'id',
  filters: [
    { kind: 'text', name: 'id', label: `${L}f.id` },
    {
      kind: 'select',
      name: 'open',
      label: `${L}f.open`,
      options: [
        { value: 'true', label: `${L}open.true` },
        { value: 'false', label: `${L}open.false` },
      ],
    },
  ],
  columns: [
    { key: 'id', title: `${L}f.id`, render: historyCell<ArenaTableRow>((r) => String(r.id)) },
    col('name'),
    col('stake', 'money'),
    col('defenceReward', 'money'),
    { key: 'streakSteps', title: `${L}f.streakSteps`, render: stepsCell, text: stepsCell },
    {
      key: 'open',
      title: `${L}f.open`,
      labels: { true: `${L}open.true`, false: `${L}open.false` },
      render: (v) => <Tag color={v ? 'green' : 'default'}>{i18next.t(`${L}open.${String(Boolean(v))}`)}</Tag>,
      text: (v) => i18next.t(`${L}open.${String(Boolean(v))}`),
    },
    col('defenderUid', 'uid'),
    col('defenderName'),
    col('since', 'datetime'),
    col('defences', 'int'),
    col('earned', 'money'),
    col('pending', 'int'),
    col('challenges', 'int'),
  ],
  toolbar: [
    {
      key: 'create',
      label: `${L}action.create`,
      roles: MANAGE_ROLES,
      form: {
        title: `${L}action.create`,
        fields: tableFields(false),
        initialValues: () => ({ stake: 1, defenceReward: 5, streakSteps: '3 = 2\n5 = 5\n10 = 20', open: true }),
      },
      call: { method: 'POST', url: `${API}/tables/create`, body: (_row, v) => toTableBody(v) },
    },
  ],
  actions: [
    {
      key: 'edit',
      label: `${L}action.edit`,
      roles: MANAGE_ROLES,
      form: { title: `${L}action.edit`, fields: tableFields(true), initialValues: tableForm },
      call: { method: 'POST', url: `${API}/tables/update`, body: (row, v) => ({ ...toTableBody(v), id: row!.id }) },
    },
    {
      key: 'close',
      label: `${L}action.close`,
      roles: MANAGE_ROLES,
      danger: true,
      confirm: `${L}confirm.close`,
      form: { title: `${L}action.close`, fields: [{ name: 'reason', label: `${L}f.reason`, kind: 'text', rules: [{ max: 200 }] }] },
      call: {
        method: 'POST',
        url: `${API}/tables/status`,
        body: (row, v) => ({ id: row!.id, open: false, ...(String(v.reason ?? '').trim() ? { reason: String(v.reason).trim() } : {}) }),
      },
      visible: (row) => Boolean(row.open),
    },
    {
      key: 'open',
      label: `${L}action.open`,
      roles: MANAGE_ROLES,
      confirm: `${L}confirm.open`,
      call: { method: 'POST', url: `${API}/tables/status`, body: (row) => ({ id: row!.id, open: true }) },
      visible: (row) => !row.open,
    },
  ],
  emptyHint: `${L}hint.tables`,
};

const money = new Set(['stake', 'defenceReward', 'ticketPrice', 'totalBudget', 'dailyBudget']);
export const tablesHistory: HistoryDeclaration = {
  url: `${API}/tables/versions`,
  restorable: false,
  fieldLabel: (field) => `${L}f.${field}`,
  formatValue: (field, v) => (money.has(field) ? peso(v) : field === 'streakSteps' ? stepsCell(v) : undefined),
  keyLabel: (key) => i18next.t(`${L}tableKey`, { id: key }),
};

export function ArenaTables() {
  return (
    <WithHistory history={tablesHistory}>
      <ListScreen decl={tablesList} />
    </WithHistory>
  );
}

// ------------------------------------------------------------------------------ defenders

const reignColumns: ColumnDeclaration<ArenaReignRow>[] = [
  col('tableName'),
  col('uid', 'uid'),
  col('name'),
  col('startedAt', 'datetime', true),
  col('defences', 'int', true),
  col('earned', 'money', true),
];

export const defendersList: ListDeclaration<ArenaReignRow> = {
  name: 'arena-defenders',
  title: `${L}title.defenders`,
  api: { url: `${API}/defenders`, mode: 'cursor', export: true },
  rowKey: 'id',
  filters: [
    { kind: 'text', name: 'table', label: `${L}f.table` },
    { kind: 'text', name: 'uid', label: `${L}f.uid` },
  ],
  columns: [...reignColumns, col('pending', 'int')],
  actions: [
    {
      key: 'remove',
      label: `${L}action.remove`,
      roles: REMOVE_ROLES,
      danger: true,
      confirm: `${L}confirm.remove`,
      form: {
        title: `${L}action.remove`,
        fields: [{ name: 'reason', label: `${L}f.reason`, kind: 'textarea', required: true, rules: [{ max: 200, whitespace: true }] }],
      },
      call: { method: 'POST', url: `${API}/defenders/remove`, body: (row, v) => ({ reignId: row!.id, reason: String(v.reason ?? '').trim() }) },
    },
  ],
  emptyHint: `${L}hint.defenders`,
};

export function ArenaDefenders() {
  return <ListScreen decl={defendersList} />;
}

export const reignsList: ListDeclaration<ArenaReignRow> = {
  name: 'arena-reigns',
  title: `${L}title.reigns`,
  api: { url: `${API}/reigns`, mode: 'cursor', export: true },
  rowKey: 'id',
  filters: [
    { kind: 'text', name: 'table', label: `${L}f.table` },
    { kind: 'text', name: 'uid', label: `${L}f.uid` },
    { kind: 'select', name: 'ended', label: `${L}f.ended`, options: ENDINGS.map((s) => ({ value: s, label: `${L}ended.${s}` })) },
    { kind: 'dateRange', name: 'time', label: `${L}f.startedAt` },
  ],
  columns: [...reignColumns, col('endedAt', 'datetime'), enumColumn('ended', 'ended', ENDINGS, ENDING_COLOR), col('endedBy'), col('reason')],
};

export function ArenaReigns() {
  return <ListScreen decl={reignsList} />;
}

// ------------------------------------------------------------------------------ ticket ranking

const DAY_MS = 86_400_000;
/** The Mondays (GMT+08:00) of the current season and the `n - 1` before it, newest first. */
export function recentSeasons(n = 8, now: Date = new Date()): SelectOption[] {
  const today = todayInConsoleZone(now);
  const t = Date.parse(`${today}T00:00:00Z`);
  const monday = t - ((new Date(t).getUTCDay() + 6) % 7) * DAY_MS;
  return Array.from({ length: n }, (_, i) => {
    const start = monday - i * 7 * DAY_MS;
    const key = new Date(start).toISOString().slice(0, 10);
    return { value: key, label: `${key} – ${new Date(start + 6 * DAY_MS).toISOString().slice(0, 10)}`, literal: true };
  });
}
const tierText = (v: unknown) => (v ? i18next.t(`${L}tier`, { tier: String(v) }) : '-');

export const ticketRankList: ListDeclaration<ArenaRankRow> = {
  name: 'arena-ticketrank',
  title: `${L}title.ticketrank`,
  api: { url: `${API}/ticketrank`, mode: 'cursor', export: true },
  rowKey: 'rank',
  filters: [
    { kind: 'select', name: 'season', label: `${L}f.season`, options: recentSeasons() },
    { kind: 'select', name: 'top', label: `${L}f.top`, options: ['10', '20', '50', '100'].map((v) => ({ value: v, label: v, literal: true })) },
  ],
  columns: [
    col('rank', 'int'),
    col('uid', 'uid'),
    col('name'),
    col('tickets', 'int'),
    col('free', 'int'),
    col('spent', 'money'),
    col('reachedAt', 'datetime'),
    { key: 'tier', title: `${L}f.tier`, render: tierText, text: tierText },
    { key: 'reward', title: `${L}f.seasonReward`, format: 'money' },
  ],
  emptyHint: `${L}hint.ticketrank`,
};

export function TicketRank() {
  return <ListScreen decl={ticketRankList} />;
}

// ------------------------------------------------------------------------------ rankings: settlements and season settings

export const seasonsList: ListDeclaration<ArenaSeasonLineRow> = {
  name: 'arena-seasons',
  title: `${L}title.seasons`,
  api: { url: `${API}/seasons`, mode: 'cursor', export: true },
  rowKey: 'id',
  filters: [
    { kind: 'select', name: 'season', label: `${L}f.season`, options: recentSeasons() },
    { kind: 'text', name: 'uid', label: `${L}f.uid` },
    { kind: 'select', name: 'state', label: `${L}f.lineState`, options: ['paid', 'skipped'].map((s) => ({ value: s, label: `${L}line.${s}` })) },
  ],
  columns: [
    col('season', undefined, true),
    col('rank', 'int'),
    col('uid', 'uid'),
    col('name'),
    col('tickets', 'int'),
    { key: 'tier', title: `${L}f.tier`, render: tierText, text: tierText },
    col('amount', 'money'),
    enumColumn('state', 'line', ['paid', 'skipped'], { paid: 'green', skipped: 'default' }, `${L}f.lineState`),
    col('reason'),
    col('entryId', 'int'),
    col('at', 'datetime', true),
  ],
  toolbar: [
    {
      key: 'settle',
      label: `${L}action.settle`,
      roles: MANAGE_ROLES,
      confirm: `${L}confirm.settle`,
      call: { method: 'POST', url: `${API}/settle`, body: () => ({}) },
    },
  ],
  emptyHint: `${L}hint.seasons`,
};

const settingsToForm = (data: FormValues): FormValues => {
  const s = (data.settings ?? {}) as Record<string, unknown>;
  return {
    ticketPrice: Number(s.ticketPrice ?? 0) / 100,
    tiers: tiersText(s.tiers),
    totalBudget: Number(s.totalBudget ?? 0) / 100,
    dailyBudget: Number(s.dailyBudget ?? 0) / 100,
  };
};
/** Form values → the whole settings document (unreadable tiers go as text: the server's 400 names settings.tiers). */
export const toSettings = (v: FormValues) => ({
  settings: {
    ticketPrice: toCentavos(v.ticketPrice),
    tiers: parseTiers(v.tiers) ?? v.tiers,
    totalBudget: toCentavos(v.totalBudget),
    dailyBudget: toCentavos(v.dailyBudget),
  },
});

export const settingsDecl: ConfigDeclaration = {
  name: 'arena-settings',
  title: `${L}title.settings`,
  load: { url: `${API}/configs`, toForm: settingsToForm },
  save: { url: `${API}/configs/update`, body: toSettings },
  fields: [
    pesosField('ticketPrice', 0.01, `${L}help.ticketPrice`),
    { name: 'tiers', label: `${L}f.tiers`, kind: 'textarea', required: true, help: `${L}help.tiers`, rules: [readable(parseTiers)] },
    pesosField('totalBudget', 0, `${L}help.budget`),
    pesosField('dailyBudget', 0, `${L}help.budget`),
  ],
  confirm: `${L}confirm.settings`,
};

export const settingsHistory: HistoryDeclaration = {
  url: `${API}/configs/versions`,
  fieldLabel: (field) => `${L}f.${field}`,
  formatValue: (field, v) => (money.has(field) ? peso(v) : field === 'tiers' ? tiersText(v).replace(/\n/g, ' · ') : undefined),
  keyLabel: () => `${L}title.settings`,
};

export function ArenaRankings() {
  const { t } = useTranslation();
  const manager = usePermission(MANAGE_ROLES);
  const [search, setSearch] = useSearchParams();
  const view = manager && search.get('view') === 'settings' ? 'settings' : 'seasons';
  return (
    <Tabs
      activeKey={view}
      onChange={(key) => setSearch(key === 'settings' ? { view: 'settings' } : {})}
      items={[
        { key: 'seasons', label: t(`${L}tab.seasons`), children: view === 'seasons' ? <ListScreen decl={seasonsList} /> : null },
        ...(manager
          ? [
              {
                key: 'settings',
                label: t(`${L}tab.settings`),
                children:
                  view === 'settings' ? (
                    <WithHistory history={settingsHistory}>
                      <ConfigScreen decl={settingsDecl} />
                    </WithHistory>
                  ) : null,
              },
            ]
          : []),
      ]}
    />
  );
}
