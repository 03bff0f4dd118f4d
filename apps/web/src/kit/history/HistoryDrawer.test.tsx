// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderScreen } from '../test/setup';
import { historyCell, WithHistory } from './WithHistory';
import type { HistoryDeclaration, Version } from './types';

vi.mock('../../shell/request', async (orig) => ({ ...(await orig<object>()), request: vi.fn() }));
const { request } = await import('../../shell/request');
const mocked = vi.mocked(request);

const versions: Version[] = [
  {
    id: 3,
    key: 'gcash',
    at: '2026-11-22T10:05:00Z',
    actor: 'secadmin',
    action: 'update',
    before: { channel: 'gcash', feePercent: 2.5, min: 10000 },
    after: { channel: 'gcash', feePercent: 3, min: 10000 },
  },
  {
    id: 2,
    key: 'gcash',
    at: '2026-11-22T10:00:00Z',
    actor: 'secadmin',
    action: 'update',
    before: { channel: 'gcash', feePercent: 2, min: 10000 },
    after: { channel: 'gcash', feePercent: 2.5, min: 10000 },
  },
  { id: 1, key: 'gcash', at: '2026-11-22T09:00:00Z', actor: 'system', action: 'seed', before: null, after: { channel: 'gcash', feePercent: 2, min: 10000 } },
];
const history: HistoryDeclaration = { url: '/remoteconfig/cashOutEdter/versions', formatValue: (f, v) => (f === 'min' ? `₱${Number(v) / 100}` : undefined) };

beforeEach(() => {
  mocked.mockReset();
  mocked.mockImplementation(async (method) => (method === 'GET' ? { code: 200, data: { items: versions, total: 3 } } : { code: 200 }));
});
afterEach(cleanup);
// Role queries here pass `hidden: true`: the accessibility check of every candidate (computed
// styles up the whole tree) made this file take 30 s a test on a busy machine; none of the
// elements looked for has a hidden twin.

const Cell = () => <>{historyCell<{ channel: string }>((r) => r.channel)('gcash', { channel: 'gcash' })}</>;
const open = async () => {
  renderScreen(
    <WithHistory history={history}>
      <Cell />
    </WithHistory>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'History of this item' }));
  return screen.findByRole('dialog', { hidden: false });
};

describe('configuration history', () => {
  it("lists one item's versions newest first, with who, when and what", async () => {
    const drawer = await open();
    await within(drawer).findByText('Demo data');
    expect(mocked).toHaveBeenCalledWith('GET', '/remoteconfig/cashOutEdter/versions', { params: { page: 1, pageSize: 20, key: 'gcash' }, silent: true });
    const rows = within(drawer)
      .getAllByRole('row', { hidden: false })
      .slice(1)
      .map((r) => r.textContent);
    expect(rows[0]).toContain('2026-11-22 18:05:00');
    expect(rows[0]).toContain('Updated');
    expect(rows[2]).toContain('system');
  });

  it("shows a version's changes, and compares two ticked versions", async () => {
    const drawer = await open();
    await within(drawer).findByText('Demo data');
    fireEvent.click(within(drawer).getAllByRole('button', { name: 'Changes', hidden: true })[0]);
    let diff = await screen.findByText('Changes of version #3');
    const table = diff.closest('.ant-modal') as HTMLElement;
    expect(
      within(table)
        .getAllByRole('row', { hidden: true })
        .map((r) => r.textContent),
    ).toEqual(['FieldBeforeAfter', 'feePercent2.53']);
    fireEvent.click(within(table).getByRole('button', { name: 'Close', hidden: true }));

    const compare = within(drawer).getByRole<HTMLButtonElement>('button', { name: 'Compare selected', hidden: true });
    expect(compare.disabled).toBe(true);
    const boxes = within(drawer).getAllByRole('checkbox', { hidden: true });
    fireEvent.click(boxes[boxes.length - 1]);
    fireEvent.click(boxes[boxes.length - 3]);
    await waitFor(() => expect(compare.disabled).toBe(false));
    fireEvent.click(compare);
    diff = await screen.findByText('Version #1 compared with #3');
    const modal = diff.closest('.ant-modal') as HTMLElement;
    expect(
      within(modal)
        .getAllByRole('row', { hidden: true })
        .map((r) => r.textContent),
    ).toEqual(['Field#1#3', 'feePercent23']);
  });

  it('restores only after a confirmation, then reloads', async () => {
    const drawer = await open();
    await within(drawer).findByText('Demo data');
    fireEvent.click(within(drawer).getAllByRole('button', { name: 'Restore', hidden: true })[1]);
    const confirm = await screen.findByText(/Restore version #2 of gcash\?/);
    expect(mocked.mock.calls.filter((c) => c[0] === 'POST')).toHaveLength(0);
    fireEvent.click(within(confirm.closest('.ant-modal') as HTMLElement).getByRole('button', { name: 'OK', hidden: true }));
    await waitFor(() => expect(mocked).toHaveBeenCalledWith('POST', '/remoteconfig/cashOutEdter/versions/restore', { data: { id: 2 }, silent: true }));
    await waitFor(() => expect(mocked.mock.calls.filter((c) => c[0] === 'GET').length).toBeGreaterThan(1));
  });

  it('a read-only history offers no restore', async () => {
    renderScreen(
      <WithHistory history={{ ...history, restorable: false }}>
        <Cell />
      </WithHistory>,
    );
    fireEvent.click(screen.getByText('History').closest('button')!);
    const drawer = await screen.findByRole('dialog');
    await within(drawer).findByText('Demo data');
    expect(within(drawer).queryByRole('button', { name: 'Restore' })).toBeNull();
  });
});
