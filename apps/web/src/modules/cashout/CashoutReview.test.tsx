// @vitest-environment jsdom
/** The review screen: queue counts, the steps each row offers, approve asking for confirmation then re-authentication, a deny needing its reason. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import type { CashoutOrderItem } from '@console/schemas';
import { renderScreen } from '../../kit/test/setup';
import { clearSession, setUser } from '../../shell/session';
import CashoutReview from './CashoutReview';

vi.mock('../../shell/request', async (orig) => ({ ...(await orig<object>()), request: vi.fn() }));
const { request } = await import('../../shell/request');
const mocked = vi.mocked(request);

const ORDER_A = 'a'.repeat(28) + '21c0';
const ORDER_B = 'b'.repeat(28) + '9f9f';
const order = (orderId: string, extra: Partial<CashoutOrderItem> = {}): CashoutOrderItem => ({
  id: 1,
  orderId,
  uid: 1001,
  partner: 0,
  channel: 'gcash',
  amount: 2_000_000,
  fee: 40_000,
  account: '09175550001',
  remarks: '',
  status: 'not_reviewed',
  createdAt: '2026-11-22T18:00:00.000+08:00',
  claimedBy: null,
  approvedBy: null,
  secondApprovedBy: null,
  resolvedBy: null,
  providerRef: null,
  attempts: 0,
  finishedAt: null,
  lateOutcome: null,
  needsTwo: true,
  ...extra,
});
const posts = () => mocked.mock.calls.filter((c) => c[0] === 'POST').map((c) => [c[1], (c[2] as { data: unknown }).data]);
const rowOf = (orderId: string) => document.querySelector(`tr[data-row-key="${orderId}"]`) as HTMLElement;

beforeEach(() => {
  mocked.mockReset();
  mocked.mockImplementation(async (method, url, opts) => {
    if (url === '/cashout/summary')
      return { code: 200, data: { counts: { not_reviewed: 2, in_review: 0, approved: 0, undetermined: 0 }, late: 0, fourEyesAmount: 1_000_000 } };
    if (url === '/cashout/orders') {
      const status = (opts?.params as { status?: string })?.status;
      return {
        code: 200,
        data: { items: status === 'not_reviewed' ? [order(ORDER_A), order(ORDER_B, { amount: 50_000, needsTwo: false })] : [], nextCursor: null },
      };
    }
    if (url === '/cashout/reauth') return { code: 200, data: { validUntil: new Date(Date.now() + 300_000).toISOString() } };
    if (method === 'POST')
      return { code: 200, data: { order: order(ORDER_A, { status: 'in_review', claimedBy: 'serviceleader', approvedBy: 'serviceleader' }), results: [] } };
    return { code: 200, data: {} };
  });
  setUser({ username: 'serviceleader', name: 'Leader', avatar: '', telephone: '', roles: ['serviceleader'], bind2fa: false, partner: 0 });
});
afterEach(() => {
  cleanup();
  clearSession();
});

const render = () =>
  renderScreen(
    <App>
      <CashoutReview />
    </App>,
    '/usermanager/cashoutreview',
  );

/**
 * The button whose text is `name` inside `container`. By text, not by role: a role query computes
 * every candidate's visibility through jsdom's getComputedStyle, which re-reads antd's injected
 * styles each time (18 s for one row's buttons).
 */
function buttonIn(container: HTMLElement, name: string | RegExp): HTMLElement {
  const match = (text: string) => (typeof name === 'string' ? text === name : name.test(text));
  const found = [...container.querySelectorAll('button')].find((b) => match((b.textContent ?? '').trim()));
  if (!found) throw new Error(`no button ${String(name)}`);
  return found;
}

describe('/usermanager/cashoutreview', () => {
  it('shows the not reviewed queue with its count, four-eyes tag and the steps of that state', async () => {
    render();
    await waitFor(() => expect(rowOf(ORDER_A)).toBeTruthy());
    expect(screen.getByRole('tab', { name: /Not reviewed\s*2/ })).toBeTruthy();
    expect(within(rowOf(ORDER_A)).getByText('aaaa…21c0')).toBeTruthy();
    expect(within(rowOf(ORDER_A)).getByText('Four eyes')).toBeTruthy();
    expect(within(rowOf(ORDER_B)).queryByText('Four eyes')).toBeNull();
    expect([...rowOf(ORDER_A).querySelectorAll('button')].map((b) => b.textContent.trim()).filter(Boolean)).toEqual(
      expect.arrayContaining(['Player context', 'Claim', 'Approve', 'Deny']),
    );
    expect(screen.getByText('Orders above ₱10,000.00 need two reviewers')).toBeTruthy();
  });

  it('approve: confirmation, then the password prompt, then the call', async () => {
    render();
    await waitFor(() => expect(rowOf(ORDER_A)).toBeTruthy());
    fireEvent.click(buttonIn(rowOf(ORDER_A), 'Approve'));
    const confirm = (await screen.findAllByText('Approve this cash-out?'))[0];
    fireEvent.click(buttonIn(confirm.closest('.ant-modal') as HTMLElement, 'Approve'));
    const secret = await screen.findByTestId('reauth-secret');
    expect(posts()).toEqual([]);
    fireEvent.change(secret, { target: { value: 'demo123456' } });
    fireEvent.click(buttonIn(document.body, 'Confirm'));
    await waitFor(() =>
      expect(posts()).toEqual([
        ['/cashout/reauth', { password: 'demo123456' }],
        ['/cashout/approve', { orderId: ORDER_A }],
      ]),
    );
    expect(await screen.findByText('First approval recorded: a second reviewer completes it')).toBeTruthy();
  }, 60_000);

  it('deny asks for a reason and sends nothing without one', async () => {
    render();
    await waitFor(() => expect(rowOf(ORDER_B)).toBeTruthy());
    fireEvent.click(buttonIn(rowOf(ORDER_B), 'Deny'));
    const dialog = (await screen.findAllByText(/^Deny order bbbb…9f9f/))[0].closest('.ant-modal') as HTMLElement;
    fireEvent.click(buttonIn(dialog, /^(OK|Deny)$/));
    expect(await screen.findByText('Enter a reason of at most 200 characters')).toBeTruthy();
    expect(posts()).toEqual([]);
    fireEvent.change(screen.getByTestId('cashout-reason'), { target: { value: 'Account name does not match' } });
    fireEvent.click(buttonIn(dialog, /^(OK|Deny)$/));
    await waitFor(() => expect(posts()).toEqual([['/cashout/deny', { orderId: ORDER_B, reason: 'Account name does not match' }]]));
  }, 60_000);
});
