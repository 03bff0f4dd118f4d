import { createContext, useContext, type ReactNode } from 'react';
import { message, Modal } from 'antd';

type MessageInstance = ReturnType<typeof message.useMessage>[0];
type HookAPI = ReturnType<typeof Modal.useModal>[0];

interface Feedback {
  message: MessageInstance;
  modal: HookAPI;
}
const FeedbackContext = createContext<Feedback | null>(null);

/** Toasts and confirm dialogs for a kit screen (works with or without antd's <App>). */
export function FeedbackProvider({ children }: { children: ReactNode }) {
  const [messageApi, messageHolder] = message.useMessage();
  const [modalApi, modalHolder] = Modal.useModal();
  return (
    <FeedbackContext.Provider value={{ message: messageApi, modal: modalApi }}>
      {messageHolder}
      {modalHolder}
      {children}
    </FeedbackContext.Provider>
  );
}

export function useFeedback(): Feedback {
  const feedback = useContext(FeedbackContext);
  if (!feedback) throw new Error('kit screens render inside FeedbackProvider');
  return feedback;
}

/** Confirm dialog as a promise: true on OK, false on cancel. */
export function confirmAsync(modal: HookAPI, title: string, content: ReactNode, labels: { ok: string; cancel: string }, danger = false): Promise<boolean> {
  return new Promise((resolve) => {
    modal.confirm({
      title,
      content,
      okText: labels.ok,
      cancelText: labels.cancel,
      okButtonProps: { danger },
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}
