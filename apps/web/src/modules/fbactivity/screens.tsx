/**
 * The Facebook share activity's screens (docs/api/fbactivity.md):
 *   settings  the kit's config screen (confirm before overwrite) with the version history;
 *   fblogs    the shares (filters state, uid, day range; export) with the §4 row actions:
 *             approve and reject (a reason) for the reviewers, pay for the payers.
 * Player-supplied links are shown as text in an <a> (https only, new tab, rel noopener
 * noreferrer); nothing the player sent is ever rendered as HTML.
 */
import { Tag, Typography } from 'antd';
import i18next from 'i18next';
import type { FbShareRow } from '@console/schemas';
import { ConfigScreen, ListScreen, type ConfigDeclaration, type FormValues, type ListDeclaration, columnMaker } from '../../kit';
import { WithHistory, type HistoryDeclaration } from '../../kit/history';

export const L = 'fbactivity.';
const API = '/activities';
const STATES = ['not_reviewed', 'approved', 'success', 'reject'] as const;
const STATE_COLORS: Record<string, string> = { not_reviewed: 'default', approved: 'blue', success: 'green', reject: 'red' };
/** Who reviews and who pays (the hidden routes /activities/fbreview and /activities/fbpay; admin always). */
export const REVIEW_ROLES = ['admin', 'service', 'business'] as const;
export const PAY_ROLES = ['admin', 'business'] as const;

// ------------------------------------------------------------------------------ settings

const SETTINGS = ['open', 'currency', 'amount', 'dailyLimit', 'totalBudget', 'dailyBudget', 'hosts', 'startAt', 'endAt'] as const;
const setting = (key: string) => `${L}setting.${key}`;
const MAX = 1_000_000_000_000;

const toForm = (data: FormValues): FormValues => {
  const s = (data.settings ?? {}) as Record<string, unknown>;
  return { ...s, hosts: Array.isArray(s.hosts) ? s.hosts.join('\n') : '', startAt: s.startAt ?? '', endAt: s.endAt ?? '' };
};

const toSettings = (v: FormValues) => ({
  settings: {
    open: Boolean(v.open),
    currency: v.currency,
    amount: Number(v.amount),
    dailyLimit: Number(v.dailyLimit),
    totalBudget: Number(v.totalBudget ?? 0),
    dailyBudget: Number(v.dailyBudget ?? 0),
    hosts: String(v.hosts ?? '')
      .split(/[\s,]+/)
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    startAt: typeof v.startAt === 'string' && v.startAt.trim() ? v.startAt.trim() : null,
    endAt: typeof v.endAt === 'string' && v.endAt.trim() ? v.endAt.trim() : null,
  },
});

export const settingsDecl: ConfigDeclaration = {
  name: 'fbactivity-settings',
  title: `${L}title.settings`,
  load: { url: `${API}/fbactivity/configs`, toForm },
  save: { url: `${API}/fbactivity/configs/update`, body: toSettings },
  fields: [
    { name: 'open', label: setting('open'), kind: 'switch' },
    {
      name: 'currency',
      label: setting('currency'),
      kind: 'select',
      required: true,
      options: ['chip', 'bean', 'diamond'].map((c) => ({ value: c, label: `${L}currency.${c}` })),
    },
    { name: 'amount', label: setting('amount'), kind: 'number', required: true, min: 1, max: MAX, help: `${L}help.units` },
    { name: 'dailyLimit', label: setting('dailyLimit'), kind: 'number', required: true, min: 1, max: 10, help: `${L}help.dailyLimit` },
    { name: 'totalBudget', label: setting('totalBudget'), kind: 'number', required: true, min: 0, max: MAX, help: `${L}help.budget` },
    { name: 'dailyBudget', label: setting('dailyBudget'), kind: 'number', required: true, min: 0, max: MAX, help: `${L}help.budget` },
    { name: 'hosts', label: setting('hosts'), kind: 'textarea', required: true, help: `${L}help.hosts` },
    { name: 'startAt', label: setting('startAt'), kind: 'text', help: `${L}help.time` },
    { name: 'endAt', label: setting('endAt'), kind: 'text', help: `${L}help.time` },
  ],
};

export const settingsHistory: HistoryDeclaration = {
  url: `${API}/fbactivity/configs/versions`,
  fieldLabel: (field) => ((SETTINGS as readonly string[]).includes(field) ? setting(field) : field),
  keyLabel: () => `${L}title.settings`,
};

