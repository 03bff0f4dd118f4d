/**
 * /activities/cdkcode (redemption codes): two tabs, the batches (toolbar "New batch", row
 * actions disable / enable with a confirmation, "Codes" opening a batch's codes with their
 * export) and the redemptions. One list on the screen at a time (`?tab=redemptions`,
 * `?batch=<id>`): the kit keeps each list's filters in the URL. Creating, disabling and the
 * codes themselves belong to the roles of /activities/cdkcodemanage (admin, business).
 */
import { screenRoles } from '@console/catalog';
import type { CdkBatchRow, CdkCodeRow, CdkRedemptionRow } from '@console/schemas';
import { Button, Card, Flex, type FormRule } from 'antd';
import i18next from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { ListScreen, TabsScreen, type FormValues, type ListDeclaration } from '../../kit';
import { usePermission } from '../../shell/Permission';
import { consoleMinute, wallIso } from '@console/time';

export const L = 'cdkcode.';
/** Who creates, disables and enables batches and sees the codes (the hidden catalogue route's roles). */
export const MANAGE_ROLES = screenRoles('/activities/cdkcodemanage');
const API = '/activities/cdkcode';

const labels = <K extends string>(group: string, keys: readonly K[]) => Object.fromEntries(keys.map((k) => [k, `${L}${group}.${k}`])) as Record<K, string>;
const KIND_LABELS = labels('kinds', ['unique', 'universal']);
const CURRENCY_LABELS = labels('currencies', ['chip', 'bean', 'diamond']);
const STATUS_LABELS = labels('statuses', ['active', 'disabled']);
const STATE_LABELS = labels('states', ['active', 'disabled', 'notStarted', 'expired', 'usedUp']);
const options = (m: Record<string, string>) => Object.entries(m).map(([value, label]) => ({ value, label }));

const TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/;
/** A time field: 'YYYY-MM-DD HH:mm' (the message in the language shown when it is checked). */
const timeRule: FormRule = {
  validator: async (_: unknown, v: unknown) => {
    if (v !== undefined && v !== null && v !== '' && !TIME.test(String(v).trim())) throw new Error(i18next.t(`${L}badTime`));
  },
};
/** Valid until after valid from. */
const afterStart: FormRule = ({ getFieldValue }) => ({
  validator: async (_: unknown, v: unknown) => {
    const start = String(getFieldValue('startAt') ?? '').trim();
    const end = String(v ?? '').trim();
    if (TIME.test(end) && TIME.test(start) && end <= start) throw new Error(i18next.t(`${L}endBeforeStart`));
  },
});
/** 'YYYY-MM-DD HH:mm' in GMT+08:00 → ISO with the offset the server expects. */
export const toIso = (v: unknown) => wallIso(String(v));
/** An instant as 'YYYY-MM-DD HH:mm' in GMT+08:00. */
export const toLocal = (ms: number) => consoleMinute(ms);

export function batchBody(values: FormValues) {
  return {
    name: String(values.name ?? ''),
    kind: values.kind,
    quantity: values.quantity,
    currency: values.currency,
    amount: values.amount,
    startAt: toIso(values.startAt),
    endAt: toIso(values.endAt),
  };
}

export function batchesDecl(open: ((row: CdkBatchRow) => void) | null): ListDeclaration<CdkBatchRow> {
  return {
    name: 'cdkcode-batches',
    title: `${L}batches`,
    api: { url: `${API}/batches`, mode: 'page', export: true },
    rowKey: 'id',
    filters: [
      { kind: 'text', name: 'name', label: `${L}name` },
      { kind: 'select', name: 'kind', label: `${L}kind`, options: options(KIND_LABELS) },
      { kind: 'select', name: 'status', label: `${L}status`, options: options(STATUS_LABELS) },
      { kind: 'dateRange', name: 'createdAt', label: `${L}createdAt` },
    ],
    columns: [
      {
        key: 'id',
        title: `${L}id`,
        width: 80,
        sortable: true,
        // a manager opens the batch's codes from its id
        ...(open
          ? {
              render: (v: unknown, row: CdkBatchRow) => (
                <a data-testid={`codes-${row.id}`} onClick={() => open(row)}>
                  {String(v)}
                </a>
              ),
              text: (v: unknown) => String(v),
            }
          : {}),
      },
      { key: 'name', title: `${L}name` },
      { key: 'kind', title: `${L}kind`, labels: KIND_LABELS },
      { key: 'quantity', title: `${L}quantity`, format: 'int' },
      { key: 'redeemed', title: `${L}redeemed`, format: 'int', sortable: true },
      { key: 'currency', title: `${L}currency`, labels: CURRENCY_LABELS },
      { key: 'amount', title: `${L}amount`, format: 'int' },
      { key: 'startAt', title: `${L}startAt`, format: 'datetime' },
      { key: 'endAt', title: `${L}endAt`, format: 'datetime', sortable: true },
      { key: 'status', title: `${L}status`, labels: STATUS_LABELS },
      { key: 'state', title: `${L}state`, labels: STATE_LABELS },
      { key: 'createdBy', title: `${L}createdBy` },
      { key: 'createdAt', title: `${L}createdAt`, format: 'datetime', sortable: true },
      { key: 'updatedBy', title: `${L}updatedBy`, hidden: true },
    ],
    toolbar: [
      {
        key: 'create',
        label: `${L}newBatch`,
        roles: MANAGE_ROLES,
        form: {
          title: `${L}newBatch`,
          initialValues: () => ({
            kind: 'unique',
            currency: 'chip',
            quantity: 100,
            startAt: toLocal(Date.now()),
            endAt: toLocal(Date.now() + 30 * 86_400_000),
          }),
          fields: [
            { name: 'name', label: `${L}name`, kind: 'text', required: true, rules: [{ max: 100 }] },
            { name: 'kind', label: `${L}kind`, kind: 'select', required: true, options: options(KIND_LABELS) },
            { name: 'quantity', label: `${L}quantity`, kind: 'number', required: true, min: 1, max: 10_000, help: `${L}quantityHelp` },
            { name: 'currency', label: `${L}currency`, kind: 'select', required: true, options: options(CURRENCY_LABELS) },
            { name: 'amount', label: `${L}amount`, kind: 'number', required: true, min: 1, help: `${L}amountHelp` },
            { name: 'startAt', label: `${L}startAt`, kind: 'text', required: true, help: `${L}timeHelp`, rules: [timeRule] },
            { name: 'endAt', label: `${L}endAt`, kind: 'text', required: true, help: `${L}timeHelp`, rules: [timeRule, afterStart] },
          ],
        },
        call: { method: 'POST', url: `${API}/batches/create`, body: (_row, values) => batchBody(values) },
      },
    ],
    actions: [
      {
        key: 'disable',
        label: `${L}disable`,
        roles: MANAGE_ROLES,
        danger: true,
        confirm: `${L}confirmDisable`,
        visible: (row) => row.status === 'active',
        call: { method: 'POST', url: `${API}/batches/disable`, body: (row) => ({ id: row!.id }) },
      },
      {
        key: 'enable',
        label: `${L}enable`,
        roles: MANAGE_ROLES,
        confirm: `${L}confirmEnable`,
        visible: (row) => row.status === 'disabled',
        call: { method: 'POST', url: `${API}/batches/enable`, body: (row) => ({ id: row!.id }) },
      },
    ],
    emptyHint: `${L}noBatches`,
  };
}

