/** /remoteconfig/packageControl: packages (app builds) and the recharge channels each shows; a partner account sees its own. */
import { useMemo } from 'react';
import type { PaymentPackageConfig } from '@console/schemas';
import { ListScreen, type FieldDeclaration, type FormValues, type ListDeclaration, type SelectOption } from '../../kit';
import { historyCell, WithHistory, type HistoryDeclaration } from '../../kit/history';
import { getSession } from '../../shell/session';
import { codeField, L, useOptions } from './common';

const S = `${L}packageControl.`;
const API = '/remoteconfig/packageControl';

const fields = (editing: boolean, channels: SelectOption[], partners: SelectOption[]): FieldDeclaration[] => [
  codeField('package', `${S}package`, editing, 128),
  { name: 'name', label: `${S}name`, kind: 'text', required: true },
  { name: 'partner', label: `${S}partner`, kind: 'select', required: true, options: [{ value: '0', label: `${S}platform` }, ...partners] },
  { name: 'channels', label: `${S}channels`, kind: 'multiSelect', options: channels, help: `${S}channelsHelp` },
];

const body = (v: FormValues) => ({ package: v.package, name: v.name ?? '', partner: Number(v.partner), channels: v.channels ?? [] });

export function screen(channels: SelectOption[], partners: SelectOption[]): ListDeclaration<PaymentPackageConfig> {
  return {
    name: 'packageControl',
    title: `${S}title`,
    api: { url: `${API}/packages`, mode: 'page', export: true },
    rowKey: 'package',
    filters: [
      { kind: 'text', name: 'package', label: `${S}package` },
      { kind: 'number', name: 'partner', label: `${S}partner` },
    ],
    columns: [
      { key: 'package', title: `${S}package`, sortable: true, render: historyCell<PaymentPackageConfig>((row) => row.package) },
      { key: 'name', title: `${S}name` },
      { key: 'partner', title: `${S}partner`, format: 'int', sortable: true },
      { key: 'channels', title: `${S}channels`, format: 'tags' },
      { key: 'createdAt', title: `${S}createdAt`, format: 'datetime', sortable: true },
    ],
    toolbar: [
      {
        key: 'create',
        label: `${S}create`,
        // a partner account adds packages of its own partner (the server refuses another)
        form: { fields: fields(false, channels, partners), initialValues: () => ({ partner: String(getSession().user?.partner ?? 0), channels: [] }) },
        call: { method: 'POST', url: `${API}/packages/create`, body: (_row, v) => body(v) },
      },
    ],
    actions: [
      {
        key: 'edit',
        label: `${S}edit`,
        confirm: `${L}confirmOverwrite`,
        form: { title: `${S}editTitle`, fields: fields(true, channels, partners), initialValues: (row) => ({ ...row!, partner: String(row!.partner) }) },
        call: { method: 'POST', url: `${API}/packages/update`, body: (row, v) => body({ ...v, package: row!.package }) },
      },
      {
        key: 'remove',
        label: `${S}remove`,
        danger: true,
        confirm: `${S}confirmRemove`,
        call: { method: 'POST', url: `${API}/packages/delete`, body: (row) => ({ package: row!.package }) },
      },
    ],
  };
}

export const packageControlHistory: HistoryDeclaration = { url: `${API}/versions`, fieldLabel: (field) => `${S}${field}` };

export default function PackageControlScreen() {
  const options = useOptions(`${API}/options`);
  const channels = options.of('channels');
  const partners = options.of('partners');
  const decl = useMemo(() => screen(channels, partners), [JSON.stringify(channels), JSON.stringify(partners)]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <WithHistory history={packageControlHistory}>
      <ListScreen decl={decl} />
    </WithHistory>
  );
}
