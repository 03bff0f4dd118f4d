import { DashboardOutlined, DownOutlined, LogoutOutlined, SettingOutlined } from '@ant-design/icons';
import { Avatar, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { logout } from '../account-api';
import { loginUrl } from '../guard';
import { SETTINGS_PATH } from '../routes';
import { clearSession, getToken } from '../session';
import { useSession } from '../useSession';
import { useIsMobile } from './device';

/**
 * Avatar dropdown (§2): data preview (the account's home: /homepage, or its first screen when
 * it may not see /homepage), account settings, logout (revoke, clear, /login?redirect=current).
 */
export function AvatarMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { user } = useSession();
  const name = user?.name || user?.username || '';
  const isMobile = useIsMobile();

  async function signOut() {
    const current = location.pathname + location.search;
    await logout(getToken());
    clearSession();
    void navigate(loginUrl(current), { replace: true });
  }

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'preview', icon: <DashboardOutlined />, label: t('nav.dataPreview'), onClick: () => void navigate('/') },
          { key: 'settings', icon: <SettingOutlined />, label: t('nav.settings'), onClick: () => void navigate(SETTINGS_PATH) },
          { type: 'divider' },
          {
            key: 'logout',
            icon: <LogoutOutlined />,
            label: t('nav.logout'),
            onClick: () => {
              void signOut();
            },
          },
        ],
      }}
    >
      <button
        type="button"
        data-testid="avatar-menu"
        title={name}
        style={{ display: 'flex', alignItems: 'center', gap: 8, border: 0, background: 'none', cursor: 'pointer', padding: '0 4px' }}
      >
        <Avatar size={32} src={user?.avatar || undefined} style={{ background: '#1677ff' }}>
          {name.slice(0, 1).toUpperCase()}
        </Avatar>
        {/* below the mobile breakpoint the avatar alone: the name would wrap and crowd the header */}
        {!isMobile && (
          <span className="console-avatar-name" style={{ whiteSpace: 'nowrap' }}>
            {name}
          </span>
        )}
        <DownOutlined style={{ fontSize: 10 }} />
      </button>
    </Dropdown>
  );
}
