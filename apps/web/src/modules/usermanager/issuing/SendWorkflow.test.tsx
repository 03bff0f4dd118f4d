// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { App } from 'antd';
import { renderScreen } from '../../../kit/test/setup';
import { clearSession, setUser } from '../../../shell/session';
import { CASH } from './config';
import { SendWorkflow } from './SendWorkflow';

vi.mock('../../../shell/request', async (orig) => ({ ...(await orig<object>()), request: vi.fn() }));
const { request } = await import('../../../shell/request');
const mocked = vi.mocked(request);

const batch = {
  id: 7,
  currency: 'withdrawable',
  createdBy: 'admin',
  createdAt: '2026-11-22T18:00:00.000+08:00',
  reason: 'refund',
  lines: 2,
  total: 12_400,
  sentLines: 0,
  sentAmount: 0,
  failedLines: 0,
  status: 'running',
  finishedAt: null,
};
const allowance = { limit: 5_000_000, issued: 0, remaining: 5_000_000 };

beforeEach(() => {
  mocked.mockReset();
  let validations = 0;
  let polls = 0;
  mocked.mockImplementation(async (method, url) => {
    if (url.endsWith('/validate')) {
      validations += 1;
      return validations === 1
        ? {
            code: 200,
            data: {
              ok: false,
              lines: 1,
              players: 1,
              total: 12_345,
              allowance,
              fits: true,
              errors: [
                { line: 2, code: 'amountWhole', message: 'amount must be a whole number' },
                { line: 7, code: 'duplicate', message: 'uid is already on line 1', firstLine: 1 },
              ],
            },
          }
        : { code: 200, data: { ok: true, errors: [], lines: 2, players: 2, total: 12_400, allowance, fits: true } };
    }
    if (url.endsWith('/create')) return { code: 200, data: batch };
    if (url.endsWith('/progress')) {
      polls += 1;
      return { code: 200, data: { ...batch, status: 'done', sentLines: 1, sentAmount: 12_345, failedLines: 1 } };
    }
    if (url.endsWith('/lines'))
      return {
        code: 200,
        data: {
          items: [{ lineNo: 2, uid: 1002, amount: 55, status: 'failed', message: 'Daily issue limit exceeded: 0 left of 5000000', ledgerEntryId: null }],
          total: 1,
        },
      };
    throw new Error(`unexpected ${method} ${url} ${polls}`);
  });
});
afterEach(() => {
  cleanup();
  clearSession();
});

const calls = () => mocked.mock.calls.map((c) => `${c[0]} ${c[1]}`);

describe('batch send workflow', () => {
  it('check → every line problem listed → preview with totals in pesos → confirm → progress → result with failed lines', async () => {
    setUser({ username: 'admin', name: 'Admin', avatar: '', telephone: '', roles: ['admin'], bind2fa: false, partner: 0 });
    renderScreen(
      <App>
        <SendWorkflow kind={CASH} />
      </App>,
    );
    fireEvent.change(screen.getByPlaceholderText(/10000001,500/), { target: { value: '1001,12345\n1002,1.5' } });
    expect(screen.getByTestId('line-count').textContent).toBe('1 lines');
    fireEvent.change(screen.getAllByRole('textbox')[1], { target: { value: 'refund' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    await screen.findByText('Line 2: amount must be a whole number');
    expect(screen.getByText('Line 7: uid is already on line 1')).toBeTruthy();
    expect(screen.getByText(/2 problems: nothing has been sent/)).toBeTruthy();
    expect(calls()).toEqual(['POST /usermanager/batchsendcash/sendcash/validate']);

    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    const preview = await screen.findByTestId('preview');
    expect(within(preview).getByText('124.00')).toBeTruthy();
    expect(within(preview).getAllByText('50,000.00')).toHaveLength(2); // limit and remaining
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('124.00 to 2 players in 2 lines. Reason: refund')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await screen.findByTestId('batch-running');
    await screen.findByTestId('batch-done', {}, { timeout: 4_000 });
    expect(screen.getByText('1 lines sent (123.45), 1 failed')).toBeTruthy();
    await screen.findByText('Daily issue limit exceeded: 0 left of 5000000');
    // the failed line's uid opens the player detail
    expect(screen.getByTestId('failed-lines').querySelector('a[data-player-uid="1002"]')).toBeTruthy();
    expect(calls()).toContain('GET /usermanager/batchsendcash/sendcashlogs/lines');
    const create = mocked.mock.calls.find((c) => c[1].endsWith('/create'))!;
    expect((create[2] as { data: unknown }).data).toEqual({ text: '1001,12345\n1002,1.5', reason: 'refund' });
  });

  it('the reason is required and at most 200 characters before anything is checked', async () => {
    renderScreen(
      <App>
        <SendWorkflow kind={CASH} />
      </App>,
    );
    fireEvent.change(screen.getByPlaceholderText(/10000001,500/), { target: { value: '1001,5' } });
    fireEvent.change(screen.getAllByRole('textbox')[1], { target: { value: 'x'.repeat(201) } });
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    await screen.findByText('Over 200 characters');
    expect(mocked).not.toHaveBeenCalled();
  });
});
