// @vitest-environment jsdom
/**
 * The shares list: player links are https link text opening a new tab without access to the
 * console (rel noopener noreferrer), anything else plain text; what a player sent is never HTML;
 * the row actions follow the state and the roles (service reviews, business pays).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { renderScreen } from '../../kit/test/setup';
import { clearSession, setUser } from '../../shell/session';
import { FbLogs } from './screens';

vi.mock('../../shell/request', async (orig) => ({ ...(await orig<object>()), request: vi.fn() }));
const { request } = await import('../../shell/request');
const mocked = vi.mocked(request);

const share = (id: number, state: string, postUrl: string, screenshotUrl: string, reason = '') => ({
  id,
  uid: 9000 + id,
  name: `P${id}`,
  partner: 0,
  day: '2026-11-22',
  seq: 1,
  postUrl,
  screenshotUrl,
  state,
  reason,
  currency: 'chip',
  amount: 500,
  configVersion: 3,
  appId: 'demo-app',
  submittedAt: '2026-11-22T18:00:00.000+08:00',
  reviewedBy: null,
  reviewedAt: null,
  paidBy: null,
  paidAt: null,
  entryId: null,
});

const as = (role: string) => setUser({ username: role, name: role, avatar: '', telephone: '', roles: [role], bind2fa: false, partner: 0 });

beforeEach(() => {
  mocked.mockReset();
  mocked.mockImplementation(async () => ({
    code: 200,
    data: {
      items: [
        share(1, 'not_reviewed', 'https://m.facebook.com/p/1', 'javascript:alert(1)', '<img src=x onerror=alert(1)>'),
        share(2, 'approved', 'https://www.facebook.com/p/2', 'https://cdn.example.com/2.png'),
      ],
      nextCursor: null,
    },
  }));
});
afterEach(() => {
  cleanup();
  clearSession();
});

describe('fblogs', () => {
  it('shows https links as text in a new tab (noopener noreferrer), anything else and the reason as plain text', async () => {
    as('service');
    const { container } = renderScreen(<FbLogs />);
    const link = (await screen.findByText('https://m.facebook.com/p/1')).closest('a')!;
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link.getAttribute('href')).toBe('https://m.facebook.com/p/1');
    expect(screen.getByText('javascript:alert(1)').closest('a')).toBeNull();
    expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeTruthy();
    expect(container.querySelector('img[src="x"]')).toBeNull();
  });

  it('row actions by state and role: service approves and rejects, business also pays (the first inline, the others under More)', async () => {
    as('service');
    renderScreen(<FbLogs />);
    // not reviewed: Approve, More (Reject); approved: Reject only (paying is not service's)
    expect(await screen.findAllByText('Approve')).toHaveLength(1);
    expect(screen.getAllByText('Reject')).toHaveLength(1);
    expect(screen.getAllByText('More')).toHaveLength(1);
    expect(screen.queryByText('Pay')).toBeNull();
    cleanup();
    as('business');
    renderScreen(<FbLogs />);
    // approved: Reject, More (Pay)
    expect(await screen.findAllByText('More')).toHaveLength(2);
  });
});
