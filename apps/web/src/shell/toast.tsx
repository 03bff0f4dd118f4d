import { message } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { i18next } from './i18n';
import { setRequestFeedback } from './request';
import { translateServerMessage } from './server-messages';

/** Error toasts stay 5 s (§9). */
export const ERROR_TOAST_SECONDS = 5;

type MessageApi = ReturnType<typeof message.useMessage>[0];
let api: MessageApi | null = null;
/** Toasts asked for before the holder is mounted (the boot's account request may fail before the first render). */
const pending: Array<(a: MessageApi) => void> = [];
let expiredHandler: (text: string) => void = () => {};

function show(f: (a: MessageApi) => void) {
  if (api) f(api);
  else pending.push(f);
}

/** Toasts usable outside React (guard, request layer); they follow the ConfigProvider's theme. */
export const toast = {
  error(content: ReactNode, duration = ERROR_TOAST_SECONDS) { show((a) => void a.error({ content, duration })); },
  success(content: ReactNode) { show((a) => void a.success({ content })); },
};

/** The signed-in shell puts the "Safe exit" dialog here (it lives in the shell's own chunk). */
export function setExpiredHandler(handler: (text: string) => void) { expiredHandler = handler; }

/**
 * Mounted once at the root: holds antd's message API and connects the request layer to the
 * §8 feedback: network/HTTP errors → a 5 s error toast (known server messages translated);
 * code -1 → the expiry dialog.
 */
export function ToastHolder() {
  const [messageApi, holder] = message.useMessage({ maxCount: 3 });
  useEffect(() => {
    api = messageApi;
    for (const f of pending.splice(0)) f(messageApi);
    setRequestFeedback({
      error: (text) => toast.error(translateServerMessage(text, i18next.t)),
      expired: (text) => expiredHandler(text),
    });
  }, [messageApi]);
  return holder;
}
