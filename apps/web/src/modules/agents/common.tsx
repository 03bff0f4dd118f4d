/**
 * What the /agentcooperation agent screens share: the roles of the hidden write routes, rate
 * figures (basis points on the API, percent on screen), the line and statement labels, and
 * the rebate-line columns (rebateLogs and shareT1Detail are one shape declared twice).
 */
import { screenRoles } from '@console/catalog';
import type { RebateLineItem } from '@console/schemas';
import { Tag } from 'antd';
import i18next from 'i18next';
import type { ColumnDeclaration, FilterDeclaration, SelectOption } from '../../kit';
import { formatMoney } from '../../lib/format';
import { addDays, consoleDay, mondayOf } from '@console/time';

export const L = 'agents.';
/** Who makes agents, changes rates, suspends (business, partner, secadmin; admin). */
export const EDIT_ROLES = screenRoles('/agentcooperation/agentedit');
/** Who adjusts rebates, changes the setting, runs the settlement (business, secadmin; admin). */
export const ADJUST_ROLES = screenRoles('/agentcooperation/rebateadjust');

/** 2000 bps → "20%". */
export const bpsText = (v: unknown) => `${Math.round(Number(v ?? 0)) / 100}%`;
/** A percent typed in a form (20, 2.5) → basis points. */
export const toBps = (v: unknown) => Math.round(Number(v ?? 0) * 100);
/** Pesos typed in a form (± with centavos) → chips (centavos). */
export const toChips = (v: unknown) => Math.round(Number(v ?? 0) * 100);

export const KIND_LABELS = { t1: `${L}kinds.t1`, t2: `${L}kinds.t2`, recharge: `${L}kinds.recharge`, own: `${L}kinds.own`, adjustment: `${L}kinds.adjustment` };
export const STATUS_LABELS = { pending: `${L}statuses.pending`, settled: `${L}statuses.settled`, voided: `${L}statuses.voided` };
export const AGENT_STATUS_LABELS = { active: `${L}agentStatuses.active`, suspended: `${L}agentStatuses.suspended` };
const STATUS_COLORS: Record<string, string> = { pending: 'gold', settled: 'green', voided: 'default', active: 'green', suspended: 'red' };

export const options = (labels: Record<string, string>): SelectOption[] => Object.entries(labels).map(([value, label]) => ({ value, label }));

/** A status as a coloured tag (the export gets the label). */
export function statusColumn<R>(key: keyof R & string, labels: Record<string, string>, title = `${L}f.status`): ColumnDeclaration<R> {
  return {
    key,
    title,
    labels,
    render: (v) => <Tag color={STATUS_COLORS[String(v)] ?? 'default'}>{i18next.t(labels[String(v)] ?? String(v))}</Tag>,
  };
}

/** Why a line earns nothing, in the reader's language (the server stores the English words). */
export const REASON_KEYS: Record<string, string> = {
  'own play': `${L}reasons.ownPlay`,
  'shared device': `${L}reasons.sharedDevice`,
  'shared ip': `${L}reasons.sharedIp`,
  'agent suspended': `${L}reasons.suspended`,
  'no rate': `${L}reasons.noRate`,
  'negative result carried forward': `${L}reasons.negative`,
  'no rake from invitees': `${L}reasons.noRake`,
  'nothing earned': `${L}reasons.nothing`,
  'below one currency unit': `${L}reasons.belowUnit`,
};
export const reasonText = (v: unknown) => {
  const s = String(v ?? '');
  return REASON_KEYS[s] ? i18next.t(REASON_KEYS[s]) : s || '-';
};

/** A week filter: the Mondays of the last `weeks` weeks (GMT+8), newest first. */
export function weekOptions(weeks = 12, now = Date.now()): SelectOption[] {
  const monday = mondayOf(consoleDay(now));
  return Array.from({ length: weeks }, (_, i) => {
    const day = addDays(monday, -7 * i);
    return { value: day, label: day, literal: true };
  });
}

export const weekFilter = (): FilterDeclaration => ({ kind: 'select', name: 'week', label: `${L}f.week`, options: weekOptions() });

export function lineColumns(withAgent: boolean): ColumnDeclaration<RebateLineItem>[] {
  return [
    { key: 'id', title: 'ID', sortable: true, width: 80 },
    { key: 'week', title: `${L}f.week` },
    ...(withAgent
      ? [
          { key: 'agent' as const, title: `${L}f.agent`, format: 'uid' as const },
          { key: 'agentName' as const, title: `${L}f.agentName` },
        ]
      : [{ key: 'agent' as const, title: `${L}f.agent`, format: 'uid' as const }]),
    { key: 'kind', title: `${L}f.kind`, labels: KIND_LABELS },
    { key: 'invitee', title: `${L}f.invitee`, format: 'uid' },
    { key: 'inviteeName', title: `${L}f.inviteeName` },
    { key: 'base', title: `${L}f.base`, format: 'money', sortable: true },
    { key: 'bps', title: `${L}f.bps`, render: (v) => bpsText(v), text: (v) => bpsText(v) },
    { key: 'amount', title: `${L}f.amount`, format: 'money', sortable: true },
    statusColumn<RebateLineItem>('status', STATUS_LABELS),
    { key: 'reason', title: `${L}f.reason`, render: (v) => reasonText(v), text: (v) => reasonText(v) },
    { key: 'createdBy', title: `${L}f.createdBy`, hidden: true },
    { key: 'createdAt', title: `${L}f.createdAt`, format: 'datetime', hidden: true },
    { key: 'settledAt', title: `${L}f.settledAt`, format: 'datetime' },
  ];
}

export const money = (v: unknown) => formatMoney(v);
