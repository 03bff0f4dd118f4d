/** The cash-out review's calls (docs/api/cashout.md); answers typed from @console/schemas. */
import type {
  AnswerData,
  cashoutBatchAnswer,
  cashoutContextAnswer,
  cashoutReauthAnswer,
  cashoutSummaryAnswer,
  cashoutTransitionAnswer,
  CashoutOrderItem,
  CashoutState,
  CursorPageOf,
} from '@console/schemas';
import { request } from '../../shell/request';

export const API = '/cashout';
/** The states a reviewer acts on, one queue each. */
export const QUEUES = ['not_reviewed', 'in_review', 'approved', 'undetermined'] as const satisfies readonly CashoutState[];
export type Queue = (typeof QUEUES)[number];

export type Summary = AnswerData<typeof cashoutSummaryAnswer>;
export type OrderContext = AnswerData<typeof cashoutContextAnswer>;
export type BatchResult = AnswerData<typeof cashoutBatchAnswer>['results'][number];
type Step = AnswerData<typeof cashoutTransitionAnswer>;

/** The server's refusal of an approval without a recent re-authentication (HTTP 403). */
export const isReauthRequired = (e: unknown) =>
  (e as { code?: number; message?: string })?.code === 403 && /Confirm your password/.test((e as Error).message ?? '');

export async function fetchQueue(status: Queue, cursor?: string) {
  const res = await request<CursorPageOf<CashoutOrderItem>>('GET', `${API}/orders`, { params: { status, pageSize: 50, cursor } });
  return res.data!;
}

export const fetchSummary = async () => (await request<Summary>('GET', `${API}/summary`)).data!;
export const fetchContext = async (orderId: string) => (await request<OrderContext>('GET', `${API}/context`, { params: { orderId } })).data!;

export const releaseOrder = async (orderId: string) => (await request<Step>('POST', `${API}/release`, { data: { orderId } })).data!.order;
export const claimOrder = async (orderId: string) => (await request<Step>('POST', `${API}/claim`, { data: { orderId } })).data!.order;
/** Silent: the screen asks for the re-authentication when the server wants one. */
export const approveOrder = async (orderId: string) => (await request<Step>('POST', `${API}/approve`, { data: { orderId }, silent: true })).data!.order;
export const denyOrder = async (orderId: string, reason: string) => (await request<Step>('POST', `${API}/deny`, { data: { orderId, reason } })).data!.order;
export const resolveOrder = async (orderId: string, outcome: 'success' | 'fail', reason: string) =>
  (await request<Step>('POST', `${API}/resolve`, { data: { orderId, outcome, reason } })).data!.order;
export const approveBatch = async (orderIds: string[]) =>
  (await request<AnswerData<typeof cashoutBatchAnswer>>('POST', `${API}/approve/batch`, { data: { orderIds }, silent: true })).data!.results;
export const denyBatch = async (orderIds: string[], reason: string) =>
  (await request<AnswerData<typeof cashoutBatchAnswer>>('POST', `${API}/deny/batch`, { data: { orderIds, reason } })).data!.results;
export const reauthenticate = async (body: { password: string } | { code: string }) =>
  (await request<AnswerData<typeof cashoutReauthAnswer>>('POST', `${API}/reauth`, { data: body, silent: true })).data!;
