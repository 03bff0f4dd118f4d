// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import type { CdkBatchRow } from '@console/schemas';
import { currentQuery, renderScreen } from '../../kit/test/setup';
import { clearSession, setUser } from '../../shell/session';
import locales from './locales';
import CdkcodeScreen, { batchBody, toIso } from './cdkcode';

vi.mock('../../shell/request', async (orig) => ({ ...(await orig<object>()), request: vi.fn(), requestStream: vi.fn() }));
const { request } = await import('../../shell/request');
const mocked = vi.mocked(request);

const batch = (id: number, extra: Partial<CdkBatchRow> = {}): CdkBatchRow => ({
  id,
  name: `Batch ${id}`,
  kind: 'unique',
  quantity: 100,
  currency: 'chip',
  amount: 500,
  startAt: '2026-11-22T10:00:00.000Z',
  endAt: '2026-12-22T10:00:00.000Z',
  status: 'active',
  state: 'active',
  redeemed: 3,
  createdBy: 'business',
  createdAt: '2026-11-22T10:00:00.000Z',
  updatedBy: null,
  updatedAt: null,
  ...extra,
});
const as = (roles: string[]) => setUser({ username: roles[0], name: roles[0], avatar: '', telephone: '', roles, bind2fa: false, partner: 0 });
const gets = () => mocked.mock.calls.filter((c) => c[0] === 'GET').map((c) => [c[1], c[2]?.params]);
const posts = () => mocked.mock.calls.filter((c) => c[0] === 'POST').map((c) => [c[1], (c[2] as { data: unknown }).data]);
const rowOf = (id: number) => document.querySelector(`tr[data-row-key="${id}"]`) as HTMLElement;
/** A button by its text (plain DOM queries: role queries are slow here). */
const button = (root: ParentNode, name: string) => [...root.querySelectorAll('button')].find((b) => b.textContent.trim() === name) ?? null;

beforeEach(() => {
  mocked.mockReset();
  mocked.mockImplementation(async (method, url) => {
    if (method === 'POST') return { code: 200, data: {} };
    if (url.endsWith('/batches'))
      return { code: 200, data: { items: [batch(7), batch(8, { status: 'disabled', state: 'disabled', kind: 'universal' })], total: 2 } };
    if (url.endsWith('/codes'))
      return { code: 200, data: { items: [{ id: 1, batchId: 7, code: 'ABCD-EFGH-2345', uses: 0, maxUses: 1, lastAt: null }], nextCursor: null } };
    return {
      code: 200,
      data: {
        items: [
          {
            id: 1,
            uid: 9301,
            name: 'P',
            partner: 0,
            batchId: 7,
            batchName: 'Batch 7',
            code: 'ABCD-EFGH-2345',
            currency: 'chip',
            amount: 500,
            device: null,
            phone: null,
            gcash: null,
            appId: 'demo',
            at: '2026-11-22T10:00:00.000Z',
          },
        ],
        nextCursor: null,
      },
    };
  });
});
afterEach(() => {
  cleanup();
  clearSession();
});

describe('/activities/cdkcode', () => {
  it('both languages carry the same keys', () => {
    const keys = (o: object, p = ''): string[] => Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' ? keys(v, `${p}${k}.`) : [`${p}${k}`]));
    expect(keys(locales.zh).sort()).toEqual(keys(locales.en).sort());
  });

  it('a manager creates a batch (times in GMT+08:00; valid until after valid from)', async () => {
    as(['business']);
    renderScreen(<CdkcodeScreen />, '/activities/cdkcode');
    await screen.findByText('Batch 7');
    expect(gets()[0]).toEqual(['/activities/cdkcode/batches', { page: 1, pageSize: 20 }]);
    expect(within(rowOf(7)).getByText('One-use codes')).toBeTruthy();
    expect(within(rowOf(8)).getByText('Universal code')).toBeTruthy();

    fireEvent.click(button(document, 'New batch')!);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Launch' } });
    fireEvent.change(within(dialog).getByLabelText('Reward'), { target: { value: '500' } });
    fireEvent.change(within(dialog).getByLabelText('Valid from'), { target: { value: '2026-12-01 00:00' } });
    fireEvent.change(within(dialog).getByLabelText('Valid until'), { target: { value: '2026-11-30 00:00' } });
    fireEvent.click(button(dialog, 'OK')!);
    expect(await within(dialog).findByText('Must be after Valid from')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Valid until'), { target: { value: '2026-12-31 23:59' } });
    fireEvent.click(button(dialog, 'OK')!);
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]).toEqual([
      '/activities/cdkcode/batches/create',
      {
        name: 'Launch',
        kind: 'unique',
        quantity: 100,
        currency: 'chip',
        amount: 500,
        startAt: '2026-12-01T00:00:00+08:00',
        endAt: '2026-12-31T23:59:00+08:00',
      },
    ]);
  }, 90_000);

  it("a manager disables and enables with a confirmation, and opens a batch's codes", async () => {
    as(['business']);
    renderScreen(<CdkcodeScreen />, '/activities/cdkcode');
    await screen.findByText('Batch 7');

    fireEvent.click(button(rowOf(7), 'Disable')!);
    await waitFor(() => expect(screen.getByText('Disable batch #7 "Batch 7"? Its codes stop redeeming until it is enabled again.')).toBeTruthy());
    fireEvent.click(button([...document.querySelectorAll('.ant-modal')].at(-1)!, 'OK')!);
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]).toEqual(['/activities/cdkcode/batches/disable', { id: 7 }]);
    expect(button(rowOf(8), 'Disable')).toBeNull();
    expect(button(rowOf(8), 'Enable')).toBeTruthy();

    fireEvent.click(screen.getByTestId('codes-7'));
    await screen.findByText('ABCD-EFGH-2345');
    expect(currentQuery()).toEqual({ batch: '7' });
    expect(gets().at(-1)).toEqual(['/activities/cdkcode/codes', expect.objectContaining({ batch: 7, cursor: '' })]);
    fireEvent.click(screen.getByTestId('back-to-batches'));
    await screen.findByText('Batch 7');
  }, 90_000);

  it('a reader sees the batches and the redemptions, but no changes and no codes', async () => {
    as(['service']);
    renderScreen(<CdkcodeScreen />, '/activities/cdkcode?batch=7');
    await screen.findByText('Batch 7');
    expect(button(document, 'New batch')).toBeNull();
    expect(button(rowOf(7), 'Disable')).toBeNull();
    expect(screen.queryByTestId('codes-7')).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Redemptions' }));
    await screen.findByText('Batch 7');
    expect(currentQuery()).toEqual({ tab: 'redemptions' });
    expect(gets().at(-1)![0]).toBe('/activities/cdkcode/redemptions');
  }, 60_000);

  it('form values become the API body', () => {
    expect(toIso('2026-11-22 18:00')).toBe('2026-11-22T18:00:00+08:00');
    expect(
      batchBody({ name: 'x', kind: 'universal', quantity: 5, currency: 'bean', amount: 1, startAt: '2026-11-22 18:00', endAt: '2026-11-23 18:00' }),
    ).toMatchObject({ kind: 'universal', startAt: '2026-11-22T18:00:00+08:00', endAt: '2026-11-23T18:00:00+08:00' });
    expect(i18next.t('cdkcode.states.usedUp')).toBe('Used up');
  });
});
