import { useState, type ReactNode } from 'react';
import { Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { request } from '../../shell/request';
import { hasAnyRole } from '../../shell/session';
import { useSession } from '../../shell/useSession';
import { confirmAsync, useFeedback } from '../feedback';
import { FormFields } from '../form/FormFields';
import { useKitMutation } from '../mutation';
import type { ActionDeclaration, FormValues } from '../types';

export function actionLabel<Row>(action: ActionDeclaration<Row>, row: Row | undefined): string {
  return typeof action.label === 'function' ? action.label(row) : action.label;
}

/**
 * The actions this account may use on this row (or the toolbar, row undefined): the rule
 * of the shell's Permission element (holds one of the listed roles; none listed = anyone
 * who opened the screen), then the action's own `visible`.
 */
export function useAllowedActions<Row>(actions: ActionDeclaration<Row>[] | undefined) {
  const { user } = useSession();
  const allowed = (actions ?? []).filter((a) => !a.roles || a.roles.length === 0 || hasAnyRole(user, a.roles));
  return (row?: Row) => allowed.filter((a) => row === undefined || !a.visible || a.visible(row));
}

interface Running<Row> {
  action: ActionDeclaration<Row>;
  row: Row | undefined;
}

/**
 * Runs declared actions for a whole screen with one form modal:
 * form (if declared) → confirmation (if declared) → the call → "Operation success" → onDone.
 */
export function useActionRunner<Row>(onDone: () => void) {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const [form] = Form.useForm<FormValues>();
  const [formFor, setFormFor] = useState<Running<Row> | null>(null);
  const [runningKey, setRunningKey] = useState<string | null>(null);
  const calling = useKitMutation({
    call: ({ action, row, values }: Running<Row> & { values: FormValues }) => {
      const data = action.call.body ? action.call.body(row, values) : undefined;
      return request(
        action.call.method,
        action.call.url,
        action.call.method === 'GET' ? { params: data as Record<string, unknown>, silent: true } : { data, silent: true },
      );
    },
    showError: true,
    onSuccess: onDone,
  });
  const busyKey = calling.busy ? runningKey : null;

  async function call({ action, row }: Running<Row>, values: FormValues): Promise<boolean> {
    if (action.confirm) {
      const key = typeof action.confirm === 'function' ? action.confirm(row) : action.confirm;
      const ok = await confirmAsync(modal, t('kit.confirmTitle'), t(key, { ...(row as object) }), { ok: t('kit.ok'), cancel: t('kit.cancel') }, action.danger);
      if (!ok) {
        message.info(t('kit.operationCancelled'));
        return false;
      }
    }
    setRunningKey(action.key);
    return (await calling.run({ action, row, values })) !== undefined;
  }

  function start(action: ActionDeclaration<Row>, row?: Row) {
    if (action.form) setFormFor({ action, row });
    else void call({ action, row }, {});
  }

  async function submit() {
    if (!formFor) return;
    const values = await form.validateFields().catch(() => null);
    if (values && (await call(formFor, values))) setFormFor(null);
  }

  const formSpec = formFor?.action.form;
  const element: ReactNode =
    formFor && formSpec ? (
      <Modal
        open
        title={t(formSpec.title ?? actionLabel(formFor.action, formFor.row))}
        okText={t('kit.ok')}
        cancelText={t('kit.cancel')}
        confirmLoading={busyKey === formFor.action.key}
        onOk={submit}
        onCancel={() => setFormFor(null)}
      >
        <Form
          form={form}
          name={`kit-action-${formFor.action.key}`}
          layout="vertical"
          autoComplete="off"
          initialValues={formSpec.initialValues?.(formFor.row) ?? {}}
        >
          <FormFields fields={formSpec.fields} />
        </Form>
      </Modal>
    ) : null;

  return { start, busyKey, element };
}
