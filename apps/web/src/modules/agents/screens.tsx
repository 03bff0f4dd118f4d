/**
 * /agentcooperation screens of agents and rebates (docs/api/agents.md):
 *   agentediter   agents (make one from a player, a new rate version from a day, suspend or
 *                 reinstate); `?agent=<uid>` shows that agent's rate versions instead (one list
 *                 on the screen at a time); the settlement's setting for the adjust roles
 *   rebateLogs    rebate lines pending → settled | voided with the reason a line earns nothing;
 *                 adjustments (± with a reason) and voiding a pending one
 *   shareT1Detail T1 invitees' rake and rebate per agent and week (the line shape again)
 *   shareRebate   statements per agent and week (paid, carried, withdrawable)
 *   sharePay      payout batches (settlement runs, per partner), run the settlement now
 * Writes are shown only to the roles of the hidden routes agentedit / rebateadjust.
 */
import type { AgentItem, AgentRateItem, RebateItem, RebateLineItem, SettlementRunItem } from '@console/schemas';
import { Button, Card, Flex } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import {
  ConfigScreen,
  ListScreen,
  type ColumnDeclaration,
  type ConfigDeclaration,
  type FieldDeclaration,
  type FormValues,
  type ListDeclaration,
} from '../../kit';
import { Permission } from '../../shell/Permission';
import {
  ADJUST_ROLES,
  AGENT_STATUS_LABELS,
  bpsText,
  EDIT_ROLES,
  KIND_LABELS,
  L,
  lineColumns,
  options,
  reasonText,
  STATUS_LABELS,
  statusColumn,
  toBps,
  toChips,
  weekFilter,
} from './common';
import { addDays, consoleDay, wallIso } from '@console/time';

const percent = (name: string, required = true): FieldDeclaration => ({
  name,
  label: `${L}f.${name}Pct`,
  kind: 'number',
  required,
  min: 0,
  max: 100,
  help: name === 'rate' ? `${L}help.rate` : undefined,
});
const rateFields: FieldDeclaration[] = [
  percent('rate'),
  percent('t1'),
  percent('t2'),
  { ...percent('recharge', false), help: `${L}help.recharge` },
  { name: 'currencyRatio', label: `${L}f.currencyRatio`, kind: 'number', required: true, min: 1, max: 1_000_000, help: `${L}help.currencyRatio` },
];
const rateBody = (v: FormValues) => ({
  rate: toBps(v.rate),
  t1: toBps(v.t1),
  t2: toBps(v.t2),
  recharge: toBps(v.recharge ?? 0),
  currencyRatio: Number(v.currencyRatio ?? 100),
});

/** The next 14 days' starts (00:00 GMT+8), tomorrow first: a rate version starts at a day, never in the past. */
function effectiveDays(now = Date.now()): { value: string; label: string; literal: true }[] {
  const today = consoleDay(now);
  return Array.from({ length: 14 }, (_, i) => {
    const day = addDays(today, i + 1);
    return { value: wallIso(`${day} 00:00`), label: `${day} 00:00`, literal: true as const };
  });
}

