// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { renderScreen } from '../../../kit/test/setup';
import SearchsalesScreen from './searchsales';

vi.mock('../../../shell/request', async (orig) => ({ ...(await orig<object>()), request: vi.fn() }));
const { request } = await import('../../../shell/request');
const mocked = vi.mocked(request);
const scope = (data: { shareCode: string | null; seesAll: boolean }) =>
  mocked.mockImplementation(async (_m, url) =>
    url === '/usermanager/searchsales/mine' ? { code: 200, data } : { code: 200, data: { items: [], nextCursor: null } },
  );

beforeEach(() => {
  mocked.mockReset();
});
afterEach(cleanup);

describe('/usermanager/searchsales', () => {
  it('an account without a share code is told why its list is empty', async () => {
    scope({ shareCode: null, seesAll: false });
    renderScreen(<SearchsalesScreen />, '/usermanager/searchsales');
    expect(await screen.findByText(/This account has no share code/)).toBeTruthy();
    expect(screen.queryByPlaceholderText('Share code')).toBeNull();
  });

  it('a sales account sees its own code; admin gets the share-code filter', async () => {
    scope({ shareCode: 'SALES1', seesAll: false });
    renderScreen(<SearchsalesScreen />, '/usermanager/searchsales');
    expect(await screen.findByText('Players registered with your share code SALES1.')).toBeTruthy();
    cleanup();
    scope({ shareCode: null, seesAll: true });
    renderScreen(<SearchsalesScreen />, '/usermanager/searchsales?shareCode=GP1');
    await waitFor(() => expect(screen.getByPlaceholderText('Share code')).toBeTruthy());
    await waitFor(() => expect(mocked.mock.calls.some((c) => c[1] === '/usermanager/searchsales' && c[2]?.params?.shareCode === 'GP1')).toBe(true));
    expect(screen.queryByText(/no share code/)).toBeNull();
  });
});
