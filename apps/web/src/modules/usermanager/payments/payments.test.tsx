// @vitest-environment jsdom
/**
 * The recharge order screens: keyset reads with their filters, every string in en and zh,
 * order ids shown first 4 … last 4 (full on hover and copied whole, whole in the CSV), and the
 * decision on a held order (reason, confirmation, POST), offered on held orders only.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import type { RechargeOrderItem } from '@console/schemas';
import { renderScreen } from '../../../kit/test/setup';
import type { ListDeclaration } from '../../../kit';
import { exportColumns } from '../../../kit/list/serverExport';
import { clearSession, setUser } from '../../../shell/session';
import { LEDGER_REASON_LABELS } from '../ledgerReasons';
import { createdPaymentLogsScreen, paymentlogsScreen, payorderScreen } from './orders';
import PaymentlogsScreen from './paymentlogs';
import PayorderScreen from './payorder';

vi.mock('../../../shell/request', async (orig) => ({ ...(await orig<object>()), request: vi.fn() }));
const { request } = await import('../../../shell/request');
const mocked = vi.mocked(request);

const HELD_ID = '8f3a0c9e4b7d11e2a5f60718293a21c0';
const PAID_ID = '0123456789abcdef0123456789abcdef';
const order = (id: number, orderId: string, extra: Partial<RechargeOrderItem>): RechargeOrderItem => ({
  id,
  orderId,
  uid: 10000007,
  partner: 0,
  productId: 'P100',
  channel: 'gcash',
  os: 'android',
  price: 10000,
  status: 'created',
  channelOrderId: null,
  paidAmount: null,
  chips: 0,
  bonusChips: 0,
  createdAt: '2026-11-22T18:00:00.000+08:00',
  paidAt: null,
  callbackAt: null,
  callbacks: 0,
  heldReason: null,
  flag: null,
  resolution: null,
  resolvedBy: null,
  resolvedAt: null,
  resolutionNote: null,
  ...extra,
});
const rows = [
  order(2, HELD_ID, { status: 'held', heldReason: 'amount', paidAmount: 9000, channelOrderId: 'GC-778899', callbacks: 3 }),
  order(1, PAID_ID, { status: 'paid', paidAmount: 10000, chips: 10000, bonusChips: 5000, paidAt: '2026-11-22T18:01:00.000+08:00', channelOrderId: 'GC-1' }),
];
const posts = () => mocked.mock.calls.filter((c) => c[0] === 'POST').map((c) => [c[1], (c[2] as { data: unknown }).data]);
const rowOf = (id: number) => document.querySelector(`tr[data-row-key="${id}"]`) as HTMLElement;
const buttonsOf = (id: number) => [...rowOf(id).querySelectorAll('button')].map((b) => b.textContent.trim()).filter(Boolean);

beforeEach(() => {
  mocked.mockReset();
  mocked.mockImplementation(async (method) =>
    method === 'POST' ? { code: 200, data: { orderId: HELD_ID, status: 'paid' } } : { code: 200, data: { items: rows, nextCursor: null } },
  );
  setUser({ username: 'serviceleader', name: 'Leader', avatar: '', telephone: '', roles: ['serviceleader'], bind2fa: false, partner: 0 });
});
afterEach(() => {
  cleanup();
  clearSession();
});

describe('/usermanager recharge screens', () => {
  const decls = [paymentlogsScreen, createdPaymentLogsScreen, payorderScreen] as unknown as ListDeclaration<never>[];

  it('name only keys that exist in English and in Chinese, the ledger reasons included', () => {
    const keys = new Set<string>();
    for (const d of decls) {
      keys.add(d.title);
      keys.add(d.detail!.title);
      for (const f of d.filters ?? []) {
        keys.add(f.label);
        if (f.kind === 'select') for (const o of f.options) keys.add(o.label);
      }
      for (const c of [...d.columns, ...d.detail!.items]) {
        keys.add(c.title);
        for (const l of Object.values(c.labels ?? {})) keys.add(l);
      }
      for (const a of d.actions ?? []) {
        keys.add(a.label as string);
        keys.add(a.confirm as string);
        keys.add(a.form!.title!);
        for (const f of a.form!.fields) {
          keys.add(f.label);
          if (f.help) keys.add(f.help);
        }
      }
    }
    keys.add(LEDGER_REASON_LABELS.recharge);
    keys.add(LEDGER_REASON_LABELS['recharge.bonus']);
    for (const lng of ['en', 'zh']) {
      for (const key of keys) expect(i18next.exists(key, { lng }), `${lng}: ${key}`).toBe(true);
    }
    expect(i18next.getFixedT('zh')(LEDGER_REASON_LABELS['recharge.bonus'])).toBe('首充奖励');
  });

  it('every screen filters by time, channel, os, uid, order id, channel order id, product and price range', () => {
    for (const d of decls) {
      expect(d.filters!.map((f) => f.name)).toEqual(
        expect.arrayContaining(['at', 'channel', 'os', 'uid', 'orderId', 'channelOrderId', 'productId', 'pesosMin', 'pesosMax']),
      );
    }
    expect(payorderScreen.filters!.map((f) => f.name)).toEqual(expect.arrayContaining(['status', 'attention', 'flag']));
  });

  it('shows order ids first 4 … last 4, the full id on hover and copied whole; the CSV carries the full id', async () => {
    renderScreen(<PaymentlogsScreen />, '/usermanager/paymentlogs?channel=gcash&pesosMin=100');
    const cell = await screen.findByText('0123…cdef');
    expect(cell.closest('[title]')?.getAttribute('title')).toBe(PAID_ID);
    expect(rowOf(1).querySelector('.ant-typography-copy')).toBeTruthy();
    expect(mocked.mock.calls[0].slice(1)).toEqual([
      '/usermanager/paymentlogs',
      expect.objectContaining({
        params: { channel: 'gcash', pesosMin: '100', pageSize: 50, cursor: '' },
      }),
    ]);
    expect(within(rowOf(1)).getByText('100.00')).toBeTruthy();
    expect(within(rowOf(1)).getByText('5,000')).toBeTruthy();
    const orderIdColumn = exportColumns(paymentlogsScreen.columns, i18next.t).find((c) => c.key === 'orderId');
    expect(orderIdColumn).toEqual({ key: 'orderId', title: 'Order ID', format: 'orderId' });
  });

  it('offers Credit and Refuse on held orders only; Credit asks a reason, confirms, then POSTs', async () => {
    renderScreen(<PayorderScreen />, '/usermanager/payorder?attention=true');
    await screen.findByText('8f3a…21c0');
    expect(within(rowOf(2)).getByText('Held for review')).toBeTruthy();
    expect(within(rowOf(2)).getByText('Amount differs from the price')).toBeTruthy();
    expect(buttonsOf(2)).toEqual(['Details', 'Credit', 'More']);
    expect(buttonsOf(1)).toEqual(['Details']);
    fireEvent.click([...rowOf(2).querySelectorAll('button')].find((b) => b.textContent === 'Credit')!);
    const form = await screen.findByRole('dialog');
    fireEvent.click(within(form).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(form.querySelector('.ant-form-item-explain-error')).toBeTruthy());
    expect(posts()).toHaveLength(0);
    fireEvent.change(within(form).getByLabelText('Reason'), { target: { value: 'GCash statement shows ₱90 received' } });
    fireEvent.click(within(form).getByRole('button', { name: 'OK' }));
    const confirm = await screen.findByText(
      `Credit order ${HELD_ID}? Player 10000007 receives the order's chips (and the first-recharge bonus if it is their first paid order). This cannot be undone here.`,
    );
    expect(posts()).toHaveLength(0);
    fireEvent.click(within(confirm.closest('.ant-modal') as HTMLElement).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(posts()).toEqual([['/usermanager/payorder/credit', { orderId: HELD_ID, reason: 'GCash statement shows ₱90 received' }]]));
  });
});