export const agentsDecl: ListDeclaration<AgentItem> = {
  name: 'agents',
  title: `${L}title.agentediter`,
  api: { url: '/agentcooperation/agents', mode: 'page', export: true },
  rowKey: 'uid',
  filters: [
    { kind: 'text', name: 'uid', label: `${L}f.uid` },
    { kind: 'text', name: 'name', label: `${L}f.name` },
    { kind: 'select', name: 'status', label: `${L}f.status`, options: options(AGENT_STATUS_LABELS) },
    { kind: 'number', name: 'partner', label: `${L}f.partner` },
  ],
  columns: [
    { key: 'uid', title: `${L}f.uid`, format: 'uid', sortable: true },
    { key: 'name', title: `${L}f.name` },
    { key: 'playerName', title: `${L}f.playerName`, hidden: true },
    { key: 'partner', title: `${L}f.partner`, format: 'int' },
    statusColumn<AgentItem>('status', AGENT_STATUS_LABELS),
    { key: 'rate', title: `${L}f.rate`, render: (v) => bpsText(v), text: (v) => bpsText(v) },
    { key: 't1', title: `${L}f.t1`, render: (v) => bpsText(v), text: (v) => bpsText(v) },
    { key: 't2', title: `${L}f.t2`, render: (v) => bpsText(v), text: (v) => bpsText(v) },
    { key: 'recharge', title: `${L}f.recharge`, render: (v) => bpsText(v), text: (v) => bpsText(v) },
    { key: 'effectiveAt', title: `${L}f.effectiveAt`, format: 'datetime' },
    { key: 'currency', title: `${L}f.currency`, hidden: true },
    { key: 'currencyRatio', title: `${L}f.currencyRatio`, format: 'int' },
    { key: 't1Invitees', title: `${L}f.t1Invitees`, format: 'int' },
    { key: 'activeInvitees', title: `${L}f.activeInvitees`, format: 'int', sortable: true },
    { key: 'withdrawable', title: `${L}f.withdrawable`, format: 'bool' },
    { key: 'carry', title: `${L}f.carry`, format: 'money', sortable: true },
    { key: 'balance', title: `${L}f.balance`, format: 'money' },
    { key: 'settledWeek', title: `${L}f.settledWeek` },
    { key: 'note', title: `${L}f.note`, hidden: true },
    { key: 'createdAt', title: `${L}f.createdAt`, format: 'datetime', sortable: true },
    { key: 'createdBy', title: `${L}f.createdBy`, hidden: true },
  ],
  toolbar: [
    {
      key: 'create',
      label: `${L}action.create`,
      roles: EDIT_ROLES,
      form: {
        title: `${L}action.createTitle`,
        fields: [
          { name: 'uid', label: `${L}f.playerUid`, kind: 'number', required: true, min: 1, max: 2_147_483_647, help: `${L}help.uid` },
          { name: 'name', label: `${L}f.name`, kind: 'text', rules: [{ max: 64 }], help: `${L}help.name` },
          ...rateFields,
        ],
        initialValues: () => ({ rate: 25, t1: 20, t2: 5, recharge: 0, currencyRatio: 100 }),
      },
      call: {
        method: 'POST',
        url: '/agentcooperation/agents/create',
        body: (_row, v) => ({ uid: Number(v.uid), name: v.name ? String(v.name) : undefined, ...rateBody(v) }),
      },
    },
  ],
  actions: [
    {
      key: 'rate',
      label: `${L}action.rate`,
      roles: EDIT_ROLES,
      form: {
        title: `${L}action.rateTitle`,
        fields: [
          { name: 'effectiveAt', label: `${L}f.effectiveFrom`, kind: 'select', required: true, options: () => effectiveDays(), help: `${L}help.effectiveAt` },
          ...rateFields,
          { name: 'note', label: `${L}f.note`, kind: 'text', rules: [{ max: 200 }] },
        ],
        initialValues: (row) => ({
          effectiveAt: effectiveDays()[0].value,
          rate: (row?.rate ?? 0) / 100,
          t1: (row?.t1 ?? 0) / 100,
          t2: (row?.t2 ?? 0) / 100,
          recharge: (row?.recharge ?? 0) / 100,
          currencyRatio: row?.currencyRatio ?? 100,
        }),
      },
      confirm: `${L}confirm.rate`,
      call: {
        method: 'POST',
        url: '/agentcooperation/agents/rate',
        body: (row, v) => ({ uid: row!.uid, effectiveAt: String(v.effectiveAt), ...rateBody(v), note: v.note ? String(v.note) : undefined }),
      },
    },
    {
      key: 'suspend',
      label: `${L}action.suspend`,
      roles: EDIT_ROLES,
      danger: true,
      visible: (row) => row.status === 'active',
      confirm: `${L}confirm.suspend`,
      form: {
        title: `${L}action.suspend`,
        fields: [{ name: 'reason', label: `${L}f.reason`, kind: 'textarea', required: true, rules: [{ max: 200 }, { whitespace: true }] }],
      },
      call: {
        method: 'POST',
        url: '/agentcooperation/agents/status',
        body: (row, v) => ({ uid: row!.uid, status: 'suspended', reason: String(v.reason).trim() }),
      },
    },
    {
      key: 'reinstate',
      label: `${L}action.reinstate`,
      roles: EDIT_ROLES,
      visible: (row) => row.status === 'suspended',
      confirm: `${L}confirm.reinstate`,
      form: {
        title: `${L}action.reinstate`,
        fields: [{ name: 'reason', label: `${L}f.reason`, kind: 'textarea', required: true, rules: [{ max: 200 }, { whitespace: true }] }],
      },
      call: {
        method: 'POST',
        url: '/agentcooperation/agents/status',
        body: (row, v) => ({ uid: row!.uid, status: 'active', reason: String(v.reason).trim() }),
      },
    },
  ],
  emptyHint: `${L}empty.agents`,
};