export function codesDecl(batch: number): ListDeclaration<CdkCodeRow> {
  return {
    name: `cdkcodes-${batch}`,
    title: `${L}showCodes`,
    api: { url: `${API}/codes`, mode: 'cursor', export: true, params: { batch } },
    rowKey: 'id',
    pageSize: 100,
    filters: [
      {
        kind: 'select',
        name: 'used',
        label: `${L}used`,
        options: [
          { value: 'true', label: `${L}usedYes` },
          { value: 'false', label: `${L}usedNo` },
        ],
      },
    ],
    columns: [
      { key: 'code', title: `${L}code` },
      { key: 'uses', title: `${L}uses`, format: 'int' },
      { key: 'maxUses', title: `${L}maxUses`, format: 'int' },
      { key: 'lastAt', title: `${L}lastAt`, format: 'datetime' },
    ],
  };
}

export const redemptionsDecl: ListDeclaration<CdkRedemptionRow> = {
  name: 'cdkcode-redemptions',
  title: `${L}redemptions`,
  api: { url: `${API}/redemptions`, mode: 'cursor', export: true },
  rowKey: 'id',
  filters: [
    { kind: 'text', name: 'uid', label: `${L}uid` },
    { kind: 'text', name: 'batch', label: `${L}id` },
    { kind: 'text', name: 'code', label: `${L}code` },
    { kind: 'dateRange', name: 'at', label: `${L}at` },
  ],
  columns: [
    { key: 'at', title: `${L}at`, format: 'datetime', sortable: true },
    { key: 'uid', title: `${L}uid`, format: 'uid' },
    { key: 'name', title: `${L}player` },
    { key: 'code', title: `${L}code` },
    { key: 'batchId', title: `${L}id`, format: 'int' },
    { key: 'batchName', title: `${L}batchName` },
    { key: 'currency', title: `${L}currency`, labels: CURRENCY_LABELS },
    { key: 'amount', title: `${L}amount`, format: 'int' },
    { key: 'device', title: `${L}device`, hidden: true },
    { key: 'phone', title: `${L}phone`, hidden: true },
    { key: 'gcash', title: `${L}gcash`, hidden: true },
    { key: 'appId', title: `${L}app`, hidden: true },
  ],
};

function Codes({ batch, onBack }: { batch: number; onBack: () => void }) {
  const { t } = useTranslation();
  const decl = useMemo(() => codesDecl(batch), [batch]);
  return (
    <Flex vertical gap={12}>
      <Card
        size="small"
        title={t(`${L}codes`, { id: batch })}
        extra={
          <Button onClick={onBack} data-testid="back-to-batches">
            {t(`${L}back`)}
          </Button>
        }
      />
      <ListScreen decl={decl} />
    </Flex>
  );
}

export default function CdkcodeScreen() {
  const [search, setSearch] = useSearchParams();
  const manager = usePermission(MANAGE_ROLES);
  const batches = useMemo(() => batchesDecl(manager ? (row) => setSearch(new URLSearchParams({ batch: String(row.id) })) : null), [manager, setSearch]);
  const batch = Number(search.get('batch'));
  if (manager && Number.isSafeInteger(batch) && batch > 0) return <Codes batch={batch} onBack={() => setSearch(new URLSearchParams())} />;
  return (
    <TabsScreen
      tabs={[
        { key: 'batches', label: `${L}batches`, render: () => <ListScreen decl={batches} /> },
        { key: 'redemptions', label: `${L}redemptions`, render: () => <ListScreen decl={redemptionsDecl} /> },
      ]}
    />
  );
}
