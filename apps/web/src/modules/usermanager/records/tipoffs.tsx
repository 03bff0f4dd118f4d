/**
 * /usermanager/tipoffs: reports of players against players, newest first (keyset, server CSV
 * export), and the audited action Handle (verdict valid or invalid, note ≤ 200 characters),
 * offered on pending reports only; the server answers 409 when one is already handled.
 */
import i18next from 'i18next';
import { TIPOFF_STATUSES, TIPOFF_VERDICTS, type TipoffItem } from '@console/schemas';
import { ListScreen, type ListDeclaration } from '../../../kit';

const L = 'usermanager.tipoffs.';
export const NOTE_MAX = 200;
const STATUS = Object.fromEntries(TIPOFF_STATUSES.map((s) => [s, `${L}statuses.${s}`]));
/** The platform's usual report reasons (the simulator's): labelled; any other reason shows as sent. */
const REASONS = Object.fromEntries(['collusion', 'cheating', 'abusive', 'scam', 'bot'].map((r) => [r, `${L}reasons.${r}`]));

export const tipoffsScreen: ListDeclaration<TipoffItem> = {
  name: 'tipoffs',
  title: `${L}title`,
  api: { url: '/usermanager/tipoffs', mode: 'cursor', export: true },
  rowKey: 'id',
  filters: [
    { kind: 'select', name: 'status', label: `${L}status`, options: TIPOFF_STATUSES.map((value) => ({ value, label: STATUS[value] })) },
    { kind: 'number', name: 'uid', label: `${L}uid` },
    { kind: 'number', name: 'targetUid', label: `${L}targetUid` },
    { kind: 'dateRange', name: 'at', label: `${L}at` },
  ],
  columns: [
    { key: 'at', title: `${L}at`, format: 'datetime' },
    { key: 'uid', title: `${L}uid`, format: 'uid' },
    { key: 'targetUid', title: `${L}targetUid`, format: 'uid' },
    { key: 'reason', title: `${L}reason`, labels: REASONS },
    { key: 'text', title: `${L}text`, width: 320 },
    { key: 'status', title: `${L}status`, labels: STATUS },
    { key: 'note', title: `${L}note` },
    { key: 'handledBy', title: `${L}handledBy` },
    { key: 'handledAt', title: `${L}handledAt`, format: 'datetime' },
    { key: 'partner', title: `${L}partner`, hidden: true },
    { key: 'id', title: `${L}id`, hidden: true },
  ],
  actions: [
    {
      key: 'handle',
      label: `${L}handleAction`,
      form: {
        title: `${L}handleTitle`,
        fields: [
          { name: 'verdict', label: `${L}verdict`, kind: 'select', required: true, options: TIPOFF_VERDICTS.map((value) => ({ value, label: STATUS[value] })) },
          { name: 'note', label: `${L}note`, kind: 'textarea', rules: () => [{ max: NOTE_MAX, message: i18next.t('kit.validation.reasonTooLong') }] },
        ],
      },
      call: {
        method: 'POST',
        url: '/usermanager/tipoffs/handle',
        body: (row, values) => ({ id: row!.id, verdict: values.verdict, ...(values.note ? { note: values.note } : {}) }),
      },
      visible: (row) => row.status === 'pending',
    },
  ],
};

export default function TipoffsScreen() {
  return <ListScreen decl={tipoffsScreen} />;
}