function ratesDecl(uid: number): ListDeclaration<AgentRateItem> {
  const pct = (key: keyof AgentRateItem): ColumnDeclaration<AgentRateItem> => ({
    key,
    title: `${L}f.${key}`,
    render: (v) => bpsText(v),
    text: (v) => bpsText(v),
  });
  return {
    name: `agent-${uid}-rates`,
    title: `${L}title.rates`,
    api: { url: '/agentcooperation/agents/rates', mode: 'page', export: true, params: { uid } },
    rowKey: 'id',
    columns: [
      { key: 'effectiveAt', title: `${L}f.effectiveAt`, format: 'datetime', sortable: true },
      { key: 'until', title: `${L}f.until`, format: 'datetime' },
      statusColumn<AgentRateItem>(
        'state',
        { past: `${L}rateStates.past`, current: `${L}rateStates.current`, scheduled: `${L}rateStates.scheduled` },
        `${L}f.state`,
      ),
      pct('rate'),
      pct('t1'),
      pct('t2'),
      pct('recharge'),
      { key: 'currency', title: `${L}f.currency` },
      { key: 'currencyRatio', title: `${L}f.currencyRatio`, format: 'int' },
      { key: 'note', title: `${L}f.note` },
      { key: 'createdBy', title: `${L}f.createdBy` },
      { key: 'createdAt', title: `${L}f.createdAt`, format: 'datetime' },
    ],
  };
}

const settingsDecl: ConfigDeclaration = {
  name: 'agent-settings',
  title: `${L}title.settings`,
  load: { url: '/agentcooperation/settings' },
  save: { url: '/agentcooperation/settings/save', body: (v) => ({ minActiveInvitees: Number(v.minActiveInvitees) }) },
  fields: [
    { name: 'minActiveInvitees', label: `${L}f.minActiveInvitees`, kind: 'number', required: true, min: 0, max: 100_000, help: `${L}help.minActiveInvitees` },
  ],
};

export function AgentEditor() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const agent = Number(search.get('agent') ?? 0);
  const rates = useMemo(() => (agent > 0 ? ratesDecl(agent) : null), [agent]);
  const withRatesLink = useMemo<ListDeclaration<AgentItem>>(
    () => ({
      ...agentsDecl,
      columns: agentsDecl.columns.map((c) =>
        c.key === 'name'
          ? {
              ...c,
              render: (v: unknown, row: AgentItem) => (
                <a data-testid={`agent-${row.uid}`} onClick={() => setSearch(new URLSearchParams({ agent: String(row.uid) }))}>
                  {String(v)}
                </a>
              ),
              text: (v: unknown) => String(v),
            }
          : c,
      ),
    }),
    [setSearch],
  );
  if (rates) {
    return (
      <Flex vertical gap={12}>
        <Card
          size="small"
          title={t(`${L}ratesOf`, { uid: agent })}
          extra={
            <Button data-testid="back-to-agents" onClick={() => setSearch(new URLSearchParams())}>
              {t(`${L}back`)}
            </Button>
          }
        >
          {t(`${L}help.versions`)}
        </Card>
        <ListScreen decl={rates} />
      </Flex>
    );
  }
  return (
    <Flex vertical gap={12}>
      <ListScreen decl={withRatesLink} />
      <Permission roles={ADJUST_ROLES}>
        <ConfigScreen decl={settingsDecl} />
      </Permission>
    </Flex>
  );
}

