import { Form, Modal } from 'antd';
import type { FormInstance } from 'antd';
import { type ReactNode } from 'react';
import { useKitMutation } from '../../../../kit/mutation';
import { useTranslation } from 'react-i18next';
import { postAction } from '../api';
import { actionErrorText } from '../errors';

export type Values = Record<string, unknown>;

/**
 * A staff action's modal: the form (antd rules show the §5 messages under the fields), then
 * the call, "Operation success" and `onDone`; a refusal is shown and the form stays open.
 */
export function ActionModal({
  title,
  path,
  open,
  onClose,
  onDone,
  body,
  children,
  initialValues,
  danger,
}: {
  title: string;
  path: string;
  open: boolean;
  onClose: () => void;
  onDone: () => void;
  body: (values: Values) => unknown;
  children: (form: FormInstance<Values>) => ReactNode;
  initialValues?: Values;
  danger?: boolean;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const posting = useKitMutation({
    call: (values: Values) => postAction(path, body(values)),
    showError: (text) => actionErrorText(text, t),
    onSuccess: () => {
      onDone();
      onClose();
    },
  });

  async function submit() {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    await posting.run(values);
  }

  return (
    <Modal
      title={title}
      open={open}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={posting.busy}
      destroyOnHidden
      okText={t('kit.ok')}
      cancelText={t('kit.cancel')}
      okButtonProps={{ danger }}
    >
      <Form form={form} layout="vertical" initialValues={initialValues} preserve={false}>
        {children(form)}
      </Form>
    </Modal>
  );
}
