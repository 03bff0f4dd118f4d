import { Card, Descriptions, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../shell/useSession';
import { AuthenticatorCard } from './AuthenticatorCard';
import { ChangePasswordForm } from './ChangePasswordForm';

/** /homepage/settings: open to every signed-in account (§2). */
export default function SettingsPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  if (!user) return null;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%', maxWidth: 720 }}>
      <Card title={t('settings.profile')} size="small">
        <Descriptions
          column={1}
          size="small"
          items={[
            { key: 'username', label: t('settings.username'), children: user.username },
            { key: 'name', label: t('settings.name'), children: user.name || '-' },
            { key: 'telephone', label: t('settings.telephone'), children: user.telephone || '-' },
            { key: 'roles', label: t('settings.roles'), children: user.roles.map((r) => <Tag key={r}>{r}</Tag>) },
            ...(user.partner ? [{ key: 'partner', label: t('settings.partner'), children: String(user.partner) }] : []),
          ]}
        />
      </Card>
      <Card title={t('settings.changePassword')} size="small">
        <ChangePasswordForm bind2fa={user.bind2fa} />
      </Card>
      <Card title={t('settings.authenticator')} size="small">
        <AuthenticatorCard bound={user.bind2fa} />
      </Card>
    </Space>
  );
}
