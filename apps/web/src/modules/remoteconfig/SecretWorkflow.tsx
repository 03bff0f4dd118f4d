/**
 * Creating an application and rotating its secret: the one workflow of /remoteconfig/application
 * the kit's actions cannot carry, because the answer holds a secret that must be shown once
 * (the kit's SecretIssuer: a form, a confirmation for a rotation, the call, then the secret with
 * a copy button until the user says it is stored).
 */
import { createContext, useContext, type ReactNode } from 'react';
import { Button, Form, Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AnswerData, applicationSecretAnswer } from '@console/schemas';
import { useSecretIssuer } from '../../kit/secret/SecretIssuer';
import { request } from '../../shell/request';
import { L } from './common';

const S = `${L}application.`;
const API = '/remoteconfig/application/applications';

type Asking = { kind: 'create' } | { kind: 'rotate'; appId: string };

const SecretContext = createContext<(asking: Asking) => void>(() => {});

export function SecretWorkflow({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const required = { required: true, message: t('kit.validation.required') };
  const { ask, modals } = useSecretIssuer<Asking>({
    formName: 'remoteconfig-secret',
    initialValues: { overlapHours: 24 },
    title: (a) => t(a.kind === 'rotate' ? `${S}rotateTitle` : `${S}createTitle`, { appId: a.kind === 'rotate' ? a.appId : '' }),
    fields: (a) =>
      a.kind === 'create' ? (
        <>
          <Form.Item
            name="appId"
            label={t(`${S}appId`)}
            rules={[required, { pattern: /^[A-Za-z0-9_.-]{1,64}$/, message: t(`${L}validation.code`, { max: 64 }) }]}
          >
            <Input />
          </Form.Item>
          <Form.Item name="name" label={t(`${S}name`)} rules={[required, { max: 64 }]}>
            <Input />
          </Form.Item>
        </>
      ) : (
        <Form.Item name="overlapHours" label={t(`${S}overlapHours`)} extra={t(`${S}overlapHelp`)} rules={[required]}>
          <InputNumber min={0} max={168} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      ),
    confirm: (a, v) => (a.kind === 'rotate' ? t(`${S}confirmRotate`, { appId: a.appId, hours: v.overlapHours }) : null),
    issue: async (a, v) =>
      (a.kind === 'create'
        ? await request<AnswerData<typeof applicationSecretAnswer>>('POST', `${API}/create`, { data: { appId: v.appId, name: v.name ?? '' }, silent: true })
        : await request<AnswerData<typeof applicationSecretAnswer>>('POST', `${API}/rotate`, {
            data: { appId: a.appId, overlapHours: v.overlapHours },
            silent: true,
          })
      ).data!,
    shown: {
      title: (issued) => t(`${S}secretTitle`, { appId: issued.appId }),
      once: t(`${S}secretOnce`),
      stored: t(`${S}secretStored`),
      previousUntil: (at) => t(`${S}previousUntil`, { at }),
      className: 'remoteconfig-secret',
    },
  });
  return (
    <SecretContext.Provider value={ask}>
      {children}
      {modals}
    </SecretContext.Provider>
  );
}

/** The toolbar's create button and each row's rotate button (inside SecretWorkflow). */
export function CreateApplicationButton() {
  const { t } = useTranslation();
  const ask = useContext(SecretContext);
  return (
    <Button type="primary" onClick={() => ask({ kind: 'create' })}>
      {t(`${S}create`)}
    </Button>
  );
}

export function RotateSecretButton({ appId }: { appId: string }) {
  const { t } = useTranslation();
  const ask = useContext(SecretContext);
  return (
    <Button
      size="small"
      onClick={(e) => {
        e.stopPropagation();
        ask({ kind: 'rotate', appId });
      }}
    >
      {t(`${S}rotate`)}
    </Button>
  );
}
