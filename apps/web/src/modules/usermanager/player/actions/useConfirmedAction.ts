import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { postAction } from '../api';
import { actionErrorText } from '../errors';

/** An action without a form: a confirmation, the call, "Operation success", then `onDone`. */
export function useConfirmedAction(onDone: () => void) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  return (content: string, path: string, body: unknown) => {
    modal.confirm({
      title: t('kit.confirmTitle'),
      content,
      okText: t('kit.ok'),
      cancelText: t('kit.cancel'),
      onOk: async () => {
        try {
          await postAction(path, body);
          message.success(t('kit.operationSuccess'));
          onDone();
        } catch (err) {
          message.error(actionErrorText((err as Error).message, t));
        }
      },
      onCancel: () => {
        message.info(t('kit.operationCancelled'));
      },
    });
  };
}
