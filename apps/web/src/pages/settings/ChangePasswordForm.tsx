import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changePassword } from '../../shell/account-api';
import { clearSession } from '../../shell/session';
import { toast } from '../../shell/toast';

/** §5: new password ≥ 6 characters, confirmation must match; the one-time code when an authenticator is bound. */
export const PASSWORD_MIN = 6;

interface Values {
  old: string;
  password: string;
  confirm: string;
  code?: string;
}

export function ChangePasswordForm({ bind2fa }: { bind2fa: boolean }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);

  async function submit(values: Values) {
    setBusy(true);
    try {
      await changePassword({ old: values.old, password: values.password, code: bind2fa ? values.code : undefined });
    } catch {
      return; // the request layer has shown the server's message
    } finally {
      setBusy(false);
    }
    // The server revokes every token of the account on a password change: sign out here too;
    // the guard then asks for the login, with this page as the redirect.
    toast.success(t('settings.passwordChanged')); // the root's toast outlives the signed-in shell
    clearSession();
  }

  return (
    <Form form={form} layout="vertical" onFinish={submit} style={{ maxWidth: 400 }} requiredMark={false}>
      <Form.Item name="old" label={t('settings.oldPassword')} rules={[{ required: true, message: t('settings.oldRequired') }]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item name="password" label={t('settings.newPassword')} rules={[{ required: true, min: PASSWORD_MIN, message: t('settings.passwordTooShort') }]}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('settings.confirmPassword')}
        dependencies={['password']}
        rules={[
          { required: true, message: t('settings.passwordMismatch') },
          ({ getFieldValue }) => ({
            validator: (_, value) =>
              !value || value === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(t('settings.passwordMismatch'))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      {bind2fa && (
        <Form.Item name="code" label={t('settings.otpCode')} rules={[{ required: true, pattern: /^\d{6}$/, message: t('settings.otpRequired') }]}>
          <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
        </Form.Item>
      )}
      <Button type="primary" htmlType="submit" loading={busy}>
        {t('settings.submitPassword')}
      </Button>
    </Form>
  );
}
