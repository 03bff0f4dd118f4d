/** /gamehomepage/category: the lobby's categories (name en/zh, order, icon, shown or hidden) with their history. */
import type { LobbyCategory } from '@console/schemas';
import { ListScreen, type FieldDeclaration, type FormValues, type ListDeclaration } from '../../kit';
import { historyCell, WithHistory, type HistoryDeclaration } from '../../kit/history';
import { usePermission } from '../../shell/Permission';
import { wholeRule } from '../remoteconfig/common';
import { API, codeRule, EDIT_ROLES, L, VISIBLE_LABELS, VISIBLE_OPTIONS } from './common';

const S = `${L}category.`;

const fields = (editing: boolean): FieldDeclaration[] => [
  { name: 'code', label: `${S}code`, kind: 'text', required: true, readOnly: editing, rules: [codeRule] },
  { name: 'nameEn', label: `${S}nameEn`, kind: 'text', required: true, rules: [{ max: 64 }] },
  { name: 'nameZh', label: `${S}nameZh`, kind: 'text', required: true, rules: [{ max: 64 }] },
  { name: 'icon', label: `${S}icon`, kind: 'text', help: `${L}configs.iconHelp`, rules: [{ max: 512 }] },
  { name: 'sortOrder', label: `${S}sortOrder`, kind: 'number', required: true, rules: [wholeRule(0, 1_000_000)] },
  { name: 'visible', label: `${S}visibleField`, kind: 'switch' },
];

export const categoryBody = (v: FormValues) => ({
  code: v.code,
  nameEn: v.nameEn ?? '',
  nameZh: v.nameZh ?? '',
  icon: v.icon ?? '',
  sortOrder: v.sortOrder,
  visible: Boolean(v.visible),
});
const docOf = (row: LobbyCategory) => categoryBody(row);

export const categoryScreen: ListDeclaration<LobbyCategory> = {
  name: 'gamehomepage-category',
  title: `${S}title`,
  api: { url: `${API}/category/categories`, mode: 'page', export: true },
  rowKey: 'code',
  filters: [
    { kind: 'text', name: 'name', label: `${S}name` },
    { kind: 'select', name: 'visible', label: `${S}visibleField`, options: VISIBLE_OPTIONS },
  ],
  columns: [
    { key: 'sortOrder', title: `${S}sortOrder`, format: 'int', sortable: true, width: 80 },
    { key: 'code', title: `${S}code`, sortable: true, render: historyCell<LobbyCategory>((row) => row.code) },
    { key: 'nameEn', title: `${S}nameEn` },
    { key: 'nameZh', title: `${S}nameZh` },
    { key: 'icon', title: `${S}icon` },
    { key: 'visible', title: `${S}visibleField`, labels: VISIBLE_LABELS },
    { key: 'games', title: `${S}games`, format: 'int' },
    { key: 'updatedAt', title: `${S}updatedAt`, format: 'datetime', sortable: true },
  ],
  toolbar: [
    {
      key: 'create',
      label: `${S}create`,
      roles: EDIT_ROLES,
      form: { fields: fields(false), initialValues: () => ({ sortOrder: 0, visible: true }) },
      call: { method: 'POST', url: `${API}/category/categories/create`, body: (_row, v) => categoryBody(v) },
    },
  ],
  actions: [
    {
      key: 'edit',
      label: `${S}edit`,
      roles: EDIT_ROLES,
      confirm: `${L}confirmOverwrite`,
      form: { title: `${S}editTitle`, fields: fields(true), initialValues: (row) => ({ ...row! }) },
      call: { method: 'POST', url: `${API}/category/categories/update`, body: (row, v) => categoryBody({ ...v, code: row!.code }) },
    },
    {
      key: 'toggle',
      label: (row) => (row?.visible ? `${S}hide` : `${S}show`),
      roles: EDIT_ROLES,
      confirm: (row) => (row?.visible ? `${S}confirmHide` : `${S}confirmShow`),
      call: { method: 'POST', url: `${API}/category/categories/update`, body: (row) => ({ ...docOf(row!), visible: !row!.visible }) },
    },
    {
      key: 'remove',
      label: `${S}remove`,
      roles: EDIT_ROLES,
      danger: true,
      confirm: `${S}confirmRemove`,
      call: { method: 'POST', url: `${API}/category/categories/delete`, body: (row) => ({ code: row!.code }) },
      visible: (row) => row.games === 0,
    },
  ],
};

export const categoryHistory = (restorable: boolean): HistoryDeclaration => ({
  url: `${API}/category/versions`,
  restorable,
  fieldLabel: (field) => (field === 'visible' ? `${S}visibleField` : `${S}${field}`),
});

export default function CategoryScreen() {
  const mayEdit = usePermission(EDIT_ROLES);
  return (
    <WithHistory history={categoryHistory(mayEdit)}>
      <ListScreen decl={categoryScreen} />
    </WithHistory>
  );
}
