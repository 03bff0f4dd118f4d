import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Form, Input, Typography, type InputRef } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CODE_OTP_REQUIRED, login, type Credentials } from '../shell/account-api';
import type { ApiError } from '../shell/request';
import { translateServerMessage } from '../shell/server-messages';
import { setToken } from '../shell/session';
import { toast } from '../shell/toast';

/** Sign-in failures stay 5 s (§8, §9). */
const FAILURE_SECONDS = 5;

interface Values { username: string; password: string }

/**
 * /login (§5): the username is trimmed; the second field takes the password or, when the
 * server answers 60205, the one-time code (sent with the remembered password as `code`).
 * A failure shows a red "认证失败:" + code for 5 s; success needs code 200 and a token.
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [pending, setPending] = useState<Credentials | null>(null);
  const [busy, setBusy] = useState(false);
  const secretRef = useRef<InputRef | null>(null);
  useEffect(() => { document.title = t('app.title'); }, [t]);

  async function submit(values: Values) {
    const cred: Credentials = pending
      ? { ...pending, code: values.password }
      : { username: values.username.trim(), password: values.password };
    setBusy(true);
    try {
      // The guard sees the token on /login and goes on to the `redirect` query (§4).
      setToken(await login(cred));
    } catch (e) {
      const err = e as ApiError;
      if (err.code === CODE_OTP_REQUIRED && !pending) {
        setPending({ username: cred.username, password: cred.password });
        form.setFieldValue('password', '');
        setTimeout(() => secretRef.current?.focus(), 0);
        return;
      }
      const detail = err.message && err.message !== 'Error' ? ' ' + translateServerMessage(err.message, t) : '';
      toast.error(<span style={{ color: '#ff4d4f' }} data-testid="login-failure">认证失败:{err.code}{detail}</span>, FAILURE_SECONDS);
      if (pending) form.setFieldValue('password', '');
    } finally {
      setBusy(false);
    }
  }

  function restart() {
    setPending(null);
    form.resetFields(['password']);
  }

  return (
    <div style={{ minHeight: '100vh', background: '#2d3a4b', display: 'flex', alignItems: 'center', justifyContent: 'center', padding: 16 }}>
      <div style={{ width: '100%', maxWidth: 400 }}>
        <Typography.Title level={3} style={{ color: '#eee', textAlign: 'center', marginBottom: 32 }}>{t('app.title')}</Typography.Title>
        <Form form={form} size="large" onFinish={submit} autoComplete="on" requiredMark={false}>
          <Form.Item name="username" rules={[{ required: true, whitespace: true, message: t('login.usernameRequired') }]}>
            <Input prefix={<UserOutlined />} placeholder={t('login.username')} aria-label={t('login.username')} autoComplete="username" disabled={!!pending} autoFocus />
          </Form.Item>
          <Form.Item
            name="password"
            rules={[{ required: true, message: t(pending ? 'login.otpRequired' : 'login.passwordRequired') }]}
            extra={pending ? <span style={{ color: '#ccc' }}>{t('login.otpHint')}</span> : undefined}
          >
            {pending ? (
              <Input prefix={<SafetyOutlined />} placeholder={t('login.otp')} aria-label={t('login.otp')} inputMode="numeric" autoComplete="one-time-code" maxLength={6} ref={secretRef} />
            ) : (
              <Input.Password prefix={<LockOutlined />} placeholder={t('login.password')} aria-label={t('login.password')} autoComplete="current-password" ref={secretRef} />
            )}
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>{t('login.submit')}</Button>
          {pending && <Button type="link" block onClick={restart} style={{ color: '#ccc', marginTop: 8 }}>{t('login.back')}</Button>}
        </Form>
      </div>
    </div>
  );
}
