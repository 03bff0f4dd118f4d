import { Layout, Menu } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { icons } from 'virtual:catalog-icons';
import { normalizePath, type Access } from '../routes';
import { useLanguage } from '../useLanguage';
import { SIDEBAR_WIDTH } from './device';
import { ancestorKeys, menuItems } from './menu';

/** The sidebar (§2): 210 px, no logo, the menu of the routes the account may see. */
export function Sidebar({ access, collapsed }: { access: Access; collapsed: boolean }) {
  const lang = useLanguage();
  const navigate = useNavigate();
  const path = normalizePath(useLocation().pathname);
  const items = useMemo(() => menuItems(access.tree, lang, icons), [access, lang]);
  const trail = access.screens.get(path)?.trail ?? [];
  const [openKeys, setOpenKeys] = useState<string[]>(() => ancestorKeys(trail));
  useEffect(() => {
    const wanted = ancestorKeys(trail);
    setOpenKeys((keys) => (wanted.every((k) => keys.includes(k)) ? keys : [...new Set([...keys, ...wanted])]));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [path]);
  return (
    <Layout.Sider
      width={SIDEBAR_WIDTH}
      collapsedWidth={64}
      collapsed={collapsed}
      collapsible
      trigger={null}
      style={{ height: '100vh', position: 'sticky', top: 0, overflowY: 'auto', overflowX: 'hidden' }}
      data-testid="sidebar"
    >
      <Menu
        theme="dark"
        mode="inline"
        items={items}
        selectedKeys={[path]}
        {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
        onClick={({ key }) => navigate(key)}
      />
    </Layout.Sider>
  );
}
