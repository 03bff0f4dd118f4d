/**
 * One review queue's state and steps, for the thin table that shows it (QueueTable.tsx): the
 * orders in one state, newest first, 50 at a time; the rows selected for a batch; and per row
 * the steps its state allows this reviewer (claim, approve, deny, release; set success / fail
 * for undetermined payouts), each with its confirmation or reason dialog. Approving asks for
 * the re-authentication when it has expired, and again when the server says so.
 */
import { useState, type ReactNode } from 'react';
import { App, Form, Input } from 'antd';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CashoutOrderItem } from '@console/schemas';
import { useKitMutation } from '../../kit';
import { formatMoney, formatOrderId } from '../../lib/format';
import { checkReason } from '../../lib/validators';
import { translateServerMessage } from '../../shell/server-messages';
import { useSession } from '../../shell/useSession';
import {
  approveBatch,
  approveOrder,
  claimOrder,
  denyBatch,
  denyOrder,
  fetchQueue,
  isReauthRequired,
  releaseOrder,
  resolveOrder,
  type BatchResult,
  type Queue,
} from './api';
import { useReauth } from './useReauth';

const L = 'cashout.';

/** A step a row offers: its button's label and look, and what pressing it does. */
export interface ReviewStep {
  key: 'claim' | 'approve' | 'deny' | 'release' | 'ok' | 'fail';
  label: string;
  primary?: boolean;
  danger?: boolean;
  /** Opens the step's dialog or takes it (what it returns is not for the caller). */
  run: () => unknown;
}

export function useReviewQueue(queue: Queue) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const { user } = useSession();
  const me = user?.username;
  const reauth = useReauth();
  const [selected, setSelected] = useState<string[]>([]);
  const query = useInfiniteQuery({
    queryKey: ['cashout', 'queue', queue],
    queryFn: ({ pageParam }) => fetchQueue(queue, pageParam || undefined),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const rows = query.data?.pages.flatMap((p) => p.items) ?? [];

  // every step refreshes the queues and the summary after it, worked or refused (another
  // reviewer may have moved the order meanwhile), and clears the selection
  const step = useKitMutation<() => Promise<unknown>, unknown>({
    call: (work) => work(),
    success: 'cashout.done',
    showError: (text) => translateServerMessage(text, t),
    invalidates: [['cashout']],
  });
  const run = (work: () => Promise<unknown>) => step.run(work).then(() => setSelected([]));

  /** Approves with the re-authentication: asked first when it has expired, and again if the server says so. */
  const withReauth = async <T,>(call: () => Promise<T>): Promise<T | null> => {
    if (!(await reauth.ensure())) return null;
    try {
      return await call();
    } catch (e) {
      if (!isReauthRequired(e) || !(await reauth.ensure(true))) throw e;
      return call();
    }
  };

  const approve = (row: CashoutOrderItem) =>
    modal.confirm({
      title: t(`${L}approveTitle`),
      content: t(`${L}approveBody`, { order: formatOrderId(row.orderId), amount: formatMoney(row.amount), account: row.account, uid: row.uid }),
      okText: t(`${L}approve`),
      // the confirmation closes first: the re-authentication prompt may open next
      onOk: () => {
        void run(async () => {
          const order = await withReauth(() => approveOrder(row.orderId));
          if (order && order.status === 'in_review') void message.info(t(`${L}needsSecond`));
        });
      },
    });

  const reasonModal = (title: string, onReason: (reason: string) => Promise<unknown>, danger = true) => {
    let reason = '';
    modal.confirm({
      title,
      okButtonProps: { danger },
      content: (
        <Form layout="vertical">
          <Form.Item label={t(`${L}reason`)} required>
            <Input.TextArea
              rows={3}
              maxLength={200}
              showCount
              autoFocus
              data-testid="cashout-reason"
              onChange={(e) => {
                reason = e.target.value;
              }}
            />
          </Form.Item>
        </Form>
      ),
      // taking `close` tells antd to keep the dialog open unless we return a promise (it closes
      // when that settles; `run` never rejects): without a reason it stays open, and nothing
      // throws (a rejected promise here surfaced as an unhandled rejection)
      onOk: (_close: () => void) => {
        if (checkReason(reason) !== null) {
          void message.error(t(`${L}reasonRequired`));
          return undefined;
        }
        return run(() => onReason(reason.trim()));
      },
    });
  };

  const batchReport = (results: BatchResult[]) => {
    const refused = results.filter((r) => r.code !== 200);
    if (refused.length === 0) return;
    modal.warning({
      title: t(`${L}batchRefused`, { count: refused.length, total: results.length }),
      content: (
        <ul>
          {refused.map((r) => (
            <li key={r.orderId}>
              {formatOrderId(r.orderId)}: {translateServerMessage(r.message ?? '', t)}
            </li>
          ))}
        </ul>
      ),
    });
  };

  /** The batch steps over the selected rows, for the queues that have them (null otherwise). */
  const batch =
    queue === 'not_reviewed' || queue === 'in_review'
      ? {
          approve: () =>
            modal.confirm({
              title: t(`${L}batchApproveTitle`, { count: selected.length }),
              okText: t(`${L}approve`),
              onOk: () => {
                void run(async () => {
                  const results = await withReauth(() => approveBatch(selected));
                  if (results) batchReport(results);
                });
              },
            }),
          deny: () => reasonModal(t(`${L}batchDenyTitle`, { count: selected.length }), async (reason) => batchReport(await denyBatch(selected, reason))),
        }
      : null;

  /** The steps this reviewer may take on the row, in the order its buttons show. */
  const stepsFor = (row: CashoutOrderItem): ReviewStep[] => {
    const mine = row.claimedBy === me;
    const secondEyes = row.approvedBy !== null && row.approvedBy !== me;
    const order = formatOrderId(row.orderId);
    const steps: ReviewStep[] = [];
    if (queue === 'not_reviewed') steps.push({ key: 'claim', label: t(`${L}claim`), primary: true, run: () => void run(() => claimOrder(row.orderId)) });
    if (queue === 'not_reviewed' || (queue === 'in_review' && ((mine && row.approvedBy === null) || secondEyes)))
      steps.push({ key: 'approve', label: t(secondEyes ? `${L}secondApprove` : `${L}approve`), run: () => approve(row) });
    if (queue === 'not_reviewed' || (queue === 'in_review' && (mine || row.approvedBy !== null)))
      steps.push({ key: 'deny', label: t(`${L}deny`), danger: true, run: () => reasonModal(t(`${L}denyTitle`, { order }), (r) => denyOrder(row.orderId, r)) });
    if (queue === 'in_review' && row.approvedBy === null)
      steps.push({
        key: 'release',
        label: t(`${L}release`),
        run: () => modal.confirm({ title: t(`${L}releaseTitle`, { order, reviewer: row.claimedBy }), onOk: () => run(() => releaseOrder(row.orderId)) }),
      });
    if (queue === 'undetermined')
      steps.push(
        {
          key: 'ok',
          label: t(`${L}setSuccess`),
          run: () => reasonModal(t(`${L}setSuccessTitle`, { order }), (r) => resolveOrder(row.orderId, 'success', r), false),
        },
        {
          key: 'fail',
          label: t(`${L}setFail`),
          danger: true,
          run: () => reasonModal(t(`${L}setFailTitle`, { order }), (r) => resolveOrder(row.orderId, 'fail', r)),
        },
      );
    return steps;
  };

  const element: ReactNode = reauth.element;
  return { query, rows, selected, setSelected, busy: step.busy, batch, stepsFor, element };
}
