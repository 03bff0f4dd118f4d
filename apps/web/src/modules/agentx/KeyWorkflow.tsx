/**
 * Creating an integration agent and rotating its API key: the answer holds a key that is shown
 * once (the kit's runner only says "Operation success"), so these two go through the kit's
 * SecretIssuer: a form (terms / overlap), a confirmation for a rotation, the call, then the key
 * with a copy button and how to sign with it, until the user says it is stored.
 */
import { createContext, useContext, type ReactNode } from 'react';
import { Button, Form, Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { AGENTX_CURRENCIES, type AgentxIssuedKey } from '@console/schemas';
import { useSecretIssuer, type IssuedSecret } from '../../kit/secret/SecretIssuer';
import { request } from '../../shell/request';
import { API, L, callbackRule, ipListRule, splitList, WALLET_OPTIONS } from './common';

type Asking = { kind: 'create' } | { kind: 'rotate'; id: number; appId: string };
const KeyContext = createContext<(asking: Asking) => void>(() => {});

const shownOnce = (k: AgentxIssuedKey): IssuedSecret => ({ appId: k.appId, secret: k.apiKey, previousUntil: k.previousUntil ?? null });

export function KeyWorkflow({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const required = { required: true, message: t('kit.validation.required') };
  const { ask, modals } = useSecretIssuer<Asking>({
    formName: 'agentx-key',
    initialValues: { overlapHours: 24, partner: 0, walletMode: 'seamless', currency: 'PHP', revenueShare: 30 },
    title: (a) => (a.kind === 'rotate' ? t(`${L}rotateTitle`, { appId: a.appId }) : t(`${L}createTitle`)),
    fields: (a) =>
      a.kind === 'create' ? (
        <>
          <Form.Item
            name="appId"
            label={t(`${L}f.appId`)}
            extra={t(`${L}help.appId`)}
            rules={[required, { pattern: /^[a-z0-9][a-z0-9_.-]{2,63}$/, message: t(`${L}validation.appId`) }]}
          >
            <Input />
          </Form.Item>
          <Form.Item name="name" label={t(`${L}f.name`)} rules={[required, { max: 64 }, { whitespace: true }]}>
            <Input />
          </Form.Item>
          <Form.Item name="partner" label={t(`${L}f.partner`)} rules={[required]}>
            <InputNumber min={0} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="walletMode" label={t(`${L}f.walletMode`)} rules={[required]}>
            <Select options={WALLET_OPTIONS.map((o) => ({ value: o.value, label: t(o.label) }))} />
          </Form.Item>
          <Form.Item name="callbackUrl" label={t(`${L}f.callbackUrl`)} rules={[required, callbackRule]}>
            <Input placeholder="https://" />
          </Form.Item>
          <Form.Item name="currency" label={t(`${L}f.currency`)} rules={[required]}>
            <Select options={AGENTX_CURRENCIES.map((c) => ({ value: c, label: c }))} />
          </Form.Item>
          <Form.Item name="revenueShare" label={t(`${L}f.revenueShare`)} rules={[required]}>
            <InputNumber min={0} max={100} precision={2} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="ipAllowList" label={t(`${L}f.ipAllowList`)} extra={t(`${L}help.ipAllowList`)} rules={[ipListRule]}>
            <Input.TextArea rows={2} />
          </Form.Item>
        </>
      ) : (
        <Form.Item name="overlapHours" label={t(`${L}f.overlapHours`)} extra={t(`${L}help.overlap`)} rules={[required]}>
          <InputNumber min={0} max={168} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      ),
    confirm: (a, v) => (a.kind === 'rotate' ? t(`${L}confirmRotate`, { appId: a.appId, hours: v.overlapHours }) : null),
    issue: async (a, v) =>
      shownOnce(
        (a.kind === 'create'
          ? await request<AgentxIssuedKey>('POST', `${API}/create`, {
              silent: true,
              data: {
                appId: String(v.appId).trim(),
                name: String(v.name).trim(),
                partner: Number(v.partner ?? 0),
                walletMode: v.walletMode,
                callbackUrl: String(v.callbackUrl).trim(),
                currency: v.currency,
                revenueShare: Number(v.revenueShare),
                ipAllowList: splitList(v.ipAllowList),
              },
            })
          : await request<AgentxIssuedKey>('POST', `${API}/rotate`, { data: { id: a.id, overlapHours: v.overlapHours }, silent: true })
        ).data!,
      ),
    shown: {
      title: (issued) => t(`${L}keyTitle`, { appId: issued.appId }),
      once: t(`${L}keyOnce`),
      stored: t(`${L}keyStored`),
      note: t(`${L}keySigning`),
      previousUntil: (at) => t(`${L}previousUntil`, { at }),
      className: 'agentx-key',
    },
  });
  return (
    <KeyContext.Provider value={ask}>
      {children}
      {modals}
    </KeyContext.Provider>
  );
}

export function CreateAgentButton() {
  const { t } = useTranslation();
  const ask = useContext(KeyContext);
  return (
    <Button type="primary" onClick={() => ask({ kind: 'create' })}>
      {t(`${L}create`)}
    </Button>
  );
}

export function RotateKeyButton({ id, appId }: { id: number; appId: string }) {
  const { t } = useTranslation();
  const ask = useContext(KeyContext);
  return (
    <Button
      size="small"
      onClick={(e) => {
        e.stopPropagation();
        ask({ kind: 'rotate', id, appId });
      }}
    >
      {t(`${L}rotate`)}
    </Button>
  );
}