export const linesDecl: ListDeclaration<RebateLineItem> = {
  name: 'rebate-lines',
  title: `${L}title.rebateLogs`,
  api: { url: '/agentcooperation/rebates/lines', mode: 'cursor', export: true },
  rowKey: 'id',
  filters: [
    weekFilter(),
    { kind: 'text', name: 'agent', label: `${L}f.agent` },
    { kind: 'text', name: 'invitee', label: `${L}f.invitee` },
    { kind: 'select', name: 'kind', label: `${L}f.kind`, options: options(KIND_LABELS) },
    { kind: 'select', name: 'status', label: `${L}f.status`, options: options(STATUS_LABELS) },
    { kind: 'number', name: 'partner', label: `${L}f.partner` },
  ],
  columns: lineColumns(true),
  toolbar: [
    {
      key: 'adjust',
      label: `${L}action.adjust`,
      roles: ADJUST_ROLES,
      form: {
        title: `${L}action.adjustTitle`,
        fields: [
          { name: 'uid', label: `${L}f.agent`, kind: 'number', required: true, min: 1, max: 2_147_483_647 },
          { name: 'amount', label: `${L}f.adjustPesos`, kind: 'number', required: true, min: -1_000_000, max: 1_000_000, help: `${L}help.adjust` },
          { name: 'reason', label: `${L}f.reason`, kind: 'textarea', required: true, rules: [{ max: 200 }, { whitespace: true }] },
        ],
      },
      confirm: `${L}confirm.adjust`,
      call: {
        method: 'POST',
        url: '/agentcooperation/rebates/adjust',
        body: (_row, v) => ({ uid: Number(v.uid), amount: toChips(v.amount), reason: String(v.reason).trim() }),
      },
    },
  ],
  actions: [
    {
      key: 'void',
      label: `${L}action.void`,
      roles: ADJUST_ROLES,
      danger: true,
      visible: (row) => row.kind === 'adjustment' && row.status === 'pending',
      confirm: `${L}confirm.void`,
      form: {
        title: `${L}action.void`,
        fields: [{ name: 'reason', label: `${L}f.reason`, kind: 'textarea', required: true, rules: [{ max: 200 }, { whitespace: true }] }],
      },
      call: { method: 'POST', url: '/agentcooperation/rebates/void', body: (row, v) => ({ id: row!.id, reason: String(v.reason).trim() }) },
    },
  ],
};

export const t1Decl: ListDeclaration<RebateLineItem> = {
  name: 'share-t1',
  title: `${L}title.shareT1Detail`,
  api: { url: '/agentcooperation/rebates/t1', mode: 'cursor', export: true },
  rowKey: 'id',
  filters: [
    { kind: 'text', name: 'agent', label: `${L}f.agent` },
    weekFilter(),
    { kind: 'text', name: 'invitee', label: `${L}f.invitee` },
    { kind: 'select', name: 'status', label: `${L}f.status`, options: options(STATUS_LABELS) },
  ],
  columns: lineColumns(true).filter((c) => c.key !== 'kind'),
};

