import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { i18next } from './i18n';
import { setRequestFeedback } from './request';
import { translateServerMessage } from './server-messages';

/** Error toasts stay 5 s (§9). */
export const ERROR_TOAST_SECONDS = 5;

/** What ToastHolder.tsx hands over once antd's message is mounted. */
export interface ToastApi {
  error(content: ReactNode, duration: number): void;
  success(content: ReactNode): void;
}

let api: ToastApi | null = null;
/** Toasts asked for before the holder is mounted (the boot's account request may fail before the first render). */
const pending: Array<(a: ToastApi) => void> = [];
let expiredHandler: (text: string) => void = () => {};
let twoFactorHandler: () => void = () => {};
let twoFactorToastAt = 0;

// antd's message (with antd's runtime) is not part of the sign-in page's first load: Root mounts
// the holder with the first toast asked for, and the queue above keeps that toast until it is up.
let wanted = false;
const listeners = new Set<() => void>();
function want() {
  if (wanted) return;
  wanted = true;
  for (const l of listeners) l();
}

/** The signed-in shell mounts the holder at once: its toasts then never wait for the chunk. */
export function mountToasts() {
  want();
}

function show(f: (a: ToastApi) => void) {
  if (api) f(api);
  else {
    pending.push(f);
    want();
  }
}

/** Toasts usable outside React (guard, request layer); they follow antd's theme (ToastHolder.tsx). */
export const toast = {
  error(content: ReactNode, duration = ERROR_TOAST_SECONDS) {
    show((a) => a.error(content, duration));
  },
  success(content: ReactNode) {
    show((a) => a.success(content));
  },
};

/** The signed-in shell puts the "Safe exit" dialog here (it lives in the shell's own chunk). */
export function setExpiredHandler(handler: (text: string) => void) {
  expiredHandler = handler;
}

/** The signed-in shell opens the account settings here when the server asks for an authenticator first. */
export function setTwoFactorHandler(handler: () => void) {
  twoFactorHandler = handler;
}

/** ToastHolder.tsx, mounted: toasts go to antd's message from now on (null: unmounted). */
export function attachToasts(a: ToastApi | null) {
  api = a;
  if (a) for (const f of pending.splice(0)) f(a);
}

/**
 * The §8 feedback of the request layer: network/HTTP errors → a 5 s error toast (known server
 * messages translated); code -1 → the expiry dialog. Connected when this module loads, so an
 * error before any toast was shown still becomes one.
 */
setRequestFeedback({
  error: (text) => toast.error(translateServerMessage(text, i18next.t)),
  twoFactor: (text) => {
    twoFactorHandler();
    // a page's several calls are refused together: one toast
    if (Date.now() - twoFactorToastAt < ERROR_TOAST_SECONDS * 1000) return;
    twoFactorToastAt = Date.now();
    toast.error(translateServerMessage(text, i18next.t));
  },
  expired: (text) => expiredHandler(text),
});

const LazyToastHolder = lazy(() => import('./ToastHolder'));
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
};

/** Mounted once at the root: antd's message holder, loaded when the first toast is asked for. */
export function Toasts() {
  const on = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => wanted,
  );
  return on ? (
    <Suspense fallback={null}>
      <LazyToastHolder />
    </Suspense>
  ) : null;
}