export function FbActivitySettings() {
  return (
    <WithHistory history={settingsHistory}>
      <ConfigScreen decl={settingsDecl} />
    </WithHistory>
  );
}

// ------------------------------------------------------------------------------ shares

/** A player's link: https only, as text, in a new tab without access to this window. */
export function SafeLink({ url }: { url: unknown }) {
  const href = typeof url === 'string' ? url : '';
  if (!/^https:\/\//i.test(href)) return <Typography.Text type="secondary">{href || '-'}</Typography.Text>;
  return (
    <Typography.Link href={href} target="_blank" rel="noopener noreferrer" ellipsis style={{ maxWidth: 260 }}>
      {href}
    </Typography.Link>
  );
}

const col = columnMaker(`${L}f.`);
const stateText = (v: unknown) => i18next.t(`${L}state.${String(v)}`);
const amountText = (v: unknown, r: FbShareRow) => (r.currency === 'chip' ? `₱${(Number(v) / 100).toFixed(2)}` : String(v));

export const sharesList: ListDeclaration<FbShareRow> = {
  name: 'fblogs',
  title: `${L}title.logs`,
  api: { url: `${API}/fblogs`, mode: 'cursor', export: true },
  rowKey: 'id',
  filters: [
    { kind: 'select', name: 'state', label: `${L}f.state`, options: STATES.map((s) => ({ value: s, label: `${L}state.${s}` })) },
    { kind: 'text', name: 'uid', label: `${L}f.uid` },
    { kind: 'dateRange', name: 'submitted', label: `${L}f.submittedAt` },
  ],
  columns: [
    col('id', 'int'),
    col('submittedAt', 'datetime', true),
    col('uid', 'uid'),
    col('name'),
    col('day', 'text'),
    {
      key: 'state',
      title: `${L}f.state`,
      render: (v) => <Tag color={STATE_COLORS[String(v)]}>{stateText(v)}</Tag>,
      text: stateText,
      labels: Object.fromEntries(STATES.map((s) => [s, `${L}state.${s}`])),
    },
    { key: 'postUrl', title: `${L}f.postUrl`, render: (v) => <SafeLink url={v} />, text: (v) => String(v ?? '') },
    { key: 'screenshotUrl', title: `${L}f.screenshotUrl`, render: (v) => <SafeLink url={v} />, text: (v) => String(v ?? '') },
    { key: 'amount', title: `${L}f.amount`, render: (v, r) => amountText(v, r), text: (v, r) => amountText(v, r) },
    { key: 'currency', title: `${L}f.currency`, render: (v) => i18next.t(`${L}currency.${String(v)}`), text: (v) => i18next.t(`${L}currency.${String(v)}`) },
    col('reason'),
    col('reviewedBy'),
    col('reviewedAt', 'datetime'),
    col('paidBy'),
    col('paidAt', 'datetime'),
    col('configVersion', 'int'),
  ],
  actions: [
    {
      key: 'approve',
      label: `${L}action.approve`,
      roles: REVIEW_ROLES,
      confirm: `${L}confirm.approve`,
      visible: (r) => r.state === 'not_reviewed',
      call: { method: 'POST', url: `${API}/fblogs/approve`, body: (r) => ({ id: r!.id }) },
    },
    {
      key: 'reject',
      label: `${L}action.reject`,
      roles: REVIEW_ROLES,
      danger: true,
      visible: (r) => r.state === 'not_reviewed' || r.state === 'approved',
      form: { title: `${L}action.reject`, fields: [{ name: 'reason', label: `${L}f.reason`, kind: 'textarea', required: true, max: 200 }] },
      call: { method: 'POST', url: `${API}/fblogs/reject`, body: (r, v) => ({ id: r!.id, reason: String(v.reason ?? '').trim() }) },
    },
    {
      key: 'pay',
      label: `${L}action.pay`,
      roles: PAY_ROLES,
      confirm: `${L}confirm.pay`,
      visible: (r) => r.state === 'approved',
      call: { method: 'POST', url: `${API}/fblogs/pay`, body: (r) => ({ id: r!.id }) },
    },
  ],
  detail: {
    title: `${L}title.share`,
    items: [
      { key: 'postUrl', title: `${L}f.postUrl`, render: (v) => <SafeLink url={v} /> },
      { key: 'screenshotUrl', title: `${L}f.screenshotUrl`, render: (v) => <SafeLink url={v} /> },
      col('reason'),
      col('appId'),
      col('entryId', 'int'),
    ],
  },
};

export function FbLogs() {
  return <ListScreen decl={sharesList} />;
}
