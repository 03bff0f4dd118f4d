/**
 * /agentcooperation reports and the extra rebate, and /partnermanager/agentgamelogs.
 * Each screen is a kit declaration: one column shape (`col`) for every figure, one range
 * filter, the server's CSV export. cooperData puts the figures and chart by day above the
 * per-agent table (the range of the dashboard narrows the table); extrarebateconfigs is the
 * config list with its history, create / edit (confirm before overwrite, the version read is
 * sent back) / cancel / settle now; a settled config's paid agents open its paid lines
 * (`?payouts=<id>`, in place of the configs).
 */
import { Button, Flex, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import i18next from 'i18next';
import { useSearchParams } from 'react-router-dom';
import type { ComponentType } from 'react';
import type {
  AnalyzeItem,
  ChainItem,
  CoinDealerItem,
  CooperAgentItem,
  ExtraRebateItem,
  GameLogItem,
  AgentInviteeItem,
  PayoutItem,
  ShareItem,
} from '@console/schemas';
import { DashboardScreen, ListScreen, type DashboardDeclaration, type FieldDeclaration, type FormValues, type ListDeclaration, columnMaker } from '../../kit';
import { dashboardRange } from '../../kit/dashboard/DashboardScreen';
import { historyCell, WithHistory, type HistoryDeclaration } from '../../kit/history';
import { dayEnd, dayStart, formatMoney } from '../../lib/format';

export const L = 'agentreports.';
const col = columnMaker(`${L}f.`);
const range = { kind: 'dateRange' as const, name: 'range', label: `${L}f.range` };
const agentFilter = { kind: 'number' as const, name: 'agent', label: `${L}f.agent` };
const yesNo = (v: unknown) => i18next.t(v ? `${L}yes` : `${L}no`);

// ---------------------------------------------------------------- cooperData

const DEFAULT_DAYS = 30;
const card = (key: string, format: 'money' | 'int') => ({ key, label: `${L}f.${key}`, value: `totals.${key}`, format });

export const cooperDashboard: DashboardDeclaration = {
  name: 'agentreports-cooperdata',
  title: `${L}title.cooperData`,
  api: { url: '/agentcooperation/cooperData' },
  defaultDays: DEFAULT_DAYS,
  cards: [
    card('agents', 'int'),
    card('newInvitees', 'int'),
    card('activeInvitees', 'int'),
    card('recharge', 'money'),
    card('rake', 'money'),
    card('rebateT1', 'money'),
    card('rebateT2', 'money'),
  ],
  chart: {
    title: `${L}chart`,
    rows: 'days',
    series: [
      { key: 'rakeT1', label: `${L}f.rakeT1`, type: 'bar' },
      { key: 'rakeT2', label: `${L}f.rakeT2`, type: 'bar' },
      { key: 'rebateT1', label: `${L}f.rebateT1`, type: 'line' },
      { key: 'activeInvitees', label: `${L}f.activeInvitees`, type: 'line' },
    ],
  },
};

export function cooperAgents(params: Record<string, string>): ListDeclaration<CooperAgentItem> {
  return {
    name: 'cooperdata-agents',
    title: `${L}title.cooperAgents`,
    api: { url: '/agentcooperation/cooperData/agents', mode: 'page', export: true, params },
    rowKey: 'agent',
    filters: [agentFilter],
    columns: [
      col('agent', 'uid', true),
      col('name'),
      col('partner', 'int'),
      col('newT1', 'int', true),
      col('newT2', 'int'),
      col('activeT1', 'int', true),
      col('activeT2', 'int'),
      col('recharge', 'money', true),
      col('rakeT1', 'money', true),
      col('rakeT2', 'money', true),
      col('rebateT1', 'money', true),
      col('rebateT2', 'money'),
    ],
  };
}

function CooperData() {
  const [search] = useSearchParams();
  const r = dashboardRange(search, DEFAULT_DAYS);
  const params = { from: dayStart(r.from)!, to: dayEnd(r.to)! };
  return (
    <Flex vertical gap={12}>
      <DashboardScreen decl={cooperDashboard} />
      <ListScreen key={`${params.from}|${params.to}`} decl={cooperAgents(params)} />
    </Flex>
  );
}

// ---------------------------------------------------------------- lists and reports

const RELATION_LABELS = {
  player: `${L}rel.player`,
  invitee: `${L}rel.invitee`,
  inviter: `${L}rel.inviter`,
  agentT1: `${L}rel.agentT1`,
  agentT2: `${L}rel.agentT2`,
  agentBeyond: `${L}rel.agentBeyond`,
};

export const cooperSearch: ListDeclaration<ChainItem> = {
  name: 'coopersearch',
  title: `${L}title.cooperSearch`,
  api: { url: '/agentcooperation/cooperSearch', mode: 'page', export: true },
  rowKey: 'uid',
  filters: [{ kind: 'number', name: 'uid', label: `${L}f.uid` }],
  columns: [
    col('level', 'int', true),
    { ...col('relation'), labels: RELATION_LABELS },
    col('uid', 'uid', true),
    col('name'),
    col('isAgent', 'bool'),
    col('partner', 'int'),
    col('invitees', 'int'),
    col('registeredAt', 'datetime'),
  ],
  emptyHint: `${L}hint.cooperSearch`,
  pageSize: 50,
};

export const inviteeData: ListDeclaration<AgentInviteeItem> = {
  name: 'inviteedata',
  title: `${L}title.inviteeData`,
  api: { url: '/agentcooperation/inviteeData', mode: 'page', export: true },
  rowKey: 'uid',
  filters: [
    agentFilter,
    range,
    {
      kind: 'select',
      name: 'tier',
      label: `${L}f.tier`,
      options: [
        { value: '1', label: 'T1', literal: true },
        { value: '2', label: 'T2', literal: true },
      ],
    },
    {
      kind: 'select',
      name: 'active',
      label: `${L}f.active`,
      options: [
        { value: 'true', label: `${L}yes` },
        { value: 'false', label: `${L}no` },
      ],
    },
  ],
  columns: [
    col('uid', 'uid', true),
    col('name'),
    col('tier', 'int'),
    col('via', 'uid'),
    col('registeredAt', 'datetime', true),
    col('recharge', 'money', true),
    col('rake', 'money', true),
    col('turnover', 'money', true),
    col('rounds', 'int'),
    col('activeDays', 'int', true),
    { ...col('active'), render: yesNo, text: yesNo },
    { ...col('sharesIp'), format: 'bool' },
    { ...col('sharesDevice'), format: 'bool' },
  ],
  emptyHint: `${L}hint.inviteeData`,
};

export const shareData: ListDeclaration<ShareItem> = {
  name: 'sharedata',
  title: `${L}title.shareData`,
  api: { url: '/agentcooperation/shareData', mode: 'page', export: true },
  rowKey: 'period',
  filters: [
    range,
    { kind: 'select', name: 'period', label: `${L}f.period`, options: ['day', 'week', 'month'].map((p) => ({ value: p, label: `${L}periods.${p}` })) },
  ],
  columns: [
    col('period', undefined, true),
    col('agents', 'int'),
    col('newInvitees', 'int'),
    col('activeInviteeDays', 'int'),
    col('recharge', 'money'),
    col('rakeT1', 'money', true),
    col('rakeT2', 'money'),
    col('rebateT1', 'money', true),
    col('rebateT2', 'money'),
    col('extraRebate', 'money'),
  ],
};

export const coinDealerLogs: ListDeclaration<CoinDealerItem> = {
  name: 'coindealerlogs',
  title: `${L}title.coindealerlogs`,
  api: { url: '/agentcooperation/coindealerlogs', mode: 'cursor', export: true },
  rowKey: 'id',
  filters: [
    { kind: 'number', name: 'uid', label: `${L}f.uid` },
    agentFilter,
    { kind: 'text', name: 'dealer', label: `${L}f.dealer` },
    { kind: 'select', name: 'relation', label: `${L}f.relation`, options: ['agent', 't1', 't2'].map((v) => ({ value: v, label: `${L}rel.${v}` })) },
    { kind: 'dateRange', name: 'at', label: `${L}f.at` },
  ],
  columns: [
    col('at', 'datetime', true),
    col('dealer'),
    col('uid', 'uid'),
    col('name'),
    { ...col('relation'), labels: { agent: `${L}rel.agent`, t1: `${L}rel.t1`, t2: `${L}rel.t2` } },
    col('agent', 'uid'),
    col('amount', 'money'),
    col('reason'),
    col('ref'),
    col('balanceAfter', 'money'),
    col('partner', 'int'),
  ],
};

export const analyze: ListDeclaration<AnalyzeItem> = {
  name: 'extrarebateanalyze',
  title: `${L}title.extrarebateAnalyze`,
  api: { url: '/agentcooperation/extrarebateAnalyze', mode: 'page', export: true },
  rowKey: 'id',
  filters: [{ kind: 'select', name: 'status', label: `${L}f.status`, options: ['open', 'settled'].map((s) => ({ value: s, label: `${L}statuses.${s}` })) }],
  columns: [
    col('id', 'int'),
    col('name'),
    col('partner', 'int'),
    col('windowFrom'),
    col('windowTo', undefined, true),
    { ...col('status'), labels: statusLabels() },
    col('budget', 'money'),
    col('cost', 'money', true),
    col('agents', 'int'),
    col('turnover', 'money'),
    col('baselineTurnover', 'money'),
    col('extraTurnover', 'money', true),
    col('rake', 'money'),
    col('baselineRake', 'money'),
    col('extraRake', 'money'),
    col('costPerExtraTurnover', 'percent'),
    col('returnOnCost', 'roundUp2'),
  ],
};

export const agentGameLogs: ListDeclaration<GameLogItem> = {
  name: 'agentgamelogs',
  title: `${L}title.agentgamelogs`,
  api: { url: '/partnermanager/agentgamelogs', mode: 'page', export: true },
  rowKey: 'id',
  filters: [agentFilter, range],
  columns: [
    col('day', undefined, true),
    col('agent', 'uid'),
    col('name'),
    col('players', 'int', true),
    col('rounds', 'int', true),
    col('turnover', 'money', true),
    col('wins', 'money'),
    col('rake', 'money'),
    col('houseNet', 'money'),
    col('partner', 'int'),
  ],
};

// ---------------------------------------------------------------- extrarebateconfigs

function statusLabels() {
  return { open: `${L}statuses.open`, cancelled: `${L}statuses.cancelled`, settled: `${L}statuses.settled` };
}

const TIERS = [1, 2, 3];
const pesos = (v: unknown) => (v === undefined || v === null || v === '' ? undefined : Math.round(Number(v) * 100));
const day = /^\d{4}-\d{2}-\d{2}$/;

function configFields(): FieldDeclaration[] {
  return [
    { name: 'name', label: `${L}f.name`, kind: 'text', required: true, rules: [{ max: 100 }, { whitespace: true }] },
    { name: 'partner', label: `${L}f.partner`, kind: 'number', min: 0, help: `${L}help.partner` },
    { name: 'windowFrom', label: `${L}f.windowFrom`, kind: 'text', required: true, rules: [{ pattern: day, message: 'YYYY-MM-DD' }] },
    { name: 'windowTo', label: `${L}f.windowTo`, kind: 'text', required: true, rules: [{ pattern: day, message: 'YYYY-MM-DD' }], help: `${L}help.window` },
    ...TIERS.flatMap((n): FieldDeclaration[] => [
      { name: `t${n}Rake`, label: `${L}tier.rake${n}`, kind: 'number', required: n === 1, min: 0.01 },
      { name: `t${n}Active`, label: `${L}tier.active${n}`, kind: 'number', required: n === 1, min: 0 },
      { name: `t${n}Rate`, label: `${L}tier.rate${n}`, kind: 'number', required: n === 1, min: 0.01, max: 50, help: n === 1 ? `${L}help.tiers` : undefined },
    ]),
    { name: 'agentCap', label: `${L}f.agentCap`, kind: 'number', required: true, min: 0.01, help: `${L}help.pesos` },
    { name: 'budget', label: `${L}f.budget`, kind: 'number', required: true, min: 0.01, help: `${L}help.pesos` },
  ];
}

/** The form (pesos, percent) → the API body (chips, basis points); empty tiers 2 and 3 are left out. */
export function configBody(v: FormValues): Record<string, unknown> {
  const tiers = TIERS.map((n) => ({
    t1Rake: pesos(v[`t${n}Rake`]),
    activeInvitees: v[`t${n}Active`],
    rateBp: v[`t${n}Rate`] === undefined || v[`t${n}Rate`] === null || v[`t${n}Rate`] === '' ? undefined : Math.round(Number(v[`t${n}Rate`]) * 100),
  }))
    .filter((t, i) => i === 0 || t.t1Rake !== undefined || t.rateBp !== undefined)
    .map((t) => ({
      t1Rake: t.t1Rake,
      activeInvitees: t.activeInvitees === undefined || t.activeInvitees === null ? 0 : Number(t.activeInvitees),
      rateBp: t.rateBp,
    }));
  return {
    name: v.name,
    ...(v.partner === undefined || v.partner === null || v.partner === '' ? {} : { partner: Number(v.partner) }),
    windowFrom: v.windowFrom,
    windowTo: v.windowTo,
    tiers,
    agentCap: pesos(v.agentCap),
    budget: pesos(v.budget),
  };
}

/** A stored config → the form's values. */
export function configForm(row: ExtraRebateItem | undefined): FormValues {
  if (!row) return { t1Active: 10 };
  const values: FormValues = {
    name: row.name,
    partner: row.partner,
    windowFrom: row.windowFrom,
    windowTo: row.windowTo,
    agentCap: row.agentCap / 100,
    budget: row.budget / 100,
  };
  row.tiers.forEach((t, i) => {
    values[`t${i + 1}Rake`] = t.t1Rake / 100;
    values[`t${i + 1}Active`] = t.activeInvitees;
    values[`t${i + 1}Rate`] = t.rateBp / 100;
  });
  return values;
}

const CONFIG_BASE = '/agentcooperation/extrarebateconfigs';
const open = (row: ExtraRebateItem) => row.status === 'open';

/** The configs; `openPayouts` makes the paid agents' count a link to the config's paid lines. */
export function configList(openPayouts?: (row: ExtraRebateItem) => void): ListDeclaration<ExtraRebateItem> {
  return {
    name: 'extrarebateconfigs',
    title: `${L}title.extrarebateconfigs`,
    api: { url: CONFIG_BASE, mode: 'page', export: true },
    rowKey: 'id',
    filters: [
      { kind: 'text', name: 'name', label: `${L}f.name` },
      {
        kind: 'select',
        name: 'status',
        label: `${L}f.status`,
        options: ['open', 'cancelled', 'settled'].map((s) => ({ value: s, label: `${L}statuses.${s}` })),
      },
    ],
    columns: [
      { ...col('id'), render: historyCell<ExtraRebateItem>((row) => String(row.id)), text: (v) => String(v) },
      col('name'),
      col('partner', 'int'),
      col('windowFrom'),
      col('windowTo', undefined, true),
      col('tiersText'),
      col('agentCap', 'money'),
      col('budget', 'money'),
      { ...col('status'), labels: statusLabels() },
      col('paid', 'money', true),
      openPayouts
        ? {
            ...col('agents', 'int'),
            render: (v, row) =>
              row.status === 'settled' ? (
                <a data-testid={`payouts-${row.id}`} onClick={() => openPayouts(row)}>
                  {String(v)}
                </a>
              ) : (
                String(v)
              ),
            text: (v) => String(v),
          }
        : col('agents', 'int'),
      col('version', 'int'),
      col('settledAt', 'datetime'),
      col('updatedBy'),
      col('updatedAt', 'datetime'),
    ],
    toolbar: [
      {
        key: 'create',
        label: `${L}create`,
        form: { title: `${L}create`, fields: configFields(), initialValues: () => configForm(undefined) },
        call: { method: 'POST', url: `${CONFIG_BASE}/create`, body: (_row, v) => configBody(v) },
      },
      {
        key: 'settle',
        label: `${L}settle`,
        confirm: `${L}confirmSettle`,
        call: { method: 'POST', url: `${CONFIG_BASE}/settle`, body: () => ({}) },
      },
    ],
    actions: [
      {
        key: 'edit',
        label: `${L}edit`,
        confirm: `${L}confirmEdit`,
        visible: open,
        form: { title: `${L}edit`, fields: configFields(), initialValues: configForm },
        call: { method: 'POST', url: `${CONFIG_BASE}/update`, body: (row, v) => ({ ...configBody(v), id: row!.id, version: row!.version }) },
      },
      {
        key: 'cancel',
        label: `${L}cancel`,
        danger: true,
        confirm: `${L}confirmCancel`,
        visible: open,
        call: { method: 'POST', url: `${CONFIG_BASE}/cancel`, body: (row) => ({ id: row!.id, version: row!.version }) },
      },
    ],
    emptyHint: `${L}hint.configs`,
  };
}

/** One settled config's paid lines (the screen shows them instead of the configs: two kit lists would share the URL's page and sort). */
export const payouts = (config: string): ListDeclaration<PayoutItem> => ({
  name: `extrarebate-payouts-${config}`,
  title: `${L}title.payouts`,
  api: { url: `${CONFIG_BASE}/payouts`, mode: 'page', export: true, params: { config } },
  rowKey: 'agent',
  filters: [agentFilter],
  columns: [
    col('config', 'int', true),
    col('agent', 'uid'),
    col('name'),
    col('t1Rake', 'money', true),
    col('active', 'int'),
    col('excluded', 'int'),
    col('tier', 'int'),
    { ...col('rateBp'), render: (v) => `${(Number(v) / 100).toFixed(2)}%`, text: (v) => `${(Number(v) / 100).toFixed(2)}%` },
    col('computed', 'money'),
    col('amount', 'money', true),
    col('capped', 'bool'),
    col('budgetCut', 'bool'),
    col('paidAt', 'datetime'),
  ],
});

const MONEY_FIELDS = ['agentCap', 'budget', 'paid'];
export const configHistory: HistoryDeclaration = {
  url: `${CONFIG_BASE}/versions`,
  fieldLabel: (field) => `${L}f.${field}`,
  formatValue: (field, v) => {
    if (MONEY_FIELDS.includes(field)) return `₱${formatMoney(v)}`;
    if (field === 'tiers' && Array.isArray(v)) {
      return v
        .map(
          (t: { t1Rake: number; activeInvitees: number; rateBp: number }) =>
            `≥ ₱${formatMoney(t.t1Rake)} & ${t.activeInvitees} → +${(t.rateBp / 100).toFixed(2)}%`,
        )
        .join('; ');
    }
    return undefined;
  },
  keyLabel: (key) => i18next.t(`${L}configKey`, { id: key }),
};

function ExtraRebateConfigs() {
  const [search, setSearch] = useSearchParams();
  const { t } = useTranslation();
  const config = search.get('payouts');
  if (config && /^\d{1,10}$/.test(config)) {
    return (
      <Flex vertical gap={12}>
        <Flex>
          <Button data-testid="back-to-configs" icon={<ArrowLeftOutlined />} onClick={() => setSearch({})}>
            {t(`${L}back`)}
          </Button>
        </Flex>
        <Typography.Title level={5}>{t(`${L}configKey`, { id: config })}</Typography.Title>
        <ListScreen key={config} decl={payouts(config)} />
      </Flex>
    );
  }
  return (
    <WithHistory history={configHistory}>
      <ListScreen decl={configList((row) => setSearch({ payouts: String(row.id) }))} />
    </WithHistory>
  );
}

// ---------------------------------------------------------------- the screens by path

const list = (decl: ListDeclaration<any>) => () => <ListScreen decl={decl} />;

export const SCREENS: Record<string, ComponentType> = {
  '/agentcooperation/cooperData': CooperData,
  '/agentcooperation/cooperSearch': list(cooperSearch),
  '/agentcooperation/inviteeData': list(inviteeData),
  '/agentcooperation/shareData': list(shareData),
  '/agentcooperation/coindealerlogs': list(coinDealerLogs),
  '/agentcooperation/extrarebateconfigs': ExtraRebateConfigs,
  '/agentcooperation/extrarebateAnalyze': list(analyze),
  '/partnermanager/agentgamelogs': list(agentGameLogs),
};

export const screenFor = (path: string): ComponentType => SCREENS[path];
