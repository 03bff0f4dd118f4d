import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Drawer, Layout } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { maySwitchLanguage } from '../language';
import type { Access } from '../routes';
import { useSession } from '../useSession';
import { AvatarMenu } from './AvatarMenu';
import { Breadcrumbs } from './Breadcrumbs';
import { readSidebarOpened, saveSidebarOpened, SIDEBAR_WIDTH, useIsMobile } from './device';
import { LanguageSwitch } from './LanguageSwitch';
import { Sidebar } from './Sidebar';

/**
 * The layout of §2: sidebar (collapsible, remembered in a cookie; on mobile a drawer that
 * a route change closes), a top bar that scrolls with the page (not fixed), the main area.
 */
export function AppLayout({ access, children }: { access: Access; children: ReactNode }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const isMobile = useIsMobile();
  const { pathname } = useLocation();
  const [opened, setOpened] = useState(readSidebarOpened);
  const [drawerOpen, setDrawerOpen] = useState(false);

  useEffect(() => {
    setDrawerOpen(false);
  }, [pathname, isMobile]);

  const sidebarOpen = isMobile ? drawerOpen : opened;
  function toggle() {
    if (isMobile) {
      setDrawerOpen(!drawerOpen);
      return;
    }
    saveSidebarOpened(!opened);
    setOpened(!opened);
  }

  return (
    <Layout style={{ minHeight: '100vh' }} data-device={isMobile ? 'mobile' : 'desktop'}>
      {isMobile ? (
        <Drawer
          placement="left"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          size={SIDEBAR_WIDTH}
          closable={false}
          styles={{ body: { padding: 0, background: '#001529' } }}
        >
          <Sidebar access={access} collapsed={false} />
        </Drawer>
      ) : (
        <Sidebar access={access} collapsed={!opened} />
      )}
      <Layout style={{ minWidth: 0 }}>
        <Layout.Header
          style={{
            background: '#fff',
            padding: '0 12px',
            height: 50,
            lineHeight: '50px',
            display: 'flex',
            alignItems: 'center',
            gap: 8,
            boxShadow: '0 1px 4px rgba(0,21,41,.08)',
          }}
        >
          <Button
            type="text"
            icon={sidebarOpen ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
            aria-label={t('nav.toggleSidebar')}
            aria-expanded={sidebarOpen}
            data-testid="sidebar-toggle"
            onClick={toggle}
          />
          <Breadcrumbs access={access} />
          <div style={{ flex: 1 }} />
          {user && maySwitchLanguage(user.roles) && <LanguageSwitch />}
          <AvatarMenu />
        </Layout.Header>
        <Layout.Content style={{ margin: isMobile ? 8 : 16, minWidth: 0 }}>{children}</Layout.Content>
      </Layout>
    </Layout>
  );
}
