/**
 * /remoteconfig/payoutEndpoints (docs/decisions/048-http-payouts.md): every cash-out
 * channel with who pays it, its provider's HTTP endpoint set, changed or removed. The secret is
 * write-only: entered once (or to replace it), shown afterwards by its fingerprint.
 */
import type { PayoutEndpointView } from '@console/schemas';
import { ListScreen, type FieldDeclaration, type FormValues, type ListDeclaration } from '../../kit';
import { L, STATUS_LABELS, STATUS_OPTIONS } from './common';

const S = `${L}payoutEndpoints.`;
const API = '/remoteconfig/payoutEndpoints';

const fields: FieldDeclaration[] = [
  { name: 'channel', label: `${S}channel`, kind: 'text', readOnly: true },
  { name: 'url', label: `${S}url`, kind: 'url', required: true, help: `${S}urlHelp` },
  { name: 'merchantId', label: `${S}merchantId`, kind: 'text', required: true },
  // write-only: required the first time (the server says so), left empty to keep the current one
  { name: 'secret', label: `${S}secret`, kind: 'password', help: `${S}secretHelp` },
  { name: 'timeoutMs', label: `${S}timeoutMs`, kind: 'number', required: true, min: 1_000, max: 30_000 },
  { name: 'retries', label: `${S}retries`, kind: 'number', required: true, min: 0, max: 5, help: `${S}retriesHelp` },
  { name: 'enabled', label: `${S}enabled`, kind: 'switch' },
];

const body = (row: PayoutEndpointView | undefined, v: FormValues) => ({
  channel: row!.channel,
  url: String(v.url ?? '').trim(),
  merchantId: String(v.merchantId ?? '').trim(),
  ...(v.secret ? { secret: v.secret } : {}),
  timeoutMs: Number(v.timeoutMs),
  retries: Number(v.retries),
  enabled: Boolean(v.enabled),
});

export const payoutEndpointsScreen: ListDeclaration<PayoutEndpointView> = {
  name: 'payoutEndpoints',
  title: `${S}title`,
  api: { url: API, mode: 'page', export: true },
  rowKey: 'channel',
  filters: [
    { kind: 'text', name: 'channel', label: `${S}channel` },
    { kind: 'select', name: 'channelStatus', label: `${S}channelStatus`, options: STATUS_OPTIONS },
  ],
  columns: [
    { key: 'channel', title: `${S}channel`, sortable: true },
    { key: 'name', title: `${S}name` },
    { key: 'channelStatus', title: `${S}channelStatus`, labels: STATUS_LABELS },
    { key: 'paidBy', title: `${S}paidBy`, labels: { http: `${S}paidBy_http`, simulated: `${S}paidBy_simulated` } },
    { key: 'url', title: `${S}url` },
    { key: 'merchantId', title: `${S}merchantId` },
    { key: 'fingerprint', title: `${S}fingerprint` },
    { key: 'timeoutMs', title: `${S}timeoutMs`, format: 'int' },
    { key: 'retries', title: `${S}retries`, format: 'int' },
    { key: 'enabled', title: `${S}enabled`, format: 'bool' },
    { key: 'updatedAt', title: `${S}updatedAt`, format: 'datetime' },
    { key: 'updatedBy', title: `${S}updatedBy` },
  ],
  actions: [
    {
      key: 'configure',
      label: (row) => (row?.url ? `${S}edit` : `${S}configure`),
      confirm: `${S}confirmSave`,
      form: {
        title: `${S}formTitle`,
        fields,
        initialValues: (row) => ({
          channel: row!.channel,
          url: row!.url ?? 'https://',
          merchantId: row!.merchantId ?? '',
          timeoutMs: row!.timeoutMs ?? 8_000,
          retries: row!.retries ?? 2,
          enabled: row!.enabled ?? true,
        }),
      },
      call: { method: 'POST', url: `${API}/save`, body },
    },
    {
      key: 'remove',
      label: `${S}remove`,
      danger: true,
      confirm: `${S}confirmRemove`,
      visible: (row) => row.url !== null,
      call: { method: 'POST', url: `${API}/remove`, body: (row) => ({ channel: row!.channel }) },
    },
  ],
};

export default function PayoutEndpointsScreen() {
  return <ListScreen decl={payoutEndpointsScreen} />;
}
