/**
 * /gamehomepage/packagename: each app package's lobby (a partner account: its own packages),
 * with its history, the editor (which categories and games, in what order) and the preview of
 * what the app shows.
 */
import { createContext, useContext, useState } from 'react';
import { Button, Flex, Tag } from 'antd';
import { EditOutlined, EyeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { LobbyPackage } from '@console/schemas';
import { ListScreen, type ListDeclaration } from '../../kit';
import { historyCell, WithHistory, type HistoryDeclaration } from '../../kit/history';
import { usePermission } from '../../shell/Permission';
import { API, L, PACKAGE_EDIT_ROLES } from './common';
import { LobbyEditor } from './LobbyEditor';
import { LobbyPreview } from './LobbyPreview';

const P = `${L}packagename.`;

interface Opener {
  edit(pkg: string): void;
  preview(pkg: string): void;
}
const OpenerContext = createContext<Opener | null>(null);

function LobbyButtons({ row }: { row: LobbyPackage }) {
  const { t } = useTranslation();
  const open = useContext(OpenerContext);
  return (
    <Flex align="center" gap={4}>
      <Tag color={row.custom ? 'blue' : undefined}>{t(row.custom ? `${P}own` : `${P}default`)}</Tag>
      <Button size="small" icon={<EditOutlined />} onClick={() => open?.edit(row.package)}>
        {t(`${P}editLobby`)}
      </Button>
      <Button size="small" icon={<EyeOutlined />} onClick={() => open?.preview(row.package)}>
        {t(`${P}previewLobby`)}
      </Button>
    </Flex>
  );
}

export const packagenameScreen: ListDeclaration<LobbyPackage> = {
  name: 'gamehomepage-packagename',
  title: `${P}title`,
  api: { url: `${API}/packagename/packages`, mode: 'page', export: true },
  rowKey: 'package',
  filters: [
    { kind: 'text', name: 'package', label: `${P}package` },
    { kind: 'number', name: 'partner', label: `${P}partner` },
  ],
  columns: [
    { key: 'package', title: `${P}package`, sortable: true, render: historyCell<LobbyPackage>((row) => row.package) },
    { key: 'name', title: `${P}name` },
    { key: 'partner', title: `${P}partner`, format: 'int', sortable: true },
    { key: 'custom', title: `${P}custom`, render: (_v, row) => <LobbyButtons row={row} />, labels: { true: `${P}own`, false: `${P}default` } },
    { key: 'categories', title: `${P}categories`, format: 'tags' },
    { key: 'games', title: `${P}games`, format: 'int' },
    { key: 'updatedAt', title: `${P}updatedAt`, format: 'datetime' },
  ],
};

export const packagenameHistory = (restorable: boolean): HistoryDeclaration => ({
  url: `${API}/packagename/versions`,
  restorable,
  fieldLabel: (field) => `${P}${field}`,
});

export default function PackagenameScreen() {
  const mayEdit = usePermission(PACKAGE_EDIT_ROLES);
  const [editing, setEditing] = useState<string | null>(null);
  const [previewing, setPreviewing] = useState<string | null>(null);
  return (
    <OpenerContext.Provider value={{ edit: setEditing, preview: setPreviewing }}>
      <WithHistory history={packagenameHistory(mayEdit)}>
        <ListScreen decl={packagenameScreen} />
        <LobbyEditor pkg={editing} onClose={() => setEditing(null)} />
        <LobbyPreview pkg={previewing} onClose={() => setPreviewing(null)} />
      </WithHistory>
    </OpenerContext.Provider>
  );
}
