/**
 * Creating an application and rotating its secret: the one workflow of /remoteconfig/application
 * the kit's actions cannot carry, because the answer holds a secret that must be shown once
 * (the kit's runner only says "Operation success"). A form, a confirmation for a rotation, the
 * call, then the secret with a copy button until the user says it is stored.
 */
import { createContext, useContext, useState, type ReactNode } from 'react';
import { Alert, Button, Form, Input, InputNumber, Modal, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { confirmAsync, useFeedback } from '../../kit/feedback';
import { formatDateTime } from '../../lib/format';
import { request } from '../../shell/request';
import { L } from './common';

const S = `${L}application.`;
const API = '/remoteconfig/application/applications';

interface Issued { appId: string; secret: string; previousUntil: string | null }
type Asking = { kind: 'create' } | { kind: 'rotate'; appId: string };

const SecretContext = createContext<(asking: Asking) => void>(() => {});

export function SecretWorkflow({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const queryClient = useQueryClient();
  const [form] = Form.useForm();
  const [asking, setAsking] = useState<Asking | null>(null);
  const [busy, setBusy] = useState(false);
  const [issued, setIssued] = useState<Issued | null>(null);

  async function submit() {
    if (!asking) return;
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    if (asking.kind === 'rotate') {
      const ok = await confirmAsync(modal, t('kit.confirmTitle'), t(`${S}confirmRotate`, { appId: asking.appId, hours: values.overlapHours }), { ok: t('kit.ok'), cancel: t('kit.cancel') }, true);
      if (!ok) { message.info(t('kit.operationCancelled')); return; }
    }
    setBusy(true);
    try {
      const answer = asking.kind === 'create'
        ? await request<Issued>('POST', `${API}/create`, { data: { appId: values.appId, name: values.name ?? '' }, silent: true })
        : await request<Issued>('POST', `${API}/rotate`, { data: { appId: asking.appId, overlapHours: values.overlapHours }, silent: true });
      setAsking(null);
      form.resetFields();
      setIssued(answer.data!);
      await queryClient.invalidateQueries();
    } catch (err) {
      message.error((err as Error).message || t('kit.operationFailed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <SecretContext.Provider value={(a) => { form.resetFields(); setAsking(a); }}>
      {children}
      <Modal open={asking !== null} title={t(asking?.kind === 'rotate' ? `${S}rotateTitle` : `${S}createTitle`, { appId: asking?.kind === 'rotate' ? asking.appId : '' })}
        okText={t('kit.ok')} cancelText={t('kit.cancel')} confirmLoading={busy} onOk={() => void submit()} onCancel={() => setAsking(null)} destroyOnHidden>
        <Form form={form} layout="vertical" name="remoteconfig-secret" autoComplete="off" initialValues={{ overlapHours: 24 }}>
          {asking?.kind === 'create' ? (
            <>
              <Form.Item name="appId" label={t(`${S}appId`)} rules={[
                { required: true, message: t('kit.validation.required') },
                { pattern: /^[A-Za-z0-9_.-]{1,64}$/, message: t(`${L}validation.code`, { max: 64 }) },
              ]}><Input /></Form.Item>
              <Form.Item name="name" label={t(`${S}name`)} rules={[{ required: true, message: t('kit.validation.required') }, { max: 64 }]}><Input /></Form.Item>
            </>
          ) : (
            <Form.Item name="overlapHours" label={t(`${S}overlapHours`)} extra={t(`${S}overlapHelp`)}
              rules={[{ required: true, message: t('kit.validation.required') }]}>
              <InputNumber min={0} max={168} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          )}
        </Form>
      </Modal>
      <Modal open={issued !== null} title={t(`${S}secretTitle`, { appId: issued?.appId })} closable={false} maskClosable={false}
        footer={<Button type="primary" onClick={() => setIssued(null)}>{t(`${S}secretStored`)}</Button>}>
        <Alert type="warning" showIcon title={t(`${S}secretOnce`)} style={{ marginBottom: 12 }} />
        <Typography.Paragraph copyable={{ text: issued?.secret ?? '' }} code className="remoteconfig-secret">{issued?.secret}</Typography.Paragraph>
        {issued?.previousUntil && <Typography.Paragraph type="secondary">{t(`${S}previousUntil`, { at: formatDateTime(issued.previousUntil) })}</Typography.Paragraph>}
      </Modal>
    </SecretContext.Provider>
  );
}

/** The toolbar's create button and each row's rotate button (inside SecretWorkflow). */
export function CreateApplicationButton() {
  const { t } = useTranslation();
  const ask = useContext(SecretContext);
  return <Button type="primary" onClick={() => ask({ kind: 'create' })}>{t(`${S}create`)}</Button>;
}

export function RotateSecretButton({ appId }: { appId: string }) {
  const { t } = useTranslation();
  const ask = useContext(SecretContext);
  return <Button size="small" onClick={(e) => { e.stopPropagation(); ask({ kind: 'rotate', appId }); }}>{t(`${S}rotate`)}</Button>;
}
