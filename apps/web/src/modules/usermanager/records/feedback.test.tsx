// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderScreen } from '../../../kit/test/setup';
import { clearSession, setUser } from '../../../shell/session';
import type { FeedbackItem, TipoffItem } from '@console/schemas';
import FeedbackScreen from './feedback';
import TipoffsScreen from './tipoffs';

vi.mock('../../../shell/request', async (orig) => ({ ...(await orig<object>()), request: vi.fn() }));
const { request } = await import('../../../shell/request');
const mocked = vi.mocked(request);

const feedback = (id: number, status: FeedbackItem['status'], extra: Partial<FeedbackItem> = {}): FeedbackItem => ({
  id,
  at: '2026-11-22T18:00:00.000+08:00',
  uid: 100 + id,
  partner: 0,
  category: 'payment',
  text: `text ${id}`,
  status,
  reply: '',
  handledBy: '',
  handledAt: null,
  ...extra,
});
const tipoff = (id: number, status: TipoffItem['status']): TipoffItem => ({
  id,
  at: '2026-11-22T18:00:00.000+08:00',
  uid: 100 + id,
  targetUid: 200 + id,
  partner: 0,
  reason: 'cheating',
  text: `report ${id}`,
  status,
  note: '',
  handledBy: '',
  handledAt: null,
});
const posts = () => mocked.mock.calls.filter((c) => c[0] === 'POST').map((c) => [c[1], (c[2] as { data: unknown }).data]);
const rowOf = (id: number) => document.querySelector(`tr[data-row-key="${id}"]`) as HTMLElement;
const buttonsOf = (id: number) => [...rowOf(id).querySelectorAll('button')].map((b) => b.textContent.trim());

beforeEach(() => {
  mocked.mockReset();
  mocked.mockImplementation(async (method, url) => {
    if (method === 'POST') return { code: 200, data: {} };
    return url === '/usermanager/tipoffs'
      ? { code: 200, data: { items: [tipoff(1, 'pending'), tipoff(2, 'valid')], nextCursor: null } }
      : {
          code: 200,
          data: {
            items: [feedback(1, 'open', { text: '<b onclick="x()">bold</b>' }), feedback(2, 'replied', { reply: 'done' }), feedback(3, 'closed')],
            nextCursor: null,
          },
        };
  });
  setUser({ username: 'service', name: 'Service', avatar: '', telephone: '', roles: ['service'], bind2fa: false, partner: 0 });
});
afterEach(() => {
  cleanup();
  clearSession();
});

describe('/usermanager/feedback', () => {
  it('offers Reply and Close on open and replied feedback only, and shows player text as text', async () => {
    renderScreen(<FeedbackScreen />, '/usermanager/feedback?status=open');
    await screen.findByText('<b onclick="x()">bold</b>');
    expect(document.querySelector('.ant-table-tbody b')).toBeNull();
    expect(mocked.mock.calls[0][2]?.params).toEqual({ status: 'open', pageSize: 50, cursor: '' });
    expect(buttonsOf(1)).toEqual(['Details', 'Reply', 'More']);
    expect(buttonsOf(2)).toEqual(['Details', 'Reply', 'More']);
    expect(buttonsOf(3)).toEqual(['Details']);
    expect(within(rowOf(1)).getByText('Payment')).toBeTruthy(); // a known category reads as its label
    // the uid opens the player detail
    expect(rowOf(1).querySelector('a[data-player-uid="101"]')).toBeTruthy();
    // …and so does the one in the Details drawer
    fireEvent.click(within(rowOf(2)).getByRole('button', { name: 'Details' }));
    const drawer = await waitFor(() => document.querySelector('.ant-drawer-open') as HTMLElement);
    await waitFor(() => expect(drawer.querySelector('a[data-player-uid="102"]')).toBeTruthy());
  });

  it('Reply: the text is required and at most 500 characters, then POSTed with the id', async () => {
    renderScreen(<FeedbackScreen />, '/usermanager/feedback');
    await screen.findByText('text 3');
    fireEvent.click([...rowOf(1).querySelectorAll('button')].find((b) => b.textContent === 'Reply')!);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await within(dialog).findByText('Required')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Reply'), { target: { value: 'x'.repeat(501) } });
    expect(await within(dialog).findByText('Over 500 characters')).toBeTruthy();
    expect(posts()).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('Reply'), { target: { value: 'We refunded you.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(posts()).toEqual([['/usermanager/feedback/reply', { id: 1, reply: 'We refunded you.' }]]));
    expect(await screen.findByText('Operation success')).toBeTruthy();
  });

  it('Close asks first, then POSTs the id', async () => {
    renderScreen(<FeedbackScreen />, '/usermanager/feedback');
    await screen.findByText('text 3');
    fireEvent.click([...rowOf(2).querySelectorAll('button')].find((b) => b.textContent.trim() === 'More')!);
    const item = await waitFor(() => {
      const found = [...document.querySelectorAll('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item')].find((m) => m.textContent === 'Close');
      if (!found) throw new Error('no Close');
      return found;
    });
    fireEvent.click(item);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Close feedback 2 from player 102? It can no longer be replied to.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(posts()).toEqual([['/usermanager/feedback/close', { id: 2 }]]));
  });
});

describe('/usermanager/tipoffs', () => {
  it('Handle on pending reports only: verdict required, note at most 200 characters', async () => {
    renderScreen(<TipoffsScreen />, '/usermanager/tipoffs');
    await screen.findByText('report 2');
    expect(buttonsOf(2)).toEqual([]);
    expect(within(rowOf(1)).getByText('Cheating')).toBeTruthy(); // a known reason reads as its label
    fireEvent.click([...rowOf(1).querySelectorAll('button')].find((b) => b.textContent === 'Handle')!);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Note'), { target: { value: 'n'.repeat(201) } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await within(dialog).findByText('Over 200 characters')).toBeTruthy();
    expect(within(dialog).getByText('Required')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Note'), { target: { value: 'Seen in the logs' } });
    fireEvent.mouseDown(within(dialog).getByLabelText('Verdict'));
    fireEvent.click(await screen.findByTitle('Invalid'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(posts()).toEqual([['/usermanager/tipoffs/handle', { id: 1, verdict: 'invalid', note: 'Seen in the logs' }]]));
  });
});
