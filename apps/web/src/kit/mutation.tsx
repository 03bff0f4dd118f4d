/**
 * The kit's calls that change data, through TanStack Query's `useMutation`: one busy flag, one
 * success toast, one way errors reach the user, and the screen's queries refreshed after it.
 * `useKitMutation` is one call; `usePreviewSend` is the preview → confirm → send flow of the
 * screens that reach many players at once (a message broadcast, a retrieval campaign).
 */
import { useState } from 'react';
import { App, message as staticMessage, Modal } from 'antd';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

export interface KitMutationSpec<V, R> {
  /** The call; it rejects when the server refuses (shell/request.ts). */
  call: (vars: V) => Promise<R>;
  /** The toast after it worked: an i18n key, or false for none. Default "Operation success". */
  success?: string | false;
  /**
   * Show the refusal as a toast. Needed only for a call made with `silent: true` (the request
   * layer shows every other refusal itself); `translate` words the server's message.
   */
  showError?: boolean | ((message: string) => string);
  /** Queries to refresh once the call settled (worked or not): prefixes of their keys; [] for every query. */
  invalidates?: QueryKey[];
  onSuccess?: (result: R, vars: V) => void;
}

export interface KitMutation<V, R> {
  /** Runs the call; resolves with its answer, or undefined when it was refused (never rejects). */
  run: (vars: V) => Promise<R | undefined>;
  busy: boolean;
  /** The last refusal's message (cleared by the next run, or by `reset`). */
  error: string | null;
  /** Forgets the last run's outcome (a form opened again starts without the old refusal). */
  reset: () => void;
}

/** The toasts of antd's <App> when the screen is inside one, else antd's global ones (tests of a bare screen). */
function useToasts() {
  const { message } = App.useApp();
  return typeof message.success === 'function' ? message : staticMessage;
}

export function useKitMutation<V = void, R = unknown>(spec: KitMutationSpec<V, R>): KitMutation<V, R> {
  const { t } = useTranslation();
  const message = useToasts();
  const client = useQueryClient();
  const mutation = useMutation<R, Error, V>({
    mutationFn: spec.call,
    onSuccess: (result, vars) => {
      if (spec.success !== false) void message.success(t(spec.success ?? 'kit.operationSuccess'));
      spec.onSuccess?.(result, vars);
    },
    onError: (err) => {
      if (!spec.showError) return;
      const text = err.message || t('kit.operationFailed');
      void message.error(typeof spec.showError === 'function' ? spec.showError(text) : text, 5);
    },
    onSettled: async () => {
      for (const key of spec.invalidates ?? []) await client.invalidateQueries(key.length ? { queryKey: key } : undefined);
    },
  });
  return {
    run: (vars) => mutation.mutateAsync(vars).catch(() => undefined),
    busy: mutation.isPending,
    error: mutation.error?.message ?? null,
    reset: mutation.reset,
  };
}

export interface PreviewSendSpec<P, V, R> {
  /** Validates the fields the preview needs and asks the server what a send would reach. */
  preview: () => Promise<P>;
  /** Validates the whole form: what the send carries. */
  values: () => Promise<V>;
  /** The confirmation's text for what the preview found (an already translated sentence). */
  confirm: (seen: P) => string;
  send: (values: V) => Promise<R>;
  /** After the send worked (the preview is cleared first). */
  onSent?: (result: R) => void;
}

export interface PreviewSend<P> {
  /** The last preview, or null (cleared when the send went out, or by `clear` when the form changed). */
  seen: P | null;
  /** Asks for the preview alone. */
  preview: () => Promise<P | null>;
  /** The whole flow: validate, preview again (the audience may have changed), confirm, send. */
  send: () => Promise<void>;
  clear: () => void;
  busy: boolean;
}

/**
 * Preview → confirm → send. The confirmation always shows a fresh preview's figures, so what the
 * operator confirms is what the server would reach at that moment; cancelling sends nothing.
 */
export function usePreviewSend<P, V, R>(spec: PreviewSendSpec<P, V, R>): PreviewSend<P> {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const confirm = typeof modal.confirm === 'function' ? modal.confirm : Modal.confirm;
  const [seen, setSeen] = useState<P | null>(null);
  const previewing = useKitMutation<void, P>({ call: () => spec.preview(), success: false, onSuccess: setSeen });
  const sending = useKitMutation<V, R>({
    call: spec.send,
    onSuccess: (result) => {
      setSeen(null);
      spec.onSent?.(result);
    },
  });
  const preview = async () => (await previewing.run()) ?? null;
  const send = async () => {
    const values = await spec.values().catch(() => null);
    if (values === null) return;
    const fresh = await preview();
    if (fresh === null) return;
    await new Promise<void>((resolve) => {
      confirm({
        title: t('kit.confirmTitle'),
        content: spec.confirm(fresh),
        okText: t('kit.ok'),
        cancelText: t('kit.cancel'),
        // the dialog shows its busy OK button until the send settles
        onOk: () => sending.run(values).then(() => resolve()),
        onCancel: () => resolve(),
      });
    });
  };
  return { seen, preview, send, clear: () => setSeen(null), busy: previewing.busy || sending.busy };
}
