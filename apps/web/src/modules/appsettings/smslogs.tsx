/**
 * /remoteconfig/sms/smslogs: every code sent (phone, provider, purpose, result, time), newest
 * first, keyset paged; the code arrives masked from the server (••••56).
 */
import type { SmsLogItem } from '@console/schemas';
import { ListScreen, type ListDeclaration, type SelectOption } from '../../kit';
import { A } from './shape';

const S = `${A}smslogs.`;
export const RESULT_LABELS: Record<string, string> = { delivered: `${S}results.delivered`, failed: `${S}results.failed`, pending: `${S}results.pending` };
const RESULTS: SelectOption[] = Object.entries(RESULT_LABELS).map(([value, label]) => ({ value, label }));
const PURPOSES: SelectOption[] = ['register', 'login', 'bind', 'reset'].map((p) => ({ value: p, label: `${A}function.${p}` }));

export const smslogsScreen: ListDeclaration<SmsLogItem> = {
  name: 'smslogs',
  title: `${S}title`,
  api: { url: '/remoteconfig/sms/smslogs', mode: 'cursor', export: true },
  rowKey: 'id',
  filters: [
    { kind: 'text', name: 'country', label: `${S}country` },
    { kind: 'text', name: 'phone', label: `${S}phone` },
    { kind: 'text', name: 'provider', label: `${S}provider` },
    { kind: 'select', name: 'purpose', label: `${S}purpose`, options: PURPOSES },
    { kind: 'select', name: 'result', label: `${S}result`, options: RESULTS },
    { kind: 'dateRange', name: 'at', label: `${S}at` },
  ],
  columns: [
    { key: 'at', title: `${S}at`, format: 'datetime' },
    { key: 'phoneCountry', title: `${S}country`, render: (v) => `+${String(v)}`, text: (v) => `+${String(v)}` },
    { key: 'phoneNumber', title: `${S}phone` },
    { key: 'code', title: `${S}code` },
    { key: 'provider', title: `${S}provider` },
    {
      key: 'purpose',
      title: `${S}purpose`,
      labels: { register: `${A}function.register`, login: `${A}function.login`, bind: `${A}function.bind`, reset: `${A}function.reset` },
    },
    { key: 'result', title: `${S}result`, labels: RESULT_LABELS },
    { key: 'resultAt', title: `${S}resultAt`, format: 'datetime' },
    { key: 'reason', title: `${S}reason` },
    { key: 'appId', title: `${S}appId` },
  ],
};

export default function SmslogsScreen() {
  return <ListScreen decl={smslogsScreen} />;
}
