import { CheckCircleTwoTone } from '@ant-design/icons';
import { App, Button, Form, Input, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmBind2fa, fetchUserinfo, startBind2fa, type Bind2faSecret } from '../../shell/account-api';
import { getToken, setUser } from '../../shell/session';
import { QrImage } from './QrImage';

/** Bind Google Authenticator: GET a secret, show it as a QR code and text, POST the current code. */
export function AuthenticatorCard({ bound }: { bound: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [secret, setSecret] = useState<Bind2faSecret | null>(null);
  const [busy, setBusy] = useState(false);

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
    try { setSecret(await startBind2fa()); } catch { /* toast shown by the request layer */ } finally { setBusy(false); }
  }

  async function bind({ code }: { code: string }) {
    setBusy(true);
    try {
      await confirmBind2fa(code);
      void message.success(t('settings.bindDone'));
      const token = getToken();
      if (token) setUser(await fetchUserinfo(token));
    } catch { /* toast shown by the request layer */ } finally {
      setBusy(false);
    }
  }

  if (!secret) {
    return (
      <Space orientation="vertical">
        <Space><Tag>{t('settings.unbound')}</Tag><Typography.Text type="secondary">{t('settings.unboundText')}</Typography.Text></Space>
        <Button type="primary" onClick={start} loading={busy}>{t('settings.startBind')}</Button>
      </Space>
    );
  }

  return (
    <Space orientation="vertical" size={12}>
      <Typography.Text>{t('settings.scan')}</Typography.Text>
      <QrImage value={secret.otpauthUrl} />
      <Typography.Text>{t('settings.secret')}: <Typography.Text code copyable data-testid="twofa-secret">{secret.secret}</Typography.Text></Typography.Text>
      <Form layout="inline" onFinish={bind} requiredMark={false}>
        <Form.Item name="code" rules={[{ required: true, pattern: /^\d{6}$/, message: t('settings.otpRequired') }]}>
          <Input placeholder={t('settings.otpCode')} aria-label={t('settings.otpCode')} inputMode="numeric" autoComplete="one-time-code" maxLength={6} style={{ width: 160 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>{t('settings.confirmBind')}</Button>
        <Button onClick={() => setSecret(null)} style={{ marginLeft: 8 }}>{t('settings.cancel')}</Button>
      </Form>
    </Space>
  );
}
