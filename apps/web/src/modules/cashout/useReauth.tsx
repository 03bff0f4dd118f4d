/**
 * The re-authentication prompt before approving: the reviewer confirms with the password or
 * an authenticator code; the server then lets this session approve for 5 minutes. `ensure()`
 * resolves true once confirmed (asking only when the last confirmation is older than that),
 * false when the reviewer cancels.
 */
import { useRef, useState } from 'react';
import { Alert, Form, Input, Modal, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { translateServerMessage } from '../../shell/server-messages';
import { reauthenticate } from './api';

const L = 'cashout.reauth.';

export function useReauth() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [form] = Form.useForm<{ via: 'password' | 'code'; secret: string }>();
  const validUntil = useRef(0);
  const settle = useRef<((ok: boolean) => void) | null>(null);

  const finish = (ok: boolean) => {
    setOpen(false);
    form.resetFields();
    setError(null);
    settle.current?.(ok);
    settle.current = null;
  };

  /** Asks for the confirmation unless a recent one still holds; `force` asks anyway (the server refused). */
  const ensure = (force = false): Promise<boolean> => {
    if (!force && Date.now() < validUntil.current - 10_000) return Promise.resolve(true);
    setOpen(true);
    return new Promise((resolve) => {
      settle.current = resolve;
    });
  };

  const submit = async () => {
    const values = await form.validateFields();
    setBusy(true);
    try {
      const answer = await reauthenticate(values.via === 'code' ? { code: values.secret.trim() } : { password: values.secret });
      validUntil.current = Date.parse(answer.validUntil);
      finish(true);
    } catch (e) {
      setError(translateServerMessage((e as Error).message, t));
    } finally {
      setBusy(false);
    }
  };

  const element = (
    <Modal
      open={open}
      title={t(`${L}title`)}
      okText={t(`${L}confirm`)}
      cancelText={t('cashout.cancel')}
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={() => finish(false)}
      destroyOnHidden
    >
      <p>{t(`${L}why`)}</p>
      <Form form={form} layout="vertical" initialValues={{ via: 'password', secret: '' }} onFinish={() => void submit()}>
        <Form.Item name="via">
          <Radio.Group
            optionType="button"
            options={[
              { value: 'password', label: t(`${L}password`) },
              { value: 'code', label: t(`${L}code`) },
            ]}
          />
        </Form.Item>
        <Form.Item noStyle shouldUpdate>
          {() => (
            <Form.Item
              name="secret"
              label={t(form.getFieldValue('via') === 'code' ? `${L}code` : `${L}password`)}
              rules={[{ required: true, message: t(`${L}required`) }]}
            >
              {form.getFieldValue('via') === 'code' ? (
                <Input inputMode="numeric" maxLength={6} autoComplete="one-time-code" data-testid="reauth-secret" />
              ) : (
                <Input.Password autoComplete="current-password" data-testid="reauth-secret" />
              )}
            </Form.Item>
          )}
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon message={error} />}
    </Modal>
  );
  return { ensure, element };
}
