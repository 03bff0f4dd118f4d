import { CheckCircleTwoTone } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmBind2fa, fetchSecurity, fetchUserinfo, startBind2fa, type Bind2faSecret } from '../../shell/account-api';
import { getToken, setUser } from '../../shell/session';
import { QrImage } from './QrImage';

/**
 * Bind Google Authenticator: GET a secret, show it as a QR code and text, POST the current code
 * (and the password once the session is 10 minutes past its sign-in). An account whose role
 * requires two-factor sign-in is told so here, where the console sends it (decision 045).
 */
export function AuthenticatorCard({ bound }: { bound: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [secret, setSecret] = useState<Bind2faSecret | null>(null);
  const [busy, setBusy] = useState(false);
  const security = useQuery({ queryKey: ['account-security'], queryFn: fetchSecurity, enabled: !bound });

  if (bound) {
    return (
      <Space>
        <CheckCircleTwoTone twoToneColor="#52c41a" />
        <Tag color="success">{t('settings.bound')}</Tag>
        <Typography.Text type="secondary">{t('settings.boundText')}</Typography.Text>
      </Space>
    );
  }

  async function start() {
    setBusy(true);
    try {
      setSecret(await startBind2fa());
    } catch {
      /* toast shown by the request layer */
    } finally {
      setBusy(false);
    }
  }

  async function bind({ code, password }: { code: string; password?: string }) {
    setBusy(true);
    try {
      await confirmBind2fa(code, password);
      void message.success(t('settings.bindDone'));
      await queryClient.invalidateQueries();
      const token = getToken();
      if (token) setUser(await fetchUserinfo(token));
    } catch {
      /* toast shown by the request layer */
    } finally {
      setBusy(false);
    }
  }

  const required = security.data?.required ? (
    <Alert type="warning" showIcon message={t('settings.required')} description={t('settings.requiredText')} data-testid="twofa-required" />
  ) : null;
  const passwordNeeded = security.data?.passwordNeeded ?? false;

  if (!secret) {
    return (
      <Space orientation="vertical">
        {required}
        <Space>
          <Tag>{t('settings.unbound')}</Tag>
          <Typography.Text type="secondary">{t('settings.unboundText')}</Typography.Text>
        </Space>
        <Button type="primary" onClick={start} loading={busy}>
          {t('settings.startBind')}
        </Button>
      </Space>
    );
  }

  return (
    <Space orientation="vertical" size={12}>
      {required}
      <Typography.Text>{t('settings.scan')}</Typography.Text>
      <QrImage value={secret.otpauthUrl} />
      <Typography.Text>
        {t('settings.secret')}:{' '}
        <Typography.Text code copyable data-testid="twofa-secret">
          {secret.secret}
        </Typography.Text>
      </Typography.Text>
      <Form layout="inline" onFinish={bind} requiredMark={false}>
        {passwordNeeded && (
          <Form.Item name="password" rules={[{ required: true, message: t('settings.bindPasswordRequired') }]} extra={t('settings.bindPasswordHelp')}>
            <Input.Password
              placeholder={t('settings.bindPassword')}
              aria-label={t('settings.bindPassword')}
              autoComplete="current-password"
              style={{ width: 200 }}
            />
          </Form.Item>
        )}
        <Form.Item name="code" rules={[{ required: true, pattern: /^\d{6}$/, message: t('settings.otpRequired') }]}>
          <Input
            placeholder={t('settings.otpCode')}
            aria-label={t('settings.otpCode')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            style={{ width: 160 }}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('settings.confirmBind')}
        </Button>
        <Button onClick={() => setSecret(null)} style={{ marginLeft: 8 }}>
          {t('settings.cancel')}
        </Button>
      </Form>
    </Space>
  );
}
