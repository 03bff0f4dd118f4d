/**
 * /usermanager/feedback: what players wrote, newest first (keyset, server CSV export), with
 * status and category filters and two audited actions: Reply (reply required, ≤ 500
 * characters; status becomes replied) and Close. Neither is offered on a closed feedback;
 * the server answers 409 to a change that comes too late. Player text shows as text.
 */
import i18next from 'i18next';
import { FEEDBACK_STATUSES, type FeedbackItem } from '@console/schemas';
import { ListScreen, type ListDeclaration } from '../../../kit';
import { UID } from '../uid';

const L = 'usermanager.feedback.';
export const REPLY_MAX = 500;
const STATUS = Object.fromEntries(FEEDBACK_STATUSES.map((s) => [s, `${L}statuses.${s}`]));
const open = (row: FeedbackItem) => row.status !== 'closed';
/** The platform's usual categories (the simulator's): labelled and suggested; any other category shows as sent. */
const CATEGORIES = Object.fromEntries(['payment', 'bug', 'account', 'suggestion', 'other'].map((c) => [c, `${L}categories.${c}`]));

export const feedbackScreen: ListDeclaration<FeedbackItem> = {
  name: 'feedback',
  title: `${L}title`,
  api: { url: '/usermanager/feedback', mode: 'cursor', export: true },
  rowKey: 'id',
  filters: [
    { kind: 'select', name: 'status', label: `${L}status`, options: FEEDBACK_STATUSES.map((value) => ({ value, label: STATUS[value] })) },
    { kind: 'text', name: 'category', label: `${L}category`, suggestions: Object.entries(CATEGORIES).map(([value, label]) => ({ value, label })) },
    { kind: 'number', name: 'uid', label: UID },
    { kind: 'dateRange', name: 'at', label: `${L}at` },
  ],
  columns: [
    { key: 'at', title: `${L}at`, format: 'datetime' },
    { key: 'uid', title: UID, format: 'uid' },
    { key: 'category', title: `${L}category`, labels: CATEGORIES },
    { key: 'text', title: `${L}text`, width: 320 },
    { key: 'status', title: `${L}status`, labels: STATUS },
    { key: 'reply', title: `${L}reply`, width: 240 },
    { key: 'handledBy', title: `${L}handledBy` },
    { key: 'handledAt', title: `${L}handledAt`, format: 'datetime' },
    { key: 'partner', title: `${L}partner`, hidden: true },
    { key: 'id', title: `${L}id`, hidden: true },
  ],
  actions: [
    {
      key: 'reply',
      label: `${L}replyAction`,
      form: {
        title: `${L}replyTitle`,
        fields: [
          {
            name: 'reply',
            label: `${L}reply`,
            kind: 'textarea',
            required: true,
            rules: () => [
              { whitespace: true, message: i18next.t('kit.validation.required') },
              { max: REPLY_MAX, message: i18next.t(`${L}replyTooLong`) },
            ],
          },
        ],
        initialValues: (row) => ({ reply: row?.reply ?? '' }),
      },
      call: { method: 'POST', url: '/usermanager/feedback/reply', body: (row, values) => ({ id: row!.id, reply: values.reply }) },
      visible: open,
    },
    {
      key: 'close',
      label: `${L}closeAction`,
      danger: true,
      confirm: `${L}closeConfirm`,
      call: { method: 'POST', url: '/usermanager/feedback/close', body: (row) => ({ id: row!.id }) },
      visible: open,
    },
  ],
  detail: {
    title: `${L}detail`,
    items: [
      { key: 'id', title: `${L}id` },
      { key: 'at', title: `${L}at`, format: 'datetime' },
      { key: 'uid', title: UID, format: 'uid' },
      { key: 'partner', title: `${L}partner` },
      { key: 'category', title: `${L}category`, labels: CATEGORIES },
      { key: 'text', title: `${L}text` },
      { key: 'status', title: `${L}status`, labels: STATUS },
      { key: 'reply', title: `${L}reply` },
      { key: 'handledBy', title: `${L}handledBy` },
      { key: 'handledAt', title: `${L}handledAt`, format: 'datetime' },
    ],
  },
};

export default function FeedbackScreen() {
  return <ListScreen decl={feedbackScreen} />;
}
