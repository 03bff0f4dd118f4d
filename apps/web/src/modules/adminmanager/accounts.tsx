/** /adminmanager/editer: console accounts, declared with the screen kit (docs/api/accounts.md). */
import type { ConsoleAccount } from '@console/schemas';
import { ListScreen, type ListDeclaration } from '../../kit';
import { getSession } from '../../shell/session';
import { compact, createFields, editFields, resetPasswordFields } from './accountFields';

const L = 'adminmanager.editer.';
const API = '/admin/userinfo';
const notSelf = (row: ConsoleAccount) => row.username !== getSession().user?.username;
const who = (row: ConsoleAccount | undefined) => ({ username: row!.username });

export const editerScreen: ListDeclaration<ConsoleAccount> = {
  name: 'editer',
  title: `${L}title`,
  api: { url: `${API}/admins`, mode: 'page', export: true },
  rowKey: 'username',
  filters: [
    { kind: 'text', name: 'username', label: `${L}username` },
    { kind: 'text', name: 'name', label: `${L}name` },
    { kind: 'role', name: 'role', label: `${L}role` },
    { kind: 'number', name: 'partner', label: `${L}partner` },
    {
      kind: 'select',
      name: 'enabled',
      label: `${L}enabled`,
      options: [
        { value: 'true', label: 'kit.yes' },
        { value: 'false', label: 'kit.no' },
      ],
    },
  ],
  columns: [
    { key: 'username', title: `${L}username`, sortable: true },
    { key: 'name', title: `${L}name` },
    { key: 'roles', title: `${L}roles`, format: 'tags' },
    { key: 'partner', title: `${L}partner`, format: 'int' },
    { key: 'shareCode', title: `${L}shareCode` },
    { key: 'enabled', title: `${L}enabled`, format: 'bool' },
    { key: 'bind2fa', title: `${L}bind2fa`, format: 'bool' },
    { key: 'createdAt', title: `${L}createdAt`, format: 'datetime', sortable: true },
    { key: 'lastLoginAt', title: `${L}lastLoginAt`, format: 'datetime', sortable: true },
  ],
  toolbar: [
    {
      key: 'create',
      label: `${L}create`,
      // A partner account creates accounts in its own partner (the server refuses another).
      form: { fields: createFields, initialValues: () => ({ enabled: true, partner: getSession().user?.partner || 0, roles: [] }) },
      call: { method: 'POST', url: `${API}/create`, body: (_row, values) => compact(values) },
    },
  ],
  actions: [
    {
      key: 'edit',
      label: `${L}edit`,
      form: {
        title: `${L}editTitle`,
        fields: editFields,
        initialValues: (row) => ({
          username: row!.username,
          name: row!.name,
          roles: row!.roles,
          partner: row!.partner,
          telephone: row!.telephone,
          avatar: row!.avatar,
          shareCode: row!.shareCode ?? '',
        }),
      },
      call: {
        method: 'POST',
        url: `${API}/update`,
        body: (row, v) => ({
          ...compact({ name: v.name, roles: v.roles, partner: v.partner }),
          telephone: v.telephone ?? '',
          avatar: v.avatar ?? '',
          shareCode: v.shareCode ?? '',
          ...who(row),
        }),
      },
    },
    {
      key: 'toggleEnabled',
      label: (row) => (row?.enabled ? `${L}disable` : `${L}enable`),
      confirm: (row) => (row?.enabled ? `${L}confirmDisable` : `${L}confirmEnable`),
      visible: notSelf,
      call: { method: 'POST', url: `${API}/update`, body: (row) => ({ ...who(row), enabled: !row!.enabled }) },
    },
    {
      key: 'resetPassword',
      label: `${L}resetPassword`,
      form: { fields: resetPasswordFields },
      call: { method: 'POST', url: `${API}/update`, body: (row, v) => ({ ...who(row), password: v.password }) },
    },
    {
      key: 'reset2fa',
      label: `${L}reset2fa`,
      confirm: `${L}confirmReset2fa`,
      visible: (row) => row.bind2fa && notSelf(row),
      call: { method: 'POST', url: `${API}/reset2fa`, body: who },
    },
    {
      key: 'remove',
      label: `${L}remove`,
      danger: true,
      confirm: `${L}confirmRemove`,
      visible: notSelf,
      call: { method: 'POST', url: `${API}/removeone`, body: who },
    },
  ],
};

export default function AccountsScreen() {
  return <ListScreen decl={editerScreen} />;
}
