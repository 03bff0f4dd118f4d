/**
 * Creating an integration agent and rotating its API key: the answer holds a key that is shown
 * once (the kit's runner only says "Operation success"), so these two go through this workflow:
 * a form (terms / overlap), a confirmation for a rotation, the call, then the key with a copy
 * button and how to sign with it, until the user says it is stored.
 */
import { createContext, useContext, useState, type ReactNode } from 'react';
import { Alert, Button, Form, Input, InputNumber, Modal, Select, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AGENTX_CURRENCIES, type AgentxIssuedKey } from '@console/schemas';
import { confirmAsync, useFeedback } from '../../kit/feedback';
import { formatDateTime } from '../../lib/format';
import { request } from '../../shell/request';
import { API, L, callbackRule, ipListRule, splitList, WALLET_OPTIONS } from './common';

type Asking = { kind: 'create' } | { kind: 'rotate'; id: number; appId: string };
const KeyContext = createContext<(asking: Asking) => void>(() => {});

export function KeyWorkflow({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const queryClient = useQueryClient();
  const [form] = Form.useForm();
  const [asking, setAsking] = useState<Asking | null>(null);
  const [busy, setBusy] = useState(false);
  const [issued, setIssued] = useState<AgentxIssuedKey | null>(null);

  async function submit() {
    if (!asking) return;
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    if (asking.kind === 'rotate') {
      const ok = await confirmAsync(modal, t('kit.confirmTitle'), t(`${L}confirmRotate`, { appId: asking.appId, hours: v.overlapHours }), { ok: t('kit.ok'), cancel: t('kit.cancel') }, true);
      if (!ok) { message.info(t('kit.operationCancelled')); return; }
    }
    setBusy(true);
    try {
      const answer = asking.kind === 'create'
        ? await request<AgentxIssuedKey>('POST', `${API}/create`, {
          silent: true,
          data: {
            appId: String(v.appId).trim(), name: String(v.name).trim(), partner: Number(v.partner ?? 0), walletMode: v.walletMode, callbackUrl: String(v.callbackUrl).trim(),
            currency: v.currency, revenueShare: Number(v.revenueShare), ipAllowList: splitList(v.ipAllowList),
          },
        })
        : await request<AgentxIssuedKey>('POST', `${API}/rotate`, { data: { id: asking.id, overlapHours: v.overlapHours }, silent: true });
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

  const required = { required: true, message: t('kit.validation.required') };
  return (
    <KeyContext.Provider value={(a) => { form.resetFields(); setAsking(a); }}>
      {children}
      <Modal open={asking !== null} title={asking?.kind === 'rotate' ? t(`${L}rotateTitle`, { appId: asking.appId }) : t(`${L}createTitle`)}
        okText={t('kit.ok')} cancelText={t('kit.cancel')} confirmLoading={busy} onOk={() => void submit()} onCancel={() => setAsking(null)} destroyOnHidden>
        <Form form={form} layout="vertical" name="agentx-key" autoComplete="off"
          initialValues={{ overlapHours: 24, partner: 0, walletMode: 'seamless', currency: 'PHP', revenueShare: 30 }}>
          {asking?.kind === 'create' ? (
            <>
              <Form.Item name="appId" label={t(`${L}f.appId`)} extra={t(`${L}help.appId`)} rules={[required, { pattern: /^[a-z0-9][a-z0-9_.-]{2,63}$/, message: t(`${L}validation.appId`) }]}><Input /></Form.Item>
              <Form.Item name="name" label={t(`${L}f.name`)} rules={[required, { max: 64 }, { whitespace: true }]}><Input /></Form.Item>
              <Form.Item name="partner" label={t(`${L}f.partner`)} rules={[required]}><InputNumber min={0} precision={0} style={{ width: '100%' }} /></Form.Item>
              <Form.Item name="walletMode" label={t(`${L}f.walletMode`)} rules={[required]}><Select options={WALLET_OPTIONS.map((o) => ({ value: o.value, label: t(o.label) }))} /></Form.Item>
              <Form.Item name="callbackUrl" label={t(`${L}f.callbackUrl`)} rules={[required, callbackRule]}><Input placeholder="https://" /></Form.Item>
              <Form.Item name="currency" label={t(`${L}f.currency`)} rules={[required]}><Select options={AGENTX_CURRENCIES.map((c) => ({ value: c, label: c }))} /></Form.Item>
              <Form.Item name="revenueShare" label={t(`${L}f.revenueShare`)} rules={[required]}><InputNumber min={0} max={100} precision={2} style={{ width: '100%' }} /></Form.Item>
              <Form.Item name="ipAllowList" label={t(`${L}f.ipAllowList`)} extra={t(`${L}help.ipAllowList`)} rules={[ipListRule]}><Input.TextArea rows={2} /></Form.Item>
            </>
          ) : (
            <Form.Item name="overlapHours" label={t(`${L}f.overlapHours`)} extra={t(`${L}help.overlap`)} rules={[required]}>
              <InputNumber min={0} max={168} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          )}
        </Form>
      </Modal>
      <Modal open={issued !== null} title={t(`${L}keyTitle`, { appId: issued?.appId })} closable={false} maskClosable={false}
        footer={<Button type="primary" onClick={() => setIssued(null)}>{t(`${L}keyStored`)}</Button>}>
        <Alert type="warning" showIcon title={t(`${L}keyOnce`)} style={{ marginBottom: 12 }} />
        <Typography.Paragraph copyable={{ text: issued?.apiKey ?? '' }} code className="agentx-key">{issued?.apiKey}</Typography.Paragraph>
        <Typography.Paragraph type="secondary">{t(`${L}keySigning`)}</Typography.Paragraph>
        {issued?.previousUntil && <Typography.Paragraph type="secondary">{t(`${L}previousUntil`, { at: formatDateTime(issued.previousUntil) })}</Typography.Paragraph>}
      </Modal>
    </KeyContext.Provider>
  );
}

export function CreateAgentButton() {
  const { t } = useTranslation();
  const ask = useContext(KeyContext);
  return <Button type="primary" onClick={() => ask({ kind: 'create' })}>{t(`${L}create`)}</Button>;
}

export function RotateKeyButton({ id, appId }: { id: number; appId: string }) {
  const { t } = useTranslation();
  const ask = useContext(KeyContext);
  return <Button size="small" onClick={(e) => { e.stopPropagation(); ask({ kind: 'rotate', id, appId }); }}>{t(`${L}rotate`)}</Button>;
}
