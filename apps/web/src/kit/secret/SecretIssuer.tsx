/**
 * Issuing a credential that is shown once (a platform application's secret, an integration
 * agent's API key): the kit's action runner only says "Operation success", so these go through
 * this workflow: a form (what to create, or the overlap of a rotation), a confirmation before a
 * rotation, the call, then the credential with a copy button, until the user says it is stored.
 * A module declares its forms and calls (`SecretIssuerSpec`), wraps its screen in the provider
 * `useSecretIssuer` gives, and its buttons call `ask`.
 */
import { useState, type ReactNode } from 'react';
import { Alert, Button, Form, Modal, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { confirmAsync, useFeedback } from '../feedback';
import { formatDateTime } from '../../lib/format';

/** What the server answered: the credential, once, and until when the previous one still works. */
export interface IssuedSecret {
  appId: string;
  secret: string;
  previousUntil: string | null;
}

// form values are whatever the module's fields hold
type Values = Record<string, any>;

export interface SecretIssuerSpec<A> {
  /** Form name (field ids) and its initial values. */
  formName: string;
  initialValues: Values;
  /** The form's title and fields for what is asked. */
  title(asking: A): string;
  fields(asking: A): ReactNode;
  /** The confirmation asked before the call (null: none, e.g. when creating). */
  confirm(asking: A, values: Values): string | null;
  /** The call; answers the credential. */
  issue(asking: A, values: Values): Promise<IssuedSecret>;
  /** The window that shows it (already translated). */
  shown: { title(issued: IssuedSecret): string; once: string; stored: string; previousUntil(at: string): string; note?: string; className: string };
}

export function useSecretIssuer<A>(spec: SecretIssuerSpec<A>): { ask(asking: A): void; modals: ReactNode } {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const queryClient = useQueryClient();
  const [form] = Form.useForm();
  const [asking, setAsking] = useState<A | null>(null);
  const [busy, setBusy] = useState(false);
  const [issued, setIssued] = useState<IssuedSecret | null>(null);

  async function submit() {
    if (asking === null) return;
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const question = spec.confirm(asking, values);
    if (question !== null) {
      const ok = await confirmAsync(modal, t('kit.confirmTitle'), question, { ok: t('kit.ok'), cancel: t('kit.cancel') }, true);
      if (!ok) {
        message.info(t('kit.operationCancelled'));
        return;
      }
    }
    setBusy(true);
    try {
      const answer = await spec.issue(asking, values);
      setAsking(null);
      form.resetFields();
      setIssued(answer);
      await queryClient.invalidateQueries();
    } catch (err) {
      message.error((err as Error).message || t('kit.operationFailed'));
    } finally {
      setBusy(false);
    }
  }

  const modals = (
    <>
      <Modal
        open={asking !== null}
        title={asking === null ? '' : spec.title(asking)}
        okText={t('kit.ok')}
        cancelText={t('kit.cancel')}
        confirmLoading={busy}
        onOk={() => void submit()}
        onCancel={() => setAsking(null)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" name={spec.formName} autoComplete="off" initialValues={spec.initialValues}>
          {asking !== null && spec.fields(asking)}
        </Form>
      </Modal>
      <Modal
        open={issued !== null}
        title={issued ? spec.shown.title(issued) : ''}
        closable={false}
        maskClosable={false}
        destroyOnHidden
        footer={
          <Button type="primary" onClick={() => setIssued(null)}>
            {spec.shown.stored}
          </Button>
        }
      >
        <Alert type="warning" showIcon title={spec.shown.once} style={{ marginBottom: 12 }} />
        <Typography.Paragraph copyable={{ text: issued?.secret ?? '' }} code className={spec.shown.className}>
          {issued?.secret}
        </Typography.Paragraph>
        {spec.shown.note && <Typography.Paragraph type="secondary">{spec.shown.note}</Typography.Paragraph>}
        {issued?.previousUntil && (
          <Typography.Paragraph type="secondary">{spec.shown.previousUntil(formatDateTime(issued.previousUntil))}</Typography.Paragraph>
        )}
      </Modal>
    </>
  );
  return {
    ask: (a: A) => {
      form.resetFields();
      setAsking(a);
    },
    modals,
  };
}