const money = (key: keyof RebateItem, sortable = false): ColumnDeclaration<RebateItem> => ({ key, title: `${L}f.${key}`, format: 'money', sortable });
export const rebatesDecl: ListDeclaration<RebateItem> = {
  name: 'share-rebates',
  title: `${L}title.shareRebate`,
  api: { url: '/agentcooperation/rebates', mode: 'cursor', export: true },
  rowKey: 'id',
  filters: [
    weekFilter(),
    { kind: 'text', name: 'agent', label: `${L}f.agent` },
    { kind: 'select', name: 'status', label: `${L}f.status`, options: options(STATUS_LABELS) },
    { kind: 'text', name: 'run', label: `${L}f.run` },
    { kind: 'number', name: 'partner', label: `${L}f.partner` },
  ],
  columns: [
    { key: 'week', title: `${L}f.week` },
    { key: 'agent', title: `${L}f.agent`, format: 'uid' },
    { key: 'agentName', title: `${L}f.agentName` },
    { key: 'partner', title: `${L}f.partner`, format: 'int', hidden: true },
    { key: 't1Invitees', title: `${L}f.t1Invitees`, format: 'int', hidden: true },
    { key: 't2Invitees', title: `${L}f.t2Invitees`, format: 'int', hidden: true },
    { key: 'activeInvitees', title: `${L}f.activeInvitees`, format: 'int' },
    money('t1Rake'),
    money('t1Amount', true),
    money('t2Rake'),
    money('t2Amount'),
    money('rechargeAmount'),
    money('ownRake'),
    money('excludedRake'),
    money('adjustments'),
    money('carriedIn'),
    money('total', true),
    money('carryOut'),
    { key: 'amount', title: `${L}f.paid`, format: 'money', sortable: true },
    { key: 'withdrawable', title: `${L}f.withdrawable`, format: 'bool' },
    statusColumn<RebateItem>('status', STATUS_LABELS),
    { key: 'reason', title: `${L}f.reason`, render: (v) => reasonText(v), text: (v) => reasonText(v) },
    { key: 'run', title: `${L}f.run`, format: 'int', hidden: true },
    { key: 'settledAt', title: `${L}f.settledAt`, format: 'datetime' },
  ],
};

type RunRow = SettlementRunItem & { partner: number; batch: string };
export const runsDecl: ListDeclaration<RunRow> = {
  name: 'share-pay',
  title: `${L}title.sharePay`,
  api: { url: '/agentcooperation/settlements', mode: 'page', export: true },
  rowKey: 'batch',
  filters: [
    weekFilter(),
    {
      kind: 'select',
      name: 'status',
      label: `${L}f.status`,
      options: [
        { value: 'paying', label: `${L}runStatuses.paying` },
        { value: 'done', label: `${L}runStatuses.done` },
      ],
    },
    { kind: 'number', name: 'partner', label: `${L}f.partner` },
  ],
  columns: [
    {
      key: 'id',
      title: `${L}f.run`,
      render: (v, row) => (
        <Link data-testid={`run-${row.id}-${row.partner}`} to={`/agentcooperation/shareRebate?run=${String(v)}&partner=${row.partner}`}>
          #{String(v)}
        </Link>
      ),
      text: (v) => String(v),
    },
    { key: 'week', title: `${L}f.week` },
    { key: 'partner', title: `${L}f.partner`, format: 'int' },
    statusColumn<RunRow>('status', { paying: `${L}runStatuses.paying`, done: `${L}runStatuses.done` }),
    { key: 'agents', title: `${L}f.agents`, format: 'int' },
    { key: 'lines', title: `${L}f.lines`, format: 'int' },
    { key: 'paid', title: `${L}f.paidCount`, format: 'int' },
    { key: 'paidAmount', title: `${L}f.paid`, format: 'money' },
    { key: 'claimedBy', title: `${L}f.claimedBy` },
    { key: 'startedAt', title: `${L}f.startedAt`, format: 'datetime' },
    { key: 'finishedAt', title: `${L}f.finishedAt`, format: 'datetime' },
  ],
  toolbar: [
    {
      key: 'run',
      label: `${L}action.runNow`,
      roles: ADJUST_ROLES,
      confirm: `${L}confirm.runNow`,
      call: { method: 'POST', url: '/agentcooperation/settlements/run', body: () => ({}) },
    },
  ],
};
